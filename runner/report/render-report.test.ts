import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { create } from 'xmlbuilder2';
import { errorFromFault } from '../judge/judge-vector.js';
import { unifiedDiff } from '../judge/unified-diff.js';
import type { VectorJudgement } from '../judge/verdict.js';
import type { GateReport } from './gate-report.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';
import { judgement, reportOf } from '../test-support/sample-report.js';
import { PassThrough } from 'node:stream';
import { consoleReporter } from './console-reporter.js';
import { renderHtml } from './render-html.js';
import { renderJobSummary } from './render-job-summary.js';

const hostile = 'bad\u0000\u001b[2J\u0007</failure><x>&amp;```|*_\u202e\ud800';

function report(): GateReport {
  const error: VectorJudgement = {
    id: 'stale/a',
    category: 'stale',
    clauses: [],
    interpretations: [],
    verdict: 'ERROR',
    fail_clauses: [],
    violations: [],
    error: errorFromFault({ kind: 'crash', message: hostile, stderrTail: Buffer.from(`${hostile}\nlast line`) }),
    notes: [],
  };
  const fail: VectorJudgement = {
    id: 'stale/b',
    category: 'stale',
    clauses: ['KD-CANON-02'],
    interpretations: [],
    verdict: 'FAIL',
    fail_clauses: ['KD-CANON-02'],
    clause_source: 'verifier',
    violations: [{ code: 'x', clause: 'KD-CANON-02', message: 'm', actual: hostile }],
    diff: unifiedDiff(
      new Uint8Array(Buffer.from('{\n  "a": 1\n}\n')),
      new Uint8Array(Buffer.from(`{\n  "a": "${hostile}"\n}\n`)),
    ),
    notes: [],
  };
  return reportOf([error, fail], {
    provider: { name: hostile, version: '1\u001b', interpretations: [hostile], adapter: 'process-persistent' },
  });
}

// Every character XML 1.0 cannot carry, and every terminal control.
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202e\ud800-\udfff]/;

test('JUnit: well-formed XML, no control or bidi character, the vector set and provider named', () => {
  const xml = renderJunit(report());
  assert.not.match(xml, UNSAFE);
  const doc = create(xml).end({ format: 'object' }) as { testsuites: { testsuite: { testcase: unknown[] } } };
  assert.is(doc.testsuites.testsuite.testcase.length, 2);
  assert.match(xml, /name="vector_set_sha256" value="f{64}"/);
  assert.match(xml, /<failure type="FAIL" message="FAIL KD-CANON-02">/);
  assert.match(xml, /<error type="crash"/);
  assert.not.match(xml, /<x>/);
});

test('Markdown: no control character, markup neutralised, diffs fenced beyond any backtick run', () => {
  const md = renderMarkdown(report());
  assert.not.match(md, UNSAFE);
  assert.match(md, /vector set \| `f{64}`/);
  assert.match(md, /\\u\{1b\}/);
  // The provider's ``` sits inside a longer fence, so it cannot close it.
  assert.match(md, /````diff\n/);
  // Outside code fences nothing is raw HTML or table syntax from the provider.
  const prose = md.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
  assert.not.match(prose, /<x>/);
  assert.not.match(prose, /[^\\]\*_/);
});

/**
 * One failure of each severity, listed by id in the reverse of their severity: a wrong value (KD-RES-11), an order
 * (KD-ORDER-06), a layout (KD-CANON-02: a 2- against a 4-space indent, parting at byte 4), an ERROR, a NOT-RUN.
 */
