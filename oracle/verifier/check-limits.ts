/**
 * The count caps of kofun.discovery/default-v1 on a decoded result (KD-LIMIT-05,
 * KD-LIMIT-06, KD-DIAG-09, KD-REJECT-04) and KD-LIMIT-12 (a complete result is never
 * truncated). The byte and depth caps (KD-LIMIT-03) are the canonical decoder's.
 */
import { LIMITS } from '../limits.js';
import { violation, type Violation } from '../violation.js';
import { arrayMember, describeValue, isRecord, member } from './json-access.js';

function cap(
  items: readonly unknown[],
  max: number,
  pointer: string,
  clause: string,
  what: string,
  out: Violation[],
): void {
  if (items.length <= max) return;
  out.push(
    violation('count-cap', clause, `A result carries at most ${max} ${what}.`, {
      pointer,
      expected: `at most ${max}`,
      actual: `${items.length}`,
    }),
  );
}

/** Checks every count cap of a decoded result. */
export function checkLimits(result: unknown): Violation[] {
  const out: Violation[] = [];
  cap(arrayMember(result, 'operations'), LIMITS.operations, '/operations', 'KD-LIMIT-05', 'operations', out);
  cap(arrayMember(result, 'diagnostics'), LIMITS.diagnostics, '/diagnostics', 'KD-LIMIT-05', 'diagnostics', out);
  cap(arrayMember(result, 'omissions'), LIMITS.omissions, '/omissions', 'KD-LIMIT-05', 'omissions', out);
  const type = member(result, 'type');
  if (isRecord(type)) {
    cap(
      arrayMember(type, 'dependencies'),
      LIMITS.dependenciesPerFact,
      '/type/dependencies',
      'KD-LIMIT-06',
      'dependencies per fact',
      out,
    );
    cap(
      arrayMember(type, 'diagnostic_ids'),
      LIMITS.diagnosticIdsPerFact,
      '/type/diagnostic_ids',
      'KD-DIAG-09',
      'diagnostic IDs per fact',
      out,
    );
  }
  arrayMember(result, 'operations').forEach((op, i) => {
    if (!isRecord(op)) return;
    const base = `/operations/${i}`;
    cap(
      arrayMember(op, 'dependencies'),
      LIMITS.dependenciesPerFact,
      `${base}/dependencies`,
      'KD-LIMIT-06',
      'dependencies per fact',
      out,
    );
    cap(
      arrayMember(op, 'generic_requirements'),
      LIMITS.genericRequirementsPerOperation,
      `${base}/generic_requirements`,
      'KD-LIMIT-06',
      'generic requirements per operation',
      out,
    );
    cap(
      arrayMember(op, 'effects'),
      LIMITS.effectsPerOperation,
      `${base}/effects`,
      'KD-LIMIT-06',
      'effects per operation',
      out,
    );
    cap(
      arrayMember(op, 'diagnostic_ids'),
      LIMITS.diagnosticIdsPerFact,
      `${base}/diagnostic_ids`,
      'KD-DIAG-09',
      'diagnostic IDs per fact',
      out,
    );
    cap(
      arrayMember(op, 'rejection_reasons'),
      LIMITS.rejectionReasons,
      `${base}/rejection_reasons`,
      'KD-REJECT-04',
      'rejection reasons per row',
      out,
    );
  });
  const truncated = member(result, 'truncated');
  if (member(result, 'status') === 'complete' && truncated !== false) {
    out.push(
      violation('complete-truncated', 'KD-LIMIT-12', 'A complete result always has truncated: false.', {
        pointer: '/truncated',
        expected: 'false',
        actual: describeValue(truncated),
      }),
    );
  }
  return out;
}
