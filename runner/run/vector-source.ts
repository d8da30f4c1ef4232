/**
 * The runner's view of a vector set (ARCHITECTURE.md, "vectors/"), read with the
 * vectors' own loader (runner/vectors/load-vector.ts): the manifest's set digest, the
 * query vectors with their request, expected and acceptable bytes, the release-cost
 * vectors with their release expectation, and the shared fixtures by SHA-256. The runner checks what binds a gate
 * to exact bytes: the set digest against the manifest's file list, every listed file against its SHA-256, every
 * expected and acceptable result against its own; a mismatch is a usage error (exit 2),
 * never a verdict. Files the manifest does not list are not part of the set.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type LoadedFixture,
  schemaViolations,
  sha256Hex,
  RELEASE_EXPECTATION_SCHEMA,
  isQueryVector,
  vectorSetDigest,
} from '../../oracle/index.js';
import { UsageError } from '../io/cli-io.js';
import { loadFixtureBytes, parseVectorFile, readVectorTree, vectorBytes } from '../vectors/load-vector.js';

/** One acceptable alternative of a vector (the envelope). */
export interface AcceptableAlternative {
  name: string;
  reason: string;
  interpretation: string;
  bytes: Uint8Array;
}

/** A query vector as the runner uses it. */
export interface QueryVector {
  id: string;
  category: string;
  intent: string;
  clauses: string[];
  interpretations: string[];
  fixtureSha256: string;
  request: Uint8Array;
  expected: Uint8Array;
  acceptable: AcceptableAlternative[];
  /** The vector file, relative to the vector folder, with `/` separators. */
  file: string;
}

/** A release-cost vector as the runner uses it: built with the provider's declared build commands. */
export interface ReleaseVector {
  id: string;
  category: string;
  intent: string;
  clauses: string[];
  interpretations: string[];
  fixtureSha256: string;
  /** The kofun.ctk.release-expectation/v1 record, as the vector holds it. */
  release: unknown;
  /** The vector file, relative to the vector folder, with `/` separators. */
  file: string;
}

/** A vector set as loaded. */
export interface VectorSet {
  root: string;
  vectorSetSha256: string;
  queryVectors: QueryVector[];
  /** The release-cost vectors, by id. */
  releaseVectors: ReleaseVector[];
  /** The bytes of a shared fixture (checked against its name when the set was read). */
  fixtureBytes(sha256: string): Uint8Array;
  /** The absolute path of a shared fixture's file (the builds of a release-cost vector read it). */
  fixturePath(sha256: string): string;
  /** The fixture as the oracle loads it, for the verifier's fixture checks; undefined when it does not load. */
  loadedFixture(sha256: string): LoadedFixture | undefined;
}

const SHA_RE = /^[0-9a-f]{64}$/;

/**
 * Loaded fixtures kept at once. A run sends vectors grouped by fixture, so a few suffice, and a fixture with a
 * million expanded candidates is not held for the whole run: beyond the newest one, fixtures are kept only while
 * their expanded candidates add up to at most LOADED_CANDIDATE_BUDGET (about 300 MiB of loaded candidates).
 */
const LOADED_FIXTURE_CACHE = 6;
const LOADED_CANDIDATE_BUDGET = 1_000_000;

function fail(root: string, message: string): never {
  throw new UsageError(`vector set ${root}: ${message}`);
}

function sameBytes(bytes: Uint8Array, sha: unknown): boolean {
  return typeof sha === 'string' && sha256Hex(bytes) === sha;
}

