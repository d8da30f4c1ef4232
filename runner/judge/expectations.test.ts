import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UsageError } from '../io/cli-io.js';
import { applyExpectations, parseExpectations } from './expectations.js';
import { judgement } from '../test-support/sample-report.js';
import type { VectorJudgement } from './verdict.js';

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
    [
      judgement('stale/a', 'FAIL'),
      judgement('stale/b', 'ERROR'),
      judgement('stale/c', 'PASS'),
      judgement('stale/d', 'FAIL'),
    ],
    e,
    new Set(['stale/a', 'stale/b', 'stale/c', 'stale/d']),
  );
  assert.equal(
    judgements.map((j) => [j.verdict, j.raw_verdict]),
    [
      ['XFAIL', 'FAIL'],
      ['XFAIL', 'ERROR'],
      ['XPASS', 'PASS'],
      ['FAIL', undefined],
    ],
  );
  // The XPASS says what to do about it: the entry that expects a failure is stale.
  assert.equal(judgements[2]?.notes, [
    'passed, but the expectations file expects FAIL: remove the entry stale/c ' +
      '(run --update-expectations FILE rewrites the file from a run)',
  ]);
  assert.equal(unknown, []);
});

test('an XPASS under a prefix entry says to narrow the prefix, not to remove it', () => {
  const e = parseExpectations([{ id: 'stale/*', verdict: 'ERROR', reason: 'not implemented' }], 'test');
  const { judgements } = applyExpectations(
    [judgement('stale/a', 'ACCEPTABLE'), judgement('stale/b', 'ERROR')],
    e,
    new Set(['stale/a', 'stale/b']),
  );
  assert.equal(
    judgements.map((j) => [j.verdict, j.notes]),
    [
      [
        'XPASS',
        [
          'passed, but the expectations file expects ERROR: narrow the prefix entry stale/* so it no longer names ' +
            'this vector (run --update-expectations FILE rewrites the file from a run)',
        ],
      ],
      ['XFAIL', []],
    ],
  );
});

test('a failure of another kind keeps its verdict; an entry naming no vector is reported', () => {
  const e = parseExpectations(
    [
      { id: 'x/1', verdict: 'FAIL', reason: 'r' },
      { id: 'gone/2', verdict: 'ERROR', reason: 'r' },
    ],
    'test',
  );
  const { judgements, unknown } = applyExpectations([judgement('x/1', 'ERROR')], e, new Set(['x/1']));
  assert.is(judgements[0]?.verdict, 'ERROR');
  assert.ok(judgements[0]?.notes.some((n) => n.includes('expected FAIL')));
  assert.equal(
    unknown.map((u) => u.id),
    ['gone/2'],
  );
});

test('a vector outside the selection but in the set is not "unknown"', () => {
  const e = parseExpectations([{ id: 'other/1', verdict: 'FAIL', reason: 'r' }], 'test');
  assert.equal(applyExpectations([], e, new Set(['other/1'])).unknown, []);
});

const failing = (id: string, clauses: string[]): VectorJudgement => ({
  ...judgement(id, 'FAIL'),
  fail_clauses: clauses,
});

test('a prefix ending in * governs the vectors it starts; the exact id, then the longest prefix, wins', () => {
  const e = parseExpectations(
    [
      { id: 'stale/*', verdict: 'FAIL', reason: 'layout' },
      { id: 'stale/deep/*', verdict: 'ERROR', reason: 'crashes' },
      { id: 'stale/deep/x', verdict: 'FAIL', reason: 'exact' },
    ],
    'test',
  );
  const { judgements } = applyExpectations(
    [
      judgement('stale/a', 'FAIL'),
      judgement('stale/deep/y', 'ERROR'),
      judgement('stale/deep/x', 'FAIL'),
      judgement('stalemate/b', 'FAIL'),
    ],
    e,
    new Set(['stale/a', 'stale/deep/y', 'stale/deep/x', 'stalemate/b']),
  );
  assert.equal(
    judgements.map((j) => [j.id, j.verdict, j.expectation?.reason]),
    [
      ['stale/a', 'XFAIL', 'layout'],
      ['stale/deep/y', 'XFAIL', 'crashes'],
      ['stale/deep/x', 'XFAIL', 'exact'],
      // "stale/*" is the prefix "stale/", which "stalemate/b" does not start with.
      ['stalemate/b', 'FAIL', undefined],
    ],
  );
});

test('a prefix naming no vector of the set is unknown', () => {
  const e = parseExpectations(
    [
      { id: 'gone/*', verdict: 'FAIL', reason: 'r' },
      { id: 'x/*', verdict: 'FAIL', reason: 'r' },
    ],
    'test',
  );
  assert.equal(
    applyExpectations([], e, new Set(['x/1'])).unknown.map((u) => u.id),
    ['gone/*'],
  );
});

test('pinned clauses: a FAIL violating only listed clauses is XFAIL; one more clause and it FAILs again', () => {
  const e = parseExpectations(
    [{ id: 'a/*', verdict: 'FAIL', reason: 'layout', clauses: ['KD-CANON-12', 'KD-CANON-02'] }],
    'test',
  );
  assert.equal(e[0]?.clauses, ['KD-CANON-02', 'KD-CANON-12']);
  const { judgements } = applyExpectations(
    [
      failing('a/1', ['KD-CANON-12']),
      failing('a/2', ['KD-CANON-02', 'KD-CANON-12']),
      failing('a/3', ['KD-CANON-12', 'KD-ORDER-06']),
    ],
    e,
    new Set(['a/1', 'a/2', 'a/3']),
  );
  assert.equal(
    judgements.map((j) => j.verdict),
    ['XFAIL', 'XFAIL', 'FAIL'],
  );
  assert.match(judgements[2]?.notes.join('\n') ?? '', /also KD-ORDER-06/);
});

test('malformed files are usage errors', () => {
  for (const bad of [
    [{ id: 'a*b', verdict: 'FAIL', reason: 'r' }],
    [{ id: 'a', verdict: 'ERROR', reason: 'r', clauses: ['KD-CANON-02'] }],
    [{ id: 'a', verdict: 'FAIL', reason: 'r', clauses: [] }],
    [{ id: 'a', verdict: 'FAIL', reason: 'r', clauses: ['canon'] }],
  ]) {
    assert.throws(
      () => parseExpectations(bad, 't'),
      (e: unknown) => e instanceof UsageError,
    );
  }
  assert.throws(
    () =>
      parseExpectations(
        [
          { id: 'a', verdict: 'FAIL', reason: 'r' },
          { id: 'b', verdict: 'FAIL', reason: 'r', extra: 1 },
        ],
        'f.json',
      ),
    (e: unknown) => e instanceof UsageError && e.message.includes('f.json at /1/extra'),
  );

  for (const bad of [
    {},
    [{ id: 'a', verdict: 'PASS', reason: 'r' }],
    [{ id: 'a', verdict: 'FAIL' }],
    [{ id: 'a', verdict: 'FAIL', reason: ' ' }],
    [
      { id: 'a', verdict: 'FAIL', reason: 'r' },
      { id: 'a', verdict: 'ERROR', reason: 'r' },
    ],
    [{ id: 'a', verdict: 'FAIL', reason: 'r', extra: 1 }],
  ]) {
    assert.throws(
      () => parseExpectations(bad, 't'),
      (e: unknown) => e instanceof UsageError,
    );
  }
});

test.run();
