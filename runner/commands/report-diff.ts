/**
 * `kofun-ctk report diff OLD.json NEW.json`: what changed between two JSON gate reports, vector by vector (newly
 * failing, fixed, still failing, other verdict changes, and which vectors changed between the two runs' sets). Each
 * report is read as `merge-reports` reads one (fail-closed JSON, its schema, its own digest). Text, `--markdown` or
 * `--json`. Exit 0 when nothing newly fails, 1 when something does, 2 when a file is not a gate report.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { escapeText } from '../../oracle/index.js';
import { commandNamed, EXIT, UsageError, writeAll, type Register } from '../io/cli-io.js';
import { linkedOutputProblem, writeOutputFile } from '../io/write-output-file.js';
import { outputPathProblem } from '../io/check-output-path.js';
import { diffReports } from '../report/diff-reports.js';
import { readReportFile } from '../report/read-report-file.js';
import { renderReportDiff, type ReportDiffFormat } from '../report/render-report-diff.js';

export const REPORT_DESCRIPTION = 'gate reports: diff two (and, in a checkout, write or check REPORT.md)';

export const registerReportDiff: Register = (program: Command, io, done) => {
  const parent = commandNamed(program, 'report', REPORT_DESCRIPTION);
  // Registered once, whichever module asks first (the maintainers' `report` registers it too).
  if (parent.commands.some((c) => c.name() === 'diff')) return;
  parent
    .command('diff')
    .description('what changed between two JSON gate reports: newly failing, fixed, still failing, changed vectors')
    .argument('<old>', 'the earlier JSON report (kofun-ctk run --report json)')
    .argument('<new>', 'the later JSON report')
    .option('--markdown', 'Markdown')
    .option('--json', 'JSON for tools (kofun.ctk.report-diff/v1)')
    .option('--out <file>', 'write the diff here instead of stdout')
    .action(async (old: string, next: string, opts: { markdown?: boolean; json?: boolean; out?: string }) => {
      if (opts.markdown === true && opts.json === true)
        throw new UsageError('report diff: --markdown or --json, not both');
      const format: ReportDiffFormat = opts.json === true ? 'json' : opts.markdown === true ? 'markdown' : 'text';
      const out = opts.out === undefined ? undefined : resolve(io.cwd, opts.out);
      const outProblem =
        out === undefined ? undefined : (linkedOutputProblem('--out', out) ?? outputPathProblem('--out', out, 'file'));
      if (outProblem !== undefined) throw new UsageError(outProblem);
      const reports = [old, next].map((file) => {
        const read = readReportFile(resolve(io.cwd, file));
        if (!read.ok) throw new UsageError(`report diff: ${escapeText(file)}: ${escapeText(read.message)}`);
        return read.report;
      });
      const diff = diffReports(reports[0] as (typeof reports)[number], reports[1] as (typeof reports)[number]);
      const text = renderReportDiff(diff, format);
      if (out === undefined) await writeAll(io.stdout, text);
      else writeOutputFile(out, text);
      done(diff.groups.newly_failing.length > 0 ? EXIT.failed : EXIT.ok);
    });
};
