import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { VERDICTS } from '../judge/verdict.js';
import { judgement } from '../test-support/sample-report.js';
import { bySeverity, clauseWeights, compareSeverity, leadClause, severityRank } from './severity-order.js';

const layout = {
  kind: 'layout',
  offset: 1,
  context_start: 0,
  expected_context: '{}',
  actual_context: '{ }',
  expected_length: 2,
  actual_length: 3,
};
const order = { kind: 'order', pointers: ['/operations'], arrays: [] };
const values = { kind: 'values', pointers: ['/status'], more: 0 };

test('a wrong value, then an order, a layout, an ERROR, an XPASS, a NOT-RUN, then what passes', () => {
  // Listed by id in the reverse of the order the issue asks for, so no rank can hold its place by accident.
  const vectors = [
    judgement('a/pass', 'PASS'),
    judgement('b/acceptable', 'ACCEPTABLE'),
    judgement('c/xfail', 'XFAIL'),
    judgement('d/not-run', 'NOT-RUN'),
    judgement('e/xpass', 'XPASS'),
    judgement('f/error', 'ERROR', { fail_clauses: ['KD-CANON-01'] }),
    judgement('g/layout', 'FAIL', { fail_clauses: ['KD-CANON-02'], difference: layout }),
    judgement('h/order', 'FAIL', { fail_clauses: ['KD-ORDER-06'], difference: order }),
    judgement('i/value', 'FAIL', { fail_clauses: ['KD-RES-11'], difference: values }),
  ];
  assert.equal(
    bySeverity(vectors).map((v) => v.id),
    ['i/value', 'h/order', 'g/layout', 'f/error', 'e/xpass', 'd/not-run', 'c/xfail', 'b/acceptable', 'a/pass'],
  );
});

test('a FAIL without a byte difference is a wrong value; a metamorphic-only FAIL ranks by its variant', () => {
  assert.is(severityRank(judgement('x/hermetic', 'FAIL', { fail_clauses: ['KD-TRUST-10'] })), 'value');
  assert.is(severityRank(judgement('x/not-json', 'FAIL', { difference: { kind: 'not-json' } })), 'value');
  const variant = { seed: 1, ok: false, detail: 'other bytes', difference: order };
  assert.is(severityRank(judgement('x/meta', 'FAIL', { metamorphic: variant })), 'order');
});

test('within a rank: the clause most vectors failed by first, then by lead clause (none last), then by id', () => {
  const vectors = [
    judgement('z/one', 'FAIL', { fail_clauses: ['KD-RES-11'] }),
    judgement('a/two', 'FAIL', { fail_clauses: ['KD-STATUS-02', 'KD-FACT-01'] }),
    judgement('m/none', 'FAIL'),
    judgement('b/three', 'FAIL', { fail_clauses: ['KD-RES-11'] }),
    judgement('c/own', 'FAIL', { clauses: ['KD-LIMIT-03'] }),
  ];
  // Weights: KD-RES-11 failed two vectors, KD-STATUS-02 and KD-FACT-01 one each. Lead clauses: KD-RES-11 (weight 2),
  // KD-FACT-01 (the first of two of weight 1), none, KD-RES-11, KD-LIMIT-03 (exercised, weight 0).
  assert.is(leadClause(vectors[1] as (typeof vectors)[number]), 'KD-FACT-01');
  assert.equal(
    bySeverity(vectors).map((v) => v.id),
    ['b/three', 'z/one', 'a/two', 'c/own', 'm/none'],
  );
});

test('the fault that explains the most failures is read first, not the one whose clause sorts first', () => {
  // A provider that rejects a cursor at the end of its expression fails many vectors by KD-POS-05, and one vector also
  // by a digest clause that sorts before it: the KD-POS-05 failures come first, and the vector that fails by both is
  // listed under KD-POS-05.
  const vectors = [
    judgement('limit/interface-set-4097-members', 'FAIL', { fail_clauses: ['KD-DIGEST-08'] }),
    judgement('complete/a', 'FAIL', { fail_clauses: ['KD-POS-05'] }),
    judgement('complete/b', 'FAIL', { fail_clauses: ['KD-DIGEST-02', 'KD-POS-05'] }),
    judgement('partial/c', 'FAIL', { fail_clauses: ['KD-POS-05'] }),
  ];
  const weights = clauseWeights(vectors);
  assert.is(leadClause(vectors[2] as (typeof vectors)[number], weights), 'KD-POS-05');
  assert.equal(
    bySeverity(vectors).map((v) => v.id),
    ['complete/a', 'complete/b', 'partial/c', 'limit/interface-set-4097-members'],
  );
});

test('property: a total order (antisymmetric, transitive, only equal for the same id)', () => {
  const clause = fc.constantFrom('KD-ORDER-06', 'KD-RES-11', 'KD-CANON-02', 'KD-LIMIT-03');
  const vector = fc
    .record({
      id: fc.constantFrom('a/1', 'a/2', 'b/1', 'é/1', 'Z/9'),
      verdict: fc.constantFrom(...VERDICTS),
      fail: fc.array(clause, { maxLength: 2 }),
      kind: fc.constantFrom(undefined, layout, order, values),
    })
    .map((r) =>
      judgement(r.id, r.verdict, {
        fail_clauses: r.fail,
        ...(r.kind === undefined || r.verdict !== 'FAIL' ? {} : { difference: r.kind }),
      }),
    );
  fc.assert(
    fc.property(vector, vector, vector, (a, b, c) => {
      assert.is(Math.sign(compareSeverity(a, b)), -Math.sign(compareSeverity(b, a)));
      if (compareSeverity(a, b) <= 0 && compareSeverity(b, c) <= 0) assert.ok(compareSeverity(a, c) <= 0);
      if (compareSeverity(a, b) === 0) assert.is(a.id, b.id);
    }),
    { seed: 21, numRuns: 500 },
  );
});

test.run();
