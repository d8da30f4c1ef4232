import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import type { JsonValue } from '../canonical-json/json-value.js';
import type { FixtureV1 } from '../fixture/fixture.js';
import { LIMITS } from '../limits.js';
import { makeFixture } from '../test-support/make-fixture.js';
import { bytesOf, load, requestOn } from '../test-support/query-support.js';
import { answersWithAlternatives } from './alternative-answers.js';
import { evaluateQuery, evaluateQueryOrThrow } from './evaluate-query.js';
import { kitReadings } from './reading-switches.js';
import type { FollowedReading } from './readings.js';
import { findOccurrence, isCodePointBoundary, positionIsValid, STALE_REASON_ORDER } from './step-1-validate-request.js';

// "aé漢😀" is 61 | C3 A9 | E6 BC A2 | F0 9F 98 80: boundaries 0, 1, 3, 6, 10 (the end).
const SOURCE = new TextEncoder().encode('aé漢😀');

test('code-point boundaries of a UTF-8 source, the end included (OQ-11 A)', () => {
  assert.is(SOURCE.length, 10);
  const boundaries = [0, 1, 3, 6, 10];
  for (let i = -1; i <= 11; i++) assert.is(isCodePointBoundary(SOURCE, i), boundaries.includes(i), `offset ${i}`);
  assert.not.ok(isCodePointBoundary(SOURCE, 1.5));
});

// KD-POS-05/06
test('positions: start <= offset <= end, all three on boundaries', () => {
  const p = (byte_offset: number, start: number, end: number) =>
    positionIsValid({ byte_offset, expression: { start, end } }, SOURCE);
  assert.ok(p(3, 1, 6));
  assert.ok(p(6, 1, 6), 'cursor at the end of the expression (KD-REQ-10)');
  assert.ok(p(10, 10, 10), 'empty expression at the end of the source');
  assert.not.ok(p(0, 1, 6), 'before the span');
  assert.not.ok(p(10, 1, 6), 'after the span');
  assert.not.ok(p(4, 3, 6), 'offset inside 漢');
  assert.not.ok(p(3, 2, 6), 'start inside é');
  assert.not.ok(p(6, 3, 8), 'end inside 😀');
  assert.not.ok(p(11, 10, 11), 'past the source');
});

// KD-POS-07, OQ-39 A: exact span equality.
test('the occurrence is the one whose span equals the expression exactly', () => {
  const occ = (start: number, end: number) => ({
    span: { start, end },
    type: {
      status: 'validated' as const,
      identity: null,
      display: null,
      reason: null,
      dependencies: [],
      diagnostic_ids: [],
    },
    permits: { read: true, edit: false, take: false },
    capabilities: [],
  });
  const all = [occ(0, 3), occ(1, 6), occ(3, 6)];
  assert.is(findOccurrence(all, { start: 1, end: 6 }), all[1]);
  assert.is(findOccurrence(all, { start: 1, end: 3 }), undefined);
  assert.is(findOccurrence(all, { start: 0, end: 6 }), undefined);
});

// The register's other readings of step 1 (oracle/interpretations.json), each answer worked from the reading's text.
// The vectors pin the register's choices only; these readings are what `--reading` and the alternatives run.

const fixture = load(makeFixture());
const occurrence = fixture.occurrences[0]?.span ?? { start: 0, end: 0 };
const OTHER = 'f'.repeat(64);
const utf8 = new TextEncoder();
/** Readings: the register's choices, with each `[entry, reading]` followed instead. */
const under = (...readings: [string, FollowedReading][]) => ({
  readings: readings.reduce((r, [entry, reading]) => r.with(entry, reading), kitReadings()),
});
/** [status, reason, whether the analysis is echoed] of the answer to `bytes`. */
const answer = (bytes: Uint8Array, options = {}, on = fixture): [string, string | null, boolean] => {
  const r = JSON.parse(new TextDecoder().decode(evaluateQuery(bytes, on, options))) as {
    status: string;
    reason: string | null;
    analysis: unknown;
  };
  return [r.status, r.reason, r.analysis !== null];
};
const INVALID_REQUEST = ['invalid', 'invalid-request', false];
const INVALID_POSITION = ['invalid', 'invalid-position', false];
const UNAVAILABLE_POSITION = ['unavailable', 'invalid-position', true];

