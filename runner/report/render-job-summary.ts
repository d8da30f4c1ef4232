/**
 * The GitHub Actions job summary (appended to `$GITHUB_STEP_SUMMARY`): the gate, the counts
 * by category and by violated clause, then the first failing vectors and fresh cases in `<details>` (each with its
 * notes and the command that reproduces it), cut so the whole never exceeds the byte budget (GitHub refuses a step
 * summary over 1 MiB). Provider text is escaped as for the Markdown report.
 */
import { escapeText, formatViolation, markdownCell } from '../../oracle/index.js';
import { markdownFence, markdownSafe } from '../../oracle/internal.js';
import { gateEffect, VERDICTS, type VectorJudgement } from '../judge/verdict.js';
import { describeProvider, differenceLines } from './describe.js';
import { failingFreshCases } from './fresh-phase-report.js';
import { gateHeadline, type GateReport } from './gate-report.js';
import { bySeverity } from './severity-order.js';

/** GitHub's limit on one step's summary. */
export const JOB_SUMMARY_LIMIT = 1024 * 1024;
/** The longest diff shown per vector. */
const MAX_DIFF_CHARS = 4000;

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The summary's Markdown, at most `maxBytes` bytes of UTF-8. */
export function renderJobSummary(report: GateReport, maxBytes = JOB_SUMMARY_LIMIT): string {
  const head: string[] = [];
  head.push(`## kofun-ctk gate: ${gateHeadline(report.gate)} (exit ${report.gate.exit_code})`, '');
  head.push(
    `Provider ${markdownSafe(describeProvider(report.provider))}, vector set \`${report.vector_set_sha256}\`.`,
    '',
  );
  head.push(`| ${VERDICTS.join(' | ')} |`, `|${VERDICTS.map(() => '---:').join('|')}|`);
  head.push(`| ${VERDICTS.map((v) => report.counts[v]).join(' | ')} |`, '');
  for (const r of report.gate.reasons) head.push(`- ${markdownCell(r)}`);
  if (report.gate.reasons.length > 0) head.push('');
  head.push(`| category | vectors | ${VERDICTS.join(' | ')} |`, '|---|' + '---:|'.repeat(VERDICTS.length + 1));
  for (const c of report.summary.by_category) {
    head.push(`| ${markdownCell(c.category)} | ${c.total} | ${VERDICTS.map((v) => c.counts[v]).join(' | ')} |`);
  }
  head.push('');
  if (report.summary.by_clause.length > 0) {
    head.push('| violated clause | failing | expected (XFAIL) | categories |', '|---|---:|---:|---|');
    for (const c of report.summary.by_clause) {
      head.push(
        `| ${c.clause} | ${c.failing} | ${c.expected} | ${c.categories.map((x) => markdownCell(x)).join(', ')} |`,
      );
    }
    head.push('');
  }
  for (const f of report.summary.by_feature ?? [])
    head.push(`- NOT-APPLICABLE for the missing feature ${markdownCell(f.feature)}: ${f.vectors}`);
  if ((report.summary.by_feature ?? []).length > 0) head.push('');
  let text = `${head.join('\n')}\n`;
  const tail = (n: number, of: number): string =>
    n < of ? `\n${of - n} more failing vectors and fresh cases: see the reports.\n` : '';
  // What matters most first, so the budget is spent on the wrong values before the ERRORs; the fresh cases that fail
  // the gate after the vectors, as the Markdown report lists them.
  const failing = [
    ...bySeverity(
      report.vectors.filter((v) => gateEffect(v.verdict) === 'fails' || gateEffect(v.verdict) === 'incomplete'),
    ),
    ...failingFreshCases(report.fresh),
  ];
  // Reserve room for the closing line, whatever is cut.
  const reserve = bytes(tail(0, failing.length)) + 16;
  if (bytes(text) + reserve > maxBytes) return fitHead(text, maxBytes);
  let shown = 0;
  for (const v of failing) {
    const section = detailsOf(v);
    if (bytes(text) + bytes(section) + reserve > maxBytes) break;
    text += section;
    shown += 1;
  }
  return text + tail(shown, failing.length);
}

/** The head alone cut to the budget, at a line end (only for a budget smaller than any sane summary). */
function fitHead(text: string, maxBytes: number): string {
  const lines = text.split('\n');
  let out = '';
  for (const l of lines) {
    if (bytes(out) + bytes(l) + 1 > maxBytes) break;
    out += `${l}\n`;
  }
  return out;
}

function detailsOf(v: VectorJudgement): string {
  const out = ['<details>', `<summary>${markdownCell(v.id)}: ${v.verdict} ${v.fail_clauses.join(' ')}</summary>`, ''];
  if (v.difference)
    for (const l of differenceLines(v.difference, 'markdown')) out.push(`${'  '.repeat(l.depth)}- ${l.text}`);
  if (v.error)
    out.push(`- ${markdownSafe(`${v.error.kind}${v.error.code ? ` ${v.error.code}` : ''}: ${v.error.message}`)}`);
  if (v.expectation) out.push(`- expectation: ${markdownCell(`${v.expectation.verdict}: ${v.expectation.reason}`)}`);
  for (const n of v.notes) out.push(`- note: ${markdownSafe(n)}`);
  out.push('');
  if (v.reproduce !== undefined) {
    // The command holds what the user typed: escaped like any other text, inside a fence it cannot close.
    const command = escapeText(v.reproduce);
    const fence = markdownFence(command);
    out.push('Reproduce:', '', `${fence}sh`, command, fence, '');
  }
  const body = [...v.violations.map(formatViolation), ...(v.diff ? ['', v.diff.slice(0, MAX_DIFF_CHARS)] : [])].join(
    '\n',
  );
  if (body !== '') {
    const fence = markdownFence(body);
    out.push(fence, body.replace(/\n$/, ''), fence, '');
  }
  out.push('</details>', '');
  return `${out.join('\n')}\n`;
}
