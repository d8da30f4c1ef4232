import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonObject } from '../oracle/canonical-json/json-value.js';
import type { AnalysisKey } from '../oracle/records/discovery-records.js';
import type { QueryCase } from './case-definition.js';
import { currentKey } from './fixtures/request-for.js';
import { staleCases } from './stale.js';

const cases = staleCases();
const byId = (id: string): QueryCase => {
  const c = cases.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no case ${id}`);
  return c;
};
const record = (c: QueryCase) => {
  if (!('record' in c.request)) throw new Error(`${c.id} has raw bytes`);
  return c.request.record;
};
const differing = (a: AnalysisKey, b: AnalysisKey): string[] =>
  (Object.keys(a) as (keyof AnalysisKey)[]).filter((k) => a[k] !== b[k]).sort();

test('the contract example request is sent byte for byte: 611 canonical bytes (clause register, derived facts)', () => {
  const bytes = encodeCanonical(record(byId('stale/contract-example-request')) as unknown as JsonObject);
  assert.is(bytes.length, 611);
  assert.is(
    new TextDecoder().decode(bytes).split('\n')[2],
    '    "file_id": "1111111111111111111111111111111111111111111111111111111111111111",',
  );
});

test('each single-mismatch case differs from the current key in exactly its field', () => {
  const want: Record<string, string[]> = {
    'stale/wrong-file': ['file_id'],
    'stale/source-digest-mismatch': ['source_sha256'],
    'stale/interface-set-mismatch': ['interface_set_sha256'],
    'stale/generation-newer': ['generation'],
    'stale/generation-older': ['generation'],
    'stale/semantic-compatibility-mismatch': ['semantic_compatibility'],
  };
  for (const [id, fields] of Object.entries(want)) {
    const c = byId(id);
    assert.equal(differing(record(c).analysis, currentKey(c.fixture)), fields, id);
  }
  assert.ok(
    record(byId('stale/generation-newer')).analysis.generation >
      currentKey(byId('stale/generation-newer').fixture).generation,
  );
  assert.ok(
    record(byId('stale/generation-older')).analysis.generation <
      currentKey(byId('stale/generation-older').fixture).generation,
  );
});

test.run();
