/**
 * The kit's JSON Schemas (oracle/schemas/*.schema.json, JSON Schema 2020-12), their validators, and the mapping
 * of ajv errors to Violations.
 *
 * The schema files are plain JSON so that any language can use them. Each subschema's `description` starts with
 * the KD- clause it states; a violation's clause is the one of the innermost described subschema on the failing
 * keyword's schema path (schema-clause.ts), so the clause table lives in the schemas themselves.
 *
 * A validator comes from the module `npm run build` precompiled for its schema with ajv's standalone code
 * (scripts/compile-schemas.mjs, dist/oracle/records/compiled-schemas/NAME.cjs) when that module is there and the
 * digest it records equals the digest of the schema files on disk now; otherwise (running from the TypeScript
 * sources, or a build older than the schemas) ajv compiles the schema here, with the same options. ajv's compiler
 * is loaded only then, so a process that only validates never loads it.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type Ajv2020Module from 'ajv/dist/2020.js';
import { kitRoot } from '../kit-root.js';
import { childPointer, violation, type Violation } from '../violation.js';
import { SchemaClauses, clauseOf } from './schema-clause.js';
import { readSchemaFiles, schemaFilesDigest } from './schema-files.js';

/** The names of the kit's schemas: each is its record's `schema`/`format` string. */
export const SCHEMA_NAMES = {
  request: 'kofun.discovery.request/v1',
  result: 'kofun.discovery.result/v1',
  fixture: 'kofun.ctk.fixture/v1',
  interpretations: 'kofun.ctk.interpretations/v1',
  releaseManifest: 'kofun.ctk.release-manifest/v1',
} as const;

/** A schema name: a value of SCHEMA_NAMES, or the name of another schema file in the folder. */
export type SchemaName = (typeof SCHEMA_NAMES)[keyof typeof SCHEMA_NAMES] | (string & {});

/** Every schema `$id` is this prefix followed by the schema name. */
export const SCHEMA_ID_PREFIX = 'urn:kofun-ctk:schema:';

type SchemaNode = { [key: string]: unknown };
type Ajv2020 = typeof Ajv2020Module.default;

/** Where a validator came from: a precompiled module, or ajv compiling in this process. */
export type ValidatorSource = 'precompiled' | 'compiled-here';

/** Where a registry reads its schemas and looks for precompiled validators. */
export interface SchemaRegistryOptions {
  /** The folder of the `*.schema.json` files. */
  schemaDir: string;
  /** The folder of the precompiled modules (`NAME.cjs` for `NAME.schema.json`); absent or stale ones are skipped. */
  compiledDir: string;
}

/** One set of schemas and their validators. */
export interface SchemaRegistry {
  validatorFor(name: SchemaName): ValidateFunction;
  schemaDocument(name: SchemaName): Readonly<SchemaNode>;
  schemaViolations(name: SchemaName, value: unknown): Violation[];
  /** Where the validator of `name` came from (loading it if it is not yet). */
  sourceOf(name: SchemaName): ValidatorSource;
  /** Loads every schema file and every validator now (see loadEveryValidator). */
  loadAll(): void;
}

interface CompiledModule {
  validate?: unknown;
  schemaFilesSha256?: unknown;
}

const require = createRequire(import.meta.url);

/**
 * A registry over the schema files of `options.schemaDir`. The files are read, parsed and digested on first use;
 * an unknown name, a schema without its urn `$id` or one that does not compile is a fault of the kit and throws.
 */
