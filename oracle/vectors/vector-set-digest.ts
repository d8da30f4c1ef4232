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
import { VECTOR_SET_DOMAIN, type ManifestEntry } from './vector-format.js';
import { sha256Hex } from '../digest/sha256-hex.js';

const MAGIC = Buffer.from('KOFUN\0', 'latin1');

/** The frame hashed by {@link vectorSetDigest}; throws for a path or digest the frame cannot carry (a kit fault). */
export function vectorSetFrame(files: readonly ManifestEntry[]): Uint8Array {
  const sorted = [...files].sort((a, b) => compareUtf8(a.path, b.path));
  const parts: Buffer[] = [];
  const count = Buffer.alloc(4);
  count.writeUInt32BE(sorted.length);
  parts.push(count);
  for (let i = 0; i < sorted.length; i++) {
    const f = sorted[i] as ManifestEntry;
    if (i > 0 && (sorted[i - 1] as ManifestEntry).path === f.path)
      throw new Error(`vector set: duplicate path ${f.path}`);
    if (!/^[0-9a-f]{64}$/.test(f.sha256)) throw new Error(`vector set: ${f.path} has no SHA-256`);
    const path = Buffer.from(f.path, 'utf8');
    if (path.length > 0xffff) throw new Error(`vector set: path too long: ${f.path}`);
    const len = Buffer.alloc(2);
    len.writeUInt16BE(path.length);
    parts.push(len, path, Buffer.from(f.sha256, 'hex'));
  }
  const payload = Buffer.concat(parts);
  const domain = Buffer.from(VECTOR_SET_DOMAIN, 'ascii');
  const head = Buffer.alloc(2 + domain.length + 4);
  head.writeUInt16BE(domain.length, 0);
  domain.copy(head, 2);
  head.writeUInt32BE(payload.length, 2 + domain.length);
  return new Uint8Array(Buffer.concat([MAGIC, head, payload]));
}

/** Lowercase hex SHA-256 of the vector-set frame. */
export function vectorSetDigest(files: readonly ManifestEntry[]): string {
  return sha256Hex(vectorSetFrame(files));
}
