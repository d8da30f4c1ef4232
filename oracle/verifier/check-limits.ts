/**
 * The count caps of kofun.discovery/default-v1 on a decoded result (KD-LIMIT-05,
 * KD-LIMIT-06, KD-DIAG-09, KD-REJECT-04) and KD-LIMIT-12 (a complete result is never
 * truncated). The byte and depth caps (KD-LIMIT-03) are the canonical decoder's.
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
  if (member(result, 'status') === 'complete' && truncated !== false)
    out.push(LIMIT_RULES.at('complete-truncated', '/truncated', { truncated }));
  return out;
}