/** Reads and checks the vector set at `root`. */
export function loadVectorSet(root: string): VectorSet {
  if (!existsSync(join(root, 'manifest.json'))) fail(root, 'no manifest.json (generate the vectors first)');
  const tree = readVectorTree(root);
  const manifest = tree.manifest;
  if (tree.manifestProblem !== undefined) fail(root, `manifest.json is refused: ${tree.manifestProblem}`);
  if (manifest === undefined || !Array.isArray(manifest.files))
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

  const queryVectors: QueryVector[] = [];
  const releaseVectors: ReleaseVector[] = [];
  const fixtures = new Map<string, Uint8Array>();
  for (const entry of [...manifest.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const bytes = tree.files.get(entry.path);
    if (bytes === undefined) fail(root, `${entry.path} is listed in manifest.json but missing`);
    if (!sameBytes(bytes, entry.sha256)) fail(root, `${entry.path} does not match its SHA-256 in manifest.json`);
    if (entry.path.startsWith('fixtures/')) {
      if (entry.path !== `fixtures/${entry.sha256}.json`) fail(root, `${entry.path} is not named by its SHA-256`);
      fixtures.set(entry.path.slice('fixtures/'.length, -'.json'.length), bytes);
      continue;
    }
    const parsed = parseVectorFile(bytes);
    if (!parsed.ok) fail(root, `${entry.path} is refused: ${parsed.message}`);
    const v = parsed.vector;
    if (typeof v.id !== 'string' || typeof v.category !== 'string') fail(root, `${entry.path} has no id or category`);
    if (!isQueryVector(v)) {
      const problems = 'release' in v ? schemaViolations(RELEASE_EXPECTATION_SCHEMA, v.release) : [];
      if (!('release' in v) || problems.length > 0)
        fail(root, `${entry.path} has neither a request nor a ${RELEASE_EXPECTATION_SCHEMA} release expectation`);
      if (typeof v.fixture_sha256 !== 'string' || !SHA_RE.test(v.fixture_sha256))
        fail(root, `${entry.path} has no fixture_sha256`);
      releaseVectors.push({
        id: v.id,
        category: v.category,
        intent: v.intent,
        clauses: [...v.clauses],
        interpretations: [...v.interpretations],
        fixtureSha256: v.fixture_sha256,
        release: v.release,
        file: entry.path,
      });
      continue;
    }
    const b = vectorBytes(v);
    if (b === undefined) fail(root, `${entry.path} has no request`);
    if (!sameBytes(b.expected, v.expected.sha256))
      fail(root, `${entry.path}: the expected result does not match its sha256`);
    const acceptable = v.acceptable.map((alt, i) => {
      const bytesOfAlt = b.acceptable[i]?.bytes ?? new Uint8Array(0);
      if (!sameBytes(bytesOfAlt, alt.sha256))
        fail(root, `${entry.path}: acceptable ${alt.name} does not match its sha256`);
      return { name: alt.name, reason: alt.reason, interpretation: alt.interpretation, bytes: bytesOfAlt };
    });
    if (typeof v.fixture_sha256 !== 'string' || !SHA_RE.test(v.fixture_sha256))
      fail(root, `${entry.path} has no fixture_sha256`);
    queryVectors.push({
      id: v.id,
      category: v.category,
      intent: v.intent,
      clauses: [...v.clauses],
      interpretations: [...v.interpretations],
      fixtureSha256: v.fixture_sha256,
      request: b.request,
      expected: b.expected,
      acceptable,
      file: entry.path,
    });
  }
  const ids = new Set<string>();
  for (const v of [...queryVectors, ...releaseVectors]) {
    if (ids.has(v.id)) fail(root, `duplicate vector id ${v.id}`);
    ids.add(v.id);
    if (!fixtures.has(v.fixtureSha256))
      fail(root, `${v.file} names fixture ${v.fixtureSha256}, which manifest.json does not list`);
  }
  queryVectors.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  releaseVectors.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const loadedCache = new Map<string, LoadedFixture | undefined>();
  return {
    root,
    vectorSetSha256: setSha,
    queryVectors,
    releaseVectors,
    fixtureBytes(sha256: string): Uint8Array {
      const bytes = fixtures.get(sha256);
      if (bytes === undefined) fail(root, `fixture ${sha256} is missing`);
      return bytes;
    },
    fixturePath(sha256: string): string {
      if (!fixtures.has(sha256)) fail(root, `fixture ${sha256} is missing`);
      return join(root, 'fixtures', `${sha256}.json`);
    },
    loadedFixture(sha256: string): LoadedFixture | undefined {
      if (loadedCache.has(sha256)) {
        const hit = loadedCache.get(sha256);
        loadedCache.delete(sha256);
        loadedCache.set(sha256, hit);
        return hit;
      }
      const bytes = fixtures.get(sha256);
      const loaded = bytes === undefined ? undefined : loadFixtureBytes(bytes);
      const fixture = loaded?.ok ? loaded.fixture : undefined;
      loadedCache.set(sha256, fixture);
      const candidates = (): number =>
        [...loadedCache.values()].reduce((n, f) => n + (f?.candidatesInOrder.length ?? 0), 0);
      while (
        loadedCache.size > LOADED_FIXTURE_CACHE ||
        (loadedCache.size > 1 && candidates() > LOADED_CANDIDATE_BUDGET)
      )
        loadedCache.delete(loadedCache.keys().next().value as string);
      return fixture;
    },
  };
}
