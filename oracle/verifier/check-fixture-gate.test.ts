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

test('KD-DIGEST-04, KD-DIGEST-07: a stale answer to a current key names the digest mistakes it follows from', () => {
  assert.equal(verifyEdited('complete/internal-view-operation', STALE_INTERFACE_SET), [
    'KD-DIGEST-04 digest-variant-stale at /status',
    'KD-DIGEST-07 digest-variant-stale at /status',
  ]);
  assert.equal(verifyEdited('partial/unvalidated-view-incomplete-analysis', STALE_INTERFACE_SET), [
    'KD-DIGEST-04 digest-variant-stale at /status',
    'KD-DIGEST-07 digest-variant-stale at /status',
    'KD-DIGEST-10 digest-variant-stale at /status',
  ]);
});

test('KD-RES-11: a stale answer no digest mistake explains is stale without a mismatch', () => {
  // The empty set has one encoding (L112: member_count = 0), whatever the mistake.
  assert.equal(verifyEdited('complete/empty-interface-set-max-generation', STALE_INTERFACE_SET), [
    'KD-RES-11 stale-without-mismatch at /status',
  ]);
  // Another stale reason than stale-interface-set does not rest on the provider's digest.
  assert.equal(
    verifyEdited('complete/internal-view-operation', (r) => {
      STALE_INTERFACE_SET(r);
      r.reason = 'stale-source';
    }),
    ['KD-RES-11 stale-without-mismatch at /status'],
  );
});

test('KD-DIGEST-04, KD-DIGEST-07: a key with a wrongly built digest answered as current names the mistake', () => {
  const id = 'complete/internal-view-operation';
  const asPublic = handDigest(sortedMembers(members(id, () => 1)));
  const inInputOrder = handDigest(members(id, byView));
  for (const [digest, line] of [
    [asPublic, 'KD-DIGEST-04 digest-variant-current at /status'],
    [inInputOrder, 'KD-DIGEST-07 digest-variant-current at /status'],
  ] as const) {
    // The request carries the wrong digest; the provider's own digest is the same, so it answers as current and
    // echoes the key (L425: an interface-set digest mismatch returns stale).
    const found = verifyEdited(
      id,
      (r) => (r.analysis.interface_set_sha256 = digest),
      (q) => (q.analysis.interface_set_sha256 = digest),
    );
    assert.equal(found, [line]);
  }
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
