import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonObject } from '../oracle/canonical-json/json-value.js';
import { compareUtf8 } from '../oracle/canonical-json/compare-utf8.js';
import { evaluateQuery } from '../oracle/pipeline/evaluate-query.js';
import { loaded } from './fixtures/request-for.js';
import { allCases } from './all-cases.js';
import type { QueryCase } from './case-definition.js';

const cases = allCases().filter((c): c is QueryCase => c.kind === 'query' && c.category === 'limit');
const byId = (id: string): QueryCase => {
  const c = cases.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no case ${id}`);
  return c;
};
const bytesOf = (c: QueryCase): Uint8Array =>
  'bytes' in c.request ? c.request.bytes : encodeCanonical(c.request.record as unknown as JsonObject);

/** Nesting depth of JSON text, counted independently of the codec: every [ or { outside strings opens a level. */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') max = Math.max(max, ++depth);
    else if (ch === ']' || ch === '}') depth--;
  }
  return max;
}

test('request byte caps at 65,536 and 65,537 bytes', () => {
  assert.is(bytesOf(byId('limit/request-65536-bytes')).length, 65536);
  assert.is(bytesOf(byId('limit/request-65537-bytes')).length, 65537);
});

test('request depth at 16 and 17', () => {
  assert.is(depthOf(new TextDecoder().decode(bytesOf(byId('limit/request-depth-16')))), 16);
  assert.is(depthOf(new TextDecoder().decode(bytesOf(byId('limit/request-depth-17')))), 17);
});

test('spellings of exactly 1,024 UTF-8 bytes', () => {
  for (const id of [
    'limit/spelling-1024-bytes',
    'limit/spelling-1024-bytes-multibyte',
    'limit/spelling-1024-bytes-256-u10000',
  ]) {
    const c = byId(id);
    const spelling = 'record' in c.request ? c.request.record.query.spelling : null;
    assert.is(Buffer.byteLength(spelling ?? '', 'utf8'), 1024, id);
  }
});

test('count caps have a case at N and at N + 1', () => {
  for (const [slug, n] of [
    ['rows', 4096],
    ['diagnostics', 256],
    ['row-dependencies', 64],
    ['type-dependencies', 64],
    ['generic-requirements', 64],
    ['effects', 64],
    ['row-diagnostic-ids', 256],
  ] as const) {
    byId(`limit/${slug}-${n}`);
    byId(`limit/${slug}-${n + 1}`);
  }
  const rows = byId('limit/rows-4097').fixture.candidate_series;
  assert.is(
    rows.reduce((total, s) => total + s.count, 0),
    4097,
  );
});

test('the diagnostic cap counts the diagnostics of the error facts a row reaches', () => {
  const c = byId('limit/diagnostics-reached-from-error-facts');
  const { candidates, facts } = c.fixture;
  // The world as built: 37 error rows, each with 7 own diagnostics and one error fact of its own citing 1 more.
  assert.is(candidates.length, 37);
  for (const row of candidates) {
    assert.is(row.status, 'error', row.qualified_name);
    assert.is(row.diagnostic_ids.length, 7, row.qualified_name);
    assert.is(row.dependencies.length, 1, row.qualified_name);
    const fact = facts.find((f) => f.kind === row.dependencies[0]?.kind && f.value === row.dependencies[0]?.value);
    assert.is(fact?.status, 'error', row.qualified_name);
    assert.is(fact?.diagnostic_ids.length, 1, row.qualified_name);
  }
  // Worked by hand (L77, L232, L352; OQ-06 A, OQ-08 A, KIT-11 A): each row carries 7 + 1 = 8 IDs, so 32 rows hold
  // exactly 256 and a 33rd would bring 264; own diagnostics alone would fit 36 rows (252; a 37th makes 259).
  const order = [...candidates].sort((a, b) => compareUtf8(a.identity, b.identity));
  const result = JSON.parse(new TextDecoder().decode(evaluateQuery(bytesOf(c), loaded(c.fixture)))) as {
    status: string;
    truncated: boolean;
    omissions: unknown[];
    operations: { identity: { value: string }; diagnostic_ids: string[] }[];
    diagnostics: unknown[];
  };
  assert.is(result.status, 'partial');
  assert.is(result.truncated, true);
  assert.equal(result.omissions, [{ reason: 'limit-exhausted', requested_spelling: null }]);
  assert.is(result.diagnostics.length, 256);
  assert.equal(
    result.operations.map((o) => o.identity.value),
    order.slice(0, 32).map((row) => row.identity),
  );
  for (const o of result.operations) assert.is(o.diagnostic_ids.length, 8);
});

test.run();
