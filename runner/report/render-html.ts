/**
 * The gate report as one self-contained HTML file (`--report html`): the gate, the counts,
 * the summaries by category and by violated clause, and a table of every vector, filterable
 * by verdict, category and clause, with each failure's violations, diff and provider stderr.
 *
 * It can point at one failure: every vector and fresh case has an anchor (`#vector-<id>`,
 * `#fresh-<id>-seed-<seed>`) its id links to, and the filters live in the address
 * (`#verdict=FAIL&category=stale&clause=KD-CANON-02`, with or without an anchor, or the same
 * as a query), so a link opens the report filtered, scrolled to the row and with its details
 * open. What a row says beyond its cells (the reproduce command of a failure, always shown;
 * the details, opened on demand) sits in a full-width row under it, so an opened row never
 * squeezes the columns.
 *
 * Nothing is fetched: the style and the filter script are inline, and the Content Security
 * Policy allows exactly those two (by SHA-256) and nothing else, no network, no image, no
 * other script. Every provider-controlled text goes through the html escaper (element
 * content and quoted attributes), and the script only reads data attributes and sets
 * `hidden` and `textContent`, so provider bytes never become markup or script.
 */
import { describeHermetic } from '../hermetic/hermetic-observation.js';
import { describeLimits, describeSandbox } from '../sandbox/describe-sandbox.js';
import { compareUtf8, escapeFor, formatViolation, sha256Bytes } from '../../oracle/index.js';
import { htmlSafe } from '../../oracle/internal.js';
import type { DifferenceClass } from '../judge/classify-difference.js';
import { VERDICTS, type Verdict, type VectorJudgement } from '../judge/verdict.js';
import { describeProvider, differenceLines } from './describe.js';
import { describeFreshPhase, freshLabel, type FreshCaseReport } from './fresh-phase-report.js';
import { gateHeadline, type GateReport } from './gate-report.js';
import { bySeverity } from './severity-order.js';

/**
 * How each verdict's cells look: `pass` green (it passes the gate), `fail` red and bold, `excepted` grey (never sent:
 * a feature the provider declares missing). The table names every verdict, so one without a look is a compile error;
 * its order is the order of the selectors in the style.
 */
const VERDICT_LOOK = {
  PASS: 'pass',
  ACCEPTABLE: 'pass',
  XFAIL: 'pass',
  FAIL: 'fail',
  ERROR: 'fail',
  XPASS: 'fail',
  'NOT-RUN': 'fail',
  'NOT-APPLICABLE': 'excepted',
} as const satisfies Record<Verdict, 'pass' | 'fail' | 'excepted'>;

