/**
 * The candidate visit of contract steps 3 to 8 under the step budget (KD-LIMIT-07,
 * OQ-07 A, KIT-10).
 *
 * Candidates are visited in canonical order. Each one costs one step per stage it
 * enters and leaves at the first stage that drops it (step 3) or withholds it (steps 4
 * to 8). When the next step would exceed the budget the visit stops; the candidate in
 * progress is not committed, and the candidates already judged are kept.
 */
import type { FixtureCandidate } from '../fixture/fixture.js';
import type { OmissionReason } from '../records/discovery-records.js';
import type { CandidateStage, CandidateVerdict, CollectStage } from './candidate-verdict.js';
import type { StepBudget } from './step-budget.js';

/** What the visit found. */
export interface VisitOutcome {
  /** Candidates that passed every stage, in canonical order: the possible rows. */
  eligible: CandidateVerdict[];
  /** The omission reasons that withheld at least one collected candidate (KIT-04). */
  withheld: Set<OmissionReason>;
  /** Whether any candidate passed step 3 (for explain-operation: matched the spelling). */
  matched: boolean;
  /** Whether the visit stopped on the step budget (KIT-10). */
  exhausted: boolean;
}

/** Runs `collect` and then `stages` over `candidates` in the given (canonical) order. */
export function visitCandidates(
  candidates: readonly FixtureCandidate[],
  collect: CollectStage,
  stages: readonly CandidateStage[],
  budget: StepBudget,
): VisitOutcome {
  const out: VisitOutcome = { eligible: [], withheld: new Set(), matched: false, exhausted: false };
  visit: for (const candidate of candidates) {
    if (!budget.take()) break;
    const verdict = collect(candidate);
    if (verdict === null) continue;
    let withheld: OmissionReason | null = null;
    for (const stage of stages) {
      if (!budget.take()) break visit;
      withheld = stage(verdict);
      if (withheld !== null) break;
    }
    // Matching is committed only with the candidate, so an interrupted candidate
    // counts for nothing.
    out.matched = true;
    if (withheld !== null) out.withheld.add(withheld);
    else out.eligible.push(verdict);
  }
  out.exhausted = budget.exhausted;
  return out;
}
