/**
 * The `kofun-ctk/runner` export: what a JavaScript or TypeScript provider author and a
 * CI integration need from the runner: the module-provider interface, the adapters,
 * the protocol framing, judging, the gate run and its reports.
 */
export type {
  DiscoveryModuleProvider,
  DiscoveryModuleExport,
  ModuleProviderErrorCode,
} from './adapters/module-provider.js';
export type {
  AdapterKind,
  CallOutcome,
  ProviderConnection,
  ProviderFault,
  ProviderIdentity,
  ProviderLauncher,
} from './adapters/provider-connection.js';
export type { ProcessCommand } from './adapters/persistent-process.js';
export { persistentProcessLauncher } from './adapters/persistent-process.js';
export { oneShotProcessLauncher } from './adapters/one-shot-process.js';
export { moduleThreadLauncher } from './adapters/module-adapter.js';
export { moduleProcessLauncher as moduleLauncher, moduleProcessLauncher } from './adapters/module-process-launcher.js';
export { createReferenceProvider, REFERENCE_PROVIDER_NAME } from './adapters/reference-provider.js';
export {
  launcherFor,
  loadProviderConfig,
  type LaunchOptions,
  referenceSpec,
  resolveProvider,
  PROVIDER_CONFIG_SCHEMA,
  type ProviderConfig,
  type ProviderOptions,
  type ProviderSpec,
} from './adapters/provider-spec.js';
export { Sandbox, type SandboxReport, type ContainedCommand } from './sandbox/sandbox.js';
export { openSandbox, readSandboxPlan, type SandboxPlan, type SandboxOptions } from './sandbox/open-sandbox.js';
export { describeSandbox } from './sandbox/describe-sandbox.js';
export {
  encodeFrame,
  FrameDecoder,
  FRAME_MAGIC,
  MAX_HEADER_BYTES,
  type Frame,
  type FrameFault,
} from './protocol/frame.js';
export {
  PROTOCOL_NAME,
  PROVIDER_ERROR_CODES,
  PROVIDER_MESSAGES,
  RUNNER_MESSAGES,
  MAX_RESULT_BYTES,
  type ProviderHello,
  type RunnerHello,
} from './protocol/messages.js';
export { serveProvider, type ServeEnd } from './adapters/serve-provider.js';
export { judgeVector, type JudgeContext } from './judge/judge-vector.js';
export { classifyDifference, type DifferenceClass } from './judge/classify-difference.js';
export { applyExpectations, loadExpectations, parseExpectations, type Expectation } from './judge/expectations.js';
export { expectationsText, updateExpectations, type ExpectationsUpdate } from './judge/update-expectations.js';
export {
  PASSING,
  VERDICTS,
  type Verdict,
  type VectorJudgement,
  type VectorError,
  type MetamorphicOutcome,
} from './judge/verdict.js';
export {
  loadVectorSet,
  type QueryVectorEntry,
  type QueryVector,
  type ReleaseVector,
  type VectorSet,
  type SetRead,
  type AcceptableEntry,
  type AcceptableAlternative,
} from './vectors/vector-source.js';
export { judgeFromSet, type JudgedFromSet } from './judge/judge-from-set.js';
export { runGate } from './run/run-gate.js';
export type { GateResources, GateRunParts, GateSinks, GateVectors } from './run/gate-run.js';
export { gatePhases, type BasePhasePlan, type PhasesPlan } from './run/run-plan.js';
export { fixtureVariant, variantSeed } from './run/metamorphic-variant.js';
export { computeGate, reportFromEvents, REPORT_FORMAT, type GateReport } from './report/gate-report.js';
export { gateReportProblem, mergeReports, REPORT_SCHEMA, type MergeOutcome } from './report/merge-reports.js';
export {
  summarizeVectors,
  type RunSummary,
  type CategorySummary,
  type ClauseSummary,
  type ErrorSummary,
} from './report/run-summary.js';
export { renderReport, REPORT_FORMATS, type ReportFormat } from './report/render-report.js';
export type { RunEvent, GateOutcome, RunSelection, MetamorphicSettings } from './report/run-events.js';
export { main } from './cli.js';
export { EXIT } from './io/cli-io.js';
export { splitCommandLine, type SplitCommandLine } from './io/split-command-line.js';
