import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kitRoot } from '../kit-root.js';
import type { DiscoveryRequestV1, DiscoveryResultV1, OperationFact } from './discovery-records.js';
import {
  SCHEMA_ID_PREFIX,
  SCHEMA_NAMES,
  loadEveryValidator,
  openSchemaRegistry,
  schemaDocument,
  schemaViolations,
  validatorFor,
} from './schema-registry.js';
import { readSchemaFiles, schemaFilesDigest } from './schema-files.js';
import type { Violation } from '../violation.js';
import {
  callableRow,
  completeResult,
  exampleRequest,
  invalidResult,
  partialResult,
  staleResult,
  unavailableResult,
  validatedType,
} from '../test-support/sample-records.js';
import { makeFixture } from '../test-support/make-fixture.js';

const hex = (c: string): string => c.repeat(64);
const KIT_SCHEMAS = Object.values(SCHEMA_NAMES);
const requireHere = createRequire(import.meta.url);
const scratch = mkdtempSync(join(tmpdir(), 'kofun-schema-registry-'));
test.after(() => rmSync(scratch, { recursive: true, force: true }));

// Runs first: until then nothing in this process has validated, so ajv's compiler is not loaded yet. From the
// sources ajv compiles the kit's schemas then; from a build with precompiled validators (the tree npm test runs),
// they are loaded instead and ajv's compiler never is.
const precompiled = existsSync(fileURLToPath(new URL('./compiled-schemas/', import.meta.url)));
test('loadEveryValidator loads the validators now: precompiled where built, else ajv compiling the schemas', () => {
  const ajvPath = requireHere.resolve('ajv/dist/2020.js');
  assert.is(requireHere.cache[ajvPath], undefined, 'ajv is not loaded before');
  loadEveryValidator();
  if (precompiled) assert.is(requireHere.cache[ajvPath], undefined, 'precompiled: ajv is never loaded');
  else assert.ok(requireHere.cache[ajvPath] !== undefined, 'ajv is loaded by loadEveryValidator');
});

function expectClause(name: string, value: unknown, clause: string, pointer?: string): void {
  const vs = schemaViolations(name, value);
  assert.ok(vs.length > 0, `expected a violation of ${clause}`);
  assert.ok(
    vs.every((v) => v.code === 'schema'),
    'every schema violation has code schema',
  );
  const hit = vs.some((v) => v.clause === clause && (pointer === undefined || v.pointer === pointer));
  assert.ok(
    hit,
    `expected ${clause} at ${pointer ?? '(any)'}, got ${JSON.stringify(vs.map((v) => [v.clause, v.pointer]))}`,
  );
}

function expectValid(name: string, value: unknown): void {
  const vs = schemaViolations(name, value);
  assert.equal(vs, [], JSON.stringify(vs));
}

const request = (edit: (r: DiscoveryRequestV1) => void): DiscoveryRequestV1 => {
  const r = exampleRequest();
  edit(r);
  return r;
};
const result = (make: () => DiscoveryResultV1, edit: (r: DiscoveryResultV1) => void): DiscoveryResultV1 => {
  const r = make();
  edit(r);
  return r;
};
const withRow = (edit: (op: OperationFact) => void): DiscoveryResultV1 =>
  result(partialResult, (r) => {
    const op = callableRow();
    edit(op);
    r.operations = [op];
  });
const unavailableRow = (op: OperationFact): void => {
  op.availability = 'unavailable';
  op.rejection_reasons = ['incomplete-analysis'];
};

test('every kit schema is JSON Schema 2020-12 with its urn $id, title and compiles in strict mode', () => {
  for (const name of KIT_SCHEMAS) {
    const doc = schemaDocument(name);
    assert.is(doc['$schema'], 'https://json-schema.org/draft/2020-12/schema');
    assert.is(doc['$id'], `${SCHEMA_ID_PREFIX}${name}`);
    assert.is(doc['title'], name);
    assert.match(String(doc['description']), /KD-[A-Z]+-\d\d/);
    assert.type(validatorFor(name), 'function');
  }
});

test('kit schemas: every definition cites a clause; every object definition closes its fields', () => {
  const open: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
    const rec = node as Record<string, unknown>;
    if ('properties' in rec && rec['additionalProperties'] !== false) open.push(path);
    for (const [k, v] of Object.entries(rec)) {
      // allOf holds conditional rules whose `properties` constrain, not define, a record.
      if (k === 'allOf' || k === 'enum' || k === 'const') continue;
      if (k === 'properties' && v !== null && typeof v === 'object') {
        for (const [p, s] of Object.entries(v)) walk(s, `${path}/properties/${p}`);
        continue;
      }
      walk(v, `${path}/${k}`);
    }
  };
  for (const name of KIT_SCHEMAS) {
    const doc = schemaDocument(name);
    walk(doc, name);
    for (const [def, schema] of Object.entries(doc['$defs'] as Record<string, { description?: unknown }>)) {
      assert.match(String(schema.description), /^KD-[A-Z]+-\d\d: /, `${name} $defs/${def}`);
    }
  }
  assert.equal(open, []);
});

test('request: the contract example is valid; boundaries of U32 (KD-SCALAR-02)', () => {
  expectValid(SCHEMA_NAMES.request, exampleRequest());
  expectValid(
    SCHEMA_NAMES.request,
    request((r) => (r.position.byte_offset = 4294967295)),
  );
  expectClause(
    SCHEMA_NAMES.request,
    request((r) => (r.position.byte_offset = 4294967296)),
    'KD-SCALAR-02',
    '/position/byte_offset',
  );
  expectValid(
    SCHEMA_NAMES.request,
    request((r) => (r.analysis.generation = 9007199254740991)),
  );
  expectClause(
    SCHEMA_NAMES.request,
    request((r) => (r.analysis.generation = 1.5)),
    'KD-SCALAR-03',
    '/analysis/generation',
  );
});

