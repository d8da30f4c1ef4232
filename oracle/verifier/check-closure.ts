/**
 * Fact-status closure as far as one result shows it (KD-CLOSURE-07..12, KD-CLOSURE-17,
 * KD-TYPE-02..07, KD-OP-09..13, KD-ORIGIN-13): every fact is at least as restrictive as
 * each dependency it lists and each record nested in it (OQ-22 A: the listed statuses are
 * closure statuses), validated needs validated everything, error needs a diagnostic ID,
 * unavailable shows no fabricated value (OQ-25 A) and a validated rejection is definitive
 * (OQ-43 A). Upgrades against ground truth need the fixture (check-against-fixture).
 *
 * Pointers and clauses match the result schema's reports where it states the same rule.
 */
import { childPointer, type Violation } from '../violation.js';
import { arrayMember, isRecord, member } from './json-access.js';
import { ruleTable } from './rule-table.js';
import { statusRank } from './status-rank.js';

// prettier-ignore
export const CLOSURE_RULES = ruleTable({
  'validated-with-unvalidated-dependency': ['KD-CLOSURE-09', '"validated"', '{status:value}',
    'A validated fact requires every listed dependency to be validated.'],
  'dependency-more-restrictive': ['KD-CLOSURE-08', "at most the fact's own status", '{status:value}',
    "A fact's status is at least as restrictive as every listed dependency."],
  'validated-type-without-identity': ['KD-TYPE-02', 'an Identity', '{identity:value}',
    'A validated type has an identity of kind TypeId.'],
  'type-identity-kind': ['KD-TYPE-02', '"TypeId"', '{kind:value}', 'A validated type has an identity of kind TypeId.'],
  'validated-type-without-display': ['KD-TYPE-02', 'a Display', '{display:value}', 'A validated type has a display.'],
  'validated-type-with-reason': ['KD-TYPE-02', 'null', '{reason:value}', 'A validated type has a null reason.'],
  'provisional-type-with-identity': ['KD-TYPE-04', 'null', '{identity:value}', 'A provisional type has no identity.'],
  'error-type-with-identity': ['KD-TYPE-05', 'null', '{identity:value}', 'A error type has no identity.'],
  'unavailable-type-with-identity': ['KD-TYPE-05', 'null', '{identity:value}', 'A unavailable type has no identity.'],
  'provisional-type-without-reason': ['KD-TYPE-04', 'a FactReason', '{reason:value}',
    'A provisional type has a non-null reason.'],
  'error-type-without-reason': ['KD-TYPE-05', 'a FactReason', '{reason:value}', 'A error type has a non-null reason.'],
  'unavailable-type-without-reason': ['KD-TYPE-05', 'a FactReason', '{reason:value}',
    'A unavailable type has a non-null reason.'],
  'error-type-reason': ['KD-TYPE-06', '"rejected-by-diagnostic"', '{reason:value}',
    'An error type uses rejected-by-diagnostic.'],
  'error-type-without-diagnostic': ['KD-TYPE-06', 'at least one diagnostic ID', '{ids:value}',
    'An error type has at least one diagnostic ID.'],
  'unavailable-type-with-display': ['KD-TYPE-07', 'null', '{display:value}',
    'An unavailable type has no display; it shows no fabricated value.'],
  'unavailable-without-rejection': ['KD-OP-12', 'at least one rejection reason', '{reasons:value}',
    'Every row with availability unavailable has at least one rejection reason.'],
  'nonvalidated-row-callable': ['KD-OP-13', '"unavailable"', '{availability:value}',
    'A provisional, error or unavailable row has availability unavailable; only a validated row is callable.'],
  'callable-without-signature': ['KD-OP-09', 'a Signature', '{signature:value}',
    'A validated callable row has a non-null signature.'],
  'callable-without-receiver-mode': ['KD-OP-09', 'read | edit | take | none', '{mode:value}',
    'A validated callable row has a non-null receiver mode.'],
  'callable-with-rejection': ['KD-OP-09', '[]', '{reasons:value}',
    'A validated callable row has an empty rejection list.'],
  'error-row-without-diagnostic': ['KD-OP-13', 'at least one diagnostic ID', '{ids:value}',
    'An error row has at least one diagnostic ID.'],
  'unavailable-row-with-signature': ['KD-CLOSURE-11', 'null', '{signature:value}',
    'A row with status unavailable has a null signature (OQ-25 A).'],
  'unavailable-row-with-receiver-mode': ['KD-CLOSURE-11', 'null', '{mode:value}',
    'A row with status unavailable has a null receiver mode (OQ-25 A).'],
  'validated-row-indefinite-rejection': ['KD-OP-11', '{definitive}', '{reason:value}',
    'A validated unavailable row is a definitive rejection; incomplete-analysis,',
    'limit-exhausted and unsupported-in-profile imply a nonvalidated row (OQ-43 A).'],
  'callable-origin-not-validated': ['KD-ORIGIN-13', '"validated"', '{status:value}',
    'A callable row requires a validated origin.'],
  'nested-more-restrictive': ['KD-CLOSURE-17', "at most the row's own status", '{status:value}',
    "A row's status is at least as restrictive as {nested}."],
});

/** OQ-43 A: the rejection reasons that rest on a definitive verdict, not on missing facts. */
const DEFINITIVE_REJECTIONS: ReadonlySet<string> = new Set([
  'ambiguous',
  'missing-effect',
  'requires-edit',
  'requires-read',
  'requires-take',
  'type-mismatch',
  'unsatisfied-bound',
]);
const definitive = [...DEFINITIVE_REJECTIONS].join(' | ');

const R = CLOSURE_RULES;

