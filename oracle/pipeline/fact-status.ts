/**
 * The trust order of fact statuses and its maximum (KD-CLOSURE-07):
 * `validated < provisional < unavailable < error`. "At least as restrictive" means
 * "not lower in this order"; the oracle always takes the exact maximum (OQ-23 A).
 */
import { FACT_STATUSES, type FactStatus } from '../records/discovery-records.js';

const RANK: Readonly<Record<FactStatus, number>> = {
  validated: 0,
  provisional: 1,
  unavailable: 2,
  error: 3,
};

/** Position of a status in the trust order; higher is more restrictive (KD-CLOSURE-07). */
export function statusRank(status: FactStatus): number {
  return RANK[status];
}

/** The more restrictive of two statuses (OQ-23 A). */
export function maxStatus(a: FactStatus, b: FactStatus): FactStatus {
  return RANK[a] >= RANK[b] ? a : b;
}

/** The statuses from least to most restrictive, as the contract lists the trust order. */
export const TRUST_ORDER: readonly FactStatus[] = FACT_STATUSES;
