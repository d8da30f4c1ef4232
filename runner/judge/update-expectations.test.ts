import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseExpectations } from './expectations.js';
import { expectationsText, updateExpectations } from './update-expectations.js';
import { judgement } from '../test-support/sample-report.js';

const known = (...ids: string[]): Set<string> => new Set(ids);

test('from nothing: one entry per FAIL and ERROR, clauses pinned, the provider message as reason, sorted', () => {
  const u = updateExpectations(
    [],
    [
      judgement('b/2', 'ERROR', {
        error: { kind: 'provider-error', code: 'unsupported', message: 'no wildcards yet' },
      }),
      judgement('a/1', 'FAIL', {
        fail_clauses: ['KD-ORDER-06', 'KD-CANON-12'],
        violations: [{ code: 'layout', clause: 'KD-CANON-12', message: 'not canonical' }],
      }),
      judgement('a/0', 'PASS'),
      judgement('c/3', 'NOT-RUN', { error: { kind: 'not-run', message: 'could not start' } }),
    ],
    known('a/0', 'a/1', 'b/2', 'c/3'),
  );
  assert.equal(u.entries, [
    {
      id: 'a/1',
      verdict: 'FAIL',
      reason: 'violates KD-ORDER-06 KD-CANON-12: not canonical',
      clauses: ['KD-CANON-12', 'KD-ORDER-06'],
    },
    { id: 'b/2', verdict: 'ERROR', reason: 'provider-error unsupported: no wildcards yet' },
  ]);
  assert.equal(u.added, ['a/1', 'b/2']);
  assert.equal(u.notRun, ['c/3']);
  assert.is(
    expectationsText(u.entries),
    '[\n  {\n    "id": "a/1",\n    "verdict": "FAIL",\n    "clauses": ' +
      '[\n      "KD-CANON-12",\n      "KD-ORDER-06"\n    ],\n' +
      '    "reason": "violates KD-ORDER-06 KD-CANON-12: not canonical"\n  },\n' +
      '  {\n    "id": "b/2",\n    "verdict": "ERROR",\n    "reason": "provider-error unsupported: ' +
      'no wildcards yet"\n  }\n]\n',
  );
});

test('reasons already written are kept; fixed vectors and unknown entries are dropped; unsent ones kept', () => {
  const previous = parseExpectations(
    [
      { id: 'a/1', verdict: 'ERROR', reason: 'bug #12' },
      { id: 'a/2', verdict: 'FAIL', reason: 'fixed in 2.0' },
      { id: 'gone/9', verdict: 'FAIL', reason: 'renamed' },
      { id: 'z/5', verdict: 'FAIL', reason: 'not in this shard' },
    ],
    't',
  );
  const u = updateExpectations(
    previous,
    // a/1 now FAILs (it was an ERROR): the entry follows the run, the reason stays.
    [judgement('a/1', 'FAIL', { fail_clauses: ['KD-CANON-02'] }), judgement('a/2', 'XPASS', { raw_verdict: 'PASS' })],
    known('a/1', 'a/2', 'z/5'),
  );
  assert.equal(u.entries, [
    { id: 'a/1', verdict: 'FAIL', reason: 'bug #12', clauses: ['KD-CANON-02'] },
    { id: 'z/5', verdict: 'FAIL', reason: 'not in this shard' },
  ]);
  assert.equal(u.removed, ['a/2', 'gone/9']);
  assert.equal(u.added, []);
});

test('a prefix entry stays while its vectors all still fail as it says, else it is replaced per vector', () => {
  const previous = parseExpectations(
    [
      { id: 'a/*', verdict: 'FAIL', reason: 'layout bug', clauses: ['KD-CANON-12'] },
      { id: 'b/*', verdict: 'ERROR', reason: 'b crashes' },
    ],
    't',
  );
  const run = [
    judgement('a/1', 'XFAIL', { raw_verdict: 'FAIL', fail_clauses: ['KD-CANON-12'] }),
    judgement('a/2', 'XFAIL', { raw_verdict: 'FAIL', fail_clauses: ['KD-CANON-12'] }),
    judgement('b/1', 'XFAIL', { raw_verdict: 'ERROR', error: { kind: 'crash', message: 'x' } }),
    judgement('b/2', 'XPASS', { raw_verdict: 'PASS' }),
  ];
  const u = updateExpectations(previous, run, known('a/1', 'a/2', 'b/1', 'b/2'));
  assert.equal(u.entries, [
    { id: 'a/*', verdict: 'FAIL', reason: 'layout bug', clauses: ['KD-CANON-12'] },
    { id: 'b/1', verdict: 'ERROR', reason: 'b crashes' },
  ]);
  assert.equal(u.replaced, ['b/*']);
});

test('the same run writes the same bytes, whatever the order of the judgements', () => {
  const run = [
    judgement('b/1', 'ERROR', { error: { kind: 'timeout', message: 't' } }),
    judgement('a/1', 'FAIL', { fail_clauses: ['KD-CANON-02'] }),
  ];
  const one = expectationsText(updateExpectations([], run, known('a/1', 'b/1')).entries);
  const two = expectationsText(updateExpectations([], [...run].reverse(), known('a/1', 'b/1')).entries);
  assert.is(one, two);
});

test.run();
