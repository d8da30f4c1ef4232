import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureInterface } from '../fixture/fixture.js';
import { handDigest, sortedMembers } from '../test-support/hand-interface-set-digest.js';
import { interfaceSetVariants } from './interface-set-variants.js';

const rep = (byte: string): string => byte.repeat(32);
const view = (p: string, m: string, v: 'public' | 'internal', d: string, validated = true): FixtureInterface => ({
  package_id: rep(p),
  module_id: rep(m),
  module: `m${m}`,
  view: v,
  semantic_digest: rep(d),
  validated,
  names_in_scope: true,
});

// Listed out of raw-byte order (bb before aa), one internal view, one view that failed validation.
const B = view('bb', '01', 'public', '0f');
const A = view('aa', '02', 'internal', '10');
const U = view('cc', '03', 'public', '20', false);

const digests = (interfaces: FixtureInterface[]): Record<string, string> =>
  Object.fromEntries(interfaceSetVariants({ interfaces }).map((v) => [`${v.name} ${v.clause}`, v.digest]));

test('each variant is the digest of its mistake, framed by hand (L112)', () => {
  assert.equal(digests([B, A, U]), {
    // KD-DIGEST-07: the listed order, B then A, not sorted.
    'input-order KD-DIGEST-07': handDigest([
      [B, 1],
      [A, 2],
    ]),
    // KD-DIGEST-04: A's internal view digested with authorized_view 1.
    'views-as-public KD-DIGEST-04': handDigest([
      [A, 1],
      [B, 1],
    ]),
    // KD-DIGEST-10: U, which failed validation, digested too.
    'unvalidated-included KD-DIGEST-10': handDigest(
      sortedMembers([
        [B, 1],
        [A, 2],
        [U, 1],
      ]),
    ),
  });
});

test('a variant equals the current digest where the set leaves the mistake nothing to change', () => {
  const current = handDigest([[B, 1]]);
  for (const d of Object.values(digests([B]))) assert.is(d, current);
  // The empty set (L112: member_count = 0) is the KAT of clauses.md.
  for (const d of Object.values(digests([])))
    assert.is(d, '80d1c79a9cc431fc7b585d15fcf9a21b31e2daa8002300b1b95cda519d163804');
});

test('a set with two views of one module forms no sorted variant (KD-DIGEST-06)', () => {
  const twice = [view('aa', '01', 'public', '0f'), view('aa', '01', 'internal', '10')];
  assert.equal(Object.keys(digests(twice)), ['input-order KD-DIGEST-07']);
});

test.run();
