/**
 * The status table of DiscoveryResultV1 (KD-RES-06..15) and the readings the kit takes
 * where the table is silent: what a "useful fact" is (OQ-14 A), a partial result's
 * reason is null (OQ-15 A), truncated is false outside partial (OQ-16 A), which reason
 * tokens go with which status (OQ-17 A) and that a complete result has no omission
 * (OQ-18 A). Request-dependent rows (echo, kind type) are in check-request-echo.
 *
 * Pointers and clauses match the result schema's own reports for the rules it also
 * states, so verify-result can drop the schema's duplicate.
 */
import { childPointer, type Violation } from '../violation.js';
import { arrayMember, isRecord, member, stringMember } from './json-access.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const STATUS_SHAPE_RULES = ruleTable({
  'complete-without-analysis': ['KD-RES-06', 'an AnalysisKey', '{analysis:value}',
    "A complete result echoes the request's analysis key."],
  'complete-with-reason': ['KD-RES-06', 'null', '{reason:value}', 'A complete result has a null reason.'],
  'complete-without-type': ['KD-RES-07', 'a TypeFact', '{type:value}',
    'A complete result carries its validated type fact.'],
  'complete-type-not-validated': ['KD-RES-07', '"validated"', '{status:value}',
    'A complete result has a validated type.'],
  'complete-operation-not-validated': ['KD-RES-07', '"validated"', '{status:value}',
    'Every operation of a complete result is validated.'],
  'complete-with-omission': ['KD-RES-07', 'no omission', 'an omission',
    'A complete result has no omission; withholding anything makes it partial (OQ-18 A).'],
  'partial-without-analysis': ['KD-RES-08', 'an AnalysisKey', '{analysis:value}',
    "A partial result echoes the request's analysis key."],
  'partial-without-useful-fact': ['KD-RES-08', 'a useful fact', 'none',
    'A partial result carries at least one useful fact: a type fact that is not unavailable,',
    'or an operation row (OQ-14 A).'],
  'partial-without-explanation': ['KD-RES-09', 'an explanation of incompleteness', 'none',
    'A partial result explains its incompleteness by a nonvalidated fact, a diagnostic, an omission or truncation.'],
  'partial-with-reason': ['KD-RES-09', 'null', '{reason:value}',
    'A partial result has a null reason; its explanation is in its facts (OQ-15 A).'],
  'stale-without-analysis': ['KD-RES-10', 'an AnalysisKey', '{analysis:value}',
    "A stale result echoes the request's analysis key."],
  'stale-with-type': ['KD-RES-10', 'null', '{type:value}', 'A stale result has no type fact.'],
  'stale-with-operations': ['KD-RES-10', '[]', '{items:value}', 'A stale result has no operations.'],
  'stale-with-omissions': ['KD-RES-10', '[]', '{items:value}', 'A stale result has no omissions.'],
  // OQ-30 A: a stale result never carries diagnostics of an old or other analysis.
  'stale-with-diagnostics': ['KD-RES-10', '[]', '{items:value}', 'A stale result has no diagnostics.'],
  'stale-reason': ['KD-RES-11', '{allowed}', '{reason:value}', 'A stale result carries one of its own reasons.'],
  'stale-truncated': ['KD-RES-11', 'false', '{truncated:value}', 'A stale result is never truncated.'],
  'unavailable-without-analysis': ['KD-RES-12', 'an AnalysisKey', '{analysis:value}',
    "A unavailable result echoes the request's analysis key."],
  'unavailable-with-type': ['KD-RES-12', 'null', '{type:value}', 'A unavailable result has no type fact.'],
  'unavailable-with-operations': ['KD-RES-12', '[]', '{items:value}', 'A unavailable result has no operations.'],
  // KIT-09: no useful fact exists, so nothing is explained by an omission or a diagnostic.
  'unavailable-with-omissions': ['KD-RES-12', '[]', '{items:value}', 'A unavailable result has no omissions.'],
  'unavailable-with-diagnostics': ['KD-RES-12', '[]', '{items:value}', 'A unavailable result has no diagnostics.'],
  'unavailable-reason': ['KD-RES-13', '{allowed}', '{reason:value}',
    'A unavailable result carries one of its own reasons.'],
  'unavailable-truncated': ['KD-RES-13', 'false', '{truncated:value}', 'A unavailable result is never truncated.'],
  'invalid-with-analysis': ['KD-RES-14', 'null', '{analysis:value}', 'An invalid result echoes no analysis key.'],
  'invalid-with-type': ['KD-RES-14', 'null', '{type:value}', 'A invalid result has no type fact.'],
  'invalid-with-operations': ['KD-RES-14', '[]', '{items:value}', 'A invalid result has no operations.'],
  'invalid-with-omissions': ['KD-RES-14', '[]', '{items:value}', 'A invalid result has no omissions.'],
  'invalid-reason': ['KD-RES-15', '{allowed}', '{reason:value}', 'A invalid result carries one of its own reasons.'],
  'invalid-truncated': ['KD-RES-14', 'false', '{truncated:value}', 'A invalid result is never truncated.'],
});

