/**
 * The gate report as one self-contained HTML file (`--report html`): the gate, the counts,
 * the summaries by category and by violated clause, and a table of every vector, filterable
 * by verdict, category and clause, with each failure's violations, diff and provider stderr.
 *
 * Nothing is fetched: the style and the filter script are inline, and the Content Security
 * Policy allows exactly those two (by SHA-256) and nothing else, no network, no image, no
 * other script. Every provider-controlled text goes through the html escaper (element
 * content and quoted attributes), and the script only reads data attributes and sets
 * `hidden` and `textContent`, so provider bytes never become markup or script.
 */
import { describeHermetic } from '../hermetic/hermetic-observation.js';
import { describeSandbox } from '../sandbox/describe-sandbox.js';
import { compareUtf8, escapeFor, formatViolation, sha256Bytes } from '../../oracle/index.js';
import { htmlSafe } from '../../oracle/internal.js';
import type { DifferenceClass } from '../judge/classify-difference.js';
import { VERDICTS, type Verdict, type VectorJudgement } from '../judge/verdict.js';
import { describeProvider, differenceLines } from './describe.js';
import { describeFreshPhase, freshLabel } from './fresh-phase-report.js';
import type { GateReport } from './gate-report.js';
import { bySeverity } from './severity-order.js';

/**
 * How each verdict's cells look: `pass` green (it passes the gate), `fail` red and bold. The table names every
 * verdict, so one without a look is a compile error; its order is the order of the selectors in the style.
 */
const VERDICT_LOOK = {
  PASS: 'pass',
  ACCEPTABLE: 'pass',
  XFAIL: 'pass',
  FAIL: 'fail',
  ERROR: 'fail',
  XPASS: 'fail',
  'NOT-RUN': 'fail',
} as const satisfies Record<Verdict, 'pass' | 'fail'>;

