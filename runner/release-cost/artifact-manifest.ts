/**
 * The JSON manifest of both sides of a comparison, written for the record
 * (`release-cost --manifest FILE`): every entry's type, mode, size and SHA-256, the
 * entries inside gzip and tar files, and each side's artifact digest, so a gate
 * result can be audited later without the artifacts.
 */
import { artifactDigest, type ArtifactFileFacts } from '../../oracle/index.js';
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
  inside: { format: string; entries: ManifestEntry[] } | { format: string; error: string } | null;
}

export interface ManifestSide {
  location: string;
  kind: string;
  /** artifactDigest over the regular files (oracle/release/artifact-digest.ts). */
  digest: string;
  entries: ManifestEntry[];
}

/** The artifact digest of a tree: the framed listing of its regular files. */
export function treeDigest(tree: ArtifactTree): string {
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
    digest: treeDigest(tree),
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
          ? { format: inner.format, entries: await manifestEntries(inner.tree, depth - 1, limits) }
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
