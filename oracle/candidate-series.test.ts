/**
 * A candidate series answers as its members written out would (FIXTURES.md, "candidate_series[]": member i has
 * SymbolId SHA-256 of `${seed}:${i}`, the prefixed names, and the template's every other field), whatever the order
 * of the fixture's arrays (KD-ORDER-12), and the verifier finds nothing wrong with the answer. The members are
 * written out here with node:crypto, independently of the loader.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureCandidate, FixtureCandidateSeries, FixtureV1 } from './fixture/fixture.js';
import type { DiscoveryResultV1, Query } from './records/discovery-records.js';
import { makeCandidate, makeFixture } from './test-support/make-fixture.js';
import { answer, bytesOf, load, requestOn } from './test-support/query-support.js';
import { verifyResult } from './verifier/verify-result.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

function series(seed: string, count: number, prefix: string, over: Partial<FixtureCandidate>): FixtureCandidateSeries {
  const { identity: _i, display_name: _d, qualified_name: _q, ...template } = makeCandidate('t', over);
  return { seed, count, name_prefix: prefix, qualified_name_prefix: `std.list.${prefix}`, template };
}

/**
 * A fixture with callable, hidden, edit-only and current-file series; with `dependsOnHidden`, also a candidate that
 * depends on a hidden member.
 */
function withSeries(
  counts: { callable: number; hidden: number; edit: number; local: number },
  dependsOnHidden = true,
): FixtureV1 {
  const f = makeFixture();
  if (dependsOnHidden) {
    const hiddenMember = sha('hidden:1');
    f.facts.push({
      source: 'kif',
      kind: 'SymbolId',
      value: hiddenMember,
      status: 'validated',
      depends_on: [],
      diagnostic_ids: [],
    });
    f.candidates.push(
      makeCandidate('uses_hidden', { dependencies: [{ source: 'kif', kind: 'SymbolId', value: hiddenMember }] }),
    );
  }
  f.candidate_series.push(
    series('callable', counts.callable, 'c', {}),
    series('hidden', counts.hidden, 'h', { admitted: false }),
    series('edit', counts.edit, 'e', { required_mode: 'edit' }),
    series('local', counts.local, 'c', { home: { kind: 'current-file' } }),
  );
  return f;
}

/** The same fixture with every member written out as an explicit candidate and no series. */
function writtenOut(f: FixtureV1): FixtureV1 {
  const g = structuredClone(f);
  for (const s of g.candidate_series) {
    for (let i = 0; i < s.count; i++) {
      g.candidates.push({
        ...structuredClone(s.template),
        identity: sha(`${s.seed}:${i}`),
        display_name: `${s.name_prefix}${i}`,
        qualified_name: `${s.qualified_name_prefix}${i}`,
      });
    }
  }
  g.candidate_series = [];
  return g;
}

const QUERIES: Partial<Query>[] = [
  { kind: 'operations' },
  { kind: 'type-and-operations', include_unavailable: true },
  ...['c1', 'c0', 'h1', 'e2', 'uses_hidden', 'c99'].map((spelling) => ({
    kind: 'explain-operation' as const,
    spelling,
  })),
];

/** The answer without the analysis key it echoes: the written-out fixture's views hold other content (KIT-24). */
function withoutKey(result: DiscoveryResultV1): unknown {
  return { ...result, analysis: null };
}

test('series answer as their members written out, under any order of the fixture arrays, and verify clean', () => {
  const countsArb = fc.record({
    callable: fc.nat({ max: 12 }),
    hidden: fc.integer({ min: 2, max: 12 }),
    edit: fc.nat({ max: 12 }),
    local: fc.nat({ max: 12 }),
  });
  const seen = new Set<string>();
  fc.assert(
    fc.property(
      countsArb,
      fc.integer({ min: 0, max: QUERIES.length - 1 }),
      fc.infiniteStream(fc.nat()),
      fc.boolean(),
      (counts, q, rnd, dependsOnHidden) => {
        const f = withSeries(counts, dependsOnHidden);
        const fx = load(f);
        const written = load(writtenOut(f));
        const query = QUERIES[q] as Partial<Query>;
        const request = requestOn(fx, { query });
        const got = answer(fx, request);
        const want = answer(written, requestOn(written, { query }));
        assert.equal(withoutKey(got.result), withoutKey(want.result));
        assert.is(got.steps, want.steps);
        // The verifier does not yet apply KIT-08 C's downgrade of a row whose dependency names a hidden candidate, so
        // it is asked only about answers without such a row.
        if (!dependsOnHidden) {
          const verified = verifyResult(new TextEncoder().encode(got.text), { request: bytesOf(request), fixture: fx });
          assert.equal(verified, []);
        }
        // Any order of the series and the explicit candidates gives the same bytes.
        const shuffled = structuredClone(f);
        const shuffle = <T>(xs: T[]): void => {
          for (let i = xs.length - 1; i > 0; i--) {
            const j = (rnd.next().value as number) % (i + 1);
            [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
          }
        };
        shuffle(shuffled.candidate_series);
        shuffle(shuffled.candidates);
        shuffle(shuffled.facts);
        assert.is(answer(load(shuffled), request).text, got.text);
        seen.add(got.result.operations.map((o) => o.availability).join());
        for (const o of got.result.omissions) seen.add(o.reason);
      },
    ),
    { seed: 20261203, numRuns: 60 },
  );
  // The answers compared were not all alike: rows of both availabilities and withheld candidates.
  assert.ok([...seen].some((s) => s.includes('callable') && s.includes('unavailable')));
  assert.ok(seen.has('hidden-by-visibility'));
});

// KIT-08 C: the SymbolId of a member of a hidden series is not disclosed; the row that depends on it is downgraded.
test('a dependency on a hidden member is never listed, and the row is unavailable', () => {
  const fx = load(withSeries({ callable: 0, hidden: 3, edit: 0, local: 0 }));
  const r = answer(fx, requestOn(fx, { query: { kind: 'explain-operation', spelling: 'uses_hidden' } })).result;
  assert.is(r.operations.length, 1);
  const row = r.operations[0];
  assert.is(row?.availability, 'unavailable');
  assert.is(row?.status, 'unavailable');
  assert.equal(row?.dependencies, []);
  assert.ok(!JSON.stringify(r).includes(sha('hidden:1')));
});

test.run();
