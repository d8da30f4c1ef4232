/**
 * A small vector set for the tests that tamper with one: the named (query or release-cost) vectors of the kit's own set
 * and the fixtures they name, copied to a temporary folder with a manifest listing them (and its set digest), so a test
 * can change, drop or add a file before or after the set is read.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../oracle/index.js';
import { kitRoot, vectorSetDigest } from '../../oracle/internal.js';
import { kitVectors } from './run-helpers.js';

/** The files of a subset by path relative to the set, as bytes; edit them before `writeVectorSubset`. */
export function subsetFiles(ids: readonly string[]): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const source = join(kitRoot(), 'vectors');
  const set = kitVectors();
  for (const id of ids) {
    const entry = [...set.queryVectors, ...set.releaseVectors].find((v) => v.id === id);
    if (entry === undefined) throw new Error(`the kit has no vector ${id}`);
    files.set(entry.file, new Uint8Array(readFileSync(join(source, entry.file))));
    const fixture = `fixtures/${entry.fixtureSha256}.json`;
    files.set(fixture, new Uint8Array(readFileSync(join(source, fixture))));
  }
  return files;
}

/**
 * Writes `files` to a new temporary folder with a manifest whose entries are `listed` (by default every file with its
 * SHA-256) and whose set digest is theirs; returns the folder.
 */
export function writeVectorSubset(
  files: ReadonlyMap<string, Uint8Array>,
  listed: { path: string; sha256: string }[] = [...files].map(([path, bytes]) => ({ path, sha256: sha256Hex(bytes) })),
): string {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-subset-'));
  for (const [path, bytes] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
  const manifest = { files: listed, vector_set_sha256: vectorSetDigest(listed) };
  writeFileSync(join(root, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return root;
}
