import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { VectorJudgement } from '../judge/verdict.js';
import { computeGate, type GateReport } from './gate-report.js';
import { mergeReports } from './merge-reports.js';
import { judgement, reportOf } from '../test-support/sample-report.js';
import { tracedObservation, untracedObservation, type HermeticReport } from '../hermetic/hermetic-observation.js';

function report(shard: string | null, vectors: VectorJudgement[], set = 'a'.repeat(64)): GateReport {
  return reportOf(vectors, {
    vector_set_sha256: set,
    selection: { categories: ['stale'], ids: [], clauses: [], shard, filtered: 3, total: vectors.length },
  });
}

test('gate: 0 when everything passes, 1 on FAIL/ERROR/XPASS even when incomplete, 3 on NOT-RUN alone', () => {
  assert.is(
    computeGate([judgement('a', 'PASS'), judgement('b', 'ACCEPTABLE'), judgement('c', 'XFAIL')], []).exit_code,
    0,
  );
  assert.is(computeGate([judgement('a', 'PASS'), judgement('b', 'FAIL')], []).exit_code, 1);
  assert.is(computeGate([judgement('a', 'XPASS')], []).exit_code, 1);
  assert.is(computeGate([judgement('a', 'ERROR')], []).exit_code, 1);
  // A failure found is a failure: the NOT-RUN beside it makes the run incomplete, not the exit status 3.
  const failedAndIncomplete = computeGate([judgement('a', 'FAIL'), judgement('b', 'NOT-RUN')], []);
  assert.is(failedAndIncomplete.exit_code, 1);
  assert.is(failedAndIncomplete.incomplete, true);
  assert.is(computeGate([judgement('a', 'ERROR')], [], ['the run was interrupted']).exit_code, 1);
  assert.is(computeGate([judgement('a', 'XPASS'), judgement('b', 'NOT-RUN')], []).exit_code, 1);
  const notRunOnly = computeGate([judgement('a', 'PASS'), judgement('b', 'NOT-RUN')], []);
  assert.is(notRunOnly.exit_code, 3);
  assert.is(notRunOnly.incomplete, true);
  assert.is(computeGate([judgement('a', 'PASS')], []).incomplete, false);
  assert.is(computeGate([judgement('a', 'PASS')], [{ id: 'gone', verdict: 'FAIL', reason: 'r' }]).exit_code, 1);
  assert.is(computeGate([], [], ['the provider could not start']).exit_code, 3);
});

test('shards of one vector set merge into one gate', () => {
  const merged = mergeReports([
    report('2/2', [judgement('stale/b', 'PASS')]),
    report('1/2', [judgement('stale/a', 'PASS'), judgement('stale/c', 'FAIL')]),
  ]);
  assert.ok(merged.ok);
  if (!merged.ok) return;
  assert.equal(
    merged.report.vectors.map((v) => v.id),
    ['stale/a', 'stale/b', 'stale/c'],
  );
  assert.is(merged.report.counts.FAIL, 1);
  assert.is(merged.report.gate.exit_code, 1);
  assert.is(merged.report.selection.shard, null);
});

test('reports of different vector sets are refused', () => {
  const merged = mergeReports([
    report('1/2', [judgement('stale/a', 'PASS')]),
    report('2/2', [judgement('stale/b', 'PASS')], 'b'.repeat(64)),
  ]);
  assert.not.ok(merged.ok);
  if (!merged.ok) assert.match(merged.message, /different vector sets/);
});

test('a missing shard makes the merge incomplete; overlapping shards are refused', () => {
  const partial = mergeReports([
    report('1/3', [judgement('stale/a', 'PASS')]),
    report('3/3', [judgement('stale/c', 'PASS')]),
  ]);
  assert.ok(partial.ok);
  if (partial.ok) {
    assert.is(partial.report.gate.exit_code, 3);
    assert.ok(partial.report.gate.reasons.includes('shard 2/3 is missing'));
  }
  assert.not.ok(
    mergeReports([report('1/2', [judgement('stale/a', 'PASS')]), report('2/2', [judgement('stale/a', 'PASS')])]).ok,
  );
});

test('hermetic sections merge: counts add up, an untraced shard leaves nothing observed, a mix is refused', () => {
  const traced = (instances: number, failed: number, outside: number): HermeticReport =>
    tracedObservation('strace -- version 6.1', { instances, vectorsWithEffects: failed, outside });
  const a = { ...report('1/2', [judgement('stale/a', 'PASS')]), hermetic: traced(2, 1, 3) };
  const b = { ...report('2/2', [judgement('stale/b', 'PASS')]), hermetic: traced(1, 0, 4) };
  const both = mergeReports([a, b]);
  assert.ok(both.ok);
  if (!both.ok) return;
  assert.is(both.report.hermetic?.ran, true);
  assert.is(both.report.hermetic?.facility, 'strace -- version 6.1');
  // 2 + 1 instances, 1 + 0 vectors, 3 + 4 effects outside any query.
  assert.is(both.report.hermetic?.traced_instances, 3);
  assert.is(both.report.hermetic?.vectors_with_effects, 1);
  assert.is(both.report.hermetic?.effects_outside_queries, 7);
  assert.equal(
    both.report.hermetic?.observed.map((o) => o.what),
    ['network', 'process-start'],
  );

  const untraced = { ...b, hermetic: untracedObservation('strace is not installed') };
  const half = mergeReports([a, untraced]);
  assert.ok(half.ok);
  if (!half.ok) return;
  assert.is(half.report.hermetic?.ran, false);
  assert.equal(half.report.hermetic?.observed, []);
  assert.is(half.report.hermetic?.reason, 'strace is not installed');

  const plain = report('2/2', [judgement('stale/b', 'PASS')]);
  const mixed = mergeReports([a, plain]);
  assert.not.ok(mixed.ok);
  if (mixed.ok) return;
  assert.is(mixed.message, 'refusing to merge reports run with and without --hermetic');
});

test.run();
