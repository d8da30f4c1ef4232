import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { create } from 'xmlbuilder2';
import { errorFromFault } from '../judge/judge-vector.js';
import { unifiedDiff } from '../judge/unified-diff.js';
import type { VectorJudgement } from '../judge/verdict.js';
import type { GateReport } from './gate-report.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';
import { reportOf } from '../test-support/sample-report.js';

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

test.run();
