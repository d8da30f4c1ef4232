import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureCandidate, FixtureInterface } from '../fixture/fixture.js';
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

// Listed out of raw-byte order (bb before aa), one internal view, one view that failed validation, and one (dd) that
// no candidate lives in.
const B = view('bb', '01', 'public', '0f');
const A = view('aa', '02', 'internal', '10');
const U = view('cc', '03', 'public', '20', false);
const E = view('dd', '04', 'public', '30');

const homeIn = (i: FixtureInterface): Pick<FixtureCandidate, 'home'> => ({
  home: { kind: 'interface', package_id: i.package_id, module_id: i.module_id },
});

const digests = (interfaces: FixtureInterface[], homes: FixtureInterface[] = interfaces): Record<string, string> =>
  Object.fromEntries(
    interfaceSetVariants({ interfaces, candidates: homes.map(homeIn), candidate_series: [] }).map((v) => [
      `${v.name} ${v.clause}`,
      v.digest,
    ]),
  );

test('each variant is the digest of its mistake, framed by hand (L94-L114)', () => {
  assert.equal(digests([B, A, U, E], [B, A, U]), {
    // KD-DIGEST-07: the listed order of the validated views, B, A then E, not sorted.
    'input-order KD-DIGEST-07': handDigest([
      [B, 1],
      [A, 2],
      [E, 1],
    ]),
    // KD-DIGEST-04: A's internal view digested with authorized_view 1.
    'views-as-public KD-DIGEST-04': handDigest([
      [A, 1],
      [B, 1],
      [E, 1],
    ]),
    // KD-DIGEST-10: U, which failed validation, digested too.
    'unvalidated-included KD-DIGEST-10': handDigest(
      sortedMembers([
        [B, 1],
        [A, 2],
        [U, 1],
        [E, 1],
      ]),
    ),
    // KD-DIGEST-02: u16be and u32be written little-endian, the member count too.
    'lengths-little-endian KD-DIGEST-02': handDigest(
      [
        [A, 2],
        [B, 1],
        [E, 1],
      ],
      { littleEndian: true },
    ),
    // KD-DIGEST-13: E yields no candidate, and is left out.
    'empty-views-left-out KD-DIGEST-13': handDigest([
      [A, 2],
      [B, 1],
    ]),
    // KD-DIGEST-06: A under both its views, the public one (1) first.
    'both-views KD-DIGEST-06': handDigest([
      [A, 1],
      [A, 2],
      [B, 1],
      [E, 1],
    ]),
  });
});

test('a variant that equals the current digest is left out: the set leaves the mistake nothing to change', () => {
  // One public view with a candidate, nothing to sort or leave out: only the little-endian framing differs.
  assert.equal(Object.keys(digests([B])), ['lengths-little-endian KD-DIGEST-02']);
  // The empty set: member_count = 0 (L112), the KAT of clauses.md, against its framings without the count and with
  // little-endian lengths.
  const current = '80d1c79a9cc431fc7b585d15fcf9a21b31e2daa8002300b1b95cda519d163804';
  assert.is(handDigest([]), current);
  assert.equal(digests([]), {
    'lengths-little-endian KD-DIGEST-02': handDigest([], { littleEndian: true }),
    'no-count-for-empty-set KD-DIGEST-09': handDigest([], { noCount: true }),
  });
});

test.run();
