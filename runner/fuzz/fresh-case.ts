/**
 * A fresh case: a query vector asked again in its world renamed from the run seed (rename-world.ts), answered by the
 * reference oracle. Its request is the vector's, renamed; its expected bytes are the oracle's answer in the renamed
 * world; its acceptable alternatives are the vector's, each derived again the way it can be shown to have been made:
 *
 * - the oracle's answer under another reading of the register (`ALTERNATIVE_READINGS`, KIT-12 A), when that reading
 *   gives the vector's alternative bytes in the vector's own world;
 * - the answer to the request's canonical layout (a lenient reading of a request that is not canonical, OQ-03), when
 *   that answer is the vector's alternative;
 * - the alternative's bytes renamed, when renaming the vector's expected bytes gives exactly the fresh expected bytes
 *   (a result with no row, such as a stale answer naming another key field, OQ-01), and the verifier finds nothing
 *   wrong with the renamed alternative.
 *
 * A vector none of whose ways derives an alternative gives no case, since a provider following that alternative would
 * be failed where its vector accepts it; nor does a vector whose fresh answer equals its golden (an answer that names
 * nothing of the world, such as `invalid-request` without an analysis key), since that case is not fresh.
 */
import {
  ALTERNATIVE_READINGS,
  encodeCanonical,
  evaluateQuery,
  evaluateQueryOrThrow,
  sha256Hex,
  verifyResult,
  type AlternativeReading,
  type JsonObject,
  type LoadedFixture,
} from '../../oracle/index.js';
import type { AcceptableAlternative, QueryVector } from '../vectors/vector-source.js';
import type { RenamedWorld } from './rename-world.js';

/** A fresh case: the vector it derives from, asked in the renamed world (`vector.id` is the vector's id). */
export interface FreshCase {
  vector: QueryVector;
  world: RenamedWorld;
}

/** The case, or why the vector gives none. */
export type FreshDerivation = { ok: true; case: FreshCase } | { ok: false; reason: string };

/** The fresh case of `vector` (whose world is `source`) in `world`, the renaming of `source`. */
export function deriveFreshCase(vector: QueryVector, source: LoadedFixture, world: RenamedWorld): FreshDerivation {
  const request = world.renameRequest(vector.request);
  const expected = evaluateQuery(request, world.loaded);
  if (sameBytes(expected, vector.expected)) return { ok: false, reason: 'its fresh answer is its golden' };
  const acceptable: AcceptableAlternative[] = [];
  for (const alt of vector.acceptable) {
    const bytes = deriveAlternative(alt, vector, source, world, request, expected);
    if (bytes === undefined) return { ok: false, reason: `its alternative ${alt.name} cannot be derived` };
    if (sameBytes(bytes, expected) || acceptable.some((a) => sameBytes(a.bytes, bytes))) continue;
    acceptable.push({
      name: alt.name,
      reason: alt.reason,
      interpretation: alt.interpretation,
      sha256: sha256Hex(bytes),
      bytes,
    });
  }
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

/** The alternative's bytes in the renamed world, by the first way that gives it in the vector's world. */
function deriveAlternative(
  alt: AcceptableAlternative,
  vector: QueryVector,
  source: LoadedFixture,
  world: RenamedWorld,
  request: Uint8Array,
  expected: Uint8Array,
): Uint8Array | undefined {
  for (const reading of ALTERNATIVE_READINGS.filter((r) => r.startsWith(`${alt.interpretation}:`))) {
    if (sameBytes(answerUnder(vector.request, source, reading), alt.bytes))
      return answerUnder(request, world.loaded, reading);
  }
  const canonical = canonicalLayout(vector.request);
  if (canonical !== undefined && sameBytes(evaluateQuery(canonical, source), alt.bytes)) {
    const fresh = canonicalLayout(request);
    return fresh === undefined ? undefined : evaluateQuery(fresh, world.loaded);
  }
  if (!sameBytes(world.renameResult(vector.expected), expected)) return undefined;
  const renamed = world.renameResult(alt.bytes);
  return verifyResult(renamed, { request, fixture: world.loaded }).length === 0 ? renamed : undefined;
}

/** The oracle's answer under `reading`; a fault of the oracle on it answers nothing. */
function answerUnder(request: Uint8Array, fixture: LoadedFixture, reading: AlternativeReading): Uint8Array {
  try {
    return evaluateQueryOrThrow(request, fixture, { reading });
  } catch {
    return new Uint8Array();
  }
}

/** The request in the canonical layout, when it is JSON a canonical encoding exists for. */
function canonicalLayout(request: Uint8Array): Uint8Array | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(request).toString('utf8'));
    return encodeCanonical(value as JsonObject);
  } catch {
    return undefined;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b));
}
