import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FactKey, FixtureFactNode } from '../fixture/fixture.js';
import type { FactStatus } from '../records/discovery-records.js';
import { closeFixtureFacts } from './fixture-fact-closure.js';

const id = (n: number): string => n.toString(16).padStart(64, '0');
const key = (n: number): FactKey => ({ source: 'live', kind: 'NodeId', value: id(n) });
const node = (n: number, status: FactStatus, deps: number[]): FixtureFactNode => ({
  ...key(n),
  status,
  depends_on: deps.map(key),
  diagnostic_ids: [],
});

test('closure is the most restrictive status reached, cycles included (KD-CLOSURE-08)', () => {
  // 1 -> 2 -> 3 (error); 4 <-> 5 (5 provisional); 6 alone.
  const c = closeFixtureFacts([
    node(1, 'validated', [2]),
    node(2, 'validated', [3]),
    node(3, 'error', []),
    node(4, 'validated', [5]),
    node(5, 'provisional', [4]),
    node(6, 'validated', []),
  ]);
  assert.equal(
    [1, 2, 3, 4, 5, 6].map((n) => c.rankOf(key(n))),
    [3, 3, 3, 1, 1, 0],
  );
  assert.is(c.maxRank([key(6), key(4)]), 1);
  assert.is(c.maxRank([], 2), 2);
  assert.equal([...c.reachable([key(1)])].length, 3);
});

test('a key with no fact node never supports a validated fact (KD-CLOSURE-09)', () => {
  const c = closeFixtureFacts([node(1, 'validated', [9])]);
  assert.is(c.rankOf(key(9)), 2);
  assert.is(c.rankOf(key(1)), 2);
  assert.is(c.rankOf(key(10)), 2);
});

test('a long chain closes without recursion', () => {
  const n = 50_000;
  const facts = Array.from({ length: n }, (_, i) =>
    node(i, i === n - 1 ? 'unavailable' : 'validated', i === n - 1 ? [] : [i + 1]),
  );
  assert.is(closeFixtureFacts(facts).rankOf(key(0)), 2);
});

test.run();
