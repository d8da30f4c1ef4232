/**
 * Committed golden results edited the way a broken provider would, and verified against their vector's request and
 * fixture: the verifier's tests name, worked from the contract by hand, the rule each edit breaks. An unedited
 * golden is verifier-clean (`npm run vectors:check`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeCanonical } from '../canonical-json/decode-canonical.js';
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import type { JsonValue } from '../canonical-json/json-value.js';
import type { LoadedFixture } from '../fixture/load-fixture.js';
import { kitRoot } from '../kit-root.js';
import { loadFixtureFile } from '../vectors/load-fixture-file.js';
import { verifyResult } from '../verifier/verify-result.js';

/** A decoded record a test edits freely. */
export type Json = Record<string, any>;

/** A golden vector: its request bytes, its loaded fixture and its expected result, decoded afresh. */
export interface Golden {
  request: Uint8Array;
  fixture: LoadedFixture;
  result: Json;
}

const fixtures = new Map<string, LoadedFixture>();

const vectorPath = (id: string): string => join(kitRoot(), 'vectors', `${id}.json`);

/** The loaded fixture of vector `id`, loaded once per test process (the verifier caches its truths by fixture). */
function fixtureOf(id: string): LoadedFixture {
  const cached = fixtures.get(id);
  if (cached !== undefined) return cached;
  const loaded = loadFixtureFile(vectorPath(id));
  if (!loaded.ok) throw new Error(`fixture of ${id} does not load: ${loaded.violations[0]?.code ?? ''}`);
  fixtures.set(id, loaded.fixture);
  return loaded.fixture;
}

function decode(bytes: Uint8Array, what: string): Json {
  const decoded = decodeCanonical(bytes, { maxBytes: 1 << 23, maxDepth: 64 });
  if (!decoded.ok) throw new Error(`${what} does not decode`);
  return decoded.value as Json;
}

/** Vector `id`: its request bytes, fixture, and a fresh copy of its expected result. */
export function golden(id: string): Golden {
  const vector = JSON.parse(readFileSync(vectorPath(id), 'utf8')) as Json;
  const request =
    vector.request.encoding === 'base64'
      ? Buffer.from(vector.request.data, 'base64')
      : Buffer.from(vector.request.data, 'utf8');
  const result = decode(Buffer.from(vector.expected.result as string, 'utf8'), `expected result of ${id}`);
  return { request: new Uint8Array(request), fixture: fixtureOf(id), result };
}

/**
 * The violations of `id`'s expected result after `edit`, as "clause code at pointer", against the vector's request,
 * or that request after `editRequest` (re-encoded canonically).
 */
export function verifyEdited(id: string, edit: (r: Json) => void, editRequest?: (q: Json) => void): string[] {
  const g = golden(id);
  edit(g.result);
  let request = g.request;
  if (editRequest !== undefined) {
    const q = decode(request, `request of ${id}`);
    editRequest(q);
    request = encodeCanonical(q as JsonValue);
  }
  const bytes = encodeCanonical(g.result as JsonValue);
  return verifyResult(bytes, { request, fixture: g.fixture }).map(
    (v) => `${v.clause} ${v.code} at ${v.pointer ?? `byte ${String(v.offset)}`}`,
  );
}
