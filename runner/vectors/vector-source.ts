/**
 * The runner's view of a vector set (ARCHITECTURE.md, "vectors/"). What binds a gate to exact bytes is checked up
 * front, one file at a time, so the runner's memory does not grow with the set: the manifest (read fail-closed), the
 * set digest against the manifest's file list, every listed file against its SHA-256 (fixtures hashed as a stream,
 * and named by their SHA-256), every vector file's shape, and every expected and acceptable result against its own
 * sha256. A mismatch is a usage error (exit 2), never a verdict. Files the manifest does not list are not part of the
 * set. The set then keeps only small metadata per vector; a vector file is read again when the vector runs, and a
 * fixture when a provider instance must load it, each checked against the SHA-256 recorded up front: a file that
 * changed after the check is never judged (the read says why, and the vector is NOT-RUN).
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  compareUtf8,
  createSha256,
  type Feature,
  type LoadedFixture,
  schemaViolations,
  sha256Hex,
} from '../../oracle/index.js';
import {
  RELEASE_EXPECTATION_SCHEMA,
  isQueryVector,
  vectorSetDigest,
  type ManifestFile,
  type VectorFile,
  type VectorHead,
  parseJsonInput,
  formatJsonInputProblem,
  vectorBytes,
  vectorDigest,
} from '../../oracle/internal.js';
import { UsageError } from '../io/cli-io.js';
import { loadFixtureBytes, parseVectorFile } from './load-vector.js';

/** One acceptable alternative of a query vector as the set keeps it: its bytes stay in the vector file. */
export interface AcceptableEntry {
  name: string;
  reason: string;
  interpretation: string;
  /** The SHA-256 of the alternative's bytes (checked against them when the set was read). */
  sha256: string;
}

/** One acceptable alternative of a loaded vector (the envelope), with its bytes. */
export interface AcceptableAlternative extends AcceptableEntry {
  bytes: Uint8Array;
}

/** A query vector as the set keeps it for the whole run: what selection, listing and reports need, no payload. */
export interface QueryVectorEntry {
  id: string;
  category: string;
  intent: string;
  clauses: string[];
  interpretations: string[];
  /** The features the vector needs (PROTOCOL.md, "Features"); none when its file lists none. */
  features: Feature[];
  fixtureSha256: string;
  /** The vector file, relative to the vector folder, with `/` separators. */
  file: string;
  /** The vector file's SHA-256 as manifest.json lists it; the file is read again only when it still has it. */
  fileSha256: string;
  /** The SHA-256 of the expected result's bytes. */
  expectedSha256: string;
  acceptable: AcceptableEntry[];
  /** The vector's own digest: its request, fixture, expected and acceptable bytes (oracle/vectors/vector-digest.ts). */
  vectorSha256: string;
}

/** A query vector read for its run: the entry with the request, expected and acceptable bytes (what judging needs). */
export interface QueryVector extends QueryVectorEntry {
  request: Uint8Array;
  expected: Uint8Array;
  acceptable: AcceptableAlternative[];
}

/** A release-cost vector as the runner uses it: built with the provider's declared build commands. */
export interface ReleaseVector {
  id: string;
  category: string;
  intent: string;
  clauses: string[];
  interpretations: string[];
  /** The features the vector needs: `release-cost` for the kit's own. */
  features: Feature[];
  fixtureSha256: string;
  /** The kofun.ctk.release-expectation/v1 record, as the vector holds it. */
  release: unknown;
  /** The vector file, relative to the vector folder, with `/` separators. */
  file: string;
  /** The vector's own digest: its fixture and release expectation (oracle/vectors/vector-digest.ts). */
  vectorSha256: string;
}

/** A read of a file of the set after the check: its content, or why it may not be used (the file named). */
export type SetRead<T> = { ok: true; value: T } | { ok: false; file: string; reason: string };

/** A vector set as checked. */
export interface VectorSet {
  root: string;
  vectorSetSha256: string;
  /** The query vectors, by id. */
  queryVectors: QueryVectorEntry[];
  /** The release-cost vectors, by id. */
  releaseVectors: ReleaseVector[];
  /** Reads a query vector's file again; refused when it is no longer the file that was checked. */
  readVector(entry: Pick<QueryVectorEntry, 'id'>): SetRead<QueryVector>;
  /** Reads a shared fixture's bytes; refused when the file is no longer the one its name (its SHA-256) names. */
  readFixture(sha256: string): SetRead<Uint8Array>;
  /** The absolute path of a shared fixture's file (the builds of a release-cost vector read it). */
  fixturePath(sha256: string): string;
  /**
   * The fixture as the oracle loads it, for the verifier's fixture checks (`value` undefined when it does not load);
   * refused, like readFixture, when its file changed after the check.
   */
  loadedFixture(sha256: string): SetRead<LoadedFixture | undefined>;
}

