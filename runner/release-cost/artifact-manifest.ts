/**
 * The JSON manifest of both sides of a comparison, written for the record
 * (`release-cost --manifest FILE`): every entry's type, mode, size and `sha256` (of its
 * bytes), the entries inside gzip, tar and zip files with the order the archive stores them
 * in and its own header fields, and each side's `artifact_digest`, so a gate result can be
 * audited later without the artifacts.
 *
 * Two hashes, two names: `sha256` is the SHA-256 of one file's bytes (what sha256sum prints);
 * `artifact_digest` is the SHA-256 of the framed listing of every regular file's path, mode,
 * size and sha256 (oracle/release/artifact-digest.ts), the value a release-cost vector
 * records as each profile's `digest`.
 */
import { artifactDigest, type ArtifactFileFacts } from '../../oracle/internal.js';
import type { ArtifactTree } from './artifact-tree.js';
import { DEFAULT_INNER_LIMITS, expandArchive, type InnerLimits } from './archive-inner.js';

export const RELEASE_MANIFEST_SCHEMA = 'kofun.ctk.release-manifest/v1';

export interface ManifestEntry {
  path: string;
  type: string;
  mode: number;
  size: number;
  sha256: string | null;
  link_target: string | null;
  meta: Record<string, string | number>;
  inside:
    | { format: string; entries: ManifestEntry[]; order: string[] | null; meta: Record<string, string | number> }
    | { format: string; error: string }
    | null;
}

export interface ManifestSide {
  location: string;
  kind: string;
  /** The artifact digest: artifactDigest over the regular files (oracle/release/artifact-digest.ts). */
  artifact_digest: string;
  entries: ManifestEntry[];
}

/** The artifact digest of a tree: the SHA-256 of the framed listing of its regular files. */
export function treeArtifactDigest(tree: ArtifactTree): string {
  const files: ArtifactFileFacts[] = tree.entries
    .filter((e) => e.type === 'file' && e.sha256 !== null)
    .map((e) => ({ path: e.path, mode: e.mode, size: e.size, sha256: e.sha256 as string }));
  return artifactDigest(files);
}

/** One side of the manifest; archives are listed inside up to `depth` levels. */
export async function manifestSide(
  tree: ArtifactTree,
  depth = 3,
  limits: InnerLimits = DEFAULT_INNER_LIMITS,
): Promise<ManifestSide> {
  return {
    location: tree.location,
    kind: tree.kind,
    artifact_digest: treeArtifactDigest(tree),
    entries: await manifestEntries(tree, depth, limits),
  };
}

async function manifestEntries(tree: ArtifactTree, depth: number, limits: InnerLimits): Promise<ManifestEntry[]> {
  const out: ManifestEntry[] = [];
  for (const e of tree.entries) {
    let inside: ManifestEntry['inside'] = null;
    if (depth > 0) {
      const inner = await expandArchive(e, e.path, limits);
      if (inner !== null) {
        inside = inner.ok
          ? {
              format: inner.format,
              entries: await manifestEntries(inner.tree, depth - 1, limits),
              order: inner.tree.order,
              meta: inner.tree.meta,
            }
          : { format: inner.format, error: inner.message };
      }
    }
    out.push({
      path: e.path,
      type: e.type,
      mode: e.mode,
      size: e.size,
      sha256: e.sha256,
      link_target: e.linkTarget,
      meta: e.meta,
      inside,
    });
  }
  return out;
}