test('request: fields, enums, Ids and the spelling rule map to their clauses', () => {
  const R = SCHEMA_NAMES.request;
  expectClause(
    R,
    request((r) => delete (r as Partial<DiscoveryRequestV1>).query),
    'KD-REQ-01',
    '/query',
  );
  expectClause(R, { ...exampleRequest(), extra: 1 }, 'KD-REQ-01', '/extra');
  expectClause(
    R,
    request((r) => ((r as { schema: string }).schema = 'kofun.discovery.request/v2')),
    'KD-REQ-02',
    '/schema',
  );
  expectClause(
    R,
    request((r) => (r.analysis.file_id = hex('A'))),
    'KD-SCALAR-04',
    '/analysis/file_id',
  );
  expectClause(
    R,
    request((r) => (r.analysis.file_id = hex('1').slice(1))),
    'KD-SCALAR-04',
    '/analysis/file_id',
  );
  expectClause(
    R,
    request((r) => delete (r.analysis as Partial<DiscoveryRequestV1['analysis']>).generation),
    'KD-KEY-01',
    '/analysis/generation',
  );
  expectClause(
    R,
    request((r) => (r.query.kind = 'methods' as 'type')),
    'KD-REQ-06',
    '/query/kind',
  );
  expectClause(
    R,
    request((r) => ((r.query as { include_unavailable: unknown }).include_unavailable = 'no')),
    'KD-REQ-07',
    '/query/include_unavailable',
  );
  expectClause(
    R,
    request((r) => (r.query.kind = 'explain-operation')),
    'KD-REQ-08',
    '/query/spelling',
  );
  expectValid(
    R,
    request((r) => Object.assign(r.query, { kind: 'explain-operation', spelling: 'sort_in_place' })),
  );
  expectClause(
    R,
    request((r) => (r.query.spelling = 'length')),
    'KD-REQ-09',
    '/query/spelling',
  );
  expectClause(
    R,
    request((r) => Object.assign(r.query, { kind: 'explain-operation', spelling: '' })),
    'KD-SCALAR-09',
    '/query/spelling',
  );
  expectClause(
    R,
    request((r) => delete (r.position.expression as Partial<{ end: number }>).end),
    'KD-SCALAR-10',
    '/position/expression/end',
  );
  expectClause(
    R,
    request((r) => (r.analysis.semantic_compatibility = 'v1\u0085')),
    'KD-SCALAR-05',
    '/analysis/semantic_compatibility',
  );
  const control = schemaViolations(
    R,
    request((r) => (r.analysis.semantic_compatibility = 'v\n1')),
  );
  assert.is(control[0]?.expected, 'no control character (Unicode Cc)');
});

test('result: one valid result per status', () => {
  for (const make of [completeResult, partialResult, staleResult, unavailableResult, invalidResult])
    expectValid(SCHEMA_NAMES.result, make());
});

test('result: top-level constants and the per-status shape table (KD-RES-06..15)', () => {
  const S = SCHEMA_NAMES.result;
  expectClause(
    S,
    result(completeResult, (r) => ((r as { authoritative: boolean }).authoritative = true)),
    'KD-TRUST-04',
    '/authoritative',
  );
  expectClause(
    S,
    result(completeResult, (r) => ((r as { limit_profile: string }).limit_profile = 'custom')),
    'KD-RES-03',
    '/limit_profile',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.status = 'done' as 'complete')),
    'KD-RES-04',
    '/status',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.reason = 'limit-exhausted')),
    'KD-RES-06',
    '/reason',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.truncated = true)),
    'KD-RES-06',
    '/truncated',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.analysis = null)),
    'KD-RES-06',
    '/analysis',
  );
  expectClause(
    S,
    result(
      completeResult,
      (r) =>
        (r.type = {
          status: 'provisional',
          identity: null,
          display: '_T1',
          dependencies: [],
          diagnostic_ids: [],
          reason: 'incomplete-analysis',
        }),
    ),
    'KD-RES-07',
    '/type/status',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.type = null)),
    'KD-RES-07',
    '/type',
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.status = 'partial')),
    'KD-RES-09',
  );
  expectValid(
    S,
    result(completeResult, (r) => Object.assign(r, { status: 'partial', truncated: true })),
  );
  expectClause(
    S,
    result(staleResult, (r) => (r.type = validatedType())),
    'KD-RES-10',
    '/type',
  );
  expectClause(
    S,
    result(staleResult, (r) => (r.omissions = [{ reason: 'not-imported', requested_spelling: null }])),
    'KD-RES-10',
    '/omissions',
  );
  expectClause(
    S,
    result(staleResult, (r) => (r.reason = 'invalid-request')),
    'KD-RES-11',
    '/reason',
  );
  expectValid(
    S,
    result(staleResult, (r) => (r.reason = 'stale-interface-set')),
  );
  expectClause(
    S,
    result(unavailableResult, (r) => (r.operations = [callableRow()])),
    'KD-RES-12',
    '/operations',
  );
  expectClause(
    S,
    result(unavailableResult, (r) => (r.reason = null)),
    'KD-RES-13',
    '/reason',
  );
  expectClause(
    S,
    result(invalidResult, (r) => (r.analysis = exampleRequest().analysis)),
    'KD-RES-14',
    '/analysis',
  );
  expectClause(
    S,
    result(invalidResult, (r) => (r.omissions = [{ reason: 'limit-exhausted', requested_spelling: null }])),
    'KD-RES-14',
    '/omissions',
  );
  expectClause(
    S,
    result(invalidResult, (r) => (r.reason = null)),
    'KD-RES-15',
    '/reason',
  );
});