const SHA_RE = /^[0-9a-f]{64}$/;

/** Far above the largest vector file (a 4 MiB result and its alternative): a bigger file is refused unread. */
const MAX_VECTOR_FILE_BYTES = 64 * 1024 * 1024;

/** The chunk in which fixture files are hashed up front. */
const HASH_CHUNK_BYTES = 1024 * 1024;

/** The slice of a result string encoded and hashed at once when a vector file is checked (64 Ki UTF-16 units). */
const HASH_CHUNK_CHARS = 64 * 1024;

/**
 * Loaded fixtures kept at once. A run sends vectors grouped by fixture, so a few suffice, and a fixture with a
 * million candidates is not held for the whole run: beyond the newest one, fixtures are kept only while their
 * candidates add up to at most LOADED_CANDIDATE_BUDGET. A loaded fixture keeps 8 bytes per series member
 * (candidate-list.ts), but what the verifier caches per fixture (check-leaks.ts) grows with every candidate it reads.
 */
const LOADED_FIXTURE_CACHE = 6;
const LOADED_CANDIDATE_BUDGET = 1_000_000;

function fail(root: string, message: string): never {
  throw new UsageError(`vector set ${root}: ${message}`);
}

/**
 * Whether a manifest path names a file inside the set: `/`-separated names, none empty or starting with `.` (the
 * in-flight temporary files of a concurrent generation are no part of a set, and `..` would leave it).
 */
function insideSet(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    !path.includes('\\') &&
    !path.includes('\0') &&
    path.split('/').every((name) => name !== '' && !name.startsWith('.'))
  );
}

