/**
 * The fuzz phase in a gate report (`run --fuzz N`, runner/run/fuzz-phase.ts): its seed, its number of cases and how
 * it ended, the gate it leaves (a disagreement fails it, a phase that could not run leaves it incomplete), and the one
 * line the text reports give it.
 */
import { EXIT } from '../io/cli-io.js';
import type { GateReport } from './gate-report.js';

/** What a gate report says of its fuzz phase. */
export interface FuzzPhaseReport {
  seed: number;
  /** Generated cases asked for. */
  cases: number;
  outcome: 'passed' | 'disagreement' | 'no-provider';
  /** For a disagreement: the written vector's id, and the folder it was written to. */
  vector_id?: string;
  folder?: string;
  /** For a disagreement: the fast-check path that replays the minimal case with the seed. */
  path?: string;
  /** For a disagreement: the KD- clauses the verifier finds broken in the provider's answer. */
  clauses?: string[];
  /** Why the phase could not run, escaped by the reporters. */
  message?: string;
  /** How many of the generated cases reached each class of inputs providers get wrong (runner/fuzz/fuzz-case.ts). */
  classes?: Record<string, number>;
  /**
   * Generated cases not asked because a query of theirs needs a feature the provider declares missing (PROTOCOL.md,
   * "Features"); absent when none.
   */
  not_applicable?: number;
  /** How many generated cases the provider answered with a named alternative, by its name (none: left out). */
  acceptable?: Record<string, number>;
}

/**
 * The gate report with its fuzz phase: a disagreement fails the gate (exit 1), a phase that could not run leaves the
 * run incomplete (exit 3 when nothing failed).
 */
export function withFuzzPhase(report: GateReport, fuzz: FuzzPhaseReport): GateReport {
  const gate = { ...report.gate, reasons: [...report.gate.reasons] };
  if (fuzz.outcome === 'disagreement') {
    gate.reasons.push(
      `fuzz: a disagreement in ${fuzz.cases} generated cases (seed ${fuzz.seed}), ` +
        `written as ${fuzz.vector_id ?? 'a vector'}`,
    );
    gate.exit_code = EXIT.failed;
  } else if (fuzz.outcome === 'no-provider') {
    gate.reasons.push(`fuzz: the phase could not run (seed ${fuzz.seed})`);
    gate.incomplete = true;
    if (gate.exit_code === EXIT.ok) gate.exit_code = EXIT.incomplete;
  }
  gate.passed = gate.exit_code === EXIT.ok;
  return { ...report, gate, incomplete: gate.incomplete, fuzz };
}

/**
 * The fuzz phases of shard reports as one: every shard runs the whole phase with the same seed and number of cases, so
 * the merged phase is a disagreement when any shard's is (the first such shard's), else could not run when any could
 * not, else passed. Shards run with and without `--fuzz`, or with other seeds or case counts, are refused: the merged
 * gate would claim a phase some shard never ran.
 */
export function mergeFuzzPhases(
  phases: readonly (FuzzPhaseReport | undefined)[],
): { ok: true; fuzz?: FuzzPhaseReport } | { ok: false; message: string } {
  const present = phases.filter((p): p is FuzzPhaseReport => p !== undefined);
  if (present.length === 0) return { ok: true };
  if (present.length !== phases.length)
    return { ok: false, message: 'refusing to merge reports run with and without --fuzz' };
  const first = present[0] as FuzzPhaseReport;
  if (present.some((p) => p.seed !== first.seed || p.cases !== first.cases))
    return { ok: false, message: 'refusing to merge reports run with different --fuzz or --fuzz-seed' };
  const fuzz =
    present.find((p) => p.outcome === 'disagreement') ?? present.find((p) => p.outcome === 'no-provider') ?? first;
  return { ok: true, fuzz };
}

/** One line on the phase for the text reports. */
export function describeFuzzPhase(fuzz: FuzzPhaseReport): string {
  const perClass = Object.entries(fuzz.classes ?? {}).map(([c, n]) => `${c} ${n}`);
  const head =
    `fuzz: ${fuzz.cases} generated cases, seed ${fuzz.seed}` +
    (perClass.length === 0 ? '' : ` (cases per class: ${perClass.join(', ')})`);
  switch (fuzz.outcome) {
    case 'passed': {
      const accepted = Object.entries(fuzz.acceptable ?? {}).map(([name, n]) => `${name} ${n}`);
      const by = accepted.length === 0 ? '' : ` (answered by a named alternative: ${accepted.join(', ')})`;
      const excused =
        fuzz.not_applicable === undefined
          ? ''
          : ` (${fuzz.not_applicable} not applicable: they need a feature the provider declares missing)`;
      return `${head}: no disagreement${by}${excused}`;
    }
    case 'disagreement':
      return (
        `${head}: disagreement, minimal case written as vector ${fuzz.vector_id ?? ''} (replay: ` +
        `kofun-ctk fuzz --seed ${fuzz.seed} --path ${fuzz.path ?? ''}; ` +
        `clauses: ${(fuzz.clauses ?? []).join(' ') || 'none found by the verifier'})`
      );
    case 'no-provider':
      return `${head}: could not run: ${fuzz.message ?? ''}`;
  }
}
