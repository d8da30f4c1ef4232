/**
 * The vector-set digest: one SHA-256 that binds a gate result to the exact vector and
 * fixture files it ran, framed in the contract's #303 style (compare the
 * interface-set digest, KD-DIGEST-02):
 *
 *     "KOFUN\0"
 *     || domain_length:u16be || "kofun.ctk.vector-set/v1"   (23 ASCII bytes)
 *     || payload_length:u32be || payload
 *
 *     payload = file_count:u32be
 *            || repeated, files sorted by raw path bytes {
 *                 path_length:u16be || path (UTF-8, relative to vectors/, '/'-separated)
 *                 || sha256 (32 raw bytes of the file's SHA-256)
 *               }
 *
 * The files are every entry of manifest.json's `files` (vector files and shared
 * fixtures); manifest.json and README.md themselves are not members.
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import { ByteWriter } from '../digest/byte-writer.js';
import { kofunFrame } from '../digest/kofun-frame.js';
import { sha256Hex } from '../digest/sha256-hex.js';
import { isId } from '../records/scalar-checks.js';
import type { ManifestEntry } from './vector-format.js';

const utf8 = new TextEncoder();

/** The frame's ASCII domain. */
export const VECTOR_SET_DOMAIN = 'kofun.ctk.vector-set/v1';

/** The frame hashed by {@link vectorSetDigest}; throws for a path or digest the frame cannot carry (a kit fault). */
export function vectorSetFrame(files: readonly ManifestEntry[]): Uint8Array {
  const sorted = [...files].sort((a, b) => compareUtf8(a.path, b.path));
  const payload = new ByteWriter().u32(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    const f = sorted[i] as ManifestEntry;
    if (i > 0 && (sorted[i - 1] as ManifestEntry).path === f.path)
      throw new Error(`vector set: duplicate path ${f.path}`);
    if (!isId(f.sha256)) throw new Error(`vector set: ${f.path} has no SHA-256`);
    const path = utf8.encode(f.path);
    if (path.length > 0xffff) throw new Error(`vector set: path too long: ${f.path}`);
    payload.u16(path.length).bytes(path).id(f.sha256);
  }
  return kofunFrame(VECTOR_SET_DOMAIN, payload.finish());
}

/** Lowercase hex SHA-256 of the vector-set frame. */
export function vectorSetDigest(files: readonly ManifestEntry[]): string {
  return sha256Hex(vectorSetFrame(files));
}
