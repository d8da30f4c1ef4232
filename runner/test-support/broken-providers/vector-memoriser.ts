// Broken provider: a memoriser. It reads the kit's vectors/ folder and answers each request a vector sends with
// that vector's golden bytes, keyed on an order-free canonical form of the fixture, so reordered (metamorphic)
// fixtures find their goldens too; any other request gets the reference answer without its final LF (KD-CANON-02).
// Every vector passes; only cases that no vector file holds (the fuzz phase, a seeded phase) catch it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareUtf8, type JsonValue, type LoadedFixture } from '../../../oracle/index.js';
import {
  fixtureFilePath,
  isVectorPath,
  kitRoot,
  orderFreeDigest,
  vectorBytes,
  type ManifestFile,
  type VectorFile,
} from '../../../oracle/internal.js';
import { runBrokenProvider } from './broken-provider.js';

const DOMAIN = 'memoriser.fixture/v1';
/** The fields of a fixture file (the loader adds its own to a loaded fixture). */
const FIXTURE_FIELDS = [
  'schema',
  'description',
  'file',
  'semantic_compatibility',
  'generation',
  'current_file_facts',
  'cancelled',
  'interfaces',
  'occurrences',
  'facts',
  'candidates',
  'candidate_series',
  'diagnostics',
] as const;

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const worldKey = (fixture: object): string => {
  const record = fixture as Record<string, unknown>;
  return orderFreeDigest(DOMAIN, Object.fromEntries(FIXTURE_FIELDS.map((f) => [f, record[f]])) as JsonValue);
};

/** A golden: the vector's id, its fixture, the SHA-256 of its request, and its expected bytes. */
interface Golden {
  id: string;
  fixtureSha256: string;
  requestSha256: string;
  expected: Uint8Array;
}

// Every query vector of the manifest, read as the files are (checking the set is the runner's part,
// vector-source.ts), in id order, by the SHA-256 of its request. A fixture's world key is worked out only when a
// request names one of its vectors, once: the keys of every fixture would cost each instance seconds before its
// first answer.
const root = join(kitRoot(), 'vectors');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));
const goldens: Golden[] = [];
for (const { path } of (readJson('manifest.json') as ManifestFile).files) {
  if (!isVectorPath(path)) continue;
  const vector = readJson(path) as VectorFile;
  const bytes = vectorBytes(vector);
  if (bytes === undefined) continue;
  const requestSha256 = sha(bytes.request);
  goldens.push({ id: vector.id, fixtureSha256: vector.fixture_sha256, requestSha256, expected: bytes.expected });
}
goldens.sort((a, b) => compareUtf8(a.id, b.id));
const bySha = new Map<string, Golden[]>();
for (const g of goldens) bySha.set(g.requestSha256, [...(bySha.get(g.requestSha256) ?? []), g]);
const worldKeys = new Map<string, string>();
const worldKeyOf = (fixtureSha256: string): string => {
  let key = worldKeys.get(fixtureSha256);
  if (key === undefined) {
    key = worldKey(readJson(fixtureFilePath(fixtureSha256)) as object);
    worldKeys.set(fixtureSha256, key);
  }
  return key;
};

/** The golden of the last vector (in id order) whose world has `key` and whose request has SHA-256 `requestSha`. */
function goldenFor(key: string, requestSha: string): Uint8Array | undefined {
  const candidates = bySha.get(requestSha) ?? [];
  for (let i = candidates.length - 1; i >= 0; i -= 1) {
    const g = candidates[i] as Golden;
    if (worldKeyOf(g.fixtureSha256) === key) return g.expected;
  }
  return undefined;
}
const loadedKeys = new WeakMap<LoadedFixture, string>();

runBrokenProvider('memoriser of the vectors folder', {
  result: ({ fixture, request, result }) => {
    let key = loadedKeys.get(fixture);
    if (key === undefined) {
      key = worldKey(fixture);
      loadedKeys.set(fixture, key);
    }
    return goldenFor(key, sha(request)) ?? result.subarray(0, result.length - 1);
  },
});
