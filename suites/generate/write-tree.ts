/**
 * Writes a generated tree into a folder so that readers and a concurrent generation
 * never see a half-written file: each file is written to a temporary name in its own
 * folder and renamed over the target (atomic on one file system); files already equal
 * are left alone; files no generated path names are removed afterwards. Two runs at
 * once write the same bytes, so either order ends in the same tree.
 */
import { compareUtf8 } from '../../oracle/index.js';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeOutputFile } from '../../runner/internal.js';

/** Result of a write: which paths changed and which were removed. */
export interface TreeWrite {
  written: string[];
  removed: string[];
}

/**
 * Writes one file by a rename from a temporary file beside it (the kit's one writer, which never follows a link);
 * returns false when it already held `bytes`.
 */
export function writeFileAtomically(target: string, bytes: Uint8Array): boolean {
  if (existsSync(target) && Buffer.from(readFileSync(target)).equals(Buffer.from(bytes))) return false;
  writeOutputFile(target, bytes);
  return true;
}

/** Makes `dir` hold exactly `files` (`/`-separated relative paths), ignoring names that start with `.`. */
export function writeTreeAtomically(dir: string, files: ReadonlyMap<string, Uint8Array>): TreeWrite {
  const written: string[] = [];
  const removed: string[] = [];
  mkdirSync(dir, { recursive: true });
  for (const [rel, bytes] of [...files.entries()].sort(([a], [b]) => compareUtf8(a, b))) {
    if (writeFileAtomically(join(dir, ...rel.split('/')), bytes)) written.push(rel);
  }
  const prune = (abs: string, rel: string): boolean => {
    let empty = true;
    for (const name of readdirSync(abs)) {
      const path = join(abs, name);
      const relPath = rel === '' ? name : `${rel}/${name}`;
      if (name.startsWith('.')) {
        empty = false;
        continue;
      }
      if (statSync(path).isDirectory()) {
        if (prune(path, relPath)) {
          try {
            rmdirSync(path);
          } catch {
            empty = false;
          }
        } else empty = false;
      } else if (!files.has(relPath)) {
        rmSync(path, { force: true });
        removed.push(relPath);
      } else empty = false;
    }
    return empty;
  };
  prune(dir, '');
  return { written, removed };
}
