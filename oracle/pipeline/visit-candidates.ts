/**
 * The candidate visit of contract steps 3 to 8 under the step budget (KD-LIMIT-07,
 * OQ-07 A, KIT-10).
 *
 * Candidates are visited in canonical order. Each one costs one step per stage it
 * enters and leaves at the first stage that drops it (step 3) or withholds it (steps 4
 * to 8). When the next step would exceed the budget the visit stops; the candidate in
 * progress is not committed, and the candidates already judged are kept.
 *
 * The members of a series differ only in identity and names, which no stage reads but for
 * the spelling an explanation collects (candidate-verdict.ts). So a series is judged once,
 * on the first member the visit reaches, and every other member takes that judgement's
 * steps and outcome without being built; an eligible member shares the one verdict. The
 * member an explanation's spelling names, if any (found by parsing the spelling), is judged
 * on its own. A step of the visit thus costs what the step does, whatever the series' size.
 */
import type { FixtureCandidate } from '../fixture/fixture.js';
import type { OmissionReason } from '../records/discovery-records.js';
import type { CandidateStage, CandidateVerdict, CollectStage } from './candidate-verdict.js';
import type { StepBudget } from './step-budget.js';
import type { Environment } from './step-3-collect-candidates.js';

/** What the visit found. */
export interface VisitOutcome {
  /**
   * The verdicts of the candidates that passed every stage, in canonical order: the possible rows. The eligible
   * members of one series share one verdict, whose `candidate` is the first of them; an explanation's verdicts are
   * each their own candidate's.
   */
  eligible: CandidateVerdict[];
  /** The candidate `eligible[i]` stands for; absent when each verdict's `candidate` is its own. */
  candidateOf?: (i: number) => FixtureCandidate;
  /** The omission reasons that withheld at least one collected candidate (KIT-04). */
  withheld: Set<OmissionReason>;
  /** Whether any candidate passed step 3 (for explain-operation: matched the spelling). */
  matched: boolean;
  /** Whether the visit stopped on the step budget (KIT-10). */
  exhausted: boolean;
}

/** A judgement of one candidate through the stages, with the steps it cost. */
interface Judgement {
  steps: number;
  /** Whether it passed step 3. */
  collected: boolean;
  withheld: OmissionReason | null;
  /** The verdict, when it passed every stage. */
  eligible: CandidateVerdict | null;
}

/** Runs `collect` and then `stages` over the candidates of `environment` in canonical order. */
export function visitCandidates(
  environment: Environment,
  collect: CollectStage,
  stages: readonly CandidateStage[],
  budget: StepBudget,
): VisitOutcome {
  const { list } = environment;
  const eligible: CandidateVerdict[] = [];
  // The canonical position of each eligible entry that shares its verdict, -1 for one with its own.
  const positions: number[] = [];
  const out: VisitOutcome = { eligible, withheld: new Set(), matched: false, exhausted: false };
  const commit = (j: Judgement, position: number): void => {
    // Matching is committed only with the candidate, so an interrupted candidate
    // counts for nothing.
    if (!j.collected) return;
    out.matched = true;
    if (j.withheld !== null) out.withheld.add(j.withheld);
    else if (j.eligible !== null) {
      eligible.push(j.eligible);
      positions.push(position);
    }
  };
  const explicit = environment.candidates.length;
  // By index in candidate_series: the position of the member the spelling names (-1: none), and the judgement of
  // the other members, made on the first of them reached.
  const own = environment.series.map((inside, s) => {
    const member = inside && collect.spelling !== null ? list.memberNamed(s, collect.spelling) : -1;
    return member < 0 ? -1 : list.positionOf(list.member(s, member).identity);
  });
  const alike: (Judgement | undefined)[] = new Array<Judgement | undefined>(environment.series.length);
  for (let k = 0; k < list.length; k++) {
    const source = list.sourceAt(k);
    const s = source - explicit;
    if (s < 0 ? environment.candidates[source] !== true : environment.series[s] !== true) continue;
    if (s < 0 || own[s] === k) {
      const j = judgeWithin(list.at(k), collect, stages, budget);
      if (j === null) break;
      commit(j, -1);
      continue;
    }
    let j = alike[s];
    if (j === undefined) {
      j = judge(list.at(k), collect, stages);
      alike[s] = j;
      if (!budget.takeSteps(j.steps)) break;
      commit(j, k);
      continue;
    }
    if (!budget.takeSteps(j.steps)) break;
    // A judgement committed once adds nothing more but another eligible entry.
    if (j.eligible !== null) {
      eligible.push(j.eligible);
      positions.push(k);
    }
  }
  if (alike.some((j) => j !== undefined && j.eligible !== null)) {
    out.candidateOf = (i) => {
      const p = positions[i] as number;
      return p < 0 ? (eligible[i] as CandidateVerdict).candidate : list.at(p);
    };
  }
  out.exhausted = budget.exhausted;
  return out;
}

/** Judges `candidate` step by step within the budget; null when the budget stops it. */
function judgeWithin(
  candidate: FixtureCandidate,
  collect: CollectStage,
  stages: readonly CandidateStage[],
  budget: StepBudget,
): Judgement | null {
  if (!budget.take()) return null;
  let steps = 1;
  const verdict = collect(candidate);
  if (verdict === null) return { steps, collected: false, withheld: null, eligible: null };
  for (const stage of stages) {
    if (!budget.take()) return null;
    steps += 1;
    const withheld = stage(verdict);
    if (withheld !== null) return { steps, collected: true, withheld, eligible: null };
  }
  return { steps, collected: true, withheld: null, eligible: verdict };
}

/** Judges `candidate` through the stages, counting the steps it would take. */
function judge(candidate: FixtureCandidate, collect: CollectStage, stages: readonly CandidateStage[]): Judgement {
  let steps = 1;
  const verdict = collect(candidate);
  if (verdict === null) return { steps, collected: false, withheld: null, eligible: null };
  for (const stage of stages) {
    steps += 1;
    const withheld = stage(verdict);
    if (withheld !== null) return { steps, collected: true, withheld, eligible: null };
  }
  return { steps, collected: true, withheld: null, eligible: verdict };
}
