/**
 * The kit's JSON Schemas (oracle/schemas/*.schema.json, JSON Schema 2020-12), loaded once
 * and compiled by ajv in strict mode, and the mapping of ajv errors to Violations.
 *
 * The schema files are plain JSON so that any language can use them. Each subschema's
 * `description` starts with the KD- clause it states; a violation's clause is the one of
 * the innermost described subschema on the failing keyword's schema path, so the clause
 * table lives in the schemas themselves.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { kitRoot } from '../kit-root.js';
import { childPointer, violation, type Violation } from '../violation.js';

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

interface Registry {
  ajv: InstanceType<typeof Ajv2020Module.default>;
  roots: Map<string, SchemaNode>;
  clauses: WeakMap<object, string>;
  compiled: Map<string, ValidateFunction>;
}

let registry: Registry | undefined;

function load(): Registry {
  if (registry !== undefined) return registry;
  const dir = join(kitRoot(), 'oracle', 'schemas');
  const Ajv2020 = Ajv2020Module.default;
  // verbose: errors then carry parentSchema (by identity) and the failing data.
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true });
  const roots = new Map<string, SchemaNode>();
  const clauses = new WeakMap<object, string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SchemaNode;
    const id = schema['$id'];
    if (typeof id !== 'string' || !id.startsWith(SCHEMA_ID_PREFIX))
      throw new Error(`schema ${file} has no ${SCHEMA_ID_PREFIX} $id`);
    ajv.addSchema(schema);
    roots.set(id.slice(SCHEMA_ID_PREFIX.length), schema);
    indexClauses(schema, clauses);
  }
  return (registry = { ajv, roots, clauses, compiled: new Map() });
}

/**
 * The compiled validator of one schema; compiled on first use and cached. An unknown
 * name or a schema that does not compile is a fault of the kit and throws.
 */
export function validatorFor(name: SchemaName): ValidateFunction {
  const reg = load();
  const cached = reg.compiled.get(name);
  if (cached !== undefined) return cached;
  if (!reg.roots.has(name)) throw new Error(`unknown schema ${name}`);
  const validate = reg.ajv.getSchema(SCHEMA_ID_PREFIX + name);
  if (validate === undefined) throw new Error(`schema ${name} did not compile`);
  reg.compiled.set(name, validate);
  return validate;
}

/** The raw schema object of one schema (for documentation and tests). */
export function schemaDocument(name: SchemaName): Readonly<SchemaNode> {
  const root = load().roots.get(name);
  if (root === undefined) throw new Error(`unknown schema ${name}`);
  return root;
}

/**
 * Validates `value` against the named schema and returns one Violation (code `schema`) per
 * meaningful ajv error: pointer is the instance path (extended by the missing or unknown
 * property for `required` and `additionalProperties`), clause the KD- clause of the failing
 * rule, falling back to the record's own clause. An empty array means the value conforms.
 */
export function schemaViolations(name: SchemaName, value: unknown): Violation[] {
  const validate = validatorFor(name);
  if (validate(value)) return [];
  const reg = load();
  const fallback = clauseOf(reg.roots.get(name) as SchemaNode) ?? 'KD-CANON-16';
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const err of meaningfulErrors(validate.errors ?? [])) {
    const v = toViolation(err, reg.clauses.get(err.parentSchema as object) ?? fallback);
    // One rule reached through two subschemas (a field and its conditional refinement) reports once.
    const key = `${v.clause}\u0000${v.pointer ?? ''}\u0000${v.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}

/**
 * Drops the errors ajv reports beside the real cause: `if` (the cause is the `then`
 * error); for a nullable field (`anyOf` with a `null` branch), the wrapper and the `null`
 * branch, keeping the other branch's errors. Any other `anyOf`/`oneOf` is one rule with
 * alternatives: it is reported once, without the errors of each failed branch.
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
  const kept = candidates.filter((e) => {
    if (rules.includes(e)) return true;
    if (isAlternatives(e) || isNullBranch(e)) {
      return !candidates.some(
        (o) =>
          o !== e &&
          !isAlternatives(o) &&
          !isNullBranch(o) &&
          (o.instancePath === e.instancePath || o.instancePath.startsWith(`${e.instancePath}/`)),
      );
    }
    return true;
  });
  return kept.length > 0 ? kept : errors.slice(0, 1);
}

const CLAUSE = /\bKD-[A-Z]+-\d{2}\b/;

/**
 * Indexes every node of a schema tree with the clause of its innermost described
 * ancestor-or-self. ajv reports `parentSchema` by object identity (with `verbose`), and
 * each node of a parsed schema file is a distinct object, so the lookup is exact even
 * where ajv's schemaPath is relative to a referenced definition.
 */
function indexClauses(root: SchemaNode, index: WeakMap<object, string>): void {
  const walk = (node: unknown, inherited: string): void => {
    if (node === null || typeof node !== 'object') return;
    const own = isSchemaNode(node) ? clauseOf(node) : undefined;
    const clause = own ?? inherited;
    index.set(node, clause);
    for (const child of Array.isArray(node) ? node : Object.values(node)) walk(child, clause);
  };
  walk(root, clauseOf(root) ?? 'KD-CANON-16');
}

function isSchemaNode(node: unknown): node is SchemaNode {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

function clauseOf(node: SchemaNode): string | undefined {
  const d = node['description'];
  if (typeof d !== 'string') return undefined;
  return CLAUSE.exec(d)?.[0];
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
