import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { UsageError } from '../io/cli-io.js';
import { filterVectors, listOption, parseShard, shardVectors } from './select-vectors.js';
import type { QueryVectorEntry } from './vector-source.js';

const v = (id: string, clauses: string[] = [], fixture = '0'): QueryVectorEntry => ({
  id,
  category: id.split('/')[0] ?? '',
  intent: '',
  clauses,
  interpretations: [],
  features: [],
  fixtureSha256: fixture.repeat(64),
  acceptable: [],
  file: `${id}.json`,
  fileSha256: '0'.repeat(64),
  expectedSha256: '0'.repeat(64),
  vectorSha256: '0'.repeat(64),
});

const set = [
  v('invalid/bom', ['KD-CANON-01']),
  v('stale/generation', ['KD-STALE-04']),
  v('stale/wrong-file', ['KD-POS-03', 'KD-STALE-01']),
];

test('filters: OR within one filter, AND across filters, prefix ids with *', () => {
  assert.equal(
    filterVectors(set, { categories: ['stale'], ids: [], clauses: [] }).map((x) => x.id),
    ['stale/generation', 'stale/wrong-file'],
  );
  assert.equal(
    filterVectors(set, { categories: ['stale', 'invalid'], ids: [], clauses: ['KD-STALE-01'] }).map((x) => x.id),
    ['stale/wrong-file'],
  );
  assert.equal(
    filterVectors(set, { categories: [], ids: ['stale/g*', 'invalid/bom'], clauses: [] }).map((x) => x.id),
    ['invalid/bom', 'stale/generation'],
  );
  assert.equal(filterVectors(set, { categories: [], ids: ['stale'], clauses: [] }), []);
});

test('shard k/n parses only 1 <= k <= n', () => {
  assert.equal(parseShard('2/3'), { k: 2, n: 3 });
  for (const bad of ['0/3', '4/3', '1/0', '1', 'a/b', '01/3', '1/3/'])
    assert.throws(
      () => parseShard(bad),
      (e: unknown) => e instanceof UsageError,
    );
});

test('property: the n shards partition the selection, and each fixture lies in one shard', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 40 }),
      fc.integer({ min: 1, max: 7 }),
      (fixtures, n) => {
        const all = fixtures.map((f, i) => v(`c/${String(i).padStart(3, '0')}`, [], String(f)));
        const parts = Array.from({ length: n }, (_, k) => shardVectors(all, { k: k + 1, n }));
        const union = parts
          .flat()
          .map((x) => x.id)
          .sort();
        assert.equal(
          union,
          all.map((x) => x.id),
        );
        assert.is(new Set(union).size, union.length);
        for (const part of parts) {
          const inPart = new Set(part.map((x) => x.fixtureSha256));
          const elsewhere = parts.filter((p) => p !== part).flatMap((p) => p.map((x) => x.fixtureSha256));
          assert.ok(!elsewhere.some((f) => inPart.has(f)), 'a fixture split across shards');
        }
      },
    ),
    { seed: 20261201, numRuns: 200 },
  );
});

test('shards take whole fixtures, largest first, each to the shard with the fewest vectors (ties: lowest k)', () => {
  // Fixture A holds 3 vectors, C 2, B and D 1 each. A goes to shard 1 (3 : 0), C to shard 2 (3 : 2), B to shard 2
  // (3 : 3), then D ties and goes to shard 1 (4 : 3). Each shard keeps the list's order.
  const all = [
    v('a/1', [], 'a'),
    v('a/2', [], 'a'),
    v('b/1', [], 'b'),
    v('c/1', [], 'c'),
    v('a/3', [], 'a'),
    v('d/1', [], 'd'),
    v('c/2', [], 'c'),
  ];
  assert.equal(
    shardVectors(all, { k: 1, n: 2 }).map((x) => x.id),
    ['a/1', 'a/2', 'a/3', 'd/1'],
  );
  assert.equal(
    shardVectors(all, { k: 2, n: 2 }).map((x) => x.id),
    ['b/1', 'c/1', 'c/2'],
  );
});

test('list options split on commas and drop blanks', () => {
  assert.equal(listOption(['stale,invalid', ' hidden ', '']), ['stale', 'invalid', 'hidden']);
});

test.run();