/** Checks the type fact and every operation row of a decoded result. */
export function checkClosure(result: unknown): Violation[] {
  const out: Violation[] = [];
  const type = member(result, 'type');
  if (isRecord(type)) checkTypeFact(type, out);
  arrayMember(result, 'operations').forEach((op, i) => {
    if (isRecord(op)) checkOperation(op, `/operations/${i}`, out);
  });
  return out;
}

/** Each listed dependency is no more restrictive than the fact (KD-CLOSURE-08, KD-CLOSURE-09). */
function checkListedDependencies(fact: unknown, factRank: number, pointer: string, out: Violation[]): void {
  arrayMember(fact, 'dependencies').forEach((dep, j) => {
    const status = member(dep, 'status');
    const r = statusRank(status);
    if (r === undefined || r <= factRank) return;
    const rule = factRank === 0 ? 'validated-with-unvalidated-dependency' : 'dependency-more-restrictive';
    out.push(R.at(rule, `${pointer}/dependencies/${j}/status`, { status }));
  });
}

function checkTypeFact(type: Readonly<Record<string, unknown>>, out: Violation[]): void {
  const status = member(type, 'status');
  const rank = statusRank(status);
  if (rank === undefined) return;
  const identity = member(type, 'identity');
  const display = member(type, 'display');
  const reason = member(type, 'reason');
  const ids = arrayMember(type, 'diagnostic_ids');
  if (status === 'validated') {
    const kind = member(identity, 'kind');
    if (!isRecord(identity)) out.push(R.at('validated-type-without-identity', '/type/identity', { identity }));
    else if (kind !== 'TypeId') out.push(R.at('type-identity-kind', '/type/identity/kind', { kind }));
    if (typeof display !== 'string') out.push(R.at('validated-type-without-display', '/type/display', { display }));
    if (reason !== null) out.push(R.at('validated-type-with-reason', '/type/reason', { reason }));
  } else {
    const s = status as 'provisional' | 'error' | 'unavailable';
    if (identity !== null) out.push(R.at(`${s}-type-with-identity`, '/type/identity', { identity }));
    if (reason === null) out.push(R.at(`${s}-type-without-reason`, '/type/reason', { reason }));
    if (s === 'error' && typeof reason === 'string' && reason !== 'rejected-by-diagnostic')
      out.push(R.at('error-type-reason', '/type/reason', { reason }));
    if (s === 'error' && ids.length === 0)
      out.push(R.at('error-type-without-diagnostic', '/type/diagnostic_ids', { ids }));
    if (s === 'unavailable' && display !== null)
      out.push(R.at('unavailable-type-with-display', '/type/display', { display }));
  }
  checkListedDependencies(type, rank, '/type', out);
}

function checkOperation(op: Readonly<Record<string, unknown>>, pointer: string, out: Violation[]): void {
  const status = member(op, 'status');
  const rank = statusRank(status);
  const availability = member(op, 'availability');
  const callable = availability === 'callable';
  const reasons = arrayMember(op, 'rejection_reasons');
  const signature = member(op, 'signature');
  const mode = member(op, 'receiver_mode');
  const ids = arrayMember(op, 'diagnostic_ids');
  const at = (field: string): string => `${pointer}/${field}`;

  if (availability === 'unavailable' && reasons.length === 0)
    out.push(R.at('unavailable-without-rejection', at('rejection_reasons'), { reasons }));
  if (rank === undefined) return;
  if (callable && status !== 'validated')
    out.push(R.at('nonvalidated-row-callable', at('availability'), { availability }));
  if (callable && status === 'validated') {
    if (signature === null) out.push(R.at('callable-without-signature', at('signature'), { signature }));
    if (mode === null) out.push(R.at('callable-without-receiver-mode', at('receiver_mode'), { mode }));
    if (reasons.length > 0) out.push(R.at('callable-with-rejection', at('rejection_reasons'), { reasons }));
  }
  if (status === 'error' && ids.length === 0)
    out.push(R.at('error-row-without-diagnostic', at('diagnostic_ids'), { ids }));
  // OQ-25 A: an unavailable fact shows no fabricated value (KD-CLOSURE-11).
  if (status === 'unavailable' && signature !== null)
    out.push(R.at('unavailable-row-with-signature', at('signature'), { signature }));
  if (status === 'unavailable' && mode !== null)
    out.push(R.at('unavailable-row-with-receiver-mode', at('receiver_mode'), { mode }));
  if (status === 'validated' && availability === 'unavailable') {
    reasons.forEach((reason, j) => {
      if (typeof reason === 'string' && !DEFINITIVE_REJECTIONS.has(reason))
        out.push(R.at('validated-row-indefinite-rejection', at(`rejection_reasons/${j}`), { definitive, reason }));
    });
  }

  checkListedDependencies(op, rank, pointer, out);

  // KD-CLOSURE-17: the row is at least as restrictive as every nested record; a callable
  // row needs a validated origin (KD-ORIGIN-13).
  const originStatus = member(member(op, 'origin'), 'status');
  const originRank = statusRank(originStatus);
  if (originRank !== undefined && callable && originRank > 0)
    out.push(R.at('callable-origin-not-validated', at('origin/status'), { status: originStatus }));
  else if (originRank !== undefined && originRank > rank)
    out.push(R.at('nested-more-restrictive', at('origin/status'), { status: originStatus, nested: "its origin's" }));
  for (const field of ['generic_requirements', 'effects'] as const) {
    const nested = field === 'effects' ? 'every nested effect' : 'every nested generic requirement';
    arrayMember(op, field).forEach((record, j) => {
      const s = member(record, 'status');
      const r = statusRank(s);
      if (r !== undefined && r > rank)
        out.push(R.at('nested-more-restrictive', childPointer(at(`${field}/${j}`), 'status'), { status: s, nested }));
    });
  }
}
