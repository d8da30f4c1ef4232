import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureInterface } from '../fixture/fixture.js';
import { golden, verifyEdited, type Json } from '../test-support/edit-golden.js';
import { handDigest, sortedMembers, type HandMember } from '../test-support/hand-interface-set-digest.js';
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import type { JsonValue } from '../canonical-json/json-value.js';
import { verifyResult } from './verify-result.js';

// The gate's staleness rules on goldens answered the way a provider with a wrong key comparison or a wrong
// interface-set digest would answer them. complete/internal-view-operation's fixture lists four validated views,
// not in the order of their raw bytes (its first PackageId starts 75ca, its last 13be), one of them the internal
// view of app.audit; partial/unvalidated-view-incomplete-analysis's adds a fifth, vendorlib.trace, that failed
// validation. complete/empty-interface-set-max-generation imports nothing.

const lines = (found: ReturnType<typeof verifyResult>): string[] =>
  found.map((v) => `${v.clause} ${v.code} at ${v.pointer ?? `byte ${String(v.offset)}`}`);

/** The validated views of vector `id`'s fixture, each with the view byte `view` gives it. */
function members(id: string, view: (i: FixtureInterface) => number): HandMember[] {
  return golden(id)
    .fixture.interfaces.filter((i) => i.validated)
    .map((i) => [i, view(i)] as const);
}

const byView = (i: FixtureInterface): number => (i.view === 'internal' ? 2 : 1);

const STALE_INTERFACE_SET = (r: Json): void => {
  Object.assign(r, { status: 'stale', reason: 'stale-interface-set', type: null, operations: [], omissions: [] });
  Object.assign(r, { diagnostics: [], truncated: false });
};

test('the views-as-public and input-order digests are not the current one on the internal-view fixture', () => {
  const id = 'complete/internal-view-operation';
  const current = handDigest(sortedMembers(members(id, byView)));
  assert.is(current, golden(id).fixture.currentKey.interface_set_sha256);
  assert.is.not(handDigest(sortedMembers(members(id, () => 1))), current);
  assert.is.not(handDigest(members(id, byView)), current);
});

test('KD-KEY-04: a stale answer to a current key is named once, not by a guess per possible mistake', () => {
  // The answer does not show which wrong digest the provider computed: on these fixtures several wrong ways of
  // building the set differ from the current digest, so the rule named is the one the key's digest follows (L88).
  for (const id of [
    'complete/internal-view-operation',
    'partial/unvalidated-view-incomplete-analysis',
    'complete/empty-interface-set-max-generation',
  ])
    assert.equal(verifyEdited(id, STALE_INTERFACE_SET), ['KD-KEY-04 digest-not-current at /status'], id);
});

test('KD-RES-11: a stale answer no digest mistake explains is stale without a mismatch', () => {
  // Another stale reason than stale-interface-set does not rest on the provider's digest.
  assert.equal(
    verifyEdited('complete/internal-view-operation', (r) => {
      STALE_INTERFACE_SET(r);
      r.reason = 'stale-source';
    }),
    ['KD-RES-11 stale-without-mismatch at /status'],
  );
});

/** The validated views of `id`'s fixture that a candidate lives in. */
function withCandidates(id: string, view: (i: FixtureInterface) => number): HandMember[] {
  const f = golden(id).fixture;
  const homes = new Set(
    [...f.candidates, ...f.candidate_series.map((s) => s.template)].flatMap((c) =>
      c.home.kind === 'interface' ? [`${c.home.package_id}:${c.home.module_id}`] : [],
    ),
  );
  return members(id, view).filter(([i]) => homes.has(`${i.package_id}:${i.module_id}`));
}

test('each wrongly built or framed digest carried by a key and answered as current is named by its clause', () => {
  // A provider that computes the digest one wrong way finds the request's digest equal to its own, answers as
  // current and echoes the key (L425: an interface-set digest mismatch returns stale). Each digest framed by hand.
  const id = 'complete/internal-view-operation';
  const internal = members(id, byView).filter(([, byte]) => byte === 2);
  const wrong: [string, string][] = [
    [handDigest(sortedMembers(members(id, () => 1))), 'KD-DIGEST-04'],
    [handDigest(members(id, byView)), 'KD-DIGEST-07'],
    [handDigest(sortedMembers(members(id, byView)), { littleEndian: true }), 'KD-DIGEST-02'],
    [handDigest(sortedMembers(withCandidates(id, byView))), 'KD-DIGEST-13'],
    [handDigest(sortedMembers([...members(id, byView), ...internal.map(([i]) => [i, 1] as const)])), 'KD-DIGEST-06'],
  ];
  for (const [digest, clause] of wrong) {
    const found = verifyEdited(
      id,
      (r) => (r.analysis.interface_set_sha256 = digest),
      (q) => (q.analysis.interface_set_sha256 = digest),
    );
    assert.equal(found, [`${clause} digest-variant-current at /status`], clause);
  }
  // The empty set framed without its member count (L112: the empty set is encoded with member_count = 0).
  const empty = 'complete/empty-interface-set-max-generation';
  const countless = handDigest([], { noCount: true });
  assert.equal(
    verifyEdited(
      empty,
      (r) => (r.analysis.interface_set_sha256 = countless),
      (q) => (q.analysis.interface_set_sha256 = countless),
    ),
    ['KD-DIGEST-09 digest-variant-current at /status'],
  );
  // A digest no mistake gives: the interface-set comparison itself was skipped.
  const other = 'ab'.repeat(32);
  const found = verifyEdited(
    id,
    (r) => (r.analysis.interface_set_sha256 = other),
    (q) => (q.analysis.interface_set_sha256 = other),
  );
  assert.equal(found, ['KD-STALE-03 stale-not-reported at /status']);
});

test('KD-STALE-04: an older generation answered as current', () => {
  // stale/generation-older asks with generation 16 where the fixture is at 17; the answer a provider gives the
  // current key (complete/list-text-operations, same fixture, query and position), echoing the old key.
  const stale = golden('stale/generation-older');
  const current = golden('complete/list-text-operations');
  assert.is(current.fixture.fixtureSha256, stale.fixture.fixtureSha256);
  current.result.analysis.generation = 16;
  const found = verifyResult(encodeCanonical(current.result as JsonValue), {
    request: stale.request,
    fixture: stale.fixture,
  });
  assert.equal(lines(found), ['KD-STALE-04 stale-not-reported at /status']);
});

test.run();
