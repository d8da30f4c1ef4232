/**
 * The seeded fuzz phase of `kofun-ctk run --fuzz N`: after the vectors, the provider answers
 * N generated cases (runner/fuzz/fuzz-case.ts) that no published vector names, and each
 * answer must equal the reference oracle's bytes, so a provider that memorised the vectors
 * does not pass. A disagreement is shrunk and written out as a one-vector vector set, as
 * `kofun-ctk fuzz` does, and fails the gate; the seed and the number of cases go into every
 * report, so the phase replays exactly.
 */
import { verifyResult, loadFixture } from '../../oracle/index.js';
import { EXIT } from '../io/cli-io.js';
import type { ProviderLauncher } from '../adapters/provider-connection.js';
import { runFuzz, writeFuzzVector, type FuzzOutcome } from '../fuzz/run-fuzz.js';
import type { GateReport } from '../report/gate-report.js';

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
}

/** How the phase runs. */
export interface FuzzPhaseOptions {
  seed: number;
  cases: number;
  launcher: ProviderLauncher;
  timeoutMs: number;
  startTimeoutMs: number;
  restartBudget: number;
  kitVersion: string;
  /** Where a disagreement is written. */
  folder: string;
}

/** Runs the phase; never throws for a fault of the provider. */
export async function runFuzzPhase(options: FuzzPhaseOptions): Promise<FuzzPhaseReport> {
  const outcome = await runFuzz({
    seed: options.seed,
    runs: options.cases,
    launcher: options.launcher,
    timeoutMs: options.timeoutMs,
    startTimeoutMs: options.startTimeoutMs,
    restartBudget: options.restartBudget,
    kitVersion: options.kitVersion,
  });
  const base = { seed: options.seed, cases: options.cases };
  if (outcome.kind === 'no-provider') return { ...base, outcome: 'no-provider', message: outcome.message };
  if (outcome.kind === 'passed') return { ...base, outcome: 'passed' };
  const vectorId = writeFuzzVector(options.folder, outcome, options.kitVersion);
  return {
    ...base,
    outcome: 'disagreement',
    vector_id: vectorId,
    folder: options.folder,
    path: outcome.path,
    clauses: brokenClauses(outcome),
  };
}

function brokenClauses(outcome: Extract<FuzzOutcome, { kind: 'disagreement' }>): string[] {
  if (!outcome.actual.ok) return [];
  const loaded = loadFixture(outcome.case.fixture);
  const context = loaded.ok
    ? { request: outcome.case.request, fixture: loaded.fixture }
    : { request: outcome.case.request };
  return [...new Set(verifyResult(outcome.actual.bytes, context).map((v) => v.clause))].sort();
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
  const head = `fuzz: ${fuzz.cases} generated cases, seed ${fuzz.seed}`;
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
