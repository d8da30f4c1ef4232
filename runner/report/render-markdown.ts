/**
 * The gate report as Markdown: header naming the vector set, provider and kit,
 * counts, then one section per vector that did not pass. Provider-controlled text is
 * escaped (markdownCell for table cells, code fences longer than any backtick run
 * for diffs), so it cannot inject markup, links or HTML.
 */
import { describeFreshPhase, failingFreshCases } from './fresh-phase-report.js';
import { describeFuzzPhase } from './fuzz-phase-report.js';
import { describeHermetic } from '../hermetic/hermetic-observation.js';
import { describeLimits, describeSandbox } from '../sandbox/describe-sandbox.js';
import { compareUtf8, escapeText, formatViolation, markdownCell } from '../../oracle/index.js';
import { markdownFence, markdownSafe } from '../../oracle/internal.js';
import { VERDICTS, verdictNotHandled, type VectorJudgement } from '../judge/verdict.js';
import type { DifferenceClass } from '../judge/classify-difference.js';
import { describeProvider, differenceLines } from './describe.js';
import { gateHeadline, type GateReport } from './gate-report.js';
import { bySeverity } from './severity-order.js';

function fenced(text: string, info = ''): string[] {
  const fence = markdownFence(text);
  return [`${fence}${info}`, text.replace(/\n$/, ''), fence];
}

