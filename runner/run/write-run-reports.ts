/**
 * What a finished run writes, in the plan's order: the expectations file rewritten from the run
 * (`--update-expectations`), each report format (to its file under `--report-dir`, to `--out`, or to stdout), and the
 * GitHub job summary under the `github` reporter; each says where it went in a console line.
 */
import { closeSync, existsSync, fstatSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sha256Hex } from '../../oracle/index.js';
import { openOutputNoFollow, writeOutputFile } from '../io/write-output-file.js';
import type { CliIo } from '../io/cli-io.js';
import { loadExpectations } from '../judge/expectations.js';
import { expectationsText, updateExpectations } from '../judge/update-expectations.js';
import { JOB_SUMMARY_LIMIT, renderJobSummary } from '../report/render-job-summary.js';
import { renderReport, reportFileName, type ReportFormat } from '../report/render-report.js';
import type { FinishedRun } from './run-from-plan.js';
import type { ReportsPlan } from './run-plan.js';

/** One report written: its format, where it went, and the SHA-256 of its bytes (for the run-end event). */
export interface WrittenReport {
  format: ReportFormat;
  /** The file, absolute, or `-` for stdout. */
  path: string;
  sha256: string;
}

/**
 * Writes the run's outputs, each through a new file renamed into place (never through a link); returns the console
 * lines that say where they went, and each report's digest.
 */
export function writeRunReports(
  run: FinishedRun,
  plan: ReportsPlan,
  io: Pick<CliIo, 'cwd' | 'env' | 'stdout'>,
): { lines: string[]; written: WrittenReport[] } {
  const { report } = run;
  const lines: string[] = [];
  const written: WrittenReport[] = [];
  if (plan.updateExpectations !== undefined) {
    const path = plan.updateExpectations;
    const previous = existsSync(path) ? loadExpectations(path) : run.expectations;
    const update = updateExpectations(previous, report.vectors, run.knownIds);
    writeOutputFile(path, expectationsText(update.entries));
    const changes = [
      `${update.added.length} added`,
      `${update.removed.length} removed`,
      `${update.replaced.length} prefix entries replaced`,
    ];
    lines.push(`expectations: ${update.entries.length} entries written to ${path} (${changes.join(', ')})`);
    if (update.notRun.length > 0) {
      lines.push(
        `  ${update.notRun.length} NOT-RUN vectors got no entry: they were never sent, so the run stays incomplete`,
      );
    }
  }
  for (const format of plan.formats) {
    const text = renderReport(report, format);
    const sha256 = sha256Hex(Buffer.from(text, 'utf8'));
    if (plan.out === '-') {
      io.stdout.write(text);
      written.push({ format, path: '-', sha256 });
      continue;
    }
    const path = reportPath(plan, format, io.cwd);
    writeOutputFile(path, text);
    written.push({ format, path, sha256 });
    lines.push(`${format} report: ${path}`);
  }
  const stepSummary = io.env['GITHUB_STEP_SUMMARY'];
  if (run.reporterKind === 'github' && stepSummary !== undefined && stepSummary !== '') {
    // GitHub refuses a step summary over 1 MiB: whatever the step wrote before counts too.
    const path = resolve(io.cwd, stepSummary);
    appendNoFollow(path, (used) =>
      used < JOB_SUMMARY_LIMIT ? renderJobSummary(report, JOB_SUMMARY_LIMIT - used) : '',
    );
    lines.push(`job summary appended to ${path}`);
  }
  return { lines, written };
}

/** Where the report of `format` goes (absolute): `--out`, or its file name under `--report-dir` or the cwd. */
export function reportPath(plan: ReportsPlan, format: ReportFormat, cwd: string): string {
  return plan.out !== undefined && plan.out !== '-' ? plan.out : join(plan.dir ?? resolve(cwd), reportFileName(format));
}

/** Appends what `text` gives for the size already there, through a descriptor that refuses a link. */
function appendNoFollow(path: string, text: (used: number) => string): void {
  const fd = openOutputNoFollow(path, 'append');
  try {
    const bytes = Buffer.from(text(existsSync(path) ? fstatSync(fd).size : 0), 'utf8');
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
  } finally {
    closeSync(fd);
  }
}
