/**
 * The result record's shape: the result JSON Schema (KD-RES-01..05, enums, identity
 * kinds, origin rules, count caps; oracle/schemas) and the scalar rules a schema cannot
 * state (UTF-8 byte lengths, NFC, control characters, span start <= end; KD-SCALAR-05..11).
 *
 * The shared walker (record-checks) needs a schema-valid record. When the schema already
 * failed, the same scalar checks run through a guarded walk over the same positions, so
 * a provider still learns about every text fault at once.
 */
import type { DiscoveryResultV1 } from '../records/discovery-records.js';
import { resultScalarViolations } from '../records/record-checks.js';
import { checkSpan, checkText, type TextScalar } from '../records/scalar-checks.js';
import { SCHEMA_NAMES, schemaViolations } from '../records/schema-registry.js';
import type { Violation } from '../violation.js';
import { arrayMember, integerMember, isRecord, member } from './json-access.js';

/** Schema and scalar violations of a decoded result. */
export function checkSchema(result: unknown): Violation[] {
  const schema = schemaViolations(SCHEMA_NAMES.result, result);
  if (schema.length === 0) return resultScalarViolations(result as DiscoveryResultV1);
  return [...schema, ...guardedScalarViolations(result)];
}

function guardedScalarViolations(result: unknown): Violation[] {
  const out: Violation[] = [];
  const text = (kind: TextScalar, value: unknown, pointer: string): void => {
    if (typeof value === 'string') out.push(...checkText(kind, value, pointer));
  };
  const location = (loc: unknown, pointer: string): void => {
    const span = member(loc, 'span');
    const start = integerMember(span, 'start');
    const end = integerMember(span, 'end');
    if (start !== undefined && end !== undefined) out.push(...checkSpan({ start, end }, `${pointer}/span`));
  };
  text('Name', member(member(result, 'analysis'), 'semantic_compatibility'), '/analysis/semantic_compatibility');
  text('Display', member(member(result, 'type'), 'display'), '/type/display');
  arrayMember(result, 'operations').forEach((op, i) => {
    if (!isRecord(op)) return;
    const at = `/operations/${i}`;
    text('Name', member(op, 'display_name'), `${at}/display_name`);
    text('QualifiedName', member(op, 'qualified_name'), `${at}/qualified_name`);
    text('Signature', member(op, 'signature'), `${at}/signature`);
    arrayMember(op, 'generic_requirements').forEach((g, j) =>
      text('Display', member(g, 'display'), `${at}/generic_requirements/${j}/display`),
    );
    arrayMember(op, 'effects').forEach((e, j) => text('Display', member(e, 'display'), `${at}/effects/${j}/display`));
    const origin = member(op, 'origin');
    text('QualifiedName', member(origin, 'module'), `${at}/origin/module`);
    text('Name', member(origin, 'trait'), `${at}/origin/trait`);
    location(member(op, 'source'), `${at}/source`);
  });
  arrayMember(result, 'omissions').forEach((o, i) =>
    text('Spelling', member(o, 'requested_spelling'), `/omissions/${i}/requested_spelling`),
  );
  arrayMember(result, 'diagnostics').forEach((d, i) => {
    const at = `/diagnostics/${i}`;
    text('Name', member(d, 'code'), `${at}/code`);
    text('Name', member(d, 'category'), `${at}/category`);
    text('Name', member(d, 'template_id'), `${at}/template_id`);
    text('Display', member(d, 'fallback_text'), `${at}/fallback_text`);
    location(member(d, 'primary'), `${at}/primary`);
  });
  return out;
}
