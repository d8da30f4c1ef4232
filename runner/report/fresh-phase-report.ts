/**
 * The fresh phase in a gate report (run/fresh-phase.ts): the run seed, the cases asked for and each case judged (the
 * vector it derives from, the seed, the renamed world's name, the judgement), the gate it leaves (a case that fails
 * fails the gate, a case not run leaves the run incomplete), and the lines the text reports give it.
 */
import { EXIT } from '../io/cli-io.js';
import { countVerdicts } from './gate-report.js';
import { gateEffect, VERDICTS, type Verdict, type VectorJudgement } from '../judge/verdict.js';
import type { GateOutcome } from './run-events.js';

/** How the fresh phase runs: how many cases (`all` of the selected vectors, or 0 for none) and from which seed. */
export interface FreshSettings {
  sample: number | 'all';
  seed: number;
}

/** One fresh case as judged. */
export interface FreshCaseReport {
  /** The id of the vector the case derives from (also the judgement's id). */
  from: string;
  /** The run seed it was derived with: `run --id FROM --seed SEED --fresh all` derives it again. */
  seed: number;
  /** SHA-256 of the renamed world's fixture bytes, the name the provider loaded it under. */
  fixture_sha256: string;
  /** Judged against the oracle's answer in the renamed world, and the vector's alternatives derived again. */
  judgement: VectorJudgement;
}

/** What a gate report says of its fresh phase. */
export interface FreshPhaseReport extends FreshSettings {
  /** Cases judged, by verdict (every verdict present). */
  counts: Record<Verdict, number>;
  /**
   * Vectors passed over on the way: their fresh answer is their golden (an answer naming nothing of the world), or an
   * alternative of theirs cannot be derived again.
   */
  skipped: number;
  /** Sorted by `from`. */
  cases: FreshCaseReport[];
}

/** The phase's report from its judged cases. */
export function freshPhaseReport(
  settings: FreshSettings,
  cases: readonly FreshCaseReport[],
  skipped: number,
): FreshPhaseReport {
  const sorted = [...cases].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.seed - b.seed));
  return { ...settings, counts: countVerdicts(sorted.map((c) => c.judgement)), skipped, cases: sorted };
}

/**
 * The gate with the fresh phase's cases counted: a failing case fails it (exit 1, even when something else could not
 * run), a case not run leaves it incomplete (exit 3 only when nothing failed).
 */
export function withFreshGate(gate: GateOutcome, fresh: FreshPhaseReport): GateOutcome {
  const reasons = [...gate.reasons];
  let fails = gate.exit_code === EXIT.failed;
  let incomplete = gate.incomplete;
  for (const verdict of VERDICTS) {
    const n = fresh.counts[verdict];
    const effect = gateEffect(verdict);
    if (n === 0 || effect === 'passes' || effect === 'excepted') continue;
    reasons.push(`fresh: ${n} ${verdict} of ${fresh.cases.length} cases derived with seed ${fresh.seed}`);
    if (effect === 'incomplete') incomplete = true;
    else fails = true;
  }
  const exit_code = fails ? EXIT.failed : incomplete ? EXIT.incomplete : gate.exit_code;
  return { passed: exit_code === EXIT.ok, exit_code, reasons, incomplete };
}

/** One line on the phase for the text reports. */
export function describeFreshPhase(fresh: FreshPhaseReport): string {
  const tally = VERDICTS.filter((v) => fresh.counts[v] > 0).map((v) => `${v} ${fresh.counts[v]}`);
  const asked = fresh.sample === 'all' ? 'all vectors' : `${fresh.sample} asked`;
  return (
    `fresh: ${fresh.cases.length} cases in renamed worlds (${asked}), seed ${fresh.seed}: ` +
    `${tally.join(', ') || 'none run'} (replay with --seed ${fresh.seed})`
  );
}

/** The cases that fail the gate, each labelled with what it derives from and its seed, for the text reports. */
export function failingFreshCases(fresh: FreshPhaseReport | undefined): VectorJudgement[] {
  return (fresh?.cases ?? [])
    .filter((c) => gateEffect(c.judgement.verdict) === 'fails' || gateEffect(c.judgement.verdict) === 'incomplete')
    .map((c) => ({ ...c.judgement, id: freshLabel(c) }));
}

/** `fresh case from ID (seed S)`: how the text reports name a case. */
export function freshLabel(c: Pick<FreshCaseReport, 'from' | 'seed'>): string {
  return `fresh case from ${c.from} (seed ${c.seed})`;
}

/**
 * The fresh sections of shard reports as one: the cases together (each keeps its own seed), the first shard's
 * settings; undefined when no shard ran the phase.
 */
export function mergeFreshPhases(sections: readonly (FreshPhaseReport | undefined)[]): FreshPhaseReport | undefined {
  const present = sections.filter((s): s is FreshPhaseReport => s !== undefined);
  const first = present[0];
  if (first === undefined) return undefined;
  return freshPhaseReport(
    { sample: first.sample, seed: first.seed },
    present.flatMap((s) => s.cases),
    present.reduce((n, s) => n + s.skipped, 0),
  );
}
