/**
 * A vector's own digest: one SHA-256 of what a provider is asked and judged on, and nothing else, framed like every
 * digest of the kit (digest/kofun-frame.ts):
 *
 *     "KOFUN\0" || domain_length:u16be || "kofun.ctk.vector/v1" || payload_length:u32be || payload
 *
 *     query vector:   payload = 0x01 || fixture sha256 || request sha256 || expected sha256
 *                               || alternative_count:u32be
 *                               || repeated, by raw name bytes { name_length:u16be || name || sha256 }
 *                               || features
 *     release vector: payload = 0x02 || fixture sha256 || sha256 of the release expectation's pretty JSON
 *                               || features
 *     features:       feature_count:u32be || repeated, by raw bytes { name_length:u16be || name }
 *
 * (each sha256 the 32 raw bytes). The features are in it because they decide whether a provider that declares one
 * missing is asked the vector at all (NOT-APPLICABLE): an old verdict of a vector whose features changed says nothing
 * of it now. A vector whose intent, clauses, interpretations or stamp change keeps its digest, so a gate report of an
 * earlier vector set still speaks for every vector whose digest is unchanged (`run --last-failed`,
 * `kofun-ctk report diff`).
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import { ByteWriter } from '../digest/byte-writer.js';
import { kofunFrame } from '../digest/kofun-frame.js';
import { sha256Hex } from '../digest/sha256-hex.js';
import { prettyJson } from './pretty-json.js';
import { decodeRequestBytes, type VectorFile } from './vector-format.js';

/** The frame's ASCII domain. */
export const VECTOR_DOMAIN = 'kofun.ctk.vector/v1';

const utf8 = new TextEncoder();

/** The digest of a query vector's inputs and answers: SHA-256s of the fixture, request, expected and alternatives. */
export function queryVectorDigest(parts: {
  fixtureSha256: string;
  requestSha256: string;
  expectedSha256: string;
  acceptable: readonly { name: string; sha256: string }[];
  features: readonly string[];
}): string {
  const payload = new ByteWriter()
    .bytes(Uint8Array.of(1))
    .id(parts.fixtureSha256)
    .id(parts.requestSha256)
    .id(parts.expectedSha256)
    .u32(parts.acceptable.length);
  for (const a of [...parts.acceptable].sort((x, y) => compareUtf8(x.name, y.name))) {
    const name = utf8.encode(a.name);
    payload.u16(name.length).bytes(name).id(a.sha256);
  }
  return sha256Hex(kofunFrame(VECTOR_DOMAIN, withFeatures(payload, parts.features).finish()));
}

/** The digest of a release-cost vector: its fixture and its release expectation. */
export function releaseVectorDigest(fixtureSha256: string, release: unknown, features: readonly string[]): string {
  const payload = new ByteWriter()
    .bytes(Uint8Array.of(2))
    .id(fixtureSha256)
    .id(sha256Hex(prettyJson(release)));
  return sha256Hex(kofunFrame(VECTOR_DOMAIN, withFeatures(payload, features).finish()));
}

function withFeatures(payload: ByteWriter, features: readonly string[]): ByteWriter {
  payload.u32(features.length);
  for (const f of [...features].sort(compareUtf8)) {
    const name = utf8.encode(f);
    payload.u16(name.length).bytes(name);
  }
  return payload;
}

/** The digest of a vector file (query or release-cost). */
export function vectorDigest(vector: VectorFile): string {
  const features = vector.features ?? [];
  if (!('request' in vector)) return releaseVectorDigest(vector.fixture_sha256, vector.release, features);
  return queryVectorDigest({
    fixtureSha256: vector.fixture_sha256,
    requestSha256: sha256Hex(decodeRequestBytes(vector.request)),
    expectedSha256: vector.expected.sha256,
    acceptable: vector.acceptable,
    features,
  });
}
