/**
 * Reading a committed vector set back into memory: the files under vectors/, each vector file
 * read with the oracle's one reader of the format (oracle/vectors/vector-format.ts), and the
 * fixture a vector names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decodeCanonical, sha256Hex, loadFixture, type LoadedFixture } from '../../oracle/index.js';
import {
  fixtureFilePath,
  formatJsonInputProblem,
  isVectorPath,
  parseJsonInput,
  readManifestFile,
  readVectorFile,
  MAX_FIXTURE_FILE_BYTES,
  kitRoot,
  type ManifestFile,
  type VectorFile,
} from '../../oracle/internal.js';

/** The kit's vectors/ folder. */
export function vectorsDir(): string {
  return join(kitRoot(), 'vectors');
}

/**
 * Every file under `dir` by `/`-separated relative path. Names starting with `.` are
 * skipped (in-flight temporary files of a concurrent generation). A missing folder is
 * an empty tree.
 */
export function readTree(dir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  if (!existsSync(dir)) return out;
  const visit = (abs: string, rel: string): void => {
    for (const name of readdirSync(abs).sort()) {
      if (name.startsWith('.')) continue;
      const path = join(abs, name);
      const relPath = rel === '' ? name : `${rel}/${name}`;
      if (statSync(path).isDirectory()) visit(path, relPath);
      else out.set(relPath, new Uint8Array(readFileSync(path)));
    }
  };
  visit(dir, '');
  return out;
}

/** A vector file read (readVectorFile), or the reason it is refused as one line. */
export function parseVectorFile(bytes: Uint8Array): { ok: true; vector: VectorFile } | { ok: false; message: string } {
  const read = readVectorFile(bytes);
  return read.ok ? { ok: true, vector: read.value } : { ok: false, message: formatJsonInputProblem(read.problem) };
}

/**
 * Loads a fixture file's bytes (canonical JSON, with control characters in `file.source`
 * escaped, KIT-21) into a LoadedFixture, or says why not. A file the strict canonical
 * decoder refuses only for an escape must be exactly the fixture file encoding of what
 * it parses to: its SHA-256 must be the loaded fixture's address.
 */
export function loadFixtureBytes(
  bytes: Uint8Array,
): { ok: true; fixture: LoadedFixture } | { ok: false; message: string } {
  const decoded = decodeCanonical(bytes, { maxBytes: MAX_FIXTURE_FILE_BYTES, maxDepth: 64 });
  if (!decoded.ok && decoded.violation.code !== 'escape') {
    return {
      ok: false,
      message: `${decoded.violation.code} at byte ${decoded.violation.offset ?? 0}: ${decoded.violation.message}`,
    };
  }
  let value: unknown;
  if (decoded.ok) value = decoded.value;
  else {
    const parsed = parseJsonInput(bytes, { maxBytes: MAX_FIXTURE_FILE_BYTES });
    if (!parsed.ok)
      return { ok: false, message: `the fixture file is refused: ${formatJsonInputProblem(parsed.problem)}` };
    value = parsed.value;
  }
  const loaded = loadFixture(value);
  if (!decoded.ok && loaded.ok && loaded.fixture.fixtureSha256 !== sha256Hex(bytes)) {
    return {
      ok: false,
      message:
        `${decoded.violation.code} at byte ${decoded.violation.offset ?? 0}: ` +
        `the file is not the fixture file encoding of its value (KIT-21)`,
    };
  }
  if (!loaded.ok)
    return { ok: false, message: loaded.violations.map((v) => `${v.code} ${v.pointer ?? ''}`).join('; ') };
  return { ok: true, fixture: loaded.fixture };
}

/** A committed vector set read from `dir`. */
export interface VectorTree {
  files: ReadonlyMap<string, Uint8Array>;
  manifest: ManifestFile | undefined;
  /** Why manifest.json was refused (a duplicate key, invalid UTF-8), when it was. */
  manifestProblem?: string;
  /** Vector files (not fixtures, manifest or README) parsed, by path. */
  vectors: { path: string; vector: VectorFile }[];
  /** The fixture a vector names, loaded once; an error message when it is missing or does not load. */
  fixture(sha256: string): { ok: true; fixture: LoadedFixture } | { ok: false; message: string };
}

/** Reads the vector set at `dir`; unparseable vector files are left out of `vectors` (the check reports them). */
export function readVectorTree(dir: string = vectorsDir()): VectorTree {
  return vectorTreeOf(readTree(dir));
}

/** A vector set held in memory (a generated one, or one read from disk). */
export function vectorTreeOf(files: ReadonlyMap<string, Uint8Array>): VectorTree {
  const manifestBytes = files.get('manifest.json');
  let manifest: ManifestFile | undefined;
  let manifestProblem: string | undefined;
  if (manifestBytes !== undefined) {
    // An unreadable manifest (a duplicate key, invalid UTF-8) is no manifest: the set is then refused.
    const read = readManifestFile(manifestBytes);
    if (read.ok) manifest = read.value;
    else manifestProblem = formatJsonInputProblem(read.problem);
  }
  const vectors: { path: string; vector: VectorFile }[] = [];
  for (const [path, bytes] of files) {
    if (!isVectorPath(path)) continue;
    const parsed = parseVectorFile(bytes);
    if (parsed.ok) vectors.push({ path, vector: parsed.vector });
  }
  const cache = new Map<string, ReturnType<VectorTree['fixture']>>();
  return {
    files,
    manifest,
    ...(manifestProblem === undefined ? {} : { manifestProblem }),
    vectors,
    fixture(sha256: string) {
      const hit = cache.get(sha256);
      if (hit !== undefined) return hit;
      const path = fixtureFilePath(sha256);
      const bytes = files.get(path);
      const result: ReturnType<VectorTree['fixture']> =
        bytes === undefined ? { ok: false, message: `${path} is missing` } : loadFixtureBytes(bytes);
      cache.set(sha256, result);
      return result;
    },
  };
}