/** The size of a regular file, or undefined when there is none at `path`. */
function fileSize(path: string): number | undefined {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

/** The SHA-256 of a file, read in chunks so that no more than one chunk of it is held. */
function hashFile(path: string): string {
  const hash = createSha256();
  const chunk = new Uint8Array(HASH_CHUNK_BYTES);
  const fd = openSync(path, 'r');
  try {
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.hex();
}

/** The manifest's bytes; a set without one is a usage error. */
function readManifestBytes(root: string): Uint8Array {
  try {
    return readFileSync(join(root, 'manifest.json'));
  } catch {
    fail(root, 'no manifest.json (generate the vectors first)');
  }
}

/** Reads the manifest fail-closed (a duplicate key, invalid UTF-8 refused) and checks the set digest. */
function readManifest(root: string, bytes: Uint8Array): { files: { path: string; sha256: string }[]; setSha: string } {
  const parsed = parseJsonInput(bytes);
  if (!parsed.ok) fail(root, `manifest.json is refused: ${formatJsonInputProblem(parsed.problem)}`);
  const manifest = parsed.value as ManifestFile | null;
  if (typeof manifest !== 'object' || manifest === null || !Array.isArray(manifest.files))
    fail(root, 'manifest.json is not a kofun.ctk.manifest/v1 file list');
  const setSha = manifest.vector_set_sha256;
  if (typeof setSha !== 'string' || !SHA_RE.test(setSha)) fail(root, 'manifest.json has no vector_set_sha256');
  let digest: string;
  try {
    digest = vectorSetDigest(manifest.files);
  } catch {
    fail(root, 'manifest.json lists a file without a SHA-256, or a file twice');
  }
  if (digest !== setSha) fail(root, 'vector_set_sha256 does not match the files manifest.json lists');
  return { files: manifest.files, setSha };
}

/** A vector file's checked content: a query vector's metadata, or a release-cost vector. */
type CheckedVector = { kind: 'query'; vector: QueryVectorEntry } | { kind: 'release'; vector: ReleaseVector };

/** Parses and checks one vector file's bytes (already equal to their manifest SHA-256); fails as a usage error. */
function checkVectorFile(root: string, path: string, fileSha256: string, bytes: Uint8Array): CheckedVector {
  const parsed = parseVectorFile(bytes);
  if (!parsed.ok) fail(root, `${path} is refused: ${parsed.message}`);
  const v = parsed.vector;
  if (typeof v.id !== 'string' || typeof v.category !== 'string') fail(root, `${path} has no id or category`);
  if (!isQueryVector(v)) {
    const problems = 'release' in v ? schemaViolations(RELEASE_EXPECTATION_SCHEMA, v.release) : [];
    if (!('release' in v) || problems.length > 0)
      fail(root, `${path} has neither a request nor a ${RELEASE_EXPECTATION_SCHEMA} release expectation`);
    if (typeof v.fixture_sha256 !== 'string' || !SHA_RE.test(v.fixture_sha256))
      fail(root, `${path} has no fixture_sha256`);
    return {
      kind: 'release',
      vector: { ...entryHead(v), release: v.release, file: path, vectorSha256: vectorDigest(v) },
    };
  }
  // The results are hashed as they are encoded, a slice at a time: a 4 MiB result is not copied to be checked.
  if (utf8Sha256(v.expected.result) !== v.expected.sha256)
    fail(root, `${path}: the expected result does not match its sha256`);
  const acceptable = v.acceptable.map((alt): AcceptableEntry => {
    if (utf8Sha256(alt.result) !== alt.sha256) fail(root, `${path}: acceptable ${alt.name} does not match its sha256`);
    return { name: alt.name, reason: alt.reason, interpretation: alt.interpretation, sha256: alt.sha256 };
  });
  if (typeof v.fixture_sha256 !== 'string' || !SHA_RE.test(v.fixture_sha256))
    fail(root, `${path} has no fixture_sha256`);
  return {
    kind: 'query',
    vector: {
      ...entryHead(v),
      file: path,
      fileSha256,
      expectedSha256: v.expected.sha256,
      acceptable,
      vectorSha256: vectorDigest(v),
    },
  };
}

/** What a query and a release-cost vector keep of their file's head; `features` none when the file lists none. */
function entryHead(
  v: VectorHead,
): Pick<QueryVectorEntry, 'id' | 'category' | 'intent' | 'clauses' | 'interpretations' | 'features' | 'fixtureSha256'> {
  return {
    id: v.id,
    category: v.category,
    intent: v.intent,
    clauses: [...v.clauses],
    interpretations: [...v.interpretations],
    features: [...(v.features ?? [])],
    fixtureSha256: v.fixture_sha256,
  };
}

/** The SHA-256 of a string's UTF-8 bytes, encoded a slice at a time; a slice never ends inside a surrogate pair. */
function utf8Sha256(text: string): string {
  const hash = createSha256();
  for (let at = 0; at < text.length;) {
    let end = Math.min(text.length, at + HASH_CHUNK_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    hash.update(text.slice(at, end));
    at = end;
  }
  return hash.hex();
}

/** What `read` returns; a file that cannot be read (its permissions, a folder in its place) is a usage error. */
function readOrFail<T>(root: string, path: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    fail(root, `${path} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'read error'})`);
  }
}

/** Reads a file of the set again and checks it is still the one that was checked; the bytes, or why not. */
function rereadFile(root: string, file: string, sha256: string, maxBytes: number): SetRead<Uint8Array> {
  const path = join(root, file);
  const changed = (how: string): SetRead<Uint8Array> => ({
    ok: false,
    file: path,
    reason: `not run: ${path} changed after the vector set was checked (${how})`,
  });
  const size = fileSize(path);
  if (size === undefined) return changed('it is no longer a readable file');
  if (size > maxBytes) return changed(`it now has ${size} bytes`);
  let bytes: Uint8Array;
  try {
    // A plain Uint8Array view, not the Buffer: a Buffer's slice() shares its memory where a Uint8Array's copies, and
    // callers copy the bytes with slice() before they transfer them to a module's thread.
    const buffer = readFileSync(path);
    bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
  } catch (err) {
    return changed(`it can no longer be read: ${(err as NodeJS.ErrnoException).code ?? 'read error'}`);
  }
  const now = sha256Hex(bytes);
  if (now !== sha256) return changed(`its SHA-256 is now ${now}, manifest.json lists ${sha256}`);
  return { ok: true, value: bytes };
}

/** What the up-front check of a set established, kept while its files stay the ones checked (loadVectorSet). */
interface CheckedFiles {
  /** The manifest's bytes and every listed file's identity and times, as stat gave them when the set was checked. */
  stamp: string;
  setSha: string;
  queryVectors: readonly QueryVectorEntry[];
  releaseVectors: readonly ReleaseVector[];
  fixtures: ReadonlySet<string>;
}

/** The sets checked by this process, by folder (a process that runs the gate again, as the kit's tests do). */
const checkedInProcess = new Map<string, CheckedFiles>();

/** What the up-front check of the set at `root` established, as plain data (checkedSetRecord, adoptCheckedSet). */
export interface CheckedSetRecord {
  root: string;
  stamp: string;
  setSha: string;
  queryVectors: QueryVectorEntry[];
  releaseVectors: ReleaseVector[];
  fixtures: string[];
}

/** The record of the set at `root` as this process checked it (loadVectorSet), or undefined when it did not. */
export function checkedSetRecord(root: string): CheckedSetRecord | undefined {
  const checked = checkedInProcess.get(root);
  if (checked === undefined) return undefined;
  return {
    root,
    stamp: checked.stamp,
    setSha: checked.setSha,
    queryVectors: [...checked.queryVectors],
    releaseVectors: [...checked.releaseVectors],
    fixtures: [...checked.fixtures],
  };
}

/**
 * Takes what another process of the same run established by checking a set (its checkedSetRecord) as this process's
 * own check of the folder: loadVectorSet then skips the up-front check while the manifest and every listed file still
 * have the stamp the record holds, exactly as for a set this process checked itself, and checks the set afresh
 * otherwise. The kit's test runner (scripts/run-tests.mjs) checks the kit's own set once and hands it to every test
 * file this way, instead of every test file hashing and reading the 20 MiB again.
 */
export function adoptCheckedSet(record: CheckedSetRecord): void {
  checkedInProcess.set(record.root, { ...record, fixtures: new Set(record.fixtures) });
}

/**
 * What identifies the set's files as checked: the manifest's digest, and every listed file's device, inode, size,
 * modification and change times in nanoseconds. Any write to a file changes its change time, which no unprivileged
 * call sets back; a file swapped for another changes its inode. A file listed but missing gives no stamp.
 */
function setStamp(root: string, manifestBytes: Uint8Array, files: readonly { path: string }[]): string | undefined {
  const parts = [sha256Hex(manifestBytes)];
  for (const { path } of files) {
    if (!insideSet(path)) return undefined;
    let stat;
    try {
      stat = statSync(join(root, path), { bigint: true });
    } catch {
      return undefined;
    }
    if (!stat.isFile()) return undefined;
    parts.push(`${path}\u0000${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`);
  }
  return parts.join('\n');
}

/**
 * Reads and checks the vector set at `root`, one file at a time; a problem is a UsageError. A process that checked
 * the same folder before, and finds the manifest and every listed file as they were then (setStamp), skips the
 * up-front check: the files are the ones checked, and every file a run uses is read again and checked against its
 * SHA-256 anyway (readVector, readFixture).
 */
export function loadVectorSet(root: string): VectorSet {
  const manifestBytes = readManifestBytes(root);
  const manifest = readManifest(root, manifestBytes);
  const stamp = setStamp(root, manifestBytes, manifest.files);
  const known = checkedInProcess.get(root);
  const checked =
    known !== undefined && stamp !== undefined && known.stamp === stamp ? known : checkFiles(root, manifest);
  if (stamp !== undefined && checked !== known) checkedInProcess.set(root, { ...checked, stamp });
  return checkedSet(root, checked.setSha, [...checked.queryVectors], [...checked.releaseVectors], checked.fixtures);
}

/** The up-front check of every file the manifest lists (the module comment). */
function checkFiles(
  root: string,
  manifest: { files: { path: string; sha256: string }[]; setSha: string },
): Omit<CheckedFiles, 'stamp'> {
  const queryVectors: QueryVectorEntry[] = [];
  const releaseVectors: ReleaseVector[] = [];
  const fixtures = new Set<string>();
  for (const entry of [...manifest.files].sort((a, b) => compareUtf8(a.path, b.path))) {
    const size = insideSet(entry.path) ? fileSize(join(root, entry.path)) : undefined;
    if (size === undefined) fail(root, `${String(entry.path)} is listed in manifest.json but missing`);
    const path = join(root, entry.path);
    if (entry.path.startsWith('fixtures/')) {
      if (readOrFail(root, entry.path, () => hashFile(path)) !== entry.sha256)
        fail(root, `${entry.path} does not match its SHA-256 in manifest.json`);
      if (entry.path !== `fixtures/${entry.sha256}.json`) fail(root, `${entry.path} is not named by its SHA-256`);
      fixtures.add(entry.sha256);
      continue;
    }
    if (size > MAX_VECTOR_FILE_BYTES)
      fail(
        root,
        `${entry.path} is refused: ${size} bytes, more than the ${MAX_VECTOR_FILE_BYTES} a vector file may have`,
      );
    const bytes = readOrFail(root, entry.path, () => readFileSync(path));
    if (sha256Hex(bytes) !== entry.sha256) fail(root, `${entry.path} does not match its SHA-256 in manifest.json`);
    const checked = checkVectorFile(root, entry.path, entry.sha256, bytes);
    if (checked.kind === 'release') releaseVectors.push(checked.vector);
    else queryVectors.push(checked.vector);
  }
  const ids = new Set<string>();
  for (const v of [...queryVectors, ...releaseVectors]) {
    if (ids.has(v.id)) fail(root, `duplicate vector id ${v.id}`);
    ids.add(v.id);
    if (!fixtures.has(v.fixtureSha256))
      fail(root, `${v.file} names fixture ${v.fixtureSha256}, which manifest.json does not list`);
  }
  queryVectors.sort((a, b) => compareUtf8(a.id, b.id));
  releaseVectors.sort((a, b) => compareUtf8(a.id, b.id));
  return { setSha: manifest.setSha, queryVectors, releaseVectors, fixtures };
}

function checkedSet(
  root: string,
  vectorSetSha256: string,
  queryVectors: QueryVectorEntry[],
  releaseVectors: ReleaseVector[],
  fixtures: ReadonlySet<string>,
): VectorSet {
  const byId = new Map(queryVectors.map((v) => [v.id, v]));
  // Vectors run grouped by fixture: the last fixture's bytes serve every instance that loads it next.
  let lastFixture: { sha256: string; bytes: Uint8Array } | undefined;
  const loadedCache = new Map<string, LoadedFixture | undefined>();
  const readFixture = (sha256: string): SetRead<Uint8Array> => {
    if (lastFixture?.sha256 === sha256) return { ok: true, value: lastFixture.bytes };
    const file = `fixtures/${sha256}.json`;
    if (!fixtures.has(sha256))
      return { ok: false, file, reason: `not run: fixture ${sha256} is not in the vector set` };
    const read = rereadFile(root, file, sha256, Number.MAX_SAFE_INTEGER);
    if (read.ok) lastFixture = { sha256, bytes: read.value };
    return read;
  };
  return {
    root,
    vectorSetSha256,
    queryVectors,
    releaseVectors,
    readVector(wanted) {
      const entry = byId.get(wanted.id);
      if (entry === undefined)
        return { ok: false, file: wanted.id, reason: `not run: ${wanted.id} is not a query vector of the set` };
      const read = rereadFile(root, entry.file, entry.fileSha256, MAX_VECTOR_FILE_BYTES);
      if (!read.ok) return read;
      // The bytes are the ones read fail-closed up front (no duplicate key, valid UTF-8), so the plain parser gives
      // the same value, without the fail-closed reader's transient copies of a 4 MiB result.
      const v = JSON.parse(
        Buffer.from(read.value.buffer, read.value.byteOffset, read.value.length).toString('utf8'),
      ) as VectorFile;
      const b = vectorBytes(v);
      if (b === undefined || !isQueryVector(v))
        throw new Error(`kit fault: ${entry.file} no longer parses to the query vector it was checked as`);
      const acceptable = entry.acceptable.map((a, i) => ({ ...a, bytes: b.acceptable[i]?.bytes ?? new Uint8Array(0) }));
      return {
        ok: true,
        value: { ...entry, request: b.request, expected: b.expected, acceptable },
      };
    },
    readFixture,
    fixturePath(sha256: string): string {
      if (!fixtures.has(sha256)) fail(root, `fixture ${sha256} is missing`);
      return join(root, 'fixtures', `${sha256}.json`);
    },
    loadedFixture(sha256: string): SetRead<LoadedFixture | undefined> {
      if (loadedCache.has(sha256)) {
        const hit = loadedCache.get(sha256);
        loadedCache.delete(sha256);
        loadedCache.set(sha256, hit);
        return { ok: true, value: hit };
      }
      const bytes = readFixture(sha256);
      if (!bytes.ok) return bytes;
      const loaded = loadFixtureBytes(bytes.value);
      const fixture = loaded.ok ? loaded.fixture : undefined;
      loadedCache.set(sha256, fixture);
      const candidates = (): number =>
        [...loadedCache.values()].reduce((n, f) => n + (f?.candidatesInOrder.length ?? 0), 0);
      while (
        loadedCache.size > LOADED_FIXTURE_CACHE ||
        (loadedCache.size > 1 && candidates() > LOADED_CANDIDATE_BUDGET)
      )
        loadedCache.delete(loadedCache.keys().next().value as string);
      return { ok: true, value: fixture };
    },
  };
}
