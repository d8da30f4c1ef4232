/**
 * The runner's view of a vector set (ARCHITECTURE.md, "vectors/"): the manifest's
 * set digest, the query vectors with their request, expected and acceptable bytes,
 * and the shared fixtures by SHA-256. Every file is checked against the manifest's
 * SHA-256 and every expected/acceptable result against its own, so a gate is bound to
 * exactly the bytes the manifest names; a mismatch is a usage error, never a verdict.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../io/cli-io.js';
import { vectorSetDigest } from '../vectors/vector-set-digest.js';

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

/** A vector set as loaded. */
export interface VectorSet {
  root: string;
  vectorSetSha256: string;
  queryVectors: QueryVector[];
  /** Vectors a provider run does not judge (release-cost), by id. */
  otherVectors: { id: string; category: string }[];
  /** The bytes of a shared fixture, read once and checked against its name. */
  fixtureBytes(sha256: string): Uint8Array;
}

const SHA_RE = /^[0-9a-f]{64}$/;

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function fail(root: string, message: string): never {
  throw new UsageError(`vector set ${root}: ${message}`);
}

/** Reads the vector set at `root` (its manifest.json, vector files and fixtures). */
export function loadVectorSet(root: string): VectorSet {
  const manifestPath = join(root, 'manifest.json');
  if (!existsSync(manifestPath)) fail(root, 'no manifest.json (generate the vectors first)');
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  } catch {
    fail(root, 'manifest.json is not JSON');
  }
  const setSha = manifest.vector_set_sha256;
  if (typeof setSha !== 'string' || !SHA_RE.test(setSha)) fail(root, 'manifest.json has no vector_set_sha256');
  const listed = manifestFiles(manifest);
  if (listed === undefined) fail(root, 'manifest.json lists no files');
  {
    const entries = listed.map((path) => ({ path, sha256: manifestSha(manifest, path) ?? '' }));
    let digest: string;
    try {
      digest = vectorSetDigest(entries);
    } catch {
      fail(root, 'manifest.json lists a file without a SHA-256');
    }
    if (digest !== setSha) fail(root, 'vector_set_sha256 does not match the files manifest.json lists');
  }
  const files = listed;
  const queryVectors: QueryVector[] = [];
  const otherVectors: { id: string; category: string }[] = [];
  for (const file of [...files].sort()) {
    if (!/^[^/.][^\\]*$/.test(file) || file.split('/').includes('..')) fail(root, `manifest.json lists an unsafe path ${file}`);
    const path = join(root, ...file.split('/'));
    if (!existsSync(path)) fail(root, `${file} is listed in manifest.json but missing`);
    const bytes = readFileSync(path);
    if (sha256Hex(bytes) !== manifestSha(manifest, file)) fail(root, `${file} does not match its SHA-256 in manifest.json`);
    if (file.startsWith('fixtures/') || !file.endsWith('.json')) continue;
    const v = parseVector(root, file, bytes);
    if (v === undefined) continue;
    if ('request' in v) queryVectors.push(v);
    else otherVectors.push(v);
  }
  const ids = new Set<string>();
  for (const v of [...queryVectors, ...otherVectors]) {
    if (ids.has(v.id)) fail(root, `duplicate vector id ${v.id}`);
    ids.add(v.id);
  }
  queryVectors.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const cache = new Map<string, Uint8Array>();
  return {
    root,
    vectorSetSha256: setSha,
    queryVectors,
    otherVectors,
    fixtureBytes(sha256: string): Uint8Array {
      const hit = cache.get(sha256);
      if (hit) return hit;
      const path = join(root, 'fixtures', `${sha256}.json`);
      if (!SHA_RE.test(sha256) || !existsSync(path)) fail(root, `fixture ${sha256} is missing`);
      const bytes = new Uint8Array(readFileSync(path));
      if (sha256Hex(bytes) !== sha256) fail(root, `fixtures/${sha256}.json does not match its name`);
      cache.set(sha256, bytes);
      return bytes;
    },
  };
}

/** The file list of the manifest: `files` as an array of {path, sha256} or as a map of path to SHA-256. */
function manifestFiles(manifest: Record<string, unknown>): string[] | undefined {
  const files = manifest.files;
  if (Array.isArray(files)) return files.map((f) => String((f as { path?: unknown }).path));
  if (files !== null && typeof files === 'object') return Object.keys(files);
  return undefined;
}

function manifestSha(manifest: Record<string, unknown>, file: string): string | undefined {
  const files = manifest.files;
  if (Array.isArray(files)) {
    const hit = files.find((f) => (f as { path?: unknown }).path === file) as { sha256?: unknown } | undefined;
    return typeof hit?.sha256 === 'string' ? hit.sha256 : undefined;
  }
  const v = (files as Record<string, unknown>)[file];
  return typeof v === 'string' ? v : undefined;
}

function utf8(text: unknown, root: string, what: string): Uint8Array {
  if (typeof text !== 'string') fail(root, `${what} is not a string`);
  return new Uint8Array(Buffer.from(text, 'utf8'));
}

function checked(bytes: Uint8Array, sha: unknown, root: string, what: string): Uint8Array {
  if (typeof sha === 'string' && sha256Hex(bytes) !== sha) fail(root, `${what} does not match its sha256`);
  return bytes;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}

function parseVector(root: string, file: string, bytes: Buffer): QueryVector | { id: string; category: string } | undefined {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    fail(root, `${file} is not JSON`);
  }
  if (typeof v !== 'object' || v === null || typeof v.id !== 'string' || typeof v.category !== 'string') return undefined;
  const { id, category } = v as { id: string; category: string };
  if (v.request === undefined) return { id, category };
  const request = v.request as { encoding?: unknown; data?: unknown };
  let requestBytes: Uint8Array;
  if (request.encoding === 'utf8') requestBytes = utf8(request.data, root, `${file} request`);
  else if (request.encoding === 'base64' && typeof request.data === 'string') requestBytes = new Uint8Array(Buffer.from(request.data, 'base64'));
  else fail(root, `${file} request has no utf8 or base64 data`);
  const expected = v.expected as { result?: unknown; sha256?: unknown } | undefined;
  if (expected === undefined) fail(root, `${file} has a request but no expected result`);
  const fixtureSha256 = v.fixture_sha256;
  if (typeof fixtureSha256 !== 'string' || !SHA_RE.test(fixtureSha256)) fail(root, `${file} has no fixture_sha256`);
  const acceptable = (Array.isArray(v.acceptable) ? v.acceptable : []).map((alt, i) => {
    const a = alt as Record<string, unknown>;
    return {
      name: typeof a.name === 'string' ? a.name : `alternative-${i + 1}`,
      reason: typeof a.reason === 'string' ? a.reason : '',
      interpretation: typeof a.interpretation === 'string' ? a.interpretation : '',
      bytes: checked(utf8(a.result, root, `${file} acceptable[${i}]`), a.sha256, root, `${file} acceptable[${i}]`),
    };
  });
  return {
    id,
    category,
    intent: typeof v.intent === 'string' ? v.intent : '',
    clauses: strings(v.clauses),
    interpretations: strings(v.interpretations),
    fixtureSha256,
    request: requestBytes,
    expected: checked(utf8(expected.result, root, `${file} expected`), expected.sha256, root, `${file} expected`),
    acceptable,
    file,
  };
}
