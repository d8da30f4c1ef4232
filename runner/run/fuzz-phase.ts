/**
 * The seeded fuzz phase of `kofun-ctk run --fuzz N`: after the vectors, the provider answers
 * N generated cases (runner/fuzz/fuzz-case.ts) that no published vector names, and each
 * answer must equal the reference oracle's bytes, so a provider that memorised the vectors
 * does not pass. A disagreement is shrunk and written out as a one-vector vector set, as
 * `kofun-ctk fuzz` does, and fails the gate; the seed and the number of cases go into every
 * report, so the phase replays exactly (report/fuzz-phase-report.ts).
 */
import { verifyResult, loadFixture } from '../../oracle/index.js';
import { runFuzz, writeFuzzVector, type FuzzOutcome } from '../fuzz/run-fuzz.js';
import type { FuzzPhaseReport } from '../report/fuzz-phase-report.js';
import type { GatePhase } from './gate-run.js';

/** Runs the phase when the plan asks for cases; never throws for a fault of the provider. */
export const fuzzPhase: GatePhase = async (run, findings) => {
  const { plan, resources } = run;
  const fuzz = plan.fuzz;
  const launchers = resources.launchers;
  // A run without a provider (release-cost --vectors) never plans fuzz cases: there is nothing to ask them.
  if (fuzz.cases === 0 || launchers === null) return findings;
  const outcome = await runFuzz({
    ...plan.base,
    seed: fuzz.seed,
    runs: fuzz.cases,
    launcher: launchers.fuzzLauncher ?? launchers.launcher,
    kitVersion: resources.kitVersion,
    missing: run.features.current(),
  });
  const base = { seed: fuzz.seed, cases: fuzz.cases };
  let report: FuzzPhaseReport;
  if (outcome.kind === 'no-provider') report = { ...base, outcome: 'no-provider', message: outcome.message };
  else if (outcome.kind === 'passed')
    report = {
      ...base,
      outcome: 'passed',
      classes: outcome.classes,
      ...(outcome.notApplicable === 0 ? {} : { not_applicable: outcome.notApplicable }),
      ...(Object.keys(outcome.acceptable).length === 0 ? {} : { acceptable: outcome.acceptable }),
    };
  else {
    const vectorId = writeFuzzVector(fuzz.folder, outcome, resources.kitVersion);
    report = {
      ...base,
      outcome: 'disagreement',
      vector_id: vectorId,
      folder: fuzz.folder,
      path: outcome.path,
      clauses: brokenClauses(outcome),
      classes: outcome.classes,
    };
  }
  return { ...findings, fuzz: report };
};

function brokenClauses(outcome: Extract<FuzzOutcome, { kind: 'disagreement' }>): string[] {
  if (!outcome.actual.ok) return [];
  const loaded = loadFixture(outcome.case.fixture);
  const context = loaded.ok
    ? { request: outcome.case.request, fixture: loaded.fixture }
    : { request: outcome.case.request };
  return [...new Set(verifyResult(outcome.actual.bytes, context).map((v) => v.clause))].sort();
}