/** The reasons of each result status that carries no facts. */
const REASONS: Readonly<Record<'stale' | 'unavailable' | 'invalid', readonly string[]>> = {
  stale: ['wrong-file', 'stale-generation', 'stale-interface-set', 'stale-semantic-compatibility', 'stale-source'],
  unavailable: [
    'cancelled-before-analysis',
    'incomplete-current-file-facts',
    'limit-exhausted',
    'unsupported-in-profile',
  ],
  invalid: ['invalid-request', 'invalid-position'],
};

const R = STATUS_SHAPE_RULES;

/** The members of a result the status rules read. */
interface ResultParts {
  readonly type: unknown;
  readonly typeStatus: unknown;
  readonly reason: unknown;
  readonly truncated: unknown;
  readonly operations: readonly unknown[];
  readonly omissions: readonly unknown[];
  readonly diagnostics: readonly unknown[];
}

/** Checks the per-status shape of a decoded result. */
export function checkStatusShape(result: unknown): Violation[] {
  if (!isRecord(result)) return [];
  const status = stringMember(result, 'status');
  const out: Violation[] = [];
  const analysis = member(result, 'analysis');
  const type = member(result, 'type');
  const parts: ResultParts = {
    type,
    typeStatus: member(type, 'status'),
    reason: member(result, 'reason'),
    truncated: member(result, 'truncated'),
    operations: arrayMember(result, 'operations'),
    omissions: arrayMember(result, 'omissions'),
    diagnostics: arrayMember(result, 'diagnostics'),
  };

  if (status === 'complete' || status === 'partial' || status === 'stale' || status === 'unavailable') {
    if (!isRecord(analysis)) out.push(R.at(`${status}-without-analysis`, '/analysis', { analysis }));
  }
  if (status === 'invalid' && analysis !== null) out.push(R.at('invalid-with-analysis', '/analysis', { analysis }));
  if (status === 'stale' || status === 'unavailable' || status === 'invalid') out.push(...factlessShape(status, parts));
  if (status === 'complete') out.push(...completeShape(parts));
  if (status === 'partial') out.push(...partialShape(parts));
  return out;
}

/** A stale, unavailable or invalid result: no facts, one of its status's reasons, not truncated. */
function factlessShape(status: 'stale' | 'unavailable' | 'invalid', parts: ResultParts): Violation[] {
  const { type, operations, omissions, diagnostics, reason, truncated } = parts;
  const out: Violation[] = [];
  const reasons = REASONS[status];
  if (type !== null) out.push(R.at(`${status}-with-type`, '/type', { type }));
  if (operations.length > 0) out.push(R.at(`${status}-with-operations`, '/operations', { items: operations }));
  if (omissions.length > 0) out.push(R.at(`${status}-with-omissions`, '/omissions', { items: omissions }));
  if (status !== 'invalid' && diagnostics.length > 0)
    out.push(R.at(`${status}-with-diagnostics`, '/diagnostics', { items: diagnostics }));
  if (!(typeof reason === 'string' && reasons.includes(reason)))
    out.push(R.at(`${status}-reason`, '/reason', { allowed: reasons.join(' | '), reason }));
  if (truncated !== false) out.push(R.at(`${status}-truncated`, '/truncated', { truncated }));
  return out;
}

/** A complete result: no reason, a validated type, validated operations, no omission. */
function completeShape(parts: ResultParts): Violation[] {
  const { type, typeStatus, reason, operations, omissions } = parts;
  const out: Violation[] = [];
  if (reason !== null) out.push(R.at('complete-with-reason', '/reason', { reason }));
  if (!isRecord(type)) out.push(R.at('complete-without-type', '/type', { type }));
  else if (typeStatus !== 'validated')
    out.push(R.at('complete-type-not-validated', '/type/status', { status: typeStatus }));
  operations.forEach((op, i) => {
    const s = member(op, 'status');
    if (isRecord(op) && s !== 'validated')
      out.push(R.at('complete-operation-not-validated', `/operations/${i}/status`, { status: s }));
  });
  // OQ-18 A: any omission means something was withheld, so the result is partial.
  omissions.forEach((_, i) => out.push(R.at('complete-with-omission', childPointer('/omissions', i))));
  return out;
}

/** A partial result: a useful fact, something that explains why it is partial, no reason. */
function partialShape(parts: ResultParts): Violation[] {
  const { type, typeStatus, reason, truncated, operations, omissions, diagnostics } = parts;
  const out: Violation[] = [];
  // OQ-14 A: a type fact that is not unavailable, or at least one operation row.
  const usefulType = isRecord(type) && typeStatus !== 'unavailable';
  if (!usefulType && operations.length === 0) out.push(R.at('partial-without-useful-fact', ''));
  const explained =
    truncated === true ||
    omissions.length > 0 ||
    diagnostics.length > 0 ||
    (isRecord(type) && typeStatus !== 'validated') ||
    operations.some((op) => isRecord(op) && member(op, 'status') !== 'validated');
  if (!explained) out.push(R.at('partial-without-explanation', ''));
  if (reason !== null) out.push(R.at('partial-with-reason', '/reason', { reason }));
  return out;
}
