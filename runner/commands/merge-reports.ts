/**
 * `kofun-ctk merge-reports <report.json...>`: merges the JSON reports of shard runs into
 * one gate report, refusing reports of different vector sets. Exits with the merged
 * gate's status (0, 1 or 3), or 2 when the reports cannot be merged.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { EXIT, UsageError } from '../io/cli-io.js';
import { escapeText } from '../../oracle/index.js';
import { gateReportProblem, mergeReports } from '../report/merge-reports.js';
import { renderReport, REPORT_FORMATS, type ReportFormat } from '../report/render-report.js';
import type { GateReport } from '../report/gate-report.js';
import type { Register } from '../io/cli-io.js';

export const registerMergeReports: Register = (program: Command, io, done) => {
  program
    .command('merge-reports')
    .description('merge JSON gate reports of shard runs (refuses different vector sets)')
    .argument('<reports...>', 'JSON reports written by kofun-ctk run --report json')
    .option('--report <format>', `output format: ${REPORT_FORMATS.join(', ')}`, 'json')
    .option('--out <file>', 'write the merged report here instead of stdout')
    .action((files: string[], opts: { report: string; out?: string }) => {
      if (!(REPORT_FORMATS as readonly string[]).includes(opts.report)) throw new UsageError(`--report ${opts.report}: use ${REPORT_FORMATS.join(', ')}`);
      const reports: GateReport[] = files.map((file) => {
        let value: unknown;
        try {
          value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(resolve(io.cwd, file))));
        } catch (err) {
          const why = err instanceof Error ? err.message.split('\n', 1)[0] : String(err);
          throw new UsageError(`cannot read report ${file}: ${escapeText(why ?? '')}`);
        }
        const problem = gateReportProblem(value);
        if (problem !== undefined) throw new UsageError(`${file} is not a kofun.ctk.report/v1 JSON report: ${escapeText(problem)}`);
        return value as GateReport;
      });
      const merged = mergeReports(reports);
      if (!merged.ok) {
        io.stderr.write(`kofun-ctk merge-reports: ${escapeText(merged.message)}\n`);
        done(EXIT.usage);
        return;
      }
      const text = renderReport(merged.report, opts.report as ReportFormat);
      if (opts.out === undefined) io.stdout.write(text);
      else writeFileSync(resolve(io.cwd, opts.out), text);
      const g = merged.report.gate;
      io.stderr.write(`merged ${reports.length} reports, ${merged.report.vectors.length} vectors: gate ${g.passed ? 'PASSED' : 'FAILED'} (exit ${g.exit_code})\n`);
      done(g.exit_code);
    });
};
