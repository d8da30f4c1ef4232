/**
 * The runner's internal entry: what the kit's own development tooling (vector generation and checking, REPORT.md and
 * its broken-provider census, in suites/generate) uses of the runner beyond the public API of `runner/index.ts`: the
 * command-line plumbing those commands share with the runner's own, the process-group registry they end their
 * providers through, the committed vector tree read as files, and the runner's machinery the public entry keeps out
 * (the gate run, the sandbox, serving a module provider, the report's parts, expectations, the metamorphic variants).
 *
 * @internal Not part of the package's API: the `exports` map of package.json does not name it, and any of these
 * names may change or go in any release.
 */
export { runCliProcess } from './cli-entry.js';
export { commandNamed, UsageError, writeAll, type CliIo, type Register } from './io/cli-io.js';
export { installSignalCleanup, killAllGroups, liveGroupCount } from './io/process-group.js';
export { relocatedSpec } from './adapters/provider-spec.js';
export { writeOutputFile } from './io/write-output-file.js';
export { shardVectors } from './vectors/select-vectors.js';
export {
  parseVectorFile,
  readTree,
  readVectorTree,
  vectorsDir,
  vectorTreeOf,
  type VectorTree,
} from './vectors/load-vector.js';
export { diffVectorSets, type VectorSetDiff, type VectorSetSide } from './vectors/diff-vector-sets.js';
export { renderVectorDiffText } from './report/render-vector-diff.js';
export { registerVectorsDiff, VECTORS_DESCRIPTION } from './commands/vectors-diff.js';
export { registerReportDiff, REPORT_DESCRIPTION } from './commands/report-diff.js';
export { main } from './cli.js';
export { Sandbox, type SandboxReport, type ContainedCommand } from './sandbox/sandbox.js';
export { openSandbox, readSandboxPlan, type SandboxPlan, type SandboxOptions } from './sandbox/open-sandbox.js';
export { describeSandbox } from './sandbox/describe-sandbox.js';
export { serveProvider, type ServeEnd } from './adapters/serve-provider.js';
export { classifyDifference, type DifferenceClass } from './judge/classify-difference.js';
export { applyExpectations, loadExpectations, parseExpectations, type Expectation } from './judge/expectations.js';
export { expectationsText, updateExpectations, type ExpectationsUpdate } from './judge/update-expectations.js';
export { judgeFromSet, type JudgedFromSet } from './judge/judge-from-set.js';
export { runGate } from './run/run-gate.js';
export type { GateResources, GateRunParts, GateSinks, GateVectors } from './run/gate-run.js';
export { gatePhases, type BasePhasePlan, type PhasesPlan } from './run/run-plan.js';
export { fixtureVariant, variantSeed } from './run/metamorphic-variant.js';
export { computeGate, reportFromEvents, REPORT_FORMAT } from './report/gate-report.js';
export { gateReportProblem, REPORT_SCHEMA } from './report/merge-reports.js';
export {
  summarizeVectors,
  type RunSummary,
  type CategorySummary,
  type ClauseSummary,
  type ErrorSummary,
} from './report/run-summary.js';
export type { RunEvent, GateOutcome, RunSelection, MetamorphicSettings } from './report/run-events.js';
