// Broken provider: a memoriser. It reads the kit's vectors/ folder and answers each request a vector sends with
// that vector's golden bytes, keyed on an order-free canonical form of the fixture, so reordered (metamorphic)
// fixtures find their goldens too; any other request gets the reference answer without its final LF (KD-CANON-02).
// Every vector passes; only cases that no vector file holds (the fuzz phase, a seeded phase) catch it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type JsonValue, type LoadedFixture } from '../../../oracle/index.js';
import { kitRoot, orderFreeDigest } from '../../../oracle/internal.js';
import { loadVectorSet } from '../../vectors/vector-source.js';
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

const root = join(kitRoot(), 'vectors');
const set = loadVectorSet(root);
const goldens = new Map<string, Uint8Array>();
const worldKeys = new Map<string, string>();
for (const entry of set.queryVectors) {
  const read = set.readVector(entry);
  if (!read.ok) throw new Error(read.reason);
  let key = worldKeys.get(entry.fixtureSha256);
  if (key === undefined) {
    key = worldKey(JSON.parse(readFileSync(join(root, 'fixtures', `${entry.fixtureSha256}.json`), 'utf8')) as object);
    worldKeys.set(entry.fixtureSha256, key);
  }
  goldens.set(`${key}:${sha(read.value.request)}`, read.value.expected);
}
const loadedKeys = new WeakMap<LoadedFixture, string>();

runBrokenProvider('memoriser of the vectors folder', {
  result: ({ fixture, request, result }) => {
    let key = loadedKeys.get(fixture);
    if (key === undefined) {
      key = worldKey(fixture);
      loadedKeys.set(fixture, key);
    }
    return goldens.get(`${key}:${sha(request)}`) ?? result.subarray(0, result.length - 1);
  },
});
