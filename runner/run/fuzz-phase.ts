/**
 * The seeded fuzz phase of `kofun-ctk run --fuzz N`: after the vectors, the provider answers
 * N generated cases (runner/fuzz/fuzz-case.ts) that no published vector names, and each
 * answer must equal the reference oracle's bytes, so a provider that memorised the vectors
 * does not pass. A disagreement is shrunk and written out as a one-vector vector set, as
 * `kofun-ctk fuzz` does, and fails the gate; the seed and the number of cases go into every
 * report, so the phase replays exactly.
 */
import { verifyResult, loadFixture } from '../../oracle/index.js';
import type { ProviderLauncher } from '../adapters/provider-connection.js';
import { runFuzz, writeFuzzVector, type FuzzOutcome } from '../fuzz/run-fuzz.js';
import type { FuzzPhaseReport } from '../report/fuzz-phase-report.js';

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
