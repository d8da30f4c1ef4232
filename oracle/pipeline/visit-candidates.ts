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
import { Readings, type ReadingSwitch } from './readings.js';
import type { StepBudget } from './step-budget.js';
import type { Environment } from './step-3-collect-candidates.js';

const WHERE = 'oracle/pipeline/visit-candidates.ts';

/** OQ-07: what a candidate/filter step is. A: one candidate entering one stage (KIT-10); C: one candidate. */
export const STEP_UNIT: ReadingSwitch = { entry: 'OQ-07', name: 'step-unit', where: WHERE, runs: { A: true, C: true } };

/**
 * KIT-19: where a current-file candidate's admission is judged. A: in stage 4 with the other exposure rules (a
 * candidate that is not admitted costs 2 steps); B: in stage 3 (1 step). It is withheld as hidden-by-visibility
 * under both.
 */
export const ADMISSION_STAGE: ReadingSwitch = {
  entry: 'KIT-19',
  name: 'admission-stage',
  where: WHERE,
  runs: { A: true, B: true },
};

/**
 * OQ-44: the rejection reasons of a candidate several filters reject. A: every reason of steps 6 to 8 (and step 3's),
 * a sorted set; B: only those of the first step that rejects it, in pipeline order.
 */
export const REJECTION_REASONS: ReadingSwitch = {
  entry: 'OQ-44',
  name: 'rejection-reasons',
  where: WHERE,
  runs: { A: true, B: true },
};

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
  /** How many candidates passed step 3 (KIT-13 B counts them for ambiguity). */
  matchedCount: number;
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
  readings: Readings = Readings.kit(),
): VisitOutcome {
  const { list } = environment;
  const rules = visitRules(readings);
  const eligible: CandidateVerdict[] = [];
  // The canonical position of each eligible entry that shares its verdict, -1 for one with its own.
  const positions: number[] = [];
  const out: VisitOutcome = { eligible, withheld: new Set(), matched: false, matchedCount: 0, exhausted: false };
  const commit = (j: Judgement, position: number): void => {
    // Matching is committed only with the candidate, so an interrupted candidate
    // counts for nothing.
    if (!j.collected) return;
    out.matched = true;
    out.matchedCount += 1;
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
      const j = judge(list.at(k), collect, stages, rules, budget);
      if (j === null) break;
      commit(j, -1);
      continue;
    }
    let j = alike[s];
    if (j === undefined) {
      j = judge(list.at(k), collect, stages, rules) ?? undefined;
      if (j === undefined) throw new Error('kit fault: a judgement without a budget stopped');
      alike[s] = j;
      if (!budget.takeSteps(j.steps)) break;
      commit(j, k);
      continue;
    }
    if (!budget.takeSteps(j.steps)) break;
    // A judgement committed once adds nothing more but another eligible entry (and another match).
    if (j.collected) out.matchedCount += 1;
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

/** How the readings of OQ-07, KIT-19 and OQ-44 shape one candidate's judgement. */
interface VisitRules {
  /** A candidate costs one step, whatever stages it enters (OQ-07 C). */
  perCandidate: boolean;
  /** Whether a current-file candidate that is not admitted is withheld at step 3 (KIT-19 B); asked when one is met. */
  admissionAtCollect: () => boolean;
  /** Whether only the first rejecting step's reasons are kept (OQ-44 B); asked when a later step adds one. */
  firstFailingStepOnly: () => boolean;
}

function visitRules(readings: Readings): VisitRules {
  return {
    perCandidate: readings.of(STEP_UNIT) === 'C',
    admissionAtCollect: () => readings.of(ADMISSION_STAGE) === 'B',
    firstFailingStepOnly: () => readings.of(REJECTION_REASONS) === 'B',
  };
}

/** Whether `candidate` is a current-file candidate the compiler does not admit (KIT-19). */
function unadmittedHere(candidate: FixtureCandidate): boolean {
  return candidate.home.kind === 'current-file' && !candidate.admitted;
}

/**
 * Runs stage `stage` on `verdict`; under OQ-44 B the reasons it adds after an earlier step's are dropped. `before` is
 * the number of reasons before the stage.
 */
function runStage(stage: CandidateStage, verdict: CandidateVerdict, rules: VisitRules): OmissionReason | null {
  const before = verdict.reasons.length;
  const withheld = stage(verdict);
  if (before > 0 && verdict.reasons.length > before && rules.firstFailingStepOnly()) verdict.reasons.splice(before);
  return withheld;
}

/**
 * Judges `candidate` through the stages, counting the steps it takes; with a `budget`, each step is taken from it as
 * it is made, and null says the budget stopped the judgement. Without one it only counts (the caller takes the steps
 * of a judgement shared by a series' members at once).
 */
function judge(
  candidate: FixtureCandidate,
  collect: CollectStage,
  stages: readonly CandidateStage[],
  rules: VisitRules,
  budget?: StepBudget,
): Judgement | null {
  const take = (): boolean => budget === undefined || budget.take();
  if (!take()) return null;
  let steps = 1;
  const verdict = collect(candidate);
  if (verdict === null) return { steps, collected: false, withheld: null, eligible: null };
  if (unadmittedHere(candidate) && rules.admissionAtCollect())
    return { steps, collected: true, withheld: 'hidden-by-visibility', eligible: null };
  for (const stage of stages) {
    if (!rules.perCandidate) {
      if (!take()) return null;
      steps += 1;
    }
    const withheld = runStage(stage, verdict, rules);
    if (withheld !== null) return { steps, collected: true, withheld, eligible: null };
  }
  return { steps, collected: true, withheld: null, eligible: verdict };
}
