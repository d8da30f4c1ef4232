/**
 * A fresh case: a query vector asked again in its world renamed from the run seed (rename-world.ts), answered by the
 * reference oracle. Its request is the vector's, renamed; its expected bytes are the oracle's answer in the renamed
 * world; its acceptable alternatives are derived again there by the one code that derives every alternative
 * (`answersWithAlternatives`: the oracle run under each reading the register names as an alternative), so a fresh case
 * accepts what its vector accepts. A vector whose alternatives the renamed world does not give by name (a vector set
 * made by another register) gives no case, since a provider following such an alternative would be failed where its
 * vector accepts it; nor does a vector whose fresh answers equal its golden ones (an answer that names nothing of the
 * world, such as `invalid-request` without an analysis key, and no alternative that does), since that case is not
 * fresh.
 */
import { answersWithAlternatives, sha256Hex, type LoadedFixture } from '../../oracle/index.js';
import type { AcceptableAlternative, QueryVector } from '../vectors/vector-source.js';
import type { RenamedWorld } from './rename-world.js';

/** A fresh case: the vector it derives from, asked in the renamed world (`vector.id` is the vector's id). */
export interface FreshCase {
  vector: QueryVector;
  world: RenamedWorld;
}

/** The case, or why the vector gives none. */
export type FreshDerivation = { ok: true; case: FreshCase } | { ok: false; reason: string };

/** The fresh case of `vector` in `world`, the renaming of its world (`_source`, kept for the callers' symmetry). */
export function deriveFreshCase(vector: QueryVector, _source: LoadedFixture, world: RenamedWorld): FreshDerivation {
  const request = world.renameRequest(vector.request);
  const answers = answersWithAlternatives(request, world.loaded);
  const expected = answers.expected;
  const names = (list: readonly { name: string }[]): string => list.map((a) => a.name).join(', ');
  // Not fresh when nothing a provider may answer differs from the vector's bytes (an invalid-request answer and its
  // alternatives name nothing of the world); a layout-lenient alternative that answers the renamed world is fresh.
  const unchanged =
    sameBytes(expected, vector.expected) &&
    answers.alternatives.every((a) => vector.acceptable.some((b) => sameBytes(a.bytes, b.bytes)));
  if (unchanged) return { ok: false, reason: 'its fresh answers are its golden ones' };
  if (names(answers.alternatives) !== names(vector.acceptable))
    return {
      ok: false,
      reason:
        `its alternatives (${names(vector.acceptable) || 'none'}) are not the renamed world's ` +
        `(${names(answers.alternatives) || 'none'})`,
    };
  const acceptable: AcceptableAlternative[] = answers.alternatives.map((a, i) => ({
    name: a.name,
    reason: vector.acceptable[i]?.reason ?? a.reason,
    interpretation: a.interpretation,
    sha256: sha256Hex(a.bytes),
    bytes: a.bytes,
  }));
  const fresh: QueryVector = {
    ...vector,
    fixtureSha256: world.sha256,
    expectedSha256: sha256Hex(expected),
    request,
    expected,
    acceptable,
  };
  return { ok: true, case: { vector: fresh, world } };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b));
}
