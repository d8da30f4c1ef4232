/**
 * The gate report as Markdown: header naming the vector set, provider and kit,
 * counts, then one section per vector that did not pass. Provider-controlled text is
 * escaped (markdownCell for table cells, code fences longer than any backtick run
 * for diffs), so it cannot inject markup, links or HTML.
 */
import { escapeText, formatViolation, markdownCell, markdownFence, markdownSafe } from '../../oracle/index.js';
import { VERDICTS, type VectorJudgement } from '../judge/verdict.js';
import { describeDifference, describeProvider } from './describe.js';
import type { GateReport } from './gate-report.js';

function fenced(text: string, info = ''): string[] {
  const fence = markdownFence(text);
  return [`${fence}${info}`, text.replace(/\n$/, ''), fence];
}

/** Renders the report as Markdown. */
export function renderMarkdown(report: GateReport): string {
  const lines: string[] = [];
  lines.push(`# kofun-ctk gate: ${report.gate.passed ? 'PASSED' : 'FAILED'}`, '');
  lines.push('| | |', '|---|---|');
  lines.push(`| vector set | \`${report.vector_set_sha256}\` |`);
  lines.push(`| provider | ${markdownSafe(describeProvider(report.provider))} |`);
  if (report.provider && report.provider.interpretations.length > 0) {
    lines.push(`| interpretations | ${report.provider.interpretations.map((i) => markdownCell(i)).join(', ')} |`);
  }
  lines.push(`| kit | kofun-ctk ${markdownCell(report.kit_version)} |`);
  lines.push(`| selection | ${markdownCell(describeSelection(report))} |`);
  const m = report.metamorphic;
  lines.push(`| metamorphic | ${m.sample === 0 ? 'off' : `${m.sample} vectors, seed ${m.seed}`} |`);
  lines.push(`| exit status | ${report.gate.exit_code} |`, '');
  lines.push(`| ${VERDICTS.join(' | ')} |`, `|${VERDICTS.map(() => '---:').join('|')}|`, `| ${VERDICTS.map((v) => report.counts[v]).join(' | ')} |`, '');
  if (report.gate.reasons.length > 0) {
    lines.push('## Why the gate failed', '');
    for (const r of report.gate.reasons) lines.push(`- ${markdownCell(r)}`);
    lines.push('');
  }
  const accepted = report.vectors.filter((v) => v.verdict === 'ACCEPTABLE' || v.verdict === 'XFAIL');
  if (accepted.length > 0) {
    lines.push('## Acceptable and expected failures', '', '| vector | verdict | why |', '|---|---|---|');
    for (const v of accepted) {
      const why = v.verdict === 'ACCEPTABLE' ? `alternative ${v.acceptable?.name ?? ''} (${v.acceptable?.interpretation ?? ''})` : v.expectation?.reason ?? '';
      lines.push(`| ${markdownCell(v.id)} | ${v.verdict} | ${markdownCell(why)} |`);
    }
    lines.push('');
  }
  const failing = report.vectors.filter((v) => !['PASS', 'ACCEPTABLE', 'XFAIL'].includes(v.verdict));
  if (failing.length > 0) {
    lines.push('## Vectors that fail the gate', '');
    for (const v of failing) lines.push(...vectorSection(v));
  }
  return `${lines.join('\n')}\n`;
}

function describeSelection(report: GateReport): string {
  const s = report.selection;
  const parts = [`${s.total} vectors`];
  if (s.categories.length > 0) parts.push(`categories ${s.categories.join(',')}`);
  if (s.ids.length > 0) parts.push(`ids ${s.ids.join(',')}`);
  if (s.clauses.length > 0) parts.push(`clauses ${s.clauses.join(',')}`);
  if (s.shard !== null) parts.push(`shard ${s.shard} of ${s.filtered}`);
  return parts.join('; ');
}

function vectorSection(v: VectorJudgement): string[] {
  const out = [`### ${markdownCell(v.id)}: ${v.verdict}`, ''];
  if (v.failClauses.length > 0) out.push(`- clauses: ${v.failClauses.map((c) => markdownCell(c)).join(', ')} (from the ${v.clauseSource ?? 'verifier'})`);
  if (v.difference) out.push(`- ${markdownSafe(describeDifference(v.difference))}`);
  if (v.error) out.push(`- ${markdownSafe(`${v.error.kind}${v.error.code ? ` ${v.error.code}` : ''}: ${v.error.message}`)}`);
  if (v.expectation) out.push(`- expectation: ${markdownCell(`${v.expectation.verdict}: ${v.expectation.reason}`)}`);
  if (v.metamorphic && !v.metamorphic.ok) out.push(`- metamorphic (seed ${v.metamorphic.seed}): ${markdownSafe(v.metamorphic.detail ?? '')}`);
  for (const n of v.notes) out.push(`- note: ${markdownSafe(n)}`);
  out.push('');
  if (v.reproduce !== undefined) out.push('Reproduce:', '', ...fenced(escapeText(v.reproduce), 'sh'), '');
  if (v.violations.length > 0) out.push(...fenced(v.violations.map(formatViolation).join('\n')), '');
  if (v.diff) out.push(...fenced(v.diff, 'diff'), '');
  if (v.metamorphic?.diff) out.push('Base run against metamorphic variant:', '', ...fenced(v.metamorphic.diff, 'diff'), '');
  if (v.error?.stderrTail) out.push('Provider stderr (tail):', '', ...fenced(v.error.stderrTail), '');
  return out;
}
