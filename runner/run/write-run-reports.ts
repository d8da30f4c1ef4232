/**
 * What a finished run writes, in the plan's order: the expectations file rewritten from the run
 * (`--update-expectations`), each report format (to its file under `--report-dir`, to `--out`, or to stdout), and the
 * GitHub job summary under the `github` reporter; each says where it went in a console line.
 */
import { appendFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CliIo } from '../io/cli-io.js';
import { loadExpectations } from '../judge/expectations.js';
import { expectationsText, updateExpectations } from '../judge/update-expectations.js';
import { JOB_SUMMARY_LIMIT, renderJobSummary } from '../report/render-job-summary.js';
import { renderReport, reportFileName } from '../report/render-report.js';
import type { FinishedRun } from './run-from-plan.js';
import type { ReportsPlan } from './run-plan.js';

/** Writes the run's outputs; returns the console lines that say where they went. */
export function writeRunReports(run: FinishedRun, plan: ReportsPlan, io: Pick<CliIo, 'cwd' | 'env' | 'stdout'>) {
  const { report } = run;
  const lines: string[] = [];
  if (plan.updateExpectations !== undefined) {
    const path = plan.updateExpectations;
    const previous = existsSync(path) ? loadExpectations(path) : run.expectations;
    const update = updateExpectations(previous, report.vectors, run.knownIds);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, expectationsText(update.entries));
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
    if (plan.out === '-') {
      io.stdout.write(text);
      continue;
    }
    const path = plan.out ?? join(plan.dir ?? resolve(io.cwd), reportFileName(format));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    lines.push(`${format} report: ${path}`);
  }
  const stepSummary = io.env['GITHUB_STEP_SUMMARY'];
  if (run.reporterKind === 'github' && stepSummary !== undefined && stepSummary !== '') {
    // GitHub refuses a step summary over 1 MiB: whatever the step wrote before counts too.
    const path = resolve(io.cwd, stepSummary);
    const used = existsSync(path) ? statSync(path).size : 0;
    if (used < JOB_SUMMARY_LIMIT) appendFileSync(path, renderJobSummary(report, JOB_SUMMARY_LIMIT - used));
    lines.push(`job summary appended to ${path}`);
  }
  return lines;
}