test('result: type fact rules (KD-TYPE-02..07, KD-CLOSURE-09)', () => {
  const S = SCHEMA_NAMES.result;
  const typed = (edit: (t: NonNullable<DiscoveryResultV1['type']>) => void): DiscoveryResultV1 =>
    result(partialResult, (r) => {
      const t = validatedType();
      edit(t);
      r.type = t;
    });
  expectClause(
    S,
    typed((t) => (t.identity = { kind: 'SymbolId', value: hex('4') })),
    'KD-TYPE-02',
    '/type/identity/kind',
  );
  expectClause(
    S,
    typed((t) => (t.display = null)),
    'KD-TYPE-02',
    '/type/display',
  );
  expectClause(
    S,
    typed((t) => (t.dependencies[0]!.status = 'provisional')),
    'KD-CLOSURE-09',
    '/type/dependencies/0/status',
  );
  const provisional = (t: NonNullable<DiscoveryResultV1['type']>): void => {
    Object.assign(t, { status: 'provisional', identity: null, display: '_T1', reason: 'incomplete-analysis' });
  };
  expectValid(S, typed(provisional));
  expectClause(
    S,
    typed((t) => (provisional(t), (t.identity = { kind: 'TypeId', value: hex('4') }))),
    'KD-TYPE-04',
    '/type/identity',
  );
  expectClause(
    S,
    typed((t) => (provisional(t), (t.dependencies[0]!.status = 'error'))),
    'KD-CLOSURE-08',
    '/type/dependencies/0/status',
  );
  const error = (t: NonNullable<DiscoveryResultV1['type']>): void => {
    Object.assign(t, { status: 'error', identity: null, reason: 'rejected-by-diagnostic', diagnostic_ids: [hex('d')] });
  };
  expectValid(S, typed(error));
  expectClause(
    S,
    typed((t) => (error(t), (t.diagnostic_ids = []))),
    'KD-TYPE-06',
    '/type/diagnostic_ids',
  );
  expectClause(
    S,
    typed((t) => (error(t), (t.reason = 'incomplete-analysis'))),
    'KD-TYPE-06',
    '/type/reason',
  );
  const unavailable = (t: NonNullable<DiscoveryResultV1['type']>): void => {
    Object.assign(t, { status: 'unavailable', identity: null, display: null, reason: 'limit-exhausted' });
  };
  expectValid(S, typed(unavailable));
  expectClause(
    S,
    typed((t) => (unavailable(t), (t.display = 'List[Text]'))),
    'KD-TYPE-07',
    '/type/display',
  );
  expectClause(
    S,
    typed((t) => (t.diagnostic_ids = [hex('d'), hex('d')])),
    'KD-DIAG-09',
    '/type/diagnostic_ids',
  );
});

test('result: operation row rules (KD-OP-02..13, KD-CLOSURE-10/17, KD-REJECT-01/02)', () => {
  const S = SCHEMA_NAMES.result;
  expectClause(
    S,
    withRow((op) => (op.status = 'provisional')),
    'KD-OP-09',
    '/operations/0/status',
  );
  expectClause(
    S,
    withRow((op) => (op.signature = null)),
    'KD-OP-09',
    '/operations/0/signature',
  );
  expectClause(
    S,
    withRow((op) => (op.receiver_mode = null)),
    'KD-OP-09',
    '/operations/0/receiver_mode',
  );
  expectClause(
    S,
    withRow((op) => (op.rejection_reasons = ['requires-edit'])),
    'KD-OP-09',
    '/operations/0/rejection_reasons',
  );
  expectClause(
    S,
    withRow((op) => (op.origin.status = 'provisional')),
    'KD-OP-09',
    '/operations/0/origin/status',
  );
  expectClause(
    S,
    withRow((op) => (op.availability = 'unavailable')),
    'KD-OP-12',
    '/operations/0/rejection_reasons',
  );
  expectValid(
    S,
    withRow((op) => Object.assign(op, { availability: 'unavailable', rejection_reasons: ['requires-edit'] })),
  );
  expectClause(
    S,
    withRow((op) => (unavailableRow(op), (op.status = 'error'))),
    'KD-CLOSURE-10',
    '/operations/0/diagnostic_ids',
  );
  expectClause(
    S,
    withRow((op) => (op.identity.kind = 'TypeId')),
    'KD-OP-02',
    '/operations/0/identity/kind',
  );
  expectClause(
    S,
    withRow((op) => (op.receiver_mode = 'write' as 'read')),
    'KD-OP-04',
    '/operations/0/receiver_mode',
  );
  expectClause(
    S,
    withRow((op) => (op.visibility = 'public' as 'pub')),
    'KD-OP-05',
    '/operations/0/visibility',
  );
  expectClause(
    S,
    withRow((op) => (op.documentation = `kofun-doc:${hex('A')}`)),
    'KD-OP-07',
    '/operations/0/documentation',
  );
  expectValid(
    S,
    withRow((op) => (op.documentation = `kofun-doc:${hex('a')}`)),
  );
  expectClause(
    S,
    withRow((op) => (unavailableRow(op), (op.rejection_reasons = ['ambiguous', 'ambiguous']))),
    'KD-REJECT-02',
    '/operations/0/rejection_reasons',
  );
  expectClause(
    S,
    withRow((op) => (unavailableRow(op), (op.rejection_reasons = ['too-old' as 'ambiguous']))),
    'KD-REJECT-01',
    '/operations/0/rejection_reasons/0',
  );
  expectClause(
    S,
    withRow((op) => ((op as unknown as Record<string, unknown>)['body'] = 'x')),
    'KD-OP-01',
    '/operations/0/body',
  );
  // A provisional row may keep independently validated nested facts, but never hold an error one.
  const provisional = (op: OperationFact): void => {
    unavailableRow(op);
    op.status = 'provisional';
    op.generic_requirements = [{ kind: 'inference', identity: null, display: 'T = _T1', status: 'validated' }];
  };
  expectValid(S, withRow(provisional));
  expectClause(
    S,
    withRow((op) => (provisional(op), (op.generic_requirements[0]!.status = 'error'))),
    'KD-CLOSURE-17',
    '/operations/0/generic_requirements/0/status',
  );
  expectClause(
    S,
    withRow((op) => (provisional(op), (op.dependencies[0]!.status = 'unavailable'))),
    'KD-CLOSURE-08',
    '/operations/0/dependencies/0/status',
  );
  expectClause(
    S,
    withRow(
      (op) =>
        (op.generic_requirements = [
          { kind: 'subtype' as 'equality', identity: null, display: '', status: 'validated' },
        ]),
    ),
    'KD-OP-15',
  );
  expectClause(
    S,
    withRow((op) => (op.dependencies[0]!.kind = 'NodeId')),
    'KD-CLOSURE-03',
    '/operations/0/dependencies/0/kind',
  );
  expectValid(
    S,
    withRow((op) => Object.assign(op.dependencies[0]!, { source: 'live', kind: 'NodeId' })),
  );
});

