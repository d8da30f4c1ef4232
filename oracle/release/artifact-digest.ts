/**
 * The digest of a release artifact: SHA-256 over a framed listing of its regular
 * files, so that two artifacts have the same digest exactly when they have the same
 * file set with the same paths, modes, sizes and bytes (KD-RELEASE-02, KD-RELEASE-03).
 *
 * Frame (oracle/digest/kofun-frame.ts): domain `kofun.ctk.release-artifact/v1`, payload
 *
 *     file_count:u32be
 *     || repeated file_count times, sorted by raw UTF-8 path bytes {
 *          path_length:u32be || path (UTF-8, `/`-separated, relative)
 *          mode:u32be        (permission bits, mode & 0o7777)
 *          size:u64be
 *          sha256:32 raw bytes
 *        }
 *
 * Paths are sorted by bytes, never by locale or file-system order (KD-ORDER-12 in spirit).
 */
import { sha256Hex } from '../digest/sha256-hex.js';
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import { ByteWriter } from '../digest/byte-writer.js';
import { kofunFrame } from '../digest/kofun-frame.js';

/** The artifact-digest frame domain. */
export const ARTIFACT_DIGEST_DOMAIN = 'kofun.ctk.release-artifact/v1';

/** One regular file of an artifact, as listed in a release expectation. */
export interface ArtifactFileFacts {
  /** Relative, `/`-separated path. */
  path: string;
  /** Permission bits (mode & 0o7777). */
  mode: number;
  size: number;
  /** Lowercase hex SHA-256 of the file's bytes. */
  sha256: string;
}

/** The listing sorted by path bytes; a duplicate path is a kit fault. */
export function sortFileFacts(files: readonly ArtifactFileFacts[]): ArtifactFileFacts[] {
  const sorted = [...files].sort((a, b) => compareUtf8(a.path, b.path));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1]?.path === sorted[i]?.path)
      throw new Error(`duplicate artifact path: ${JSON.stringify(sorted[i]?.path)}`);
  }
  return sorted;
}

/** The framed listing bytes the digest is taken over. */
export function artifactListingFrame(files: readonly ArtifactFileFacts[]): Uint8Array {
  const sorted = sortFileFacts(files);
  const w = new ByteWriter().u32(sorted.length);
  for (const f of sorted) {
    w.text(f.path)
      .u32(f.mode & 0o7777)
      .u64(f.size)
      .id(f.sha256);
  }
  return kofunFrame(ARTIFACT_DIGEST_DOMAIN, w.finish());
}

/** Lowercase hex SHA-256 of the framed listing. */
export function artifactDigest(files: readonly ArtifactFileFacts[]): string {
  return sha256Hex(artifactListingFrame(files));
}