/** The selectors of the verdicts with one look, `.PASS, .ACCEPTABLE, …`. */
function verdictSelectors(look: 'pass' | 'fail' | 'excepted'): string {
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
${verdictSelectors('excepted')} { color: #666; }
#filters { margin: 0.5em 0; }
#filters label { margin-right: 1em; }
table.rows { width: 100%; table-layout: fixed; }
table.rows td { overflow-wrap: anywhere; }
table.rows col.id { width: 40%; }
table.rows col.verdict { width: 12%; }
table.rows col.time { width: 12%; }
tr.detail > td { border-top: none; padding-left: 2em; }
tr.detail pre { max-height: 30em; overflow: auto; }
tr.target > td { background: #fff6d6; }
a.anchor { color: inherit; }
`;

const SCRIPT = `
(function () {
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.vector'));
  var verdict = document.getElementById('filter-verdict');
  var category = document.getElementById('filter-category');
  var clause = document.getElementById('filter-clause');
  var shown = document.getElementById('shown');
  var filters = { verdict: verdict, category: category, clause: clause };
  var target = null;
  function detailOf(row) {
    var next = row.nextElementSibling;
    return next !== null && next.classList.contains('detail') ? next : null;
  }
  function apply() {
    var n = 0;
    rows.forEach(function (row) {
      var ok = row === target || ((verdict.value === '' || row.getAttribute('data-verdict') === verdict.value) &&
        (category.value === '' || row.getAttribute('data-category') === category.value) &&
        (clause.value === '' || (' ' + row.getAttribute('data-clauses') + ' ').indexOf(' ' + clause.value + ' ') >= 0));
      row.hidden = !ok;
      var detail = detailOf(row);
      if (detail !== null) detail.hidden = !ok;
      if (ok) n += 1;
    });
    shown.textContent = n + ' of ' + rows.length + ' vectors';
  }
  function parts(text) {
    return text === '' ? [] : text.split('&').map(function (p) {
      try { return decodeURIComponent(p); } catch (e) { return ''; }
    });
  }
  function read() {
    var wanted = { verdict: '', category: '', clause: '' };
    var anchor = '';
    parts(location.search.replace(/^[?]/, '')).concat(parts(location.hash.replace(/^#/, ''))).forEach(function (p) {
      var eq = p.indexOf('=');
      var key = eq < 0 ? '' : p.slice(0, eq);
      if (Object.prototype.hasOwnProperty.call(wanted, key)) wanted[key] = p.slice(eq + 1);
      else if (eq < 0 && p !== '') anchor = p;
    });
    Object.keys(filters).forEach(function (key) {
      var select = filters[key];
      var known = Array.prototype.some.call(select.options, function (o) { return o.value === wanted[key]; });
      select.value = known ? wanted[key] : '';
    });
    if (target !== null) target.classList.remove('target');
    target = anchor === '' ? null : document.getElementById(anchor);
    if (target !== null && !target.classList.contains('vector') && !target.classList.contains('fresh')) target = null;
    apply();
    if (target !== null) {
      target.classList.add('target');
      var detail = detailOf(target);
      var details = detail === null ? null : detail.querySelector('details');
      if (details !== null) details.open = true;
      target.scrollIntoView();
    }
  }
  function write() {
    var state = Object.keys(filters).filter(function (key) { return filters[key].value !== ''; }).map(function (key) {
      return key + '=' + encodeURIComponent(filters[key].value);
    });
    var hash = state.length === 0 ? '' : '#' + state.join('&');
    try {
      history.replaceState(null, '', location.pathname + hash);
    } catch (e) {
      location.replace(hash === '' ? '#' : hash);
    }
  }
  Object.keys(filters).forEach(function (key) {
    filters[key].addEventListener('change', function () {
      if (target !== null) target.classList.remove('target');
      target = null;
      apply();
      write();
    });
  });
  window.addEventListener('hashchange', read);
  read();
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
  if (v.missing_features)
    parts.push(`<p>needs features ${h(v.missing_features.join(', '))}, which the provider declares missing</p>`);
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

/** The anchor of a vector's row: `vector-<id>`. */
export function vectorAnchor(id: string): string {
  return `vector-${id}`;
}

/** The anchor of a fresh case's row: `fresh-<id of the vector it derives from>-seed-<seed>`. */
export function freshAnchor(c: Pick<FreshCaseReport, 'from' | 'seed'>): string {
  return `fresh-${c.from}-seed-${c.seed}`;
}

/** An anchor as the fragment of a link: each character a fragment may not hold percent-encoded, `/` kept. */
function fragment(anchor: string): string {
  return encodeURIComponent(anchor).replace(/%2F/g, '/');
}

/**
 * A row and the full-width row under it: the reproduce command of a failure, shown as is, then the details, opened
 * on demand; the first cell links to the row itself.
 */
function rowPair(kind: 'vector' | 'fresh', anchor: string, attrs: string, label: string, v: VectorJudgement): string {
  const time = v.duration_ms === undefined ? '' : `${v.duration_ms.toFixed(3)} ms`;
  const row =
    `<tr class="${kind}" id="${h(anchor)}"${attrs}><td><a class="anchor" href="#${h(fragment(anchor))}">` +
    `${h(label)}</a></td><td class="${h(v.verdict)}">${h(v.verdict)}</td>` +
    `<td>${h(v.fail_clauses.join(' '))}</td><td class="n">${time}</td></tr>`;
  const reproduce = v.reproduce === undefined ? '' : `<pre class="reproduce">${h(v.reproduce)}</pre>`;
  const details = detailOf(v);
  if (reproduce === '' && details === '') return row;
  return `${row}\n<tr class="detail"><td colspan="4">${reproduce}${details}</td></tr>`;
}

function vectorRow(v: VectorJudgement): string {
  const clauses = h(rowClauses(v).join(' '));
  const attrs = ` data-verdict="${h(v.verdict)}" data-category="${h(v.category)}" data-clauses="${clauses}"`;
  return rowPair('vector', vectorAnchor(v.id), attrs, v.id, v);
}

/** A fresh case's rows: as a vector's, outside the filtered table. */
function freshRow(c: FreshCaseReport): string {
  return rowPair('fresh', freshAnchor(c), '', freshLabel(c), c.judgement);
}

/** The head of a table of rows: the column widths, then the headings. */
function rowsHead(id: string, first: string): string {
  return (
    `<table id="${id}" class="rows"><colgroup><col class="id"><col class="verdict"><col><col class="time">` +
    `</colgroup><thead><tr><th>${first}</th><th>verdict</th><th>violated clauses</th><th>wall time</th></tr>` +
    '</thead><tbody>'
  );
}

/** Renders the report as one HTML document. */
export function renderHtml(report: GateReport): string {
  const gate = h(gateHeadline(report.gate));
  const out: string[] = [];
  out.push('<!DOCTYPE html>', '<html lang="en"><head><meta charset="utf-8">');
  out.push(`<meta http-equiv="Content-Security-Policy" content="${h(htmlPolicy())}">`);
  out.push(`<title>kofun-ctk gate: ${gate}</title><style>${STYLE}</style></head><body>`);
  out.push(`<h1>kofun-ctk gate: <span id="gate" class="${report.gate.passed ? 'PASS' : 'FAIL'}">${gate}</span></h1>`);
  out.push(
    `<table id="meta">${metaRows(report)
      .map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`)
      .join('')}</table>`,
  );
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
  out.push(...summaryTables(report), ...vectorTables(report));
  out.push(`<script>${SCRIPT}</script></body></html>`);
  return `${out.join('\n')}\n`;
}

/** The rows of the report's head table, each cell's text escaped once. */
function metaRows(report: GateReport): [string, string][] {
  // describeProvider has escaped the provider's name already.
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
  const missing = report.gate.missing_features ?? [];
  if (missing.length > 0) {
    const allowed =
      report.gate.allow_missing_features === true ? 'accepted by --allow-missing-features' : 'not accepted';
    meta.push(['missing features', h(`${missing.join(', ')} (declared by the provider; ${allowed})`)]);
  }
  if (report.provider && report.provider.interpretations.length > 0)
    meta.push(['interpretations', h(report.provider.interpretations.join(', '))]);
  if (report.sandbox !== undefined) meta.push(['sandbox', h(describeSandbox(report.sandbox))]);
  if (report.sandbox?.limits !== undefined) meta.push(['limits', h(describeLimits(report.sandbox.limits))]);
  if (report.hermetic !== undefined) meta.push(['hermetic', h(describeHermetic(report.hermetic))]);
  return meta;
}

/** The summary's tables: by category, by violated clause, by error, by missing feature, by named alternative. */
function summaryTables(report: GateReport): string[] {
  const out: string[] = [];
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
  const features = report.summary.by_feature ?? [];
  if (features.length > 0) {
    out.push('<h2>Not applicable, by feature</h2><table id="by-feature">');
    out.push('<tr><th>feature the provider declares missing</th><th>vectors</th></tr>');
    for (const f of features) out.push(`<tr><td>${h(f.feature)}</td><td class="n">${f.vectors}</td></tr>`);
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
  return out;
}

/** The filters and the rows of the vectors, most severe first, then the fresh cases. */
function vectorTables(report: GateReport): string[] {
  const out: string[] = [];
  const verdicts = VERDICTS.filter((v) => report.counts[v] > 0);
  const categories = sortedUnique(report.vectors.map((v) => v.category));
  const clauses = sortedUnique(report.vectors.flatMap(rowClauses));
  out.push('<h2>Vectors</h2><div id="filters">');
  out.push(options('filter-verdict', 'verdict', verdicts), options('filter-category', 'category', categories));
  out.push(
    options('filter-clause', 'clause', clauses),
    `<span id="shown">${report.vectors.length} vectors</span></div>`,
  );
  out.push(rowsHead('vectors', 'vector'));
  // What matters most first (severity-order.ts); the JSON report keeps the id order.
  for (const v of bySeverity(report.vectors)) out.push(vectorRow(v));
  out.push('</tbody></table>');
  if (report.fresh !== undefined && report.fresh.cases.length > 0) {
    out.push('<h2>Fresh cases</h2>', rowsHead('fresh', 'case'));
    for (const c of report.fresh.cases) out.push(freshRow(c));
    out.push('</tbody></table>');
  }
  return out;
}
