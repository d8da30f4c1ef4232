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
}

/**
 * The gate report with its fuzz phase: a disagreement fails the gate, a phase that could not run leaves it incomplete.
 */
export function withFuzzPhase(report: GateReport, fuzz: FuzzPhaseReport): GateReport {
  const gate = { ...report.gate, reasons: [...report.gate.reasons] };
  if (fuzz.outcome === 'disagreement') {
    gate.reasons.push(
      `fuzz: a disagreement in ${fuzz.cases} generated cases (seed ${fuzz.seed}), ` +
        `written as ${fuzz.vector_id ?? 'a vector'}`,
    );
    if (gate.exit_code === EXIT.ok) gate.exit_code = EXIT.failed;
  } else if (fuzz.outcome === 'no-provider') {
    gate.reasons.push(`fuzz: the phase could not run (seed ${fuzz.seed})`);
    gate.exit_code = EXIT.incomplete;
  }
  gate.passed = gate.exit_code === EXIT.ok;
  return { ...report, gate, fuzz };
}

/** One line on the phase for the text reports. */
export function describeFuzzPhase(fuzz: FuzzPhaseReport): string {
  const perClass = Object.entries(fuzz.classes ?? {}).map(([c, n]) => `${c} ${n}`);
  const head =
    `fuzz: ${fuzz.cases} generated cases, seed ${fuzz.seed}` +
    (perClass.length === 0 ? '' : ` (cases per class: ${perClass.join(', ')})`);
  switch (fuzz.outcome) {
    case 'passed':
      return `${head}: no disagreement`;
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