/** The selectors of the verdicts with one look, `.PASS, .ACCEPTABLE, …`. */
function verdictSelectors(look: 'pass' | 'fail'): string {
  const verdicts = Object.keys(VERDICT_LOOK) as Verdict[];
  return verdicts
    .filter((v) => VERDICT_LOOK[v] === look)
    .map((v) => `.${v}`)
    .join(', ');
}

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #1b1b1b; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
td.n { text-align: right; }
pre { white-space: pre-wrap; word-break: break-all; background: #f6f6f6; padding: 0.5em; margin: 0.3em 0; }
${verdictSelectors('pass')} { color: #17621f; }
${verdictSelectors('fail')} { color: #a11; font-weight: bold; }
#filters { margin: 0.5em 0; }
#filters label { margin-right: 1em; }
`;

const SCRIPT = `
(function () {
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.vector'));
  var verdict = document.getElementById('filter-verdict');
  var category = document.getElementById('filter-category');
  var clause = document.getElementById('filter-clause');
  var shown = document.getElementById('shown');
  function apply() {
    var n = 0;
    rows.forEach(function (row) {
      var ok = (verdict.value === '' || row.getAttribute('data-verdict') === verdict.value) &&
        (category.value === '' || row.getAttribute('data-category') === category.value) &&
        (clause.value === '' || (' ' + row.getAttribute('data-clauses') + ' ').indexOf(' ' + clause.value + ' ') >= 0);
      row.hidden = !ok;
      if (ok) n += 1;
    });
    shown.textContent = n + ' of ' + rows.length + ' vectors';
  }
  [verdict, category, clause].forEach(function (s) { s.addEventListener('change', apply); });
  apply();
})();
`;

function cspHash(text: string): string {
  return `'sha256-${Buffer.from(sha256Bytes(text)).toString('base64')}'`;
}

/** The Content Security Policy: the inline style and script by hash, nothing else. */
export function htmlPolicy(): string {
  return [
    "default-src 'none'",
    `style-src ${cspHash(STYLE)}`,
    `script-src ${cspHash(SCRIPT)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** Escaped text for element content or a double-quoted attribute. */
function h(text: string): string {
  return escapeFor('html', text);
}

/**
 * Text the report already holds escaped by the base rule (provider messages, stderr, diffs, violations) for element
 * content: only its markup neutralised, so a backslash the escaper wrote is shown once, not doubled.
 */
function hEscaped(text: string): string {
  return htmlSafe(text);
}

/** A difference as its lines, escaped once for HTML (layout whitespace as marks, so no run of spaces collapses). */
function differenceBlock(d: DifferenceClass): string {
  const lines = differenceLines(d, 'html').map((l) => `${'  '.repeat(l.depth)}${l.text}`);
  return `<pre class="difference">${lines.join('\n')}</pre>`;
}

function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareUtf8);
}

function options(id: string, label: string, values: readonly string[]): string {
  const opts = values.map((v) => `<option value="${h(v)}">${h(v)}</option>`).join('');
  return `<label>${label} <select id="${id}"><option value="">all</option>${opts}</select></label>`;
}

/** The clauses a row is found by: those it violates, then those it exercises. */
function rowClauses(v: VectorJudgement): string[] {
  return sortedUnique([...v.fail_clauses, ...v.clauses]);
}

function detailOf(v: VectorJudgement): string {
  const parts: string[] = [];
  if (v.difference) parts.push(differenceBlock(v.difference));
  if (v.error)
    parts.push(`<p>${h(`${v.error.kind}${v.error.code ? ` ${v.error.code}` : ''}: `)}${hEscaped(v.error.message)}</p>`);
  if (v.expectation) parts.push(`<p>expectation: ${h(`${v.expectation.verdict}: ${v.expectation.reason}`)}</p>`);
  if (v.acceptable) parts.push(`<p>alternative ${h(v.acceptable.name)} (${h(v.acceptable.interpretation)})</p>`);
  if (v.metamorphic && !v.metamorphic.ok) {
    parts.push(`<p>metamorphic (seed ${v.metamorphic.seed}): ${hEscaped(v.metamorphic.detail ?? '')}</p>`);
    if (v.metamorphic.difference) parts.push(differenceBlock(v.metamorphic.difference));
  }
  if (v.state && !v.state.ok) {
    parts.push(`<p>state: ${hEscaped(v.state.detail)}</p>`);
    if (v.state.difference) parts.push(differenceBlock(v.state.difference));
  }
  for (const n of v.notes) parts.push(`<p>note: ${hEscaped(n)}</p>`);
  if (v.violations.length > 0)
    parts.push(`<pre class="violations">${hEscaped(v.violations.map(formatViolation).join('\n'))}</pre>`);
  if (v.diff) parts.push(`<pre class="diff">${hEscaped(v.diff)}</pre>`);
  if (v.metamorphic?.diff) parts.push(`<pre class="diff">${hEscaped(v.metamorphic.diff)}</pre>`);
  if (v.state?.diff) parts.push(`<pre class="diff">${hEscaped(v.state.diff)}</pre>`);
  if (v.error?.stderr_tail)
    parts.push(`<p>provider stderr (tail):</p><pre class="stderr">${hEscaped(v.error.stderr_tail)}</pre>`);
  return parts.length === 0 ? '' : `<details><summary>details</summary>${parts.join('')}</details>`;
}

function vectorRow(v: VectorJudgement): string {
  const clauses = h(rowClauses(v).join(' '));
  const attrs = `data-verdict="${h(v.verdict)}" data-category="${h(v.category)}" data-clauses="${clauses}"`;
  const time = v.duration_ms === undefined ? '' : `${v.duration_ms.toFixed(3)} ms`;
  return (
    `<tr class="vector" ${attrs}><td>${h(v.id)}</td><td class="${h(v.verdict)}">${h(v.verdict)}</td>` +
    `<td>${h(v.fail_clauses.join(' '))}</td><td class="n">${time}</td><td>${detailOf(v)}</td></tr>`
  );
}

/** A fresh case's row: as a vector's, outside the filtered table. */
function freshRow(v: VectorJudgement): string {
  const time = v.duration_ms === undefined ? '' : `${v.duration_ms.toFixed(3)} ms`;
  const reproduce = v.reproduce === undefined ? '' : `<pre class="reproduce">${h(v.reproduce)}</pre>`;
  return (
    `<tr class="fresh"><td>${h(v.id)}</td><td class="${h(v.verdict)}">${h(v.verdict)}</td>` +
    `<td>${h(v.fail_clauses.join(' '))}</td><td class="n">${time}</td><td>${reproduce}${detailOf(v)}</td></tr>`
  );
}

/** Renders the report as one HTML document. */
export function renderHtml(report: GateReport): string {
  const gate = report.gate.passed ? 'PASSED' : 'FAILED';
  // Each cell's text escaped once: describeProvider has escaped the provider's name already.
  const meta: [string, string][] = [
    ['vector set', h(report.vector_set_sha256)],
    ['provider', hEscaped(describeProvider(report.provider))],
    ['kit', h(`kofun-ctk ${report.kit_version}`)],
    ['started', h(`${report.started_at} on ${report.hostname}`)],
    ['wall time', h(`${(report.duration_ms / 1000).toFixed(3)} s`)],
    ['exit status', h(String(report.gate.exit_code))],
    ['seed', h(`${report.metamorphic.seed} (replay with --seed ${report.metamorphic.seed})`)],
  ];
  if (report.fresh !== undefined) meta.push(['fresh', describeFreshPhase(report.fresh)]);
  if (report.provider && report.provider.interpretations.length > 0)
    meta.push(['interpretations', h(report.provider.interpretations.join(', '))]);
  if (report.sandbox !== undefined) meta.push(['sandbox', h(describeSandbox(report.sandbox))]);
  if (report.hermetic !== undefined) meta.push(['hermetic', h(describeHermetic(report.hermetic))]);
  const out: string[] = [];
  out.push('<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">');
  out.push(`<meta http-equiv="Content-Security-Policy" content="${h(htmlPolicy())}">`);
  out.push(`<title>kofun-ctk gate: ${gate}</title><style>${STYLE}</style></head><body>`);
  out.push(`<h1>kofun-ctk gate: <span id="gate" class="${report.gate.passed ? 'PASS' : 'FAIL'}">${gate}</span></h1>`);
  out.push(`<table id="meta">${meta.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join('')}</table>`);
  out.push(`<table id="counts"><tr>${VERDICTS.map((v) => `<th>${v}</th>`).join('')}</tr>`);
  out.push(
    `<tr>${VERDICTS.map((v) => `<td class="n" data-count="${v}">${report.counts[v]}</td>`).join('')}</tr></table>`,
  );
  if (report.gate.reasons.length > 0) {
    out.push(
      `<h2>Why the gate failed</h2><ul id="reasons">${report.gate.reasons.map((r) => `<li>${h(r)}</li>`).join('')}` +
        '</ul>',
    );
  }
  out.push('<h2>By category</h2><table id="by-category">');
  out.push(`<tr><th>category</th><th>vectors</th>${VERDICTS.map((v) => `<th>${v}</th>`).join('')}</tr>`);
  for (const c of report.summary.by_category) {
    const cells = VERDICTS.map((v) => `<td class="n">${c.counts[v]}</td>`).join('');
    out.push(`<tr><td>${h(c.category)}</td><td class="n">${c.total}</td>${cells}</tr>`);
  }
  out.push('</table>');
  if (report.summary.by_clause.length > 0) {
    out.push('<h2>By violated clause</h2><table id="by-clause">');
    out.push('<tr><th>clause</th><th>failing</th><th>expected (XFAIL)</th><th>categories</th></tr>');
    for (const c of report.summary.by_clause) {
      const cats = h(c.categories.join(', '));
      out.push(
        `<tr><td>${h(c.clause)}</td><td class="n">${c.failing}</td><td class="n">${c.expected}</td>` +
          `<td>${cats}</td></tr>`,
      );
    }
    out.push('</table>');
  }
  if (report.summary.by_error.length > 0) {
    out.push(
      '<h2>Without result bytes</h2><table id="by-error">' +
        '<tr><th>error</th><th>failing</th><th>expected (XFAIL)</th></tr>',
    );
    for (const e of report.summary.by_error) {
      out.push(`<tr><td>${h(e.kind)}</td><td class="n">${e.failing}</td><td class="n">${e.expected}</td></tr>`);
    }
    out.push('</table>');
  }
  const alternatives = report.summary.by_alternative ?? [];
  if (alternatives.length > 0) {
    out.push(
      '<h2>Passed by a named alternative</h2><table id="by-alternative">' +
        '<tr><th>register entry</th><th>alternative</th><th>vectors</th><th>declared</th></tr>',
    );
    for (const a of alternatives) {
      out.push(
        `<tr><td>${h(a.interpretation)}</td><td>${h(a.name)}</td>` +
          `<td class="n">${a.vectors}</td><td class="n">${a.declared}</td></tr>`,
      );
    }
    out.push('</table>');
  }
  const verdicts = VERDICTS.filter((v) => report.counts[v] > 0);
  const categories = sortedUnique(report.vectors.map((v) => v.category));
  const clauses = sortedUnique(report.vectors.flatMap(rowClauses));
  out.push('<h2>Vectors</h2><div id="filters">');
  out.push(options('filter-verdict', 'verdict', verdicts), options('filter-category', 'category', categories));
  out.push(
    options('filter-clause', 'clause', clauses),
    `<span id="shown">${report.vectors.length} vectors</span></div>`,
  );
  out.push('<table id="vectors"><thead><tr><th>vector</th><th>verdict</th><th>violated clauses</th><th>wall time</th>');
  out.push('<th></th></tr></thead><tbody>');
  // What matters most first (severity-order.ts); the JSON report keeps the id order.
  for (const v of bySeverity(report.vectors)) out.push(vectorRow(v));
  out.push('</tbody></table>');
  if (report.fresh !== undefined && report.fresh.cases.length > 0) {
    out.push('<h2>Fresh cases</h2><table id="fresh"><thead><tr><th>case</th><th>verdict</th>');
    out.push('<th>violated clauses</th><th>wall time</th><th></th></tr></thead><tbody>');
    for (const c of report.fresh.cases) out.push(freshRow({ ...c.judgement, id: freshLabel(c) }));
    out.push('</tbody></table>');
  }
  out.push(`<script>${SCRIPT}</script></body></html>`);
  return `${out.join('\n')}\n`;
}
