// The validators precompiled by the build step (scripts/compile-schemas.mjs) and those ajv compiles in the
// process give the same violations, and a precompiled module is used only when it was made from the schema
// files on disk now.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { kitRoot } from '../kit-root.js';
import { decodeRequestBytes, type EncodedBytes } from '../vectors/vector-format.js';
import { callableRow, partialResult } from '../test-support/sample-records.js';
import { SCHEMA_ID_PREFIX, openSchemaRegistry, type SchemaRegistry } from './schema-registry.js';
import { SchemaClauses, clauseOf } from './schema-clause.js';

const root = kitRoot();
const schemaDir = join(root, 'oracle', 'schemas');
const scratch = join(root, '.tmp', `schema-registry-modes-${process.pid}`);
const SEED = 20261202;

/** Runs the build step into `out` (under the TypeScript loader, so no build of dist/ is needed). */
function compileInto(out: string, schemas = schemaDir): void {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts', 'compile-schemas.mjs'), '--schemas', schemas, '--out', out],
    { cwd: root, encoding: 'utf8' },
  );
  assert.is(r.status, 0, `compile-schemas failed: ${r.stderr}`);
}

const schemaNames = (): string[] =>
  readdirSync(schemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => {
      const id = (JSON.parse(readFileSync(join(schemaDir, f), 'utf8')) as { $id: string }).$id;
      return id.slice(SCHEMA_ID_PREFIX.length);
    });

/** Every JSON value of the shipped vectors: vector files, their requests where they parse, fixtures, manifest. */
let corpusValues: { label: string; value: unknown }[] | undefined;
function corpus(): { label: string; value: unknown }[] {
  if (corpusValues !== undefined) return corpusValues;
  const out: { label: string; value: unknown }[] = [];
  const visit = (dir: string, rel: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      const label = `${rel}${e.name}`;
      if (e.isDirectory()) visit(path, `${label}/`);
      else if (e.name.endsWith('.json')) {
        const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
        out.push({ label, value });
        const request = (value as { request?: EncodedBytes }).request;
        if (request === undefined) continue;
        try {
          const text = new TextDecoder('utf-8', { fatal: true }).decode(decodeRequestBytes(request));
          out.push({ label: `${label} request`, value: JSON.parse(text) });
        } catch {
          // A refused request that is not JSON (or not UTF-8) has nothing a schema could see.
        }
      }
    }
  };
  visit(join(root, 'vectors'), 'vectors/');
  return (corpusValues = out);
}

let precompiled: SchemaRegistry;
let compiledHere: SchemaRegistry;

test.before(() => {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  compileInto(join(scratch, 'a'));
  precompiled = openSchemaRegistry({ schemaDir, compiledDir: join(scratch, 'a') });
  compiledHere = openSchemaRegistry({ schemaDir, compiledDir: join(scratch, 'none') });
});

test.after(() => {
  rmSync(scratch, { recursive: true, force: true });
});

test('the build step writes one module per schema, and the same bytes on a second run', () => {
  compileInto(join(scratch, 'b'));
  const a = readdirSync(join(scratch, 'a')).sort();
  assert.equal(a, readdirSync(join(scratch, 'b')).sort());
  assert.is(a.length, schemaNames().length);
  for (const f of a)
    assert.ok(readFileSync(join(scratch, 'a', f)).equals(readFileSync(join(scratch, 'b', f))), `${f} differs`);
  assert.match(readFileSync(join(scratch, 'a', a[0] as string), 'utf8'), /^\/\/ Generated file; do not edit\./);
});

test('each registry takes its validators from where it is told', () => {
  for (const name of schemaNames()) {
    assert.is(precompiled.sourceOf(name), 'precompiled', name);
    assert.is(compiledHere.sourceOf(name), 'compiled-here', name);
  }
});

test('a precompiled module made from other schema bytes is not used', () => {
  const changed = join(scratch, 'changed-schemas');
  cpSync(schemaDir, changed, { recursive: true });
  // One more line end: the same schema, other bytes, so another digest.
  appendFileSync(join(changed, 'kofun.discovery.request.v1.schema.json'), '\n');
  compileInto(join(scratch, 'stale'), changed);
  const stale = openSchemaRegistry({ schemaDir, compiledDir: join(scratch, 'stale') });
  const current = openSchemaRegistry({ schemaDir: changed, compiledDir: join(scratch, 'stale') });
  for (const name of schemaNames()) {
    assert.is(stale.sourceOf(name), 'compiled-here', `${name}: a stale module was used`);
    assert.is(current.sourceOf(name), 'precompiled', `${name}: the module made from these files was refused`);
  }
});

test('a clause shared by two identical shapes is the one of the definition that applies, in both modes', () => {
  // result schema: $defs/TraitIdentity states KD-ORIGIN-12, $defs/EffectIdentity KD-EFFECT-02; both are
  // {kind: enum [SymbolId, TypeId], value: Id}, so only where they apply tells them apart.
  const r = partialResult();
  const op = callableRow();
  Object.assign(op.origin, {
    kind: 'trait',
    trait: 'Sortable',
    trait_identity: { kind: 'ModuleId', value: 'a'.repeat(64) },
  });
  r.operations = [op];
  for (const reg of [precompiled, compiledHere]) {
    const hit = reg
      .schemaViolations('kofun.discovery.result/v1', r)
      .filter((v) => v.pointer === '/operations/0/origin/trait_identity/kind');
    assert.equal(
      hit.map((v) => v.clause),
      ['KD-ORIGIN-12'],
    );
  }
});

