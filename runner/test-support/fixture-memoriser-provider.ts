// A provider that answers from the vector files alone, keyed on a canonical form of the fixture: every vector's
// fixture in its order-free form (every array sorted, keys in byte order: orderFreeDigest) and the SHA-256 of its
// request bytes name its golden bytes. A fixture reordered and laid out again (the metamorphic variants) has the same
// canonical form, so it passes every query vector and every variant; anything else it answers invalid-request. Only a
// case no vector file holds, such as the fresh phase's, tells it from a provider that implements the contract.
//
// The vector folder is the first argument, else KCTK_MEMORISER_VECTORS: a provider run in a sandbox may not see the
// kit's own folder, so the test names the folder it lets it read.
import { createHash } from 'node:crypto';
import { encodeCanonical, kitVersion, type JsonObject, type JsonValue } from '../../oracle/index.js';
import { orderFreeDigest } from '../../oracle/internal.js';
import type { DiscoveryModuleProvider } from '../adapters/module-provider.js';
import { serveProvider } from '../adapters/serve-provider.js';
import { loadVectorSet } from '../vectors/vector-source.js';

const CANONICAL_FORM = 'kofun-ctk test memoriser/v1';
const folder = process.argv[2] ?? process.env.KCTK_MEMORISER_VECTORS;
if (folder === undefined) {
  process.stderr.write('fixture memoriser: name the vector folder (first argument or KCTK_MEMORISER_VECTORS)\n');
  process.exit(2);
}

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const canonicalForm = (fixtureBytes: Uint8Array): string =>
  orderFreeDigest(CANONICAL_FORM, JSON.parse(Buffer.from(fixtureBytes).toString('utf8')) as JsonValue);

const set = loadVectorSet(folder);
const forms = new Map<string, string>();
const goldens = new Map<string, Uint8Array>();
for (const entry of set.queryVectors) {
  const read = set.readVector(entry);
  const fixture = set.readFixture(entry.fixtureSha256);
  if (!read.ok || !fixture.ok) throw new Error(`fixture memoriser: ${entry.id} cannot be read`);
  let form = forms.get(entry.fixtureSha256);
  if (form === undefined) {
    form = canonicalForm(fixture.value);
    forms.set(entry.fixtureSha256, form);
  }
  goldens.set(`${form}:${sha(read.value.request)}`, read.value.expected);
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
  query: (form, request) => goldens.get(`${form}:${sha(request)}`) ?? INVALID_REQUEST,
};
void serveProvider(process.stdin, process.stdout, provider).then(() => process.exit(0));