test('result: effects and origins (KD-EFFECT-02, OQ-26 A, KD-ORIGIN-05..12)', () => {
  const S = SCHEMA_NAMES.result;
  const effect = {
    identity: { kind: 'SymbolId' as const, value: hex('e') },
    display: 'Net',
    status: 'validated' as const,
  };
  expectValid(
    S,
    withRow((op) => (op.effects = [effect])),
  );
  expectClause(
    S,
    withRow((op) => (op.effects = [{ ...effect, identity: { kind: 'ModuleId', value: hex('e') } }])),
    'KD-EFFECT-02',
    '/operations/0/effects/0/identity/kind',
  );
  expectClause(
    S,
    withRow((op) => (op.effects = [{ ...effect, identity: null as unknown as typeof effect.identity }])),
    'KD-EFFECT-02',
    '/operations/0/effects/0/identity',
  );
  expectClause(
    S,
    withRow((op) => (op.origin.module_identity.kind = 'SymbolId')),
    'KD-ORIGIN-05',
    '/operations/0/origin/module_identity/kind',
  );
  expectClause(
    S,
    withRow((op) => (op.origin.trait = 'Eq')),
    'KD-ORIGIN-08',
    '/operations/0/origin/trait',
  );
  const impl = { kind: 'ImplementationId' as const, value: hex('9') };
  expectClause(
    S,
    withRow((op) => (op.origin.implementation_identity = impl)),
    'KD-ORIGIN-08',
    '/operations/0/origin/implementation_identity',
  );
  expectValid(
    S,
    withRow((op) => Object.assign(op.origin, { kind: 'extension', implementation_identity: impl })),
  );
  expectClause(
    S,
    withRow((op) => (op.origin.kind = 'extension')),
    'KD-ORIGIN-09',
    '/operations/0/origin/implementation_identity',
  );
  expectClause(
    S,
    withRow((op) =>
      Object.assign(op.origin, { kind: 'extension', implementation_identity: { kind: 'TypeId', value: hex('9') } }),
    ),
    'KD-ORIGIN-06',
    '/operations/0/origin/implementation_identity/kind',
  );
  const traitId = { kind: 'TypeId' as const, value: hex('8') };
  expectValid(
    S,
    withRow((op) => Object.assign(op.origin, { kind: 'trait', trait: 'Sortable', trait_identity: traitId })),
  );
  expectValid(
    S,
    withRow((op) =>
      Object.assign(op.origin, {
        kind: 'trait',
        trait: 'Sortable',
        trait_identity: traitId,
        implementation_identity: impl,
      }),
    ),
  );
  expectClause(
    S,
    withRow((op) => Object.assign(op.origin, { kind: 'trait', trait: 'Sortable' })),
    'KD-ORIGIN-10',
    '/operations/0/origin/trait_identity',
  );
  expectClause(
    S,
    withRow((op) =>
      Object.assign(op.origin, {
        kind: 'trait',
        trait: 'Sortable',
        trait_identity: { kind: 'ModuleId', value: hex('8') },
      }),
    ),
    'KD-ORIGIN-12',
    '/operations/0/origin/trait_identity/kind',
  );
});

test('result: count caps and other records (KD-LIMIT-05/06, KD-OMIT-01..03, KD-DIAG-01..05)', () => {
  const S = SCHEMA_NAMES.result;
  const row = callableRow();
  expectValid(
    S,
    result(completeResult, (r) => (r.operations = Array.from({ length: 4096 }, () => row))),
  );
  expectClause(
    S,
    result(completeResult, (r) => (r.operations = Array.from({ length: 4097 }, () => row))),
    'KD-LIMIT-05',
    '/operations',
  );
  const dep = row.dependencies[0]!;
  expectClause(
    S,
    withRow((op) => (op.dependencies = Array.from({ length: 65 }, () => dep))),
    'KD-LIMIT-06',
    '/operations/0/dependencies',
  );
  expectClause(
    S,
    result(
      partialResult,
      (r) =>
        (r.omissions = [
          { reason: 'hidden', requested_spelling: null } as unknown as DiscoveryResultV1['omissions'][number],
        ]),
    ),
    'KD-OMIT-02',
    '/omissions/0/reason',
  );
  expectClause(
    S,
    result(
      partialResult,
      (r) =>
        (r.omissions = [
          {
            reason: 'not-imported',
            requested_spelling: null,
            count: 3,
          } as unknown as DiscoveryResultV1['omissions'][number],
        ]),
    ),
    'KD-OMIT-01',
    '/omissions/0/count',
  );
  const diag: DiscoveryResultV1['diagnostics'][number] = {
    id: hex('d'),
    code: 'E0308',
    severity: 'error',
    category: 'type',
    template_id: 'type.mismatch',
    primary: { file_id: hex('1'), span: { start: 1, end: 2 } },
    fallback_text: '',
  };
  expectValid(
    S,
    result(partialResult, (r) => (r.diagnostics = [diag])),
  );
  expectClause(
    S,
    result(partialResult, (r) => (r.diagnostics = [{ ...diag, severity: 'fatal' as 'error' }])),
    'KD-DIAG-03',
    '/diagnostics/0/severity',
  );
  expectClause(
    S,
    result(partialResult, (r) => (r.diagnostics = [{ ...diag, code: '' }])),
    'KD-SCALAR-05',
    '/diagnostics/0/code',
  );
  expectClause(
    S,
    result(partialResult, (r) => (r.diagnostics = [{ ...diag, primary: { file_id: hex('1') } as DiagnosticPrimary }])),
    'KD-DIAG-05',
    '/diagnostics/0/primary/span',
  );
});

