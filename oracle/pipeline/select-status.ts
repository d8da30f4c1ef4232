/**
 * The result status of a query that reached lookup (KD-RES-06..13, KIT-09, OQ-14..18),
 * part of contract step 9.
 *
 * - complete: the type is validated, every row is validated, there is no omission and
 *   nothing was truncated (KD-RES-07, OQ-18 A); reason null, truncated false.
 * - partial: otherwise, when a useful fact exists: a type fact that is validated,
 *   provisional or error, or at least one row (OQ-14 A); reason null (OQ-15 A).
 * - unavailable: no useful fact (KD-LIMIT-11, KD-RES-13). Its reason is
 *   `limit-exhausted` when the step budget ran out or the type fact was cut by a limit,
 *   `unsupported-in-profile` when the only thing withheld was unsupported-in-profile
 *   work, and `incomplete-current-file-facts` otherwise (KIT-09).
 *
 * Decision: a type fact downgraded to unavailable by the 64-dependency cap (OQ-09 A)
 * with nothing else found is a limit exhaustion before any useful fact, so the result
 * reason is `limit-exhausted` (KD-LIMIT-11).
 */
import type { OmissionReason, OperationFact, TypeFact } from '../records/discovery-records.js';
import type { UnavailableReason } from './result-shapes.js';

/** complete, partial, or null when no useful fact exists. */
export function selectStatus(args: {
  type: TypeFact;
  rows: readonly OperationFact[];
  omissionCount: number;
  truncated: boolean;
}): 'complete' | 'partial' | null {
  const useful = args.type.status !== 'unavailable' || args.rows.length > 0;
  if (!useful) return null;
  const complete =
    args.type.status === 'validated' &&
    args.rows.every((r) => r.status === 'validated') &&
    args.omissionCount === 0 &&
    !args.truncated;
  return complete ? 'complete' : 'partial';
}

/** The reason of an unavailable result (KIT-09). */
export function unavailableReasonFor(args: {
  budgetExhausted: boolean;
  type: TypeFact;
  withheld: ReadonlySet<OmissionReason>;
}): UnavailableReason {
  if (args.budgetExhausted || args.type.reason === 'limit-exhausted') return 'limit-exhausted';
  if (args.withheld.size === 1 && args.withheld.has('unsupported-in-profile')) return 'unsupported-in-profile';
  return 'incomplete-current-file-facts';
}
