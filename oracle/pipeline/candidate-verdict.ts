/**
 * What the lookup stages (contract steps 3 to 8) learn about one candidate, and the
 * shape of a stage. Step 9 renders a verdict into an operation row (KIT-07, KIT-08).
 */
import type { FactKey, FixtureCandidate } from '../fixture/fixture.js';
import type {
  EffectRequirement,
  FactStatus,
  GenericRequirement,
  Id,
  OmissionReason,
  RejectionReason,
} from '../records/discovery-records.js';

/** A nested record with its closed status and the dependency keys it brings to its row (KD-CLOSURE-16). */
export interface ClosedNested<T> {
  record: T;
  dependencies: readonly FactKey[];
}

/** The accumulated judgement of one candidate that entered the lookup. */
export interface CandidateVerdict {
  readonly candidate: FixtureCandidate;
  /** Whether the candidate applies to the receiver's type fact (KIT-02). */
  readonly applicable: boolean;
  /** Rejection reasons accumulated by the stages (OQ-44 A, KIT-06); duplicate-free, ordered at rendering. */
  readonly reasons: RejectionReason[];
  /** Closed generic requirements (step 6), all disclosed on the row. */
  requirements: readonly ClosedNested<GenericRequirement>[];
  /**
   * Closed public effect requirements (step 8) the row lists (KD-EFFECT-07): the validated ones (KIT-12 C), or
   * every public one when the oracle follows KIT-12 A for an alternative; one naming a hidden identity is left
   * out at rendering (KIT-08 C).
   */
  effects: readonly ClosedNested<EffectRequirement>[];
  /**
   * Most restrictive closed status among effect requirements that are not disclosed
   * (non-public ones, and public ones that are not validated, KIT-12): they are never
   * listed but still bound the row's status so that it never claims more validation
   * than its facts have (KD-CLOSURE-08).
   */
  undisclosedStatus: FactStatus;
  /**
   * Set when a rejection rests on a receiver type that is not validated (KIT-02 C): the
   * row is then at least as restrictive as that type, and an error row cites the
   * type's diagnostic IDs (KD-CLOSURE-07, KD-TYPE-02).
   */
  receiverFloor: { status: FactStatus; diagnosticIds: readonly Id[] } | null;
}

const NONE: readonly never[] = Object.freeze([]);

/** Adds a rejection reason once (KD-REJECT-02). */
export function addReason(verdict: CandidateVerdict, reason: RejectionReason): void {
  if (!verdict.reasons.includes(reason)) verdict.reasons.push(reason);
}

/** A new verdict for a candidate that passed step 3. */
export function newVerdict(candidate: FixtureCandidate, applicable: boolean): CandidateVerdict {
  return {
    candidate,
    applicable,
    reasons: [],
    requirements: NONE,
    effects: NONE,
    undisclosedStatus: 'validated',
    receiverFloor: null,
  };
}

/**
 * A filter stage after collection (steps 4 to 8): it may add reasons and records to the
 * verdict, and returns null to let the candidate go on or the omission reason that
 * withholds it (KIT-04). A withheld candidate never becomes a row (KD-DISCLOSE-03).
 *
 * A stage reads no identity or name of the candidate (its SymbolId, display name and
 * qualified name): the members of a series differ in nothing else, so the visit judges a
 * series once for all its members (visit-candidates.ts).
 */
export type CandidateStage = (verdict: CandidateVerdict) => OmissionReason | null;

/**
 * The collection stage (step 3): a verdict for a candidate the query considers, or null to
 * drop it. It reads a candidate's display name only to compare it with `spelling`
 * (explain-operation), and no other identity or name; null when it reads none.
 */
export interface CollectStage {
  (candidate: FixtureCandidate): CandidateVerdict | null;
  readonly spelling: string | null;
}