type DiagnosticPrimary = DiscoveryResultV1['diagnostics'][number]['primary'];

test('fixture schema: the minimal fixture is valid; series count is capped at 1,000,000', () => {
  expectValid(SCHEMA_NAMES.fixture, makeFixture());
  const f = makeFixture();
  const { identity: _i, display_name: _d, qualified_name: _q, ...template } = f.candidates[0]!;
  f.candidate_series.push({ seed: 's', count: 1_000_000, name_prefix: 'a', qualified_name_prefix: 'b', template });
  expectValid(SCHEMA_NAMES.fixture, f);
  f.candidate_series[0]!.count = 1_000_001;
  expectClause(SCHEMA_NAMES.fixture, f, 'KD-LIMIT-07', '/candidate_series/0/count');
  const g = makeFixture();
  g.candidates[0]!.origin.kind = 'extension';
  expectClause(SCHEMA_NAMES.fixture, g, 'KD-ORIGIN-09', '/candidates/0/origin/implementation_identity');
});

const register = (): Record<string, unknown> => ({
  format: 'kofun.ctk.interpretations/v1',
  entries: [
    {
      id: 'OQ-01',
      title: 'Stale reason precedence',
      clauses: ['KD-RES-11'],
      question: 'Which stale reason wins?',
      readings: [
        { label: 'A', text: 'listing order', contract_allows: true, lines: ['L425'], fails_closed: true },
        { label: 'B', text: 'ASCII order', contract_allows: true, lines: ['L425'], fails_closed: true },
      ],
      choice: 'A',
      why: 'Two lists agree.',
      law_because: 'B could differ only by the order of checks.',
      fails_closed: true,
      changes_result_bytes: true,
      alternative_outcome: null,
      notes: [],
    },
    {
      id: 'KIT-01',
      title: 'Check order',
      clauses: ['KD-LOOKUP-05'],
      question: 'In which order?',
      readings: [{ label: 'A', text: 'schema first', contract_allows: true, lines: ['L132'], fails_closed: true }],
      choice: 'A',
      why: 'Deterministic.',
      fails_closed: true,
      aliases: ['KIT-02'],
      changes_result_bytes: false,
      unchanged_bytes_reason: 'A rule of the fixture format.',
      alternative_outcome: { name: 'other-order', reading: 'B', text: 'acceptable' },
      notes: ['Sub-question settled by the choice.'],
    },
  ],
});

test('interpretations schema: a small register is valid; ids, labels and fails_closed are checked', () => {
  const I = SCHEMA_NAMES.interpretations;
  expectValid(I, register());
  const edit = (f: (e: Record<string, unknown>) => void): Record<string, unknown> => {
    const r = register();
    f((r['entries'] as Record<string, unknown>[])[0]!);
    return r;
  };
  expectClause(
    I,
    edit((e) => (e['id'] = 'Q-1')),
    'KD-ACCEPT-13',
    '/entries/0/id',
  );
  expectClause(
    I,
    edit((e) => (e['choice'] = 'a')),
    'KD-ACCEPT-13',
    '/entries/0/choice',
  );
  expectClause(
    I,
    edit((e) => (e['fails_closed'] = false)),
    'KD-ACCEPT-13',
    '/entries/0/fails_closed',
  );
  expectClause(
    I,
    edit((e) => (e['clauses'] = ['KD-RES'])),
    'KD-ACCEPT-13',
    '/entries/0/clauses/0',
  );
  expectClause(
    I,
    edit((e) => delete e['why']),
    'KD-ACCEPT-13',
    '/entries/0/why',
  );
  expectClause(
    I,
    edit((e) => delete e['changes_result_bytes']),
    'KD-ACCEPT-13',
    '/entries/0/changes_result_bytes',
  );
  // An entry that changes no result bytes says why; one that changes them gives no such reason.
  expectClause(
    I,
    edit((e) => (e['changes_result_bytes'] = false)),
    'KD-ACCEPT-13',
    '/entries/0/unchanged_bytes_reason',
  );
  expectClause(
    I,
    edit((e) => (e['unchanged_bytes_reason'] = 'No reason needed.')),
    'KD-ACCEPT-13',
    '/entries/0/unchanged_bytes_reason',
  );
  expectClause(
    I,
    edit((e) => (e['aliases'] = ['KIT-1'])),
    'KD-ACCEPT-13',
    '/entries/0/aliases/0',
  );
  // Each reading says whether the contract allows it, on which lines, and whether it fails closed.
  expectClause(
    I,
    edit((e) => delete (e['readings'] as Record<string, unknown>[])[0]!['contract_allows']),
    'KD-ACCEPT-13',
    '/entries/0/readings/0/contract_allows',
  );
  expectClause(
    I,
    edit((e) => ((e['readings'] as Record<string, unknown>[])[0]!['lines'] = ['425'])),
    'KD-ACCEPT-13',
    '/entries/0/readings/0/lines/0',
  );
});