export function openSchemaRegistry(options: SchemaRegistryOptions): SchemaRegistry {
  let loaded: { roots: Map<string, SchemaNode>; files: Map<string, string>; digest: string } | undefined;
  let clauses: SchemaClauses | undefined;
  let ajv: InstanceType<Ajv2020> | undefined;
  const validators = new Map<string, { validate: ValidateFunction; source: ValidatorSource }>();

  const load = (): NonNullable<typeof loaded> => {
    if (loaded !== undefined) return loaded;
    const schemaFiles = readSchemaFiles(options.schemaDir);
    const roots = new Map<string, SchemaNode>();
    const files = new Map<string, string>();
    for (const file of schemaFiles) {
      const schema = JSON.parse(new TextDecoder().decode(file.bytes)) as SchemaNode;
      const id = schema['$id'];
      if (typeof id !== 'string' || !id.startsWith(SCHEMA_ID_PREFIX))
        throw new Error(`schema ${file.name} has no ${SCHEMA_ID_PREFIX} $id`);
      roots.set(id.slice(SCHEMA_ID_PREFIX.length), schema);
      files.set(id.slice(SCHEMA_ID_PREFIX.length), file.name);
    }
    return (loaded = { roots, files, digest: schemaFilesDigest(schemaFiles) });
  };

  const precompiled = (name: string): ValidateFunction | undefined => {
    const { files, digest } = load();
    const file = join(options.compiledDir, (files.get(name) as string).replace(/\.schema\.json$/, '.cjs'));
    if (!existsSync(file)) return undefined;
    const mod = require(file) as CompiledModule;
    if (mod.schemaFilesSha256 !== digest || typeof mod.validate !== 'function') return undefined;
    return mod.validate as ValidateFunction;
  };

  const compileHere = (name: string): ValidateFunction => {
    if (ajv === undefined) {
      const Ajv = (require('ajv/dist/2020.js') as { default: Ajv2020 }).default;
      // verbose: errors then carry parentSchema and the failing data; the build step uses the same options.
      ajv = new Ajv({ strict: true, allErrors: true, verbose: true });
      for (const root of load().roots.values()) ajv.addSchema(root);
    }
    const validate = ajv.getSchema(SCHEMA_ID_PREFIX + name);
    if (validate === undefined) throw new Error(`schema ${name} did not compile`);
    return validate;
  };

  const entry = (name: SchemaName): { validate: ValidateFunction; source: ValidatorSource } => {
    const cached = validators.get(name);
    if (cached !== undefined) return cached;
    if (!load().roots.has(name)) throw new Error(`unknown schema ${name}`);
    const pre = precompiled(name);
    const made =
      pre === undefined
        ? { validate: compileHere(name), source: 'compiled-here' as const }
        : { validate: pre, source: 'precompiled' as const };
    validators.set(name, made);
    return made;
  };

  const schemaDocument = (name: SchemaName): Readonly<SchemaNode> => {
    const root = load().roots.get(name);
    if (root === undefined) throw new Error(`unknown schema ${name}`);
    return root;
  };

  const schemaViolations = (name: SchemaName, value: unknown): Violation[] => {
    const { validate } = entry(name);
    if (validate(value)) return [];
    const { roots } = load();
    clauses ??= new SchemaClauses(roots, SCHEMA_ID_PREFIX);
    const fallback = clauseOf(roots.get(name) as SchemaNode) ?? 'KD-CANON-16';
    const seen = new Set<string>();
    const out: Violation[] = [];
    for (const err of meaningfulErrors(validate.errors ?? [])) {
      const v = toViolation(err, clauses.clauseFor(name, err) ?? fallback);
      // One rule reached through two subschemas (a field and its conditional refinement) reports once.
      const key = `${v.clause}\u0000${v.pointer ?? ''}\u0000${v.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(v);
    }
    return out;
  };

  return {
    validatorFor: (name) => entry(name).validate,
    schemaDocument,
    schemaViolations,
    sourceOf: (name) => entry(name).source,
    loadAll: () => {
      for (const name of load().roots.keys()) entry(name);
      clauses ??= new SchemaClauses(load().roots, SCHEMA_ID_PREFIX);
    },
  };
}

let defaultRegistry: SchemaRegistry | undefined;

/** The kit's own schemas, and the validators precompiled beside this module (in dist/) when current. */
function registry(): SchemaRegistry {
  return (defaultRegistry ??= openSchemaRegistry({
    schemaDir: join(kitRoot(), 'oracle', 'schemas'),
    compiledDir: fileURLToPath(new URL('./compiled-schemas/', import.meta.url)),
  }));
}

/**
 * The validator of one schema; loaded or compiled on first use and cached. An unknown name or a schema that does
 * not compile is a fault of the kit and throws.
 */
export function validatorFor(name: SchemaName): ValidateFunction {
  return registry().validatorFor(name);
}

/**
 * Reads every schema file and loads every validator (a precompiled module, or ajv compiling) now rather than on
 * first use: a gate run calls it before its first provider starts, so no schema or validator module a provider
 * could have rewritten is read later.
 */
export function loadEveryValidator(): void {
  registry().loadAll();
}

/** The raw schema object of one schema (for documentation and tests). */
export function schemaDocument(name: SchemaName): Readonly<SchemaNode> {
  return registry().schemaDocument(name);
}

/**
 * Validates `value` against the named schema and returns one Violation (code `schema`) per
 * meaningful ajv error: pointer is the instance path (extended by the missing or unknown
 * property for `required` and `additionalProperties`), clause the KD- clause of the failing
 * rule, falling back to the record's own clause. An empty array means the value conforms.
 */
export function schemaViolations(name: SchemaName, value: unknown): Violation[] {
  return registry().schemaViolations(name, value);
}

/**
 * Drops the errors ajv reports beside the real cause: `if` (the cause is the `then`
 * error); for a nullable field (`anyOf` with a `null` branch), the wrapper and the `null`
 * branch, keeping the other branch's errors, even when that branch is itself a rule with
 * alternatives. Any other `anyOf`/`oneOf` is one rule with alternatives: it is reported
 * once, without the errors of each failed branch.
 */
function meaningfulErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const isAlternatives = (e: ErrorObject): boolean => e.keyword === 'anyOf' || e.keyword === 'oneOf';
  const hasNullBranch = (e: ErrorObject): boolean =>
    Array.isArray(e.schema) && e.schema.some((b) => isSchemaNode(b) && b['type'] === 'null');
  const rules = errors.filter((e) => isAlternatives(e) && !hasNullBranch(e));
  const inRule = (e: ErrorObject): boolean => rules.some((r) => r !== e && e.schemaPath.startsWith(`${r.schemaPath}/`));
  const isNullBranch = (e: ErrorObject): boolean =>
    e.keyword === 'type' &&
    (e.params as { type?: unknown }).type === 'null' &&
    /\/(anyOf|oneOf)\/\d+\/type$/.test(e.schemaPath);
  const candidates = errors.filter((e) => e.keyword !== 'if' && !inRule(e));
  // A cause is a rule or an error of one keyword; a nullable wrapper or its null branch is kept only where no cause
  // stands at its pointer or below it (a `oneOf` with a null branch that two branches matched, say).
  const isCause = (e: ErrorObject): boolean => rules.includes(e) || (!isAlternatives(e) && !isNullBranch(e));
  const within = (o: ErrorObject, e: ErrorObject): boolean =>
    o.instancePath === e.instancePath || o.instancePath.startsWith(`${e.instancePath}/`);
  const kept = candidates.filter((e) => isCause(e) || !candidates.some((o) => isCause(o) && within(o, e)));
  return kept.length > 0 ? kept : errors.slice(0, 1);
}

function isSchemaNode(node: unknown): node is SchemaNode {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

function toViolation(err: ErrorObject, clause: string): Violation {
  const params = err.params as Record<string, unknown>;
  let pointer = err.instancePath;
  let expected: string | undefined;
  let actual: string | undefined;
  switch (err.keyword) {
    case 'required':
      pointer = childPointer(pointer, String(params['missingProperty']));
      expected = `field ${String(params['missingProperty'])}`;
      actual = 'missing';
      break;
    case 'additionalProperties':
      pointer = childPointer(pointer, String(params['additionalProperty']));
      expected = 'no field the record does not define';
      actual = `field ${String(params['additionalProperty'])}`;
      break;
    case 'const':
      expected = JSON.stringify(params['allowedValue']);
      break;
    case 'enum':
      expected = (params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
      break;
    case 'type':
      expected = String(params['type']);
      break;
    case 'pattern':
      expected = `matches ${String(params['pattern'])}`;
      break;
    case 'not': {
      const negated: unknown = err.schema;
      if (isSchemaNode(negated) && 'pattern' in negated) expected = 'no control character (Unicode Cc)';
      else if (isSchemaNode(negated) && 'const' in negated) expected = `not ${JSON.stringify(negated['const'])}`;
      else if (isSchemaNode(negated) && Object.keys(negated).length === 0) expected = 'field absent';
      break;
    }
    case 'minimum':
    case 'maximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      expected = `${err.keyword} ${String(params['limit'])}`;
      break;
    case 'anyOf':
    case 'oneOf':
      expected = 'one of the alternatives of the rule';
      break;
    case 'uniqueItems':
      expected = 'no duplicate items';
      actual = `items ${String(params['j'])} and ${String(params['i'])} are equal`;
      break;
    default:
      break;
  }
  if (actual === undefined) actual = describe(err.data);
  const where: { pointer: string; expected?: string; actual?: string } = { pointer };
  if (expected !== undefined) where.expected = expected;
  if (actual !== undefined) where.actual = actual;
  const message =
    expected === 'no control character (Unicode Cc)'
      ? 'Value contains a control character.'
      : expected === 'field absent'
        ? 'Field must be absent here.'
        : `Value ${err.message ?? 'does not match the schema'}.`;
  return violation('schema', clause, message, where);
}

/** A short, JSON-spelled summary of a value; strings are cut so a hostile value stays small. */
function describe(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return JSON.stringify(v);
  if (typeof v === 'string')
    return v.length <= 80 ? JSON.stringify(v) : `${JSON.stringify(v.slice(0, 80))}… (${v.length} UTF-16 units)`;
  if (Array.isArray(v)) return `array of ${v.length}`;
  if (typeof v === 'object') return 'object';
  return typeof v;
}
