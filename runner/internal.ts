/**
 * The runner's internal entry: what the kit's own development tooling (vector generation and checking, REPORT.md and
 * its broken-provider census, in suites/generate) uses of the runner beyond the public API of `runner/index.ts`: the
 * command-line plumbing those commands share with the runner's own, the process-group registry they end their
 * providers through, and the committed vector tree read as files.
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