test('the interpretations register, when present, is valid and each choice names a reading', () => {
  const path = join(kitRoot(), 'oracle', 'interpretations.json');
  if (!existsSync(path)) return;
  const value = JSON.parse(readFileSync(path, 'utf8')) as {
    entries: Array<{ id: string; choice: string; readings: Array<{ label: string }> }>;
  };
  expectValid(SCHEMA_NAMES.interpretations, value);
  const ids = value.entries.map((e) => e.id);
  assert.is(new Set(ids).size, ids.length, 'entry ids are unique');
  for (const e of value.entries) {
    const labels = e.readings.map((r) => r.label);
    assert.is(new Set(labels).size, labels.length, `${e.id}: reading labels are unique`);
    assert.ok(
      e.readings.some((r) => r.label === e.choice),
      `${e.id}: choice ${e.choice} names a reading`,
    );
  }
});

test('an unknown schema name is a kit fault', () => {
  assert.throws(() => validatorFor('kofun.nothing/v1'));
});

/** Writes `schemas` (file name -> schema object) into a fresh folder of the scratch folder. */
function schemaFolder(label: string, schemas: Record<string, unknown>): string {
  const dir = join(scratch, label);
  mkdirSync(dir, { recursive: true });
  for (const [file, schema] of Object.entries(schemas)) writeFileSync(join(dir, file), JSON.stringify(schema));
  return dir;
}
const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
const idOf = (name: string): string => `${SCHEMA_ID_PREFIX}${name}`;
const sorted = (vs: Violation[]): string[] => vs.map((v) => JSON.stringify(v, Object.keys(v).sort())).sort();
const STR = { type: 'string' };

// A record using every keyword the violation mapping spells out; its own clause is KD-REQ-01, field a's KD-SCALAR-05.
const testRecord = {
  $schema: DRAFT,
  $id: idOf('t.rec/v1'),
  description: 'KD-REQ-01: a record of the registry tests.',
  type: 'object',
  additionalProperties: false,
  required: ['a'],
  properties: {
    a: {
      description: 'KD-SCALAR-05: a text.',
      type: 'string',
      pattern: '^x',
      maxLength: 3,
      not: { pattern: '[\\u0000-\\u001F]' },
    },
    n: { type: 'integer', minimum: 1, maximum: 5 },
    s: { type: 'string', minLength: 2 },
    c: { const: 'k' },
    e: { enum: ['p', 2] },
    nul: { anyOf: [{ type: 'null' }, { type: 'string', minLength: 2 }] },
    no: { anyOf: [{ type: 'null' }, { type: 'object', properties: { q: STR } }] },
    n11: { anyOf: [...Array.from({ length: 10 }, () => ({ type: 'string', minLength: 5 })), { type: 'null' }] },
    nr: { anyOf: [{ type: 'null' }, { anyOf: [STR, { type: 'integer' }] }] },
    n2: { oneOf: [{ type: 'null' }, { type: ['null', 'string'] }] },
    any: { anyOf: [STR, { type: 'integer' }] },
    one: { oneOf: [STR, { type: 'integer' }] },
    r: { type: 'string', maxLength: 3, anyOf: [{ pattern: '^a' }, { pattern: '^b' }] },
    arr: { type: 'array', uniqueItems: true, minItems: 1, maxItems: 2 },
    nk: { not: { const: 'bad' } },
    gone: { not: {} },
    never: { not: true },
    ns: { not: STR },
    o: { type: 'object', minProperties: 1 },
    z: { type: 'null' },
    t1: { type: 'boolean' },
    t2: { type: 'boolean' },
  },
  if: { properties: { c: { const: 'k' } }, required: ['c'] },
  then: { properties: { e: {} }, required: ['e'] },
};
const bareRecord = { $schema: DRAFT, $id: idOf('t.bare/v1'), type: 'object' };
let mappingDir: string | undefined;
const mapped = (value: unknown, name = 't.rec/v1'): string[] => {
  mappingDir ??= schemaFolder('mapping', { 't.rec.schema.json': testRecord, 't.bare.schema.json': bareRecord });
  const registry = openSchemaRegistry({ schemaDir: mappingDir, compiledDir: join(scratch, 'no-modules') });
  return sorted(registry.schemaViolations(name, value));
};
/** The Violation the mapping documents: code schema, the clause, ajv's message as a sentence, where. */
const v = (clause: string, pointer: string, message: string, expected?: string, actual?: string): Violation => ({
  code: 'schema',
  clause,
  message,
  pointer,
  ...(expected === undefined ? {} : { expected }),
  ...(actual === undefined ? {} : { actual }),
});
const R1 = 'KD-REQ-01';
const S5 = 'KD-SCALAR-05';

test('violations: missing and unknown fields, const, enum and type, each with expected and actual', () => {
  assert.equal(
    mapped({ x: 1, c: 'j', e: 'q', n: 'five' }),
    sorted([
      v(R1, '/a', "Value must have required property 'a'.", 'field a', 'missing'),
      v(R1, '/x', 'Value must NOT have additional properties.', 'no field the record does not define', 'field x'),
      v(R1, '/c', 'Value must be equal to constant.', '"k"', '"j"'),
      v(R1, '/e', 'Value must be equal to one of the allowed values.', '"p" | 2', '"q"'),
      v(R1, '/n', 'Value must be integer.', 'integer', '"five"'),
    ]),
  );
  // A record without any clause of its own falls back to KD-CANON-16 (an unknown field or shape rejects).
  assert.equal(mapped(1, 't.bare/v1'), sorted([v('KD-CANON-16', '', 'Value must be object.', 'object', '1')]));
});