function severities(): GateReport {
  const B = 'bbbbbbbb… "b"';
  const C = 'cccccccc… "c"';
  return reportOf([
    judgement('a/error', 'ERROR', { error: { kind: 'crash', message: 'boom' } }),
    judgement('b/layout', 'FAIL', {
      fail_clauses: ['KD-CANON-02'],
      difference: {
        kind: 'layout',
        offset: 4,
        context_start: 0,
        expected_context: '{\n  "a": 1\n}\n',
        actual_context: '{\n    "a": 1\n}\n',
        expected_length: 13,
        actual_length: 15,
      },
    }),
    judgement('c/order', 'FAIL', {
      fail_clauses: ['KD-ORDER-06'],
      difference: {
        kind: 'order',
        pointers: ['/operations'],
        arrays: [{ pointer: '/operations', length: 3, from: 1, expected: [B, C], actual: [C, B] }],
      },
    }),
    judgement('d/value', 'FAIL', {
      fail_clauses: ['KD-RES-11'],
      difference: { kind: 'values', pointers: ['/status'], more: 0 },
      diff: '--- expected\n+++ actual\n-  "status": "complete"\n+  "status": "partial"\n',
    }),
    judgement('e/not-run', 'NOT-RUN', { error: { kind: 'not-run', message: 'the provider could not start' } }),
  ]);
}

/** The ids in the order they first appear in `text`. */
function firstSeen(text: string): string[] {
  const ids = ['a/error', 'b/layout', 'c/order', 'd/value', 'e/not-run'];
  return ids.filter((id) => text.includes(id)).sort((x, y) => text.indexOf(x) - text.indexOf(y));
}

const SEVERITY = ['d/value', 'c/order', 'b/layout', 'a/error', 'e/not-run'];

test('every text format lists failures by severity; a layout context is escaped once, whitespace marked', () => {
  const out = new PassThrough();
  let consoleText = '';
  out.on('data', (c: Buffer) => (consoleText += c.toString('utf8')));
  consoleReporter(out, false, { kind: 'line' }).summary(severities());
  const md = renderMarkdown(severities());
  const html = renderHtml(severities());
  const summary = renderJobSummary(severities());
  assert.equal(firstSeen(consoleText), SEVERITY);
  assert.equal(firstSeen(md.slice(md.indexOf('## Vectors that fail the gate'))), SEVERITY);
  assert.equal(firstSeen(html.slice(html.indexOf('<table id="vectors"'))), SEVERITY);
  assert.equal(firstSeen(summary.slice(summary.indexOf('<details>'))), SEVERITY);

  // The 2- and the 4-space indent read differently in each sink, each escaped once.
  assert.match(consoleText, '      expected (13 bytes): {\\n··"a":·1\\n}\\n\n      actual (15 bytes): {\\n····"a"');
  assert.match(md, '  - expected (13 bytes): {\\\\n··"a":·1\\\\n}\\\\n\n');
  assert.match(summary, '  - actual (15 bytes): {\\\\n····"a":·1\\\\n}\\\\n\n');
  assert.match(
    html,
    '  expected (13 bytes): {\\n··&quot;a&quot;:·1\\n}\\n\n  actual (15 bytes): {\\n····&quot;a&quot;',
  );
  assert.not.match(html, '{\\\\n');
  assert.match(renderJunit(severities()), '  expected (13 bytes): {\\n··"a":·1\\n}\\n\n  actual (15 bytes)');
});

test('every format shows an order-only FAIL as its pointer and the two orders of its identities', () => {
  const out = new PassThrough();
  let consoleText = '';
  out.on('data', (c: Buffer) => (consoleText += c.toString('utf8')));
  consoleReporter(out, false, { kind: 'line' }).summary(severities());
  const orders = 'expected: bbbbbbbb… "b", cccccccc… "c"';
  assert.match(consoleText, `    order only at /operations: the same values in another order (KD-ORDER-*)\n`);
  assert.match(
    consoleText,
    `      /operations: 3 elements, the orders part at index 1; from there:\n        ${orders}\n`,
  );
  assert.match(renderMarkdown(severities()), '    - expected: bbbbbbbb… "b", cccccccc… "c"\n');
  assert.match(renderJunit(severities()), `    ${orders}\n`);
  assert.match(renderHtml(severities()), 'expected: bbbbbbbb… &quot;b&quot;, cccccccc… &quot;c&quot;');
  assert.match(renderJobSummary(severities()), '    - actual:   cccccccc… "c", bbbbbbbb… "b"');
});

test.run();
