import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Verdict, VectorJudgement } from '../judge/verdict.js';
import { summarizeVectors } from './run-summary.js';
import { computeGate, countVerdicts, REPORT_FORMAT, type GateReport } from './gate-report.js';
import { mergeReports } from './merge-reports.js';

const judged = (id: string, verdict: Verdict): VectorJudgement => ({
  id,
  category: 'stale',
  clauses: [],
  interpretations: [],
  verdict,
  fail_clauses: [],
  violations: [],
  notes: [],
});

function report(shard: string | null, vectors: VectorJudgement[], set = 'a'.repeat(64)): GateReport {
  return {
    format: REPORT_FORMAT,
    kit_version: '0.1.0',
    vector_set_sha256: set,
    provider: { name: 'p', version: '1', interpretations: [], adapter: 'process-persistent' },
    selection: { categories: ['stale'], ids: [], clauses: [], shard, filtered: 3, total: vectors.length },
    metamorphic: { sample: 0, seed: 1 },
    started_at: '2026-01-31T12:00:00.000Z',
    duration_ms: 1500,
    hostname: 'ci-host',
    counts: countVerdicts(vectors),
    summary: summarizeVectors(vectors),
    gate: computeGate(vectors, []),
    unknown_expectations: [],
    vectors,
  };
}

test('gate: 0 when everything passes, 1 on FAIL/ERROR/XPASS, 3 on NOT-RUN', () => {
  assert.is(computeGate([judged('a', 'PASS'), judged('b', 'ACCEPTABLE'), judged('c', 'XFAIL')], []).exit_code, 0);
  assert.is(computeGate([judged('a', 'PASS'), judged('b', 'FAIL')], []).exit_code, 1);
  assert.is(computeGate([judged('a', 'XPASS')], []).exit_code, 1);
  assert.is(computeGate([judged('a', 'ERROR')], []).exit_code, 1);
  assert.is(computeGate([judged('a', 'FAIL'), judged('b', 'NOT-RUN')], []).exit_code, 3);
  assert.is(computeGate([judged('a', 'PASS')], [{ id: 'gone', verdict: 'FAIL', reason: 'r' }]).exit_code, 1);
  assert.is(computeGate([], [], ['the provider could not start']).exit_code, 3);
});

test('shards of one vector set merge into one gate', () => {
  const merged = mergeReports([
    report('2/2', [judged('stale/b', 'PASS')]),
    report('1/2', [judged('stale/a', 'PASS'), judged('stale/c', 'FAIL')]),
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
    report('1/2', [judged('stale/a', 'PASS')]),
    report('2/2', [judged('stale/b', 'PASS')], 'b'.repeat(64)),
  ]);
  assert.not.ok(merged.ok);
  if (!merged.ok) assert.match(merged.message, /different vector sets/);
});

test('a missing shard makes the merge incomplete; overlapping shards are refused', () => {
  const partial = mergeReports([
    report('1/3', [judged('stale/a', 'PASS')]),
    report('3/3', [judged('stale/c', 'PASS')]),
  ]);
  assert.ok(partial.ok);
  if (partial.ok) {
    assert.is(partial.report.gate.exit_code, 3);
    assert.ok(partial.report.gate.reasons.includes('shard 2/3 is missing'));
  }
  assert.not.ok(
    mergeReports([report('1/2', [judged('stale/a', 'PASS')]), report('2/2', [judged('stale/a', 'PASS')])]).ok,
  );
});

test.run();
