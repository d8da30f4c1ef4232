import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { releaseCostCases } from './release-cost.js';
import { loadFixture } from '../oracle/fixture/load-fixture.js';
import { schemaViolations } from '../oracle/records/schema-registry.js';
import type { ReleaseExpectation } from '../oracle/release/release-expectation.js';

const cases = releaseCostCases();
const release = (i: number): ReleaseExpectation => cases[i]?.release as ReleaseExpectation;

test('at least 15 cases with unique ids release-cost/<slug>', () => {
  assert.ok(cases.length >= 15, `${cases.length} cases`);
  const ids = cases.map((c) => c.id);
  assert.is(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^release-cost\/[a-z0-9]+(-[a-z0-9]+)*$/);
});

test('every case is a release-cost case on the release clauses and its register entries', () => {
  for (const c of cases) {
    assert.is(c.kind, 'release-cost', c.id);
    assert.is(c.category, 'release-cost', c.id);
    assert.equal(
      c.clauses,
      ['KD-RELEASE-02', 'KD-RELEASE-03', 'KD-RELEASE-04', 'KD-RELEASE-05', 'KD-RELEASE-06'],
      c.id,
    );
    // OQ-45 (what is compared), KIT-22 (the four identities), KIT-23 (the metadata profile).
    assert.equal(c.interpretations, ['KIT-22', 'KIT-23', 'OQ-45'], c.id);
    assert.ok(c.intent.length > 20, c.id);
  }
});

test('fixtures are distinct and load; expectations conform to the schema', () => {
  const hashes = new Set(cases.map((c) => createHash('sha256').update(JSON.stringify(c.fixture)).digest('hex')));
  assert.is(hashes.size, cases.length);
  cases.forEach((c, i) => {
    assert.ok(loadFixture(c.fixture).ok, c.id);
    assert.equal(schemaViolations('kofun.ctk.release-expectation/v1', release(i)), [], c.id);
  });
});

test('the set covers the hard fixtures: empty and multi-byte source, many exports, hidden declarations', () => {
  const byId = new Map(cases.map((c) => [c.id, c]));
  assert.is(byId.get('release-cost/empty-source')?.fixture.file.source, '');
  assert.ok(
    Buffer.byteLength(byId.get('release-cost/multi-byte-source')?.fixture.file.source ?? '') >
      (byId.get('release-cost/multi-byte-source')?.fixture.file.source.length ?? 0),
  );
  assert.ok((byId.get('release-cost/many-exports')?.fixture.candidate_series[0]?.count ?? 0) >= 1000);
  assert.ok(byId.get('release-cost/visibility-mix')?.fixture.candidates.some((c) => c.visibility !== 'pub'));
});

test(
  'normal digests differ between fixtures that differ in build inputs, ' + 'and agree where only non-inputs differ',
  () => {
    const digest = new Map(cases.map((c, i) => [c.id, release(i).profiles[0]?.digest]));
    // reordered arrays and a renamed workspace path are not build inputs.
    assert.is(digest.get('release-cost/reordered-arrays'), digest.get('release-cost/extension-and-trait'));
    assert.is(digest.get('release-cost/renamed-path'), digest.get('release-cost/visibility-mix'));
    const distinct = new Set(
      [...digest.entries()]
        .filter(([id]) => id !== 'release-cost/reordered-arrays' && id !== 'release-cost/renamed-path')
        .map(([, d]) => d),
    );
    assert.is(distinct.size, cases.length - 2);
  },
);

test('a second call builds the same cases (generation is deterministic)', () => {
  assert.is(JSON.stringify(releaseCostCases().map((c) => c.release)), JSON.stringify(cases.map((c) => c.release)));
});

test.run();
