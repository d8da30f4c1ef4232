/**
 * The count caps of kofun.discovery/default-v1 on a decoded result (KD-LIMIT-05,
 * KD-LIMIT-06, KD-DIAG-09, KD-REJECT-04), KD-LIMIT-12 (a complete result is never
 * truncated) and the half of KD-LIMIT-10 the result shows by itself: a partial result
 * that marks a cut (a row downgraded with limit-exhausted, or a limit-exhausted omission
 * for dropped rows or an exhausted budget, KIT-17 A) is truncated. The byte and depth caps
 * (KD-LIMIT-03) are the canonical decoder's; what the facts force is check-fixture-cut's.
 */
import { LIMITS } from '../limits.js';
import type { Violation } from '../violation.js';
import { arrayMember, isRecord, member } from './json-access.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const LIMIT_RULES = ruleTable({
  'count-cap': [['KD-LIMIT-05', 'KD-LIMIT-06', 'KD-DIAG-09', 'KD-REJECT-04'], 'at most {max}', '{count}',
    'A result carries at most {max} {what}.'],
  'complete-truncated': ['KD-LIMIT-12', 'false', '{truncated:value}', 'A complete result always has truncated: false.'],
  'cut-not-truncated': ['KD-LIMIT-10', 'true', '{truncated:value}',
    'The result marks a cut by a limit of the profile ({marker}), so it has truncated: true (KIT-17 A).'],
});

type CapClause = 'KD-LIMIT-05' | 'KD-LIMIT-06' | 'KD-DIAG-09' | 'KD-REJECT-04';

/** The caps of a fact's lists: field, cap, clause, and what the field counts. */
const FACT_CAPS: readonly (readonly [string, number, CapClause, string])[] = [
  ['dependencies', LIMITS.dependenciesPerFact, 'KD-LIMIT-06', 'dependencies per fact'],
  ['diagnostic_ids', LIMITS.diagnosticIdsPerFact, 'KD-DIAG-09', 'diagnostic IDs per fact'],
];
const ROW_CAPS: readonly (readonly [string, number, CapClause, string])[] = [
  ['dependencies', LIMITS.dependenciesPerFact, 'KD-LIMIT-06', 'dependencies per fact'],
  ['generic_requirements', LIMITS.genericRequirementsPerOperation, 'KD-LIMIT-06', 'generic requirements per operation'],
  ['effects', LIMITS.effectsPerOperation, 'KD-LIMIT-06', 'effects per operation'],
  ['diagnostic_ids', LIMITS.diagnosticIdsPerFact, 'KD-DIAG-09', 'diagnostic IDs per fact'],
  ['rejection_reasons', LIMITS.rejectionReasons, 'KD-REJECT-04', 'rejection reasons per row'],
];
const RESULT_CAPS: readonly (readonly [string, number, CapClause, string])[] = [
  ['operations', LIMITS.operations, 'KD-LIMIT-05', 'operations'],
  ['diagnostics', LIMITS.diagnostics, 'KD-LIMIT-05', 'diagnostics'],
  ['omissions', LIMITS.omissions, 'KD-LIMIT-05', 'omissions'],
];

/** Checks every count cap of a decoded result. */
export function checkLimits(result: unknown): Violation[] {
  const out: Violation[] = [];
  const caps = (record: unknown, base: string, table: typeof RESULT_CAPS): void => {
    for (const [field, max, clause, what] of table) {
      const count = arrayMember(record, field).length;
      if (count > max) out.push(LIMIT_RULES.at('count-cap', `${base}/${field}`, { clause, max, what, count }));
    }
  };
  caps(result, '', RESULT_CAPS);
  const type = member(result, 'type');
  if (isRecord(type)) caps(type, '/type', FACT_CAPS);
  arrayMember(result, 'operations').forEach((op, i) => {
    if (isRecord(op)) caps(op, `/operations/${i}`, ROW_CAPS);
  });
  const truncated = member(result, 'truncated');
  const status = member(result, 'status');
  if (status === 'complete' && truncated !== false)
    out.push(LIMIT_RULES.at('complete-truncated', '/truncated', { truncated }));
  const marker = cutMarker(result);
  if (status === 'partial' && truncated !== true && marker !== undefined)
    out.push(LIMIT_RULES.at('cut-not-truncated', '/truncated', { truncated, marker }));
  return out;
}

/**
 * Where the result itself says a limit cut it, if it does: a limit-exhausted omission (rows dropped or the budget
 * exhausted) or a row downgraded with limit-exhausted (OQ-09 A), as text for the message.
 */
export function cutMarker(result: unknown): string | undefined {
  const omission = arrayMember(result, 'omissions').findIndex((o) => member(o, 'reason') === 'limit-exhausted');
  if (omission >= 0) return `a limit-exhausted omission at /omissions/${omission}`;
  const row = arrayMember(result, 'operations').findIndex((op) =>
    arrayMember(op, 'rejection_reasons').includes('limit-exhausted'),
  );
  return row >= 0 ? `limit-exhausted on /operations/${row}` : undefined;
}