// OQ-02 B (L77, L79): a request over 64 KiB or deeper than 16 is invalid + limit-exhausted; one within both caps that
// fails for another reason is invalid-request as under A.
test('OQ-02 B: over the depth cap is limit-exhausted; at the byte cap, or not decoded, it is invalid-request', () => {
  const B = under(['OQ-02', { label: 'B' }]);
  // Depth counts every object and array, the top level 1 (OQ-05 A): the request, its query, then 15 arrays is 17.
  let nest: JsonValue = [];
  for (let depth = 3; depth < LIMITS.requestDepth + 1; depth++) nest = [nest];
  const deep = bytesOf({
    ...requestOn(fixture),
    query: { kind: 'operations', include_unavailable: false, spelling: nest },
  });
  assert.equal(answer(deep), INVALID_REQUEST);
  assert.equal(answer(deep, B), ['invalid', 'limit-exhausted', false]);
  // Exactly 65,536 bytes is not over the cap (L77: at most 64 KiB); its fault is a spelling over 1,024 bytes.
  const spelled = (n: number) =>
    encodeCanonical({
      ...requestOn(fixture),
      query: { kind: 'explain-operation', include_unavailable: false, spelling: 'a'.repeat(n) },
    } as unknown as JsonValue);
  const atCap = spelled(LIMITS.requestBytes - spelled(0).length);
  assert.is(atCap.length, LIMITS.requestBytes);
  assert.equal(answer(atCap, B), INVALID_REQUEST);
  const overCap = spelled(LIMITS.requestBytes - spelled(0).length + 1);
  assert.equal(answer(overCap, B), ['invalid', 'limit-exhausted', false]);
  // A byte order mark is a fault of the bytes, not of their size or depth.
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf(requestOn(fixture))]);
  assert.equal(answer(bom, B), INVALID_REQUEST);
});

// OQ-03: a BOM (L358) is named among what canonical bytes are not, so it is invalid under B too, and no layout reading
// is asked about it; the lenient-layout alternative says why it is acceptable.
test('OQ-03 B reads only layout leniently; the lenient-layout alternative says why it is acceptable', () => {
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf(requestOn(fixture))]);
  const B = under(['OQ-03', { label: 'B' }]);
  assert.equal(JSON.parse(new TextDecoder().decode(evaluateQueryOrThrow(bom, fixture, B))).reason, 'invalid-request');
  assert.equal(answersWithAlternatives(bom, fixture, { throwOnFault: true }).alternatives, []);
  const minified = utf8.encode(JSON.stringify(requestOn(fixture)));
  const [lenient] = answersWithAlternatives(minified, fixture, { throwOnFault: true }).alternatives;
  assert.is(lenient?.name, 'lenient-layout');
  assert.match(lenient?.reason ?? '', /only in layout/);
  assert.match(lenient?.reason ?? '', /leniently/);
});

// OQ-01 C: each alternative names the mismatching key field a provider checked first (L85-90: the field names).
test("OQ-01 C: each member's reason names its own key field and no other", () => {
  const fields = {
    'stale-source': 'source_sha256',
    'stale-interface-set': 'interface_set_sha256',
    'stale-generation': 'generation',
    'stale-semantic-compatibility': 'semantic_compatibility',
  };
  const rule = STALE_REASON_ORDER.rule;
  assert.equal(rule?.members, Object.keys(fields));
  for (const [member, field] of Object.entries(fields)) {
    const reason = rule?.reason(member) ?? '';
    assert.ok(reason.includes(field) && reason.includes(member), reason);
    for (const other of Object.values(fields)) if (other !== field) assert.not.ok(reason.includes(other), reason);
  }
});

