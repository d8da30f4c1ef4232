/**
 * A report diff (diff-reports.ts) as terminal text, Markdown, or JSON (kofun.ctk.report-diff/v1, schema
 * oracle/schemas/kofun.ctk.report-diff.v1.schema.json); every string from the reports escaped for its sink.
 */
import { escapeFor, markdownCell } from '../../oracle/index.js';
import { markdownCode } from '../../oracle/internal.js';
import { REPORT_DIFF_GROUPS, REPORT_DIFF_TITLES, type ReportDiff, type ReportDiffEntry } from './diff-reports.js';

export type ReportDiffFormat = 'text' | 'markdown' | 'json';

const t = (s: string): string => escapeFor('terminal', s);

function verdicts(e: ReportDiffEntry): string {
  return `${e.old ?? '—'} -> ${e.new ?? '—'}`;
}

function changedMark(e: ReportDiffEntry): string {
  return e.vector_changed === true ? ' (the vector changed)' : '';
}

function countsLine(diff: ReportDiff): string {
  return REPORT_DIFF_GROUPS.map((g) => `${diff.groups[g].length} ${REPORT_DIFF_TITLES[g]}`).join(', ');
}

function headLines(diff: ReportDiff): string[] {
  const sets =
    diff.old.vector_set_sha256 === diff.new.vector_set_sha256
      ? `vector set ${diff.new.vector_set_sha256}`
      : `vector set ${diff.old.vector_set_sha256} -> ${diff.new.vector_set_sha256}: ${diff.changed_vectors.length} ` +
        `vectors judged in both changed` +
        (diff.digests_missing ? ' (unknown: a report records no vector digests)' : '');
  return [
    `provider ${diff.old.provider} (gate exit ${diff.old.gate_exit_code}) -> ${diff.new.provider} (gate exit ` +
      `${diff.new.gate_exit_code}); ${sets}`,
    countsLine(diff),
  ];
}

export function renderReportDiffText(diff: ReportDiff): string {
  const lines = headLines(diff).map((l, i) => (i === 0 ? `report diff: ${t(l)}` : `  ${l}`));
  for (const g of REPORT_DIFF_GROUPS) {
    const entries = diff.groups[g];
    if (entries.length === 0) continue;
    lines.push(`${REPORT_DIFF_TITLES[g]} (${entries.length}):`);
    for (const e of entries) {
      const clauses = e.clauses.length === 0 ? '' : `; clauses ${e.clauses.map(t).join(' ')}`;
      lines.push(`  ${t(e.id)}  ${verdicts(e)}${changedMark(e)}${clauses}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function renderReportDiffMarkdown(diff: ReportDiff): string {
  const out = ['## Gate report changes', '', ...headLines(diff).map((l) => `${markdownCell(l)}.`), ''];
  for (const g of REPORT_DIFF_GROUPS) {
    const entries = diff.groups[g];
    if (entries.length === 0) continue;
    out.push(`### ${REPORT_DIFF_TITLES[g]} (${entries.length})`, '', '| vector | verdict | clauses |', '|---|---|---|');
    for (const e of entries)
      out.push(
        `| ${markdownCode(e.id)} | ${markdownCell(verdicts(e) + changedMark(e))} ` +
          `| ${e.clauses.map(markdownCode).join(' ')} |`,
      );
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

export function renderReportDiff(diff: ReportDiff, format: ReportDiffFormat): string {
  if (format === 'json') return `${JSON.stringify(diff, null, 2)}\n`;
  return format === 'markdown' ? renderReportDiffMarkdown(diff) : renderReportDiffText(diff);
}