test('violations: every failing keyword of one field is reported (allErrors), with its limit', () => {
  assert.equal(
    mapped({ a: 'yyyy', n: 0, s: 'q', arr: [1, 1], o: {} }),
    sorted([
      v(S5, '/a', 'Value must match pattern "^x".', 'matches ^x', '"yyyy"'),
      v(S5, '/a', 'Value must NOT have more than 3 characters.', 'maxLength 3', '"yyyy"'),
      v(R1, '/n', 'Value must be >= 1.', 'minimum 1', '0'),
      v(R1, '/s', 'Value must NOT have fewer than 2 characters.', 'minLength 2', '"q"'),
      v(
        R1,
        '/arr',
        'Value must NOT have duplicate items (items ## 0 and 1 are identical).',
        'no duplicate items',
        'items 0 and 1 are equal',
      ),
      // A keyword the mapping does not spell out keeps ajv's message and the value, without an expected.
      v(R1, '/o', 'Value must NOT have fewer than 1 properties.', undefined, 'object'),
    ]),
  );
  assert.equal(
    mapped({ a: 'x', arr: [1, 2, 3] }),
    sorted([v(R1, '/arr', 'Value must NOT have more than 2 items.', 'maxItems 2', 'array of 3')]),
  );
});

test('violations: not (control character, a const, a field that must be absent), maximum, minItems, null', () => {
  assert.equal(
    mapped({ a: 'x\n', n: 6, arr: [], nk: 'bad', gone: 1, never: 'w', ns: 's', z: [1, 2] }),
    sorted([
      v(S5, '/a', 'Value contains a control character.', 'no control character (Unicode Cc)', '"x\\n"'),
      v(R1, '/n', 'Value must be <= 5.', 'maximum 5', '6'),
      v(R1, '/arr', 'Value must NOT have fewer than 1 items.', 'minItems 1', 'array of 0'),
      v(R1, '/nk', 'Value must NOT be valid.', 'not "bad"', '"bad"'),
      v(R1, '/gone', 'Field must be absent here.', 'field absent', '1'),
      v(R1, '/never', 'Value must NOT be valid.', undefined, '"w"'),
      v(R1, '/ns', 'Value must NOT be valid.', undefined, '"s"'),
      v(R1, '/z', 'Value must be null.', 'null', 'array of 2'),
    ]),
  );
});

test('violations: a rule with alternatives is reported once; a nullable field reports its other branch', () => {
  const rule = 'one of the alternatives of the rule';
  assert.equal(
    mapped({ a: 'x', nul: 'b', any: 1.5, one: true, r: 'zzzz' }),
    sorted([
      v(R1, '/nul', 'Value must NOT have fewer than 2 characters.', 'minLength 2', '"b"'),
      v(R1, '/any', 'Value must match a schema in anyOf.', rule, '1.5'),
      v(R1, '/one', 'Value must match exactly one schema in oneOf.', rule, 'true'),
      v(R1, '/r', 'Value must NOT have more than 3 characters.', 'maxLength 3', '"zzzz"'),
      v(R1, '/r', 'Value must match a schema in anyOf.', rule, '"zzzz"'),
    ]),
  );
  assert.equal(mapped({ a: 'x', nul: 7 }), sorted([v(R1, '/nul', 'Value must be string.', 'string', '7')]));
  // An error inside the other branch's value (a field of a nullable object) also drops the null branch.
  assert.equal(mapped({ a: 'x', no: { q: 1 } }), sorted([v(R1, '/no/q', 'Value must be string.', 'string', '1')]));
  // The null branch of a nullable field is dropped at any index; ten equal branch errors report once.
  assert.equal(
    mapped({ a: 'x', n11: 'ab' }),
    sorted([v(R1, '/n11', 'Value must NOT have fewer than 5 characters.', 'minLength 5', '"ab"')]),
  );
  // A nullable field whose other branch is itself a rule with alternatives: that rule once, and no "must be null".
  assert.equal(
    mapped({ a: 'x', nr: true }),
    sorted([v(R1, '/nr', 'Value must match a schema in anyOf.', rule, 'true')]),
  );
  // A nullable oneOf that null matches twice fails with no cause below it: it is the cause, beside another field's.
  assert.equal(
    mapped({ a: 'x', n2: null, s: 'q' }),
    sorted([
      v(R1, '/n2', 'Value must match exactly one schema in oneOf.', rule, 'null'),
      v(R1, '/s', 'Value must NOT have fewer than 2 characters.', 'minLength 2', '"q"'),
    ]),
  );
});

test('violations: a conditional reports its then-rule, not the if; equal rules at two pointers both report', () => {
  assert.equal(
    mapped({ a: 'x', c: 'k' }),
    sorted([v(R1, '/e', "Value must have required property 'e'.", 'field e', 'missing')]),
  );
  assert.equal(
    mapped({ a: 'x', t1: 1, t2: 1, c: null, n: {} }),
    sorted([
      v(R1, '/t1', 'Value must be boolean.', 'boolean', '1'),
      v(R1, '/t2', 'Value must be boolean.', 'boolean', '1'),
      v(R1, '/c', 'Value must be equal to constant.', '"k"', 'null'),
      v(R1, '/n', 'Value must be integer.', 'integer', 'object'),
    ]),
  );
});

test('violations: a string value is shown whole up to 80 UTF-16 units, then cut', () => {
  const c80 = 'c'.repeat(80);
  assert.equal(
    mapped({ a: 'x', c: c80 }),
    sorted([v(R1, '/c', 'Value must be equal to constant.', '"k"', `"${c80}"`)]),
  );
  assert.equal(
    mapped({ a: 'x', c: `${c80}c` }),
    sorted([v(R1, '/c', 'Value must be equal to constant.', '"k"', `"${c80}"… (81 UTF-16 units)`)]),
  );
});

const plain = (name: string): Record<string, unknown> => ({ $schema: DRAFT, $id: idOf(name), type: 'object' });
/** A module in the shape the build step writes: the schema files' digest and `validate` (here: accepts all). */
const compiledModule = (digest: string, validate: string): string =>
  'function validate(v) { validate.errors = null; return true; }\n' +
  `module.exports = { schemaFilesSha256: ${JSON.stringify(digest)}, validate: ${validate} };\n`;

