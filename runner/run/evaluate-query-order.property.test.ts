/**
 * Properties of the reference provider, with fast-check under a fixed seed:
 * - no array order and no object key order of the fixture changes a result byte (KD-ORDER-12);
 * - the evaluator never throws on any bytes, and bytes that are not a request are answered
 *   invalid / invalid-request (OQ-03 A, OQ-41 A);
 * - position faults are exactly the KD-POS-05/06/07 faults, computed here independently.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { type FixtureV1, type DiscoveryRequestV1, type Query, evaluateQuery } from '../../oracle/index.js';
import {
  bytesOf,
  decodeResult,
  load,
  requestOn,
  RESULT_HEAD,
  textOf,
} from '../../oracle/test-support/query-support.js';
import { richFixture } from '../../oracle/test-support/rich-fixture.js';
import { fixtureVariant } from './metamorphic-variant.js';

const SEED = { seed: 20261201 };

function requestsOn(fixture: FixtureV1, spellings: string[]): DiscoveryRequestV1[] {
  const fx = load(fixture);
  const out: DiscoveryRequestV1[] = [];
  for (const occurrence of [0, 1]) {
    const queries: Partial<Query>[] = [
      { kind: 'type' },
      { kind: 'operations' },
      { kind: 'operations', include_unavailable: true },
      { kind: 'type-and-operations', include_unavailable: true },
      ...spellings.map((spelling) => ({ kind: 'explain-operation' as const, spelling })),
    ];
    for (const query of queries) out.push(requestOn(fx, { occurrence, query }));
  }
  return out;
}

test('shuffling every fixture array and object never changes the result bytes', () => {
  const { fixture, spellings } = richFixture();
  const requests = requestsOn(fixture, spellings).map((r) => bytesOf(r));
  const reference = load(fixture);
  const expected = requests.map((r) => Buffer.from(evaluateQuery(r, reference)).toString('utf8'));
  // The fixture exercises rows, omissions and diagnostics, so equality is not vacuous.
  assert.ok(expected.some((t) => t.includes('"hidden-by-visibility"')));
  assert.ok(expected.some((t) => t.includes('"unsupported-in-profile"')));
  assert.ok(expected.some((t) => t.includes('"not-imported"')));
  assert.ok(expected.some((t) => t.includes('"incomplete-analysis"')));
  assert.ok(expected.some((t) => t.includes('"kofun-doc:')));
  assert.ok(expected.some((t) => t.includes('"fallback_text": "meh"')));
  fc.assert(
    fc.property(fc.integer(), (seed) => {
      // The same variant the gate's metamorphic check sends: arrays shuffled, keys reordered.
      const variant = fixtureVariant(Buffer.from(JSON.stringify(fixture), 'utf8'), seed >>> 0);
      const shuffled = load(JSON.parse(Buffer.from(variant).toString('utf8')) as FixtureV1);
      requests.forEach((r, i) => {
        assert.is(Buffer.from(evaluateQuery(r, shuffled)).toString('utf8'), expected[i]);
      });
    }),
    { ...SEED, numRuns: 30 },
  );
});

const INVALID_REQUEST = textOf({
  ...RESULT_HEAD,
  status: 'invalid',
  analysis: null,
  type: null,
  operations: [],
  omissions: [],
  diagnostics: [],
  reason: 'invalid-request',
  truncated: false,
});

test('arbitrary bytes never throw and are answered invalid / invalid-request', () => {
  const fx = load(richFixture().fixture);
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 700 }), (bytes) => {
      assert.is(Buffer.from(evaluateQuery(bytes, fx)).toString('utf8'), INVALID_REQUEST);
    }),
    { ...SEED, numRuns: 300 },
  );
});

test('mutated requests never throw and always get a canonical v1 result', () => {
  const fx = load(richFixture().fixture);
  const valid = bytesOf(requestOn(fx, { query: { include_unavailable: true } }));
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }),
      (edits) => {
        const bytes = Uint8Array.from(valid);
        for (const [at, b] of edits) bytes[at] = b;
        const result = decodeResult(evaluateQuery(bytes, fx));
        assert.is(result.schema, RESULT_HEAD.schema);
        assert.is(result.authoritative, false);
        if (result.status === 'invalid')
          assert.ok(result.reason === 'invalid-request' || result.reason === 'invalid-position');
      },
    ),
    { ...SEED, numRuns: 300 },
  );
});

// KD-POS-05/06/07 with OQ-11 A, recomputed from the source's code points.
test('invalid-position exactly when the position breaks a position rule', () => {
  const { fixture } = richFixture();
  fixture.file.source = 'let 名前 = ["𝄞", "Ruby"]; 名前';
  const occ = fixture.occurrences[0];
  const second = fixture.occurrences[1];
  if (occ === undefined || second === undefined) throw new Error('fixture');
  const enc = new TextEncoder();
  const len = enc.encode(fixture.file.source).length;
  occ.span = { start: len - 6, end: len };
  second.span = { start: 4, end: 10 };
  const fx = load(fixture);
  const boundaries = new Set<number>([0]);
  let at = 0;
  for (const ch of fixture.file.source) boundaries.add((at += enc.encode(ch).length));
  const spans = new Set(fixture.occurrences.map((o) => `${o.span.start}:${o.span.end}`));
  fc.assert(
    fc.property(fc.nat(len + 2), fc.nat(len + 2), fc.nat(len + 2), (start, byte_offset, end) => {
      const req = requestOn(fx, { position: { byte_offset, expression: { start, end } } });
      const r = decodeResult(evaluateQuery(bytesOf(req), fx));
      if (start > end) {
        assert.is(r.reason, 'invalid-request');
        return;
      }
      const fault =
        !(start <= byte_offset && byte_offset <= end) ||
        ![start, byte_offset, end].every((o) => boundaries.has(o)) ||
        !spans.has(`${start}:${end}`);
      assert.is(r.status === 'invalid' && r.reason === 'invalid-position', fault, `${start} ${byte_offset} ${end}`);
    }),
    { ...SEED, numRuns: 400 },
  );
});

test.run();
