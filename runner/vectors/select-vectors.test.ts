import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { UsageError } from '../io/cli-io.js';
import { filterVectors, listOption, parseShard, shardVectors } from './select-vectors.js';
import type { QueryVectorEntry } from './vector-source.js';

const v = (id: string, clauses: string[] = []): QueryVectorEntry => ({
  id,
  category: id.split('/')[0] ?? '',
  intent: '',
  clauses,
  interpretations: [],
  features: [],
  fixtureSha256: '0'.repeat(64),
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

test('property: the n shards partition the selection', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 7 }), (count, n) => {
      const all = Array.from({ length: count }, (_, i) => v(`c/${String(i).padStart(3, '0')}`));
      const parts = Array.from({ length: n }, (_, k) => shardVectors(all, { k: k + 1, n }).map((x) => x.id));
      const union = parts.flat().sort();
      assert.equal(
        union,
        all.map((x) => x.id),
      );
      assert.is(new Set(union).size, union.length);
    }),
    { seed: 20261201, numRuns: 200 },
  );
});

test('list options split on commas and drop blanks', () => {
  assert.equal(listOption(['stale,invalid', ' hidden ', '']), ['stale', 'invalid', 'hidden']);
});

test.run();
