/**
 * The trust order of fact statuses, kept here rather than shared with the reference
 * pipeline so the verifier stays an independent reading of the contract:
 * validated < provisional < unavailable < error (KD-CLOSURE-07).
 */
import type { FactStatus } from '../records/discovery-records.js';

const RANK: Readonly<Record<FactStatus, number>> = { validated: 0, provisional: 1, unavailable: 2, error: 3 };
const BY_RANK: readonly FactStatus[] = ['validated', 'provisional', 'unavailable', 'error'];

/** Rank of a status in the trust order (higher is more restrictive), or undefined for a non-status. */
export function statusRank(s: unknown): number | undefined {
  return typeof s === 'string' && Object.hasOwn(RANK, s) ? RANK[s as FactStatus] : undefined;
}

/** The status at a rank (0..3). */
export function statusAtRank(rank: number): FactStatus {
  return BY_RANK[Math.max(0, Math.min(3, rank))] as FactStatus;
}