test('a registry uses a precompiled module only when it exists, records the digest of the files and validates', () => {
  const schemas = {
    't.pre.schema.json': plain('t.pre/v1'),
    't.odd.schema.json.schema.json': plain('t.odd/v1'),
    't.stale.schema.json': plain('t.stale/v1'),
    't.novalidate.schema.json': plain('t.novalidate/v1'),
    't.none.schema.json': plain('t.none/v1'),
  };
  const dir = schemaFolder('modes', schemas);
  const modules = join(scratch, 'modes-modules');
  mkdirSync(modules);
  const digest = schemaFilesDigest(readSchemaFiles(dir));
  writeFileSync(join(modules, 't.pre.cjs'), compiledModule(digest, 'validate'));
  writeFileSync(join(modules, 't.odd.schema.json.cjs'), compiledModule(digest, 'validate'));
  writeFileSync(join(modules, 't.stale.cjs'), compiledModule('0'.repeat(64), 'validate'));
  writeFileSync(join(modules, 't.novalidate.cjs'), compiledModule(digest, '"validate"'));
  const registry = openSchemaRegistry({ schemaDir: dir, compiledDir: modules });
  assert.is(registry.sourceOf('t.pre/v1'), 'precompiled');
  assert.is(
    registry.validatorFor('t.pre/v1'),
    (requireHere(join(modules, 't.pre.cjs')) as { validate: unknown }).validate,
  );
  assert.is(registry.sourceOf('t.odd/v1'), 'precompiled', 'only the final .schema.json is replaced by .cjs');
  assert.is(registry.sourceOf('t.stale/v1'), 'compiled-here', 'a module of other schema bytes is not used');
  assert.is(registry.sourceOf('t.novalidate/v1'), 'compiled-here', 'a module without a validate function is not used');
  assert.is(registry.sourceOf('t.none/v1'), 'compiled-here');
  assert.equal(registry.schemaViolations('t.none/v1', []), [
    v('KD-CANON-16', '', 'Value must be object.', 'object', 'array of 0'),
  ]);
  assert.equal(registry.schemaViolations('t.stale/v1', {}), []);
  assert.is(registry.schemaDocument('t.odd/v1')['$id'], idOf('t.odd/v1'));
  assert.throws(() => registry.validatorFor('t.nothing/v1'), /^unknown schema t\.nothing\/v1$/);
  assert.throws(() => registry.schemaDocument('t.nothing/v1'), /^unknown schema t\.nothing\/v1$/);
});

test('after loadAll, no schema file or validator module is read again', () => {
  const dir = schemaFolder('eager', {
    't.pre.schema.json': plain('t.pre/v1'),
    't.here.schema.json': plain('t.here/v1'),
  });
  const modules = join(scratch, 'eager-modules');
  mkdirSync(modules);
  writeFileSync(join(modules, 't.pre.cjs'), compiledModule(schemaFilesDigest(readSchemaFiles(dir)), 'validate'));
  const registry = openSchemaRegistry({ schemaDir: dir, compiledDir: modules });
  registry.loadAll();
  rmSync(dir, { recursive: true });
  rmSync(modules, { recursive: true });
  assert.is(registry.sourceOf('t.pre/v1'), 'precompiled');
  assert.is(registry.sourceOf('t.here/v1'), 'compiled-here');
  assert.is(registry.schemaDocument('t.here/v1')['$id'], idOf('t.here/v1'));
  assert.equal(registry.schemaViolations('t.here/v1', 1).length, 1);
});

test('a schema without its urn $id, or one ajv refuses in strict mode, is a kit fault', () => {
  const missing = schemaFolder('no-id', { 'b.schema.json': { $schema: DRAFT, type: 'object' } });
  const other = schemaFolder('other-id', { 'b.schema.json': { $schema: DRAFT, $id: 'urn:other:b/v1' } });
  for (const schemaDir of [missing, other])
    assert.throws(
      () => openSchemaRegistry({ schemaDir, compiledDir: scratch }).schemaDocument('b/v1'),
      /^schema b\.schema\.json has no urn:kofun-ctk:schema: \$id$/,
    );
  const unknownKeyword = schemaFolder('strict', { 's.schema.json': { ...plain('t.s/v1'), frobnicate: 1 } });
  assert.throws(() => openSchemaRegistry({ schemaDir: unknownKeyword, compiledDir: scratch }).validatorFor('t.s/v1'));
});

test('a violation whose rule no schema path locates takes the record clause, else KD-CANON-16', () => {
  const described = { ...plain('t.described/v1'), description: 'KD-REQ-01: a record.' };
  const dir = schemaFolder('fallback', {
    't.described.schema.json': described,
    't.bare.schema.json': plain('t.bare/v1'),
  });
  const modules = join(scratch, 'fallback-modules');
  mkdirSync(modules);
  // A module's validator reporting a keyword at a location outside the kit's schemas.
  const foreign =
    "function validate(v) { validate.errors = [{ instancePath: '', schemaPath: 'urn:elsewhere#/type', " +
    "keyword: 'type', params: { type: 'object' }, message: 'must be object', data: v }]; return false; }";
  const digest = schemaFilesDigest(readSchemaFiles(dir));
  for (const name of ['t.described', 't.bare'])
    writeFileSync(join(modules, `${name}.cjs`), compiledModule(digest, `(${foreign})`));
  const registry = openSchemaRegistry({ schemaDir: dir, compiledDir: modules });
  assert.equal(registry.schemaViolations('t.described/v1', 1), [v(R1, '', 'Value must be object.', 'object', '1')]);
  assert.equal(registry.schemaViolations('t.bare/v1', 1), [
    v('KD-CANON-16', '', 'Value must be object.', 'object', '1'),
  ]);
});

test.run();
