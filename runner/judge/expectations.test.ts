import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UsageError } from '../io/cli-io.js';
import { applyExpectations, parseExpectations } from './expectations.js';
import type { Verdict, VectorJudgement } from './verdict.js';

const judged = (id: string, verdict: Verdict): VectorJudgement => ({
  id,
  category: id.split('/')[0] ?? '',
  clauses: [],
  interpretations: [],
  verdict,
  fail_clauses: [],
  violations: [],
  notes: [],
});

test('an expected failure is XFAIL, an expected failure that passes is XPASS', () => {
  const e = parseExpectations(
    [
      { id: 'stale/a', verdict: 'FAIL', reason: 'known bug #1' },
      { id: 'stale/b', verdict: 'ERROR', reason: 'not implemented' },
      { id: 'stale/c', verdict: 'FAIL', reason: 'fixed since' },
    ],
    'test',
  );
  const { judgements, unknown } = applyExpectations(
    [judged('stale/a', 'FAIL'), judged('stale/b', 'ERROR'), judged('stale/c', 'PASS'), judged('stale/d', 'FAIL')],
    e,
    new Set(['stale/a', 'stale/b', 'stale/c', 'stale/d']),
  );
  assert.equal(judgements.map((j) => [j.verdict, j.raw_verdict]), [
    ['XFAIL', 'FAIL'],
    ['XFAIL', 'ERROR'],
    ['XPASS', 'PASS'],
    ['FAIL', undefined],
  ]);
  assert.equal(unknown, []);
});

test('a failure of another kind keeps its verdict; an entry naming no vector is reported', () => {
  const e = parseExpectations([{ id: 'x/1', verdict: 'FAIL', reason: 'r' }, { id: 'gone/2', verdict: 'ERROR', reason: 'r' }], 'test');
  const { judgements, unknown } = applyExpectations([judged('x/1', 'ERROR')], e, new Set(['x/1']));
  assert.is(judgements[0]?.verdict, 'ERROR');
  assert.ok(judgements[0]?.notes.some((n) => n.includes('expected FAIL')));
  assert.equal(unknown.map((u) => u.id), ['gone/2']);
});

test('a vector outside the selection but in the set is not "unknown"', () => {
  const e = parseExpectations([{ id: 'other/1', verdict: 'FAIL', reason: 'r' }], 'test');
  assert.equal(applyExpectations([], e, new Set(['other/1'])).unknown, []);
});

test('malformed files are usage errors', () => {
  for (const bad of [{}, [{ id: 'a', verdict: 'PASS', reason: 'r' }], [{ id: 'a', verdict: 'FAIL' }], [{ id: 'a', verdict: 'FAIL', reason: ' ' }], [
    { id: 'a', verdict: 'FAIL', reason: 'r' },
    { id: 'a', verdict: 'ERROR', reason: 'r' },
  ], [{ id: 'a', verdict: 'FAIL', reason: 'r', extra: 1 }]]) {
    assert.throws(() => parseExpectations(bad, 't'), (e: unknown) => e instanceof UsageError);
  }
});

test.run();