function sameViolations(name: string, value: unknown, label: string): void {
  const a = precompiled.schemaViolations(name, value);
  const b = compiledHere.schemaViolations(name, value);
  assert.equal(a, b, `${name} over ${label}`);
}

test('the two modes give the same violations over every shipped vector, request and fixture', () => {
  const values = corpus();
  assert.ok(values.length > 100, `only ${values.length} corpus values under vectors/`);
  let violations = 0;
  for (const name of schemaNames())
    for (const { label, value } of values) {
      sameViolations(name, value, label);
      violations += compiledHere.schemaViolations(name, value).length;
    }
  assert.ok(violations > 0, 'the corpus raised no violation at all');
});

/** A JSON pointer into `value` (every node, leaves included), as segments. */
function pathsOf(value: unknown, at: string[] = [], out: string[][] = []): string[][] {
  out.push(at);
  if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (out.length < 4000) pathsOf(v, [...at, k], out);
  return out;
}

test('the two modes give the same violations over mutations of the corpus (fast-check, fixed seed)', () => {
  const small = corpus().filter(({ value }) => JSON.stringify(value).length < 60_000);
  const names = schemaNames();
  const mutation = fc.record({
    which: fc.nat({ max: small.length - 1 }),
    pick: fc.nat(),
    edit: fc.oneof(
      fc.record({ op: fc.constant('set' as const), to: fc.jsonValue({ maxDepth: 2 }) }),
      fc.record({ op: fc.constant('delete' as const) }),
      fc.record({
        op: fc.constant('add' as const),
        key: fc.string({ maxLength: 6 }),
        to: fc.jsonValue({ maxDepth: 1 }),
      }),
    ),
    schema: fc.nat({ max: names.length - 1 }),
  });
  fc.assert(
    fc.property(mutation, ({ which, pick, edit, schema }) => {
      const { label, value } = small[which] as { label: string; value: unknown };
      const copy: unknown = structuredClone(value);
      const paths = pathsOf(copy);
      const path = paths[pick % paths.length] as string[];
      let holder: unknown = copy;
      for (const seg of path.slice(0, -1)) holder = (holder as Record<string, unknown>)[seg];
      const last = path.at(-1);
      let mutated: unknown = copy;
      if (last === undefined) mutated = edit.op === 'set' ? edit.to : copy;
      else if (edit.op === 'set') (holder as Record<string, unknown>)[last] = edit.to;
      else if (edit.op === 'delete' && !Array.isArray(holder)) delete (holder as Record<string, unknown>)[last];
      const target = (holder as Record<string, unknown>)[last ?? ''] ?? holder;
      if (edit.op === 'add' && target !== null && typeof target === 'object' && !Array.isArray(target))
        (target as Record<string, unknown>)[edit.key] = edit.to;
      const name = names[schema] as string;
      sameViolations(name, mutated, `${label} at /${path.join('/')} (${edit.op})`);
      sameViolations(names[(schema + 1) % names.length] as string, mutated, `${label} at /${path.join('/')}`);
    }),
    { seed: SEED, numRuns: 400, verbose: 1 },
  );
});

test('in-process, the clause from schemaPath is the clause of the parentSchema object ajv reports', () => {
  // ajv compiling here reports parentSchema as the very objects of the parsed files, so an index of every node by
  // identity (each node: its innermost described ancestor-or-self) is an independent account of the clause.
  const names = schemaNames();
  const roots = new Map(names.map((n) => [n, compiledHere.schemaDocument(n) as { [key: string]: unknown }]));
  const byIdentity = new WeakMap<object, string>();
  const index = (node: unknown, inherited: string): void => {
    if (node === null || typeof node !== 'object') return;
    const own = Array.isArray(node) ? undefined : clauseOf(node as { [key: string]: unknown });
    byIdentity.set(node, own ?? inherited);
    for (const child of Array.isArray(node) ? node : Object.values(node)) index(child, own ?? inherited);
  };
  for (const root of roots.values()) index(root, clauseOf(root) ?? 'KD-CANON-16');
  const clauses = new SchemaClauses(roots, SCHEMA_ID_PREFIX);
  let compared = 0;
  for (const name of names) {
    const validate = compiledHere.validatorFor(name);
    for (const { label, value } of corpus()) {
      if (validate(value)) continue;
      for (const err of validate.errors ?? []) {
        const expected = byIdentity.get(err.parentSchema as object);
        assert.ok(expected !== undefined, `${name} ${label}: parentSchema is not an object of the parsed files`);
        assert.is(
          clauses.clauseFor(name, err),
          expected,
          `${name} over ${label}: ${err.schemaPath} at ${err.instancePath}`,
        );
        compared++;
      }
    }
  }
  assert.ok(compared > 1000, `only ${compared} errors compared`);
});

test.run();
