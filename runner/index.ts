/**
 * The `kofun-ctk/runner` export: what a JavaScript or TypeScript provider author and a CI integration call of the
 * runner, and nothing else: the module-provider interface, the launchers that start a provider and the
 * configuration they start it from, the protocol's framing and messages, judging one vector and the verdicts, reading
 * a vector set, rendering and merging gate reports, the exit codes and the command-line splitter. The kit's own
 * machinery (the gate run, the sandbox, the commands) is behind `runner/internal.ts`, which the `exports` map does not
 * name; `runner/index.test.ts` pins this list.
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
export { judgeVector, type JudgeContext } from './judge/judge-vector.js';
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
export type { GateReport } from './report/gate-report.js';
export { mergeReports, type MergeOutcome } from './report/merge-reports.js';
export { renderReport, REPORT_FORMATS, type ReportFormat } from './report/render-report.js';
export { EXIT } from './io/cli-io.js';
export { splitCommandLine, type SplitCommandLine } from './io/split-command-line.js';
