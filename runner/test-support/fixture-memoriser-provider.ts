// A provider that answers from the vector files alone, keyed on a canonical form of the fixture: every vector's
// fixture in its order-free form (every array sorted, keys in byte order: orderFreeDigest) and the SHA-256 of its
// request bytes name its golden bytes. A fixture reordered and laid out again (the metamorphic variants) has the same
// canonical form, so it passes every query vector and every variant; anything else it answers invalid-request. Only a
// case no vector file holds, such as the fresh phase's, tells it from a provider that implements the contract.
//
// The vector folder is the first argument, else KCTK_MEMORISER_VECTORS: a provider run in a sandbox may not see the
// kit's own folder, so the test names the folder it lets it read.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareUtf8, encodeCanonical, kitVersion, type JsonObject, type JsonValue } from '../../oracle/index.js';
import {
  fixtureFilePath,
  isVectorPath,
  orderFreeDigest,
  vectorBytes,
  type ManifestFile,
  type VectorFile,
} from '../../oracle/internal.js';
import type { DiscoveryModuleProvider } from '../adapters/module-provider.js';
import { serveProvider } from '../adapters/serve-provider.js';

const CANONICAL_FORM = 'kofun-ctk test memoriser/v1';
const folder = process.argv[2] ?? process.env.KCTK_MEMORISER_VECTORS;
if (folder === undefined) {
  process.stderr.write('fixture memoriser: name the vector folder (first argument or KCTK_MEMORISER_VECTORS)\n');
  process.exit(2);
}

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const canonicalForm = (fixtureBytes: Uint8Array): string =>
  orderFreeDigest(CANONICAL_FORM, JSON.parse(Buffer.from(fixtureBytes).toString('utf8')) as JsonValue);

/** A golden: the vector's id, its fixture, and its expected bytes. */
interface Golden {
  id: string;
  fixtureSha256: string;
  requestSha256: string;
  expected: Uint8Array;
}

// Every query vector of the manifest, by the SHA-256 of its request. The files are read as they are: checking the
// set is the runner's part (vector-source.ts), and this provider stands for one that copies the goldens. The
// canonical form of a fixture is worked out only when a query's request names one of its vectors (each form once):
// the forms of every fixture would cost each instance seconds before its first answer.
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(folder, path), 'utf8'));
const goldens: Golden[] = [];
for (const { path } of (readJson('manifest.json') as ManifestFile).files) {
  if (!isVectorPath(path)) continue;
  const vector = readJson(path) as VectorFile;
  const bytes = vectorBytes(vector);
  if (bytes === undefined) continue;
  goldens.push({
    id: vector.id,
    fixtureSha256: vector.fixture_sha256,
    requestSha256: sha(bytes.request),
    expected: bytes.expected,
  });
}
// In id order, so that of several vectors with one form and one request the last one's golden is answered.
goldens.sort((a, b) => compareUtf8(a.id, b.id));
const bySha = new Map<string, Golden[]>();
for (const g of goldens) bySha.set(g.requestSha256, [...(bySha.get(g.requestSha256) ?? []), g]);
const forms = new Map<string, string>();
const formOf = (fixtureSha256: string): string => {
  let form = forms.get(fixtureSha256);
  if (form === undefined) {
    form = canonicalForm(readFileSync(join(folder, fixtureFilePath(fixtureSha256))));
    forms.set(fixtureSha256, form);
  }
  return form;
};

/** The golden of the last vector (in id order) whose fixture has `form` and whose request has SHA-256 `requestSha`. */
function goldenFor(form: string, requestSha: string): Uint8Array | undefined {
  const candidates = bySha.get(requestSha) ?? [];
  for (let i = candidates.length - 1; i >= 0; i -= 1) {
    const g = candidates[i] as Golden;
    if (formOf(g.fixtureSha256) === form) return g.expected;
  }
  return undefined;
}

const INVALID_REQUEST = encodeCanonical({
  analysis: null,
  authoritative: false,
  diagnostics: [],
  limit_profile: 'kofun.discovery/default-v1',
  omissions: [],
  operations: [],
  reason: 'invalid-request',
  schema: 'kofun.discovery.result/v1',
  status: 'invalid',
  truncated: false,
  type: null,
} as JsonObject);

const provider: DiscoveryModuleProvider<string> = {
  name: 'fixture memoriser',
  version: kitVersion(),
  loadFixture: (bytes) => canonicalForm(bytes),
  query: (form, request) => goldenFor(form, sha(request)) ?? INVALID_REQUEST,
};
void serveProvider(process.stdin, process.stdout, provider).then(() => process.exit(0));
