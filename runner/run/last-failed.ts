/**
 * `--last-failed REPORT`: the vectors that did not pass the gate in an earlier JSON report (FAIL, ERROR, NOT-RUN,
 * XPASS; an interrupted run's unfinished vectors are NOT-RUN, so they are re-run too). The report must be of the same
 * vector set: an id of another set may name other bytes, and re-running it would prove nothing about the old failure.
 */
import { escapeText } from '../../oracle/index.js';
import { PASSING, type Verdict } from '../judge/verdict.js';
import { UsageError } from '../io/cli-io.js';
import { readReportFile } from '../report/read-report-file.js';

/** The ids that failed the gate in the report at `path`, which must be of the vector set `vectorSetSha256`. */
export function lastFailedIds(path: string, vectorSetSha256: string): Set<string> {
  // Read fail-closed, as every JSON input of the kit: invalid UTF-8, a syntax error or a duplicate key is refused,
  // and so is a report whose bytes do not match the digest it carries.
  const read = readReportFile(path);
  if (!read.ok && read.stage === 'read')
    throw new UsageError(`--last-failed report ${escapeText(path)}: ${escapeText(read.message)}`);
  const value = read.value;
  // The vector set is checked before the rest of the shape: a report of another set is refused for that reason
  // whatever else it holds, and saying so is the more useful message.
  const set = (value as { vector_set_sha256?: unknown } | null)?.vector_set_sha256;
  if (typeof value === 'object' && value !== null && typeof set === 'string' && set !== vectorSetSha256) {
    throw new UsageError(
      `--last-failed ${path}: the report is of vector set ${escapeText(set)}, this run of ${vectorSetSha256}`,
    );
  }
  if (!read.ok && read.stage === 'digest')
    throw new UsageError(`--last-failed ${path}: refused: ${escapeText(read.message)}`);
  if (!read.ok) {
    throw new UsageError(
      `--last-failed ${path}: not a kofun.ctk.report/v1 JSON report (write one with --report ` +
        `json): ${escapeText(read.message)}`,
    );
  }
  const report = value as { vectors: { id: string; verdict: string }[] };
  const failed = new Set<string>();
  for (const v of report.vectors) {
    // A NOT-APPLICABLE vector did not fail: it needs a feature the provider declares missing, and was never sent.
    if (!PASSING.has(v.verdict as Verdict) && v.verdict !== 'NOT-APPLICABLE') failed.add(v.id);
  }
  if (failed.size === 0)
    throw new UsageError(`--last-failed ${path}: no vector failed the gate in that report; nothing to re-run`);
  return failed;
}
