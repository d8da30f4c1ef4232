/**
 * `kofun-ctk merge-reports <report.json...>`: merges the JSON reports of shard runs into
 * one gate report, refusing reports of different vector sets, and refusing a merge that
 * is not complete and consistent against the vector set itself (checkMergeSelection).
 * Exits with the merged gate's status (0, 1 or 3), each reason of the merged gate (a missing shard by its number) on
 * stderr, or 2 when the reports cannot be merged.
 */
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { EXIT, UsageError } from '../io/cli-io.js';
import { escapeText } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { readReportFile } from '../report/read-report-file.js';
import { linkedOutputProblem, writeOutputFile } from '../io/write-output-file.js';
import { checkMergeSelection } from '../report/check-merge-selection.js';
import { outputPathProblem } from '../io/check-output-path.js';
import { loadVectorSet } from '../vectors/vector-source.js';
import { mergeReports } from '../report/merge-reports.js';
import { renderReport, REPORT_FORMATS, type ReportFormat } from '../report/render-report.js';
import { gateHeadline, type GateReport } from '../report/gate-report.js';
import type { Register } from '../io/cli-io.js';

export const registerMergeReports: Register = (program: Command, io, done) => {
  program
    .command('merge-reports')
    .description('merge JSON gate reports of shard runs (refuses different vector sets)')
    .argument('<reports...>', 'JSON reports written by kofun-ctk run --report json')
    .option('--report <format>', `output format: ${REPORT_FORMATS.join(', ')}`, 'json')
    .option('--out <file>', 'write the merged report here instead of stdout')
    .option('--vectors <dir>', 'the vector folder the shards ran (default: the vectors shipped with the kit)')
    .action((files: string[], opts: { report: string; out?: string; vectors?: string }) => {
      if (!(REPORT_FORMATS as readonly string[]).includes(opts.report))
        throw new UsageError(`--report ${opts.report}: use ${REPORT_FORMATS.join(', ')}`);
      const outProblem =
        opts.out === undefined
          ? undefined
          : (linkedOutputProblem('--out', resolve(io.cwd, opts.out)) ??
            outputPathProblem('--out', resolve(io.cwd, opts.out), 'file'));
      if (outProblem !== undefined) throw new UsageError(outProblem);
      const reports: GateReport[] = files.map((file) => {
        const read = readReportFile(resolve(io.cwd, file));
        if (read.ok) return read.report;
        if (read.stage === 'shape')
          throw new UsageError(
            `${escapeText(file)} is not a kofun.ctk.report/v1 JSON report: ${escapeText(read.message)}`,
          );
        throw new UsageError(
          `report ${escapeText(file)}: ${read.stage === 'digest' ? 'refused: ' : ''}${escapeText(read.message)}`,
        );
      });
      const merged = mergeReports(reports);
      if (!merged.ok) {
        io.stderr.write(`kofun-ctk merge-reports: ${escapeText(merged.message)}\n`);
        done(EXIT.usage);
        return;
      }
      const vectorSet = loadVectorSet(
        opts.vectors === undefined ? join(kitRoot(), 'vectors') : resolve(io.cwd, opts.vectors),
      );
      const problems = checkMergeSelection(reports, vectorSet);
      if (problems.length > 0) {
        for (const p of problems) {
          const file = files[p.report - 1] ?? `report ${p.report}`;
          const where = `${file}${p.vector === undefined ? '' : `: ${p.vector}`}`;
          io.stderr.write(`kofun-ctk merge-reports: refused: ${escapeText(where)} ${escapeText(p.message)}\n`);
        }
        done(EXIT.usage);
        return;
      }
      const text = renderReport(merged.report, opts.report as ReportFormat);
      if (opts.out === undefined) io.stdout.write(text);
      else writeOutputFile(resolve(io.cwd, opts.out), text);
      const g = merged.report.gate;
      io.stderr.write(
        `merged ${reports.length} reports, ${merged.report.vectors.length} vectors: ` +
          `gate ${gateHeadline(g)} (exit ${g.exit_code})\n`,
      );
      // Why, as the gate line of a run says it: a missing shard (exit 3) is named, not only counted.
      for (const r of g.reasons) io.stderr.write(`  - ${escapeText(r)}\n`);
      done(g.exit_code);
    });
};