// OQ-10 C (L69, L132): span order, known from the request alone, is invalid-request; every check against the source
// is unavailable + invalid-position. Under A every one is invalid + invalid-position.
test('OQ-10 C: an offset past its expression is invalid-request; a check against the source is unavailable', () => {
  const C = under(['OQ-10', { label: 'C' }]);
  for (const offset of [occurrence.start - 1, occurrence.end + 1]) {
    const outside = bytesOf(requestOn(fixture, { position: { byte_offset: offset } }));
    assert.equal(answer(outside), INVALID_POSITION);
    assert.equal(answer(outside, C), INVALID_REQUEST);
  }
  const length = utf8.encode(makeFixture().file.source).length;
  const pastSource = bytesOf(
    requestOn(fixture, { position: { byte_offset: length + 2, expression: { start: length + 1, end: length + 5 } } }),
  );
  assert.equal(answer(pastSource), INVALID_POSITION);
  assert.equal(answer(pastSource, C), UNAVAILABLE_POSITION);
  // OQ-17 C: invalid-position goes with unavailable, and the analysis is echoed (the answer of OQ-10 B).
  assert.equal(answer(pastSource, under(['OQ-17', { label: 'C' }])), UNAVAILABLE_POSITION);
  const notOccurrence = bytesOf(
    requestOn(fixture, {
      position: { byte_offset: occurrence.end, expression: { ...occurrence, start: occurrence.start + 1 } },
    }),
  );
  assert.equal(answer(notOccurrence), INVALID_POSITION);
  assert.equal(answer(notOccurrence, C), UNAVAILABLE_POSITION);
});

// OQ-12: D compares the FileId first when a reversed span is the request's only fault; A validates the request first.
test('OQ-12 A: a reversed span with a wrong FileId is invalid-request; under D it is stale wrong-file', () => {
  const reversed = bytesOf(
    requestOn(fixture, {
      analysis: { file_id: OTHER },
      position: { byte_offset: occurrence.start, expression: { start: occurrence.end, end: occurrence.start } },
    }),
  );
  assert.equal(answer(reversed), ['stale', 'wrong-file', true]);
  assert.equal(answer(reversed, under(['OQ-12', { label: 'A' }])), INVALID_REQUEST);
});

// KIT-01: C reports cancellation and missing current-file facts before it matches the span; B matches the span first.
test('KIT-01 B: a span that is no occurrence is invalid-position before cancellation and missing facts', () => {
  const B = under(['KIT-01', { label: 'B' }]);
  const worlds: [string, (f: FixtureV1) => void, string][] = [
    ['cancelled', (f) => (f.cancelled = true), 'cancelled-before-analysis'],
    ['kif-only', (f) => (f.current_file_facts = 'kif-only'), 'incomplete-current-file-facts'],
    ['sidecar-rejected', (f) => (f.current_file_facts = 'sidecar-rejected'), 'incomplete-current-file-facts'],
  ];
  for (const [name, change, reason] of worlds) {
    const raw = makeFixture();
    change(raw);
    const world = load(raw);
    const matching = bytesOf(requestOn(world));
    const notOccurrence = bytesOf(
      requestOn(world, {
        position: { byte_offset: occurrence.end, expression: { ...occurrence, start: occurrence.start + 1 } },
      }),
    );
    assert.equal(answer(notOccurrence, {}, world), ['unavailable', reason, true], `${name}, KIT-01 C`);
    assert.equal(answer(notOccurrence, B, world), INVALID_POSITION, `${name}, KIT-01 B`);
    assert.equal(
      answer(notOccurrence, under(['KIT-01', { label: 'B' }], ['OQ-10', { label: 'C' }]), world),
      UNAVAILABLE_POSITION,
      `${name}, KIT-01 B, OQ-10 C`,
    );
    assert.equal(answer(matching, B, world), ['unavailable', reason, true], `${name}, KIT-01 B, a parsed occurrence`);
  }
  const live = bytesOf(requestOn(fixture));
  assert.equal(answer(live, B), answer(live));
  assert.is(answer(live)[0], 'complete');
});

// OQ-37 B (L64): Cc, Cf and U+2028/U+2029 are control characters, so a request string holding one is invalid-request;
// a request without one is answered as under A.
test('OQ-37 B: a line separator in semantic_compatibility is invalid-request; a plain request is answered', () => {
  const B = under(['OQ-37', { label: 'B' }]);
  const separated = bytesOf(requestOn(fixture, { analysis: { semantic_compatibility: 'stage2\u2028v1' } }));
  assert.equal(answer(separated, B), INVALID_REQUEST);
  const plain = bytesOf(requestOn(fixture, { query: { kind: 'explain-operation', spelling: 'length' } }));
  assert.equal(answer(plain, B), answer(plain));
  assert.is.not(answer(plain)[0], 'invalid');
});

test.run();