/** Renders the report as Markdown. */
export function renderMarkdown(report: GateReport): string {
  const lines: string[] = [];
  lines.push(`# kofun-ctk gate: ${gateHeadline(report.gate)}`, '');
  lines.push('| | |', '|---|---|');
  lines.push(`| vector set | \`${report.vector_set_sha256}\` |`);
  lines.push(`| provider | ${markdownSafe(describeProvider(report.provider))} |`);
  if (report.provider && report.provider.interpretations.length > 0) {
    lines.push(`| interpretations | ${report.provider.interpretations.map((i) => markdownCell(i)).join(', ')} |`);
  }
  const missing = report.gate.missing_features ?? [];
  if (missing.length > 0) {
    const allowed =
      report.gate.allow_missing_features === true ? 'accepted by --allow-missing-features' : 'not accepted';
    lines.push(
      `| missing features | ${markdownCell(`${missing.join(', ')} (declared by the provider; ${allowed})`)} |`,
    );
  }
  lines.push(`| kit | kofun-ctk ${markdownCell(report.kit_version)} |`);
  lines.push(`| selection | ${markdownCell(describeSelection(report))} |`);
  const m = report.metamorphic;
  lines.push(`| seed | ${m.seed} (replay with --seed ${m.seed}) |`);
  lines.push(`| metamorphic | ${m.sample === 0 ? 'off' : `${m.sample} vectors, seed ${m.seed}`} |`);
  if (report.fresh !== undefined) lines.push(`| fresh | ${markdownCell(describeFreshPhase(report.fresh))} |`);
  if (report.fuzz !== undefined) lines.push(`| fuzz | ${markdownCell(describeFuzzPhase(report.fuzz))} |`);
  if (report.sandbox !== undefined) lines.push(`| sandbox | ${markdownCell(describeSandbox(report.sandbox))} |`);
  if (report.sandbox?.limits !== undefined)
    lines.push(`| limits | ${markdownCell(describeLimits(report.sandbox.limits))} |`);
  if (report.hermetic !== undefined) lines.push(`| hermetic | ${markdownCell(describeHermetic(report.hermetic))} |`);
  lines.push(`| started | ${markdownCell(report.started_at)} on ${markdownCell(report.hostname)} |`);
  lines.push(`| wall time | ${(report.duration_ms / 1000).toFixed(3)} s |`);
  lines.push(`| exit status | ${report.gate.exit_code} |`, '');
  lines.push(
    `| ${VERDICTS.join(' | ')} |`,
    `|${VERDICTS.map(() => '---:').join('|')}|`,
    `| ${VERDICTS.map((v) => report.counts[v]).join(' | ')} |`,
    '',
  );
  lines.push(...summaryTables(report));
  if (report.gate.reasons.length > 0) {
    lines.push('## Why the gate failed', '');
    for (const r of report.gate.reasons) lines.push(`- ${markdownCell(r)}`);
    lines.push('');
  }
  // What matters most first (severity-order.ts); the JSON report keeps the id order.
  const placed = bySeverity(report.vectors).map((v) => ({ v, place: placeOf(v) }));
  const accepted = placed.filter(({ place }) => place.section === 'accepted');
  if (accepted.length > 0) {
    lines.push('## Acceptable and expected failures', '', '| vector | verdict | why |', '|---|---|---|');
    for (const { v, place } of accepted) {
      const why = place.section === 'accepted' ? place.why : '';
      lines.push(`| ${markdownCell(v.id)} | ${v.verdict} | ${markdownCell(why)} |`);
    }
    lines.push('');
  }
  const excepted = placed.filter(({ place }) => place.section === 'excepted').map(({ v }) => v);
  if (excepted.length > 0) {
    lines.push('## Not applicable (features the provider declares missing)', '', '| vector | features |', '|---|---|');
    for (const v of excepted)
      lines.push(`| ${markdownCell(v.id)} | ${markdownCell(v.missing_features?.join(', ') ?? '')} |`);
    lines.push('');
  }
  const failing = placed.filter(({ place }) => place.section === 'failing').map(({ v }) => v);
  if (failing.length > 0) {
    lines.push('## Vectors that fail the gate', '');
    for (const v of failing) lines.push(...vectorSection(v));
  }
  const freshFailing = failingFreshCases(report.fresh);
  if (freshFailing.length > 0) {
    lines.push('## Fresh cases that fail the gate', '');
    for (const v of freshFailing) lines.push(...vectorSection(v));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Where a vector shows in the report beyond the counts: among the acceptable and expected failures (with why),
 * among the vectors that fail the gate, among those not applicable (with the features), or nowhere (a PASS).
 */
function placeOf(
  v: VectorJudgement,
): { section: 'accepted'; why: string } | { section: 'failing' | 'passed' | 'excepted' } {
  switch (v.verdict) {
    case 'ACCEPTABLE':
      return {
        section: 'accepted',
        why: `alternative ${v.acceptable?.name ?? ''} (${v.acceptable?.interpretation ?? ''})`,
      };
    case 'XFAIL':
      return { section: 'accepted', why: v.expectation?.reason ?? '' };
    case 'FAIL':
    case 'ERROR':
    case 'NOT-RUN':
    case 'XPASS':
      return { section: 'failing' };
    case 'NOT-APPLICABLE':
      return { section: 'excepted' };
    case 'PASS':
      return { section: 'passed' };
    default:
      return verdictNotHandled(v);
  }
}

/** The run by category and by violated clause, and its slowest vectors. */
function summaryTables(report: GateReport): string[] {
  const out: string[] = [
    '## By category',
    '',
    `| category | vectors | ${VERDICTS.join(' | ')} |`,
    `|---|---:|${VERDICTS.map(() => '---:').join('|')}|`,
  ];
  for (const c of report.summary.by_category) {
    out.push(`| ${markdownCell(c.category)} | ${c.total} | ${VERDICTS.map((v) => c.counts[v]).join(' | ')} |`);
  }
  out.push('');
  if (report.summary.by_clause.length > 0) {
    out.push(
      '## By violated clause',
      '',
      '| clause | failing | expected (XFAIL) | categories |',
      '|---|---:|---:|---|',
    );
    for (const c of report.summary.by_clause) {
      out.push(
        `| ${markdownCell(c.clause)} | ${c.failing} | ${c.expected} ` +
          `| ${c.categories.map((x) => markdownCell(x)).join(', ')} |`,
      );
    }
    out.push('');
  }
  if (report.summary.by_error.length > 0) {
    out.push('## Without result bytes', '', '| error | failing | expected (XFAIL) |', '|---|---:|---:|');
    for (const e of report.summary.by_error) out.push(`| ${markdownCell(e.kind)} | ${e.failing} | ${e.expected} |`);
    out.push('');
  }
  const features = report.summary.by_feature ?? [];
  if (features.length > 0) {
    out.push('## Not applicable, by feature', '', '| feature the provider declares missing | vectors |', '|---|---:|');
    for (const f of features) out.push(`| ${markdownCell(f.feature)} | ${f.vectors} |`);
    out.push('');
  }
  const alternatives = report.summary.by_alternative ?? [];
  if (alternatives.length > 0) {
    out.push('## Passed by a named alternative', '', '| register entry | alternative | vectors | declared |');
    out.push('|---|---|---:|---:|');
    for (const a of alternatives)
      out.push(`| ${markdownCell(a.interpretation)} | ${markdownCell(a.name)} | ${a.vectors} | ${a.declared} |`);
    out.push('');
  }
  const timed = report.vectors.filter((v) => v.duration_ms !== undefined);
  if (timed.length > 0) {
    const slowest = [...timed]
      .sort((a, b) => (b.duration_ms ?? 0) - (a.duration_ms ?? 0) || compareUtf8(a.id, b.id))
      .slice(0, 10);
    out.push('## Slowest vectors', '', '| vector | verdict | wall time |', '|---|---|---:|');
    for (const v of slowest)
      out.push(`| ${markdownCell(v.id)} | ${v.verdict} | ${(v.duration_ms ?? 0).toFixed(3)} ms |`);
    out.push('');
  }
  return out;
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

/** A difference as nested list items, escaped once for Markdown, from list depth `depth`. */
function differenceItems(d: DifferenceClass, depth: number): string[] {
  return differenceLines(d, 'markdown').map((l) => `${'  '.repeat(depth + l.depth)}- ${l.text}`);
}

function vectorSection(v: VectorJudgement): string[] {
  const out = [`### ${markdownCell(v.id)}: ${v.verdict}`, ''];
  if (v.fail_clauses.length > 0)
    out.push(
      `- clauses: ${v.fail_clauses.map((c) => markdownCell(c)).join(', ')} (from the ${v.clause_source ?? 'verifier'})`,
    );
  if (v.difference) out.push(...differenceItems(v.difference, 0));
  if (v.error)
    out.push(`- ${markdownSafe(`${v.error.kind}${v.error.code ? ` ${v.error.code}` : ''}: ${v.error.message}`)}`);
  if (v.expectation) out.push(`- expectation: ${markdownCell(`${v.expectation.verdict}: ${v.expectation.reason}`)}`);
  if (v.duration_ms !== undefined) out.push(`- wall time: ${v.duration_ms.toFixed(3)} ms`);
  if (v.metamorphic && !v.metamorphic.ok) {
    out.push(`- metamorphic (seed ${v.metamorphic.seed}): ${markdownSafe(v.metamorphic.detail ?? '')}`);
    if (v.metamorphic.difference) out.push(...differenceItems(v.metamorphic.difference, 1));
  }
  if (v.state && !v.state.ok) {
    out.push(`- state: ${markdownSafe(v.state.detail)}`);
    if (v.state.difference) out.push(...differenceItems(v.state.difference, 1));
  }
  for (const n of v.notes) out.push(`- note: ${markdownSafe(n)}`);
  out.push('');
  if (v.reproduce !== undefined) out.push('Reproduce:', '', ...fenced(escapeText(v.reproduce), 'sh'), '');
  if (v.violations.length > 0) out.push(...fenced(v.violations.map(formatViolation).join('\n')), '');
  if (v.diff) out.push(...fenced(v.diff, 'diff'), '');
  if (v.metamorphic?.diff)
    out.push('Base run against metamorphic variant:', '', ...fenced(v.metamorphic.diff, 'diff'), '');
  if (v.state?.diff) out.push('Base run against the query asked again:', '', ...fenced(v.state.diff, 'diff'), '');
  if (v.error?.stderr_tail) out.push('Provider stderr (tail):', '', ...fenced(v.error.stderr_tail), '');
  return out;
}
