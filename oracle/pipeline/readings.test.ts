/**
 * Readings as code the register selects (KD-ACCEPT-13): the switches of step 1 give each reading's answer as the
 * register's text describes it (worked by hand below from the readings of oracle/interpretations.json), the register
 * selects among them, and a choice the oracle cannot run is refused with the entry and its pointer.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { interpretationsRegister } from '../register/interpretations-register.js';
import { makeFixture } from '../test-support/make-fixture.js';
import { bytesOf, load, requestOn } from '../test-support/query-support.js';
import { answersWithAlternatives } from './alternative-answers.js';
import { evaluateQuery } from './evaluate-query.js';
import { canonicalLayoutOf } from './lenient-layout.js';
import {
  kitReadings,
  ONE_READING,
  READING_SWITCHES,
  readingRun,
  readingsNamed,
  readingsOf,
} from './reading-switches.js';
import { Readings, type FollowedReading } from './readings.js';
import { SPAN_SEMANTICS, STALE_REASON_ORDER } from './step-1-validate-request.js';
import { registerEntry } from '../test-support/register-entry.js';

const fixture = load(makeFixture());
const OTHER = 'f'.repeat(64);
const utf8 = new TextEncoder();
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const under = (entry: string, reading: FollowedReading) => ({ readings: kitReadings().with(entry, reading) });
const result = (bytes: Uint8Array): { status: string; reason: string | null; analysis: unknown } =>
  JSON.parse(text(bytes)) as { status: string; reason: string | null; analysis: unknown };

test('OQ-03 B reads layout only: whitespace, line ends and member order, never a token spelled otherwise', () => {
  const canonical = '{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}\n';
  assert.is(canonicalLayoutOf(utf8.encode(canonical)), undefined, 'canonical bytes are not a layout variant');
  for (const variant of [
    '{"a":1,"b":["x"]}',
    '{"b": ["x"], "a": 1}\n',
    canonical.replace(/\n/g, '\r\n'),
    `${canonical}\n`,
    canonical.slice(0, -1),
    '\t{ "a" :1 ,"b":[ "x" ] }  ',
  ])
    assert.is(text(canonicalLayoutOf(utf8.encode(variant)) ?? new Uint8Array()), canonical, JSON.stringify(variant));
  for (const refused of [
    `\ufeff${canonical}`,
    '{"a":1,"b":["\\u0078"]}',
    '{"a":1,"b":["\\/"]}',
    '{"a":1,"a":1,"b":["x"]}',
    '{"a":1e0,"b":["x"]}',
    '{"a":01,"b":["x"]}',
    '{"a":1,"b":["x"],}',
    '// c\n{"a":1,"b":["x"]}',
    '{"a":1,"b":["x"]} {}',
  ])
    assert.is(canonicalLayoutOf(utf8.encode(refused)), undefined, JSON.stringify(refused));
});

test('OQ-03: a minified request is invalid under A, and answered as its canonical form under B', () => {
  const request = requestOn(fixture);
  const minified = utf8.encode(JSON.stringify(request));
  const strict = result(evaluateQuery(minified, fixture));
  assert.equal([strict.status, strict.reason, strict.analysis], ['invalid', 'invalid-request', null]);
  assert.is(
    text(evaluateQuery(minified, fixture, under('OQ-03', { label: 'B' }))),
    text(evaluateQuery(bytesOf(request), fixture)),
  );
});

// L85-90, L425: source, interface set, generation, semantic compatibility; ASCII: generation < interface-set < ...
test('OQ-01: listing order under A, ASCII order of the tokens under B, the member first under C', () => {
  const request = bytesOf(requestOn(fixture, { analysis: { source_sha256: OTHER, generation: 99 } }));
  const reason = (options = {}): string | null => result(evaluateQuery(request, fixture, options)).reason;
  assert.is(reason(), 'stale-source');
  assert.is(reason(under('OQ-01', { label: 'A' })), 'stale-source');
  assert.is(reason(under('OQ-01', { label: 'B' })), 'stale-generation');
  assert.is(reason(under('OQ-01', { label: 'C', member: 'stale-generation' })), 'stale-generation');
  assert.is(reason(under('OQ-01', { label: 'C', member: 'stale-interface-set' })), 'stale-source', 'not a mismatch');
  // A wrong FileId wins under every reading (L132).
  const wrongFile = bytesOf(requestOn(fixture, { analysis: { file_id: OTHER, generation: 99 } }));
  assert.is(result(evaluateQuery(wrongFile, fixture, under('OQ-01', { label: 'B' }))).reason, 'wrong-file');
});

test('the other-stale-reason alternatives are the answers of the mismatching fields checked first', () => {
  const request = bytesOf(requestOn(fixture, { analysis: { source_sha256: OTHER, generation: 99 } }));
  const answers = answersWithAlternatives(request, fixture);
  assert.ok(answers.asked.has('OQ-01'));
  assert.equal(
    answers.alternatives.map((a) => [a.name, a.interpretation, a.reading, result(a.bytes).reason]),
    [['other-stale-reason/stale-generation', 'OQ-01', 'C/stale-generation', 'stale-generation']],
  );
  const single = answersWithAlternatives(bytesOf(requestOn(fixture, { analysis: { generation: 99 } })), fixture);
  assert.equal(single.alternatives, []);
  assert.not.ok(single.asked.has('OQ-01'), 'one mismatching field leaves nothing to choose');
});

test('OQ-10 and OQ-17: the status and reason of a position outside its expression', () => {
  const occurrence = fixture.occurrences[0];
  if (occurrence === undefined) throw new Error('no occurrence');
  const outside = bytesOf(requestOn(fixture, { position: { byte_offset: occurrence.span.start - 1 } }));
  const answer = (options = {}) => {
    const r = result(evaluateQuery(outside, fixture, options));
    return [r.status, r.reason, r.analysis === null ? 'analysis null' : 'analysis echoed'];
  };
  assert.equal(answer(), ['invalid', 'invalid-position', 'analysis null']);
  assert.equal(answer(under('OQ-10', { label: 'B' })), ['unavailable', 'invalid-position', 'analysis echoed']);
  assert.equal(answer(under('OQ-10', { label: 'C' })), ['invalid', 'invalid-request', 'analysis null']);
  assert.equal(answer(under('OQ-17', { label: 'C' })), ['unavailable', 'invalid-position', 'analysis echoed']);
});

test('OQ-02: a request over 65,536 bytes is invalid-request under A and limit-exhausted under B', () => {
  const big = new Uint8Array(65_537).fill(0x20);
  assert.is(result(evaluateQuery(big, fixture)).reason, 'invalid-request');
  assert.is(result(evaluateQuery(big, fixture, under('OQ-02', { label: 'B' }))).reason, 'limit-exhausted');
});

test('OQ-37 B: a Cf character in a spelling makes the request invalid; under A it is a spelling like any', () => {
  const request = bytesOf(requestOn(fixture, { query: { kind: 'explain-operation', spelling: 'len\u200bgth' } }));
  assert.is.not(result(evaluateQuery(request, fixture)).status, 'invalid');
  assert.equal([result(evaluateQuery(request, fixture, under('OQ-37', { label: 'B' }))).status], ['invalid']);
});

const ENTRY = registerEntry('OQ-01', 'KD-RES-11', 'A');

test('a choice the oracle cannot run is refused with the entry and the pointer of its choice', () => {
  const read = readingsOf([
    { ...ENTRY, choice: 'C' },
    { ...ENTRY, id: 'OQ-04', choice: 'B' },
    { ...ENTRY, id: 'OQ-99' },
    { ...ENTRY, id: 'KIT-98', changes_result_bytes: false, unchanged_bytes_reason: 'r' },
  ]);
  assert.ok(!read.ok);
  if (read.ok) return;
  assert.equal(
    read.problems.map((p) => [p.entry, p.pointer]),
    [
      ['OQ-01', '/entries/0/choice'],
      ['OQ-04', '/entries/1/choice'],
      ['OQ-99', '/entries/2/choice'],
    ],
  );
  assert.match(read.problems[0]?.message ?? '', /acceptance rule that names no single answer/);
  assert.match(read.problems[1]?.message ?? '', /OQ-04 chooses B, which the oracle cannot run \(it runs A\)/);
  assert.match(read.problems[2]?.message ?? '', /no code/);
  assert.ok(readingsOf([{ ...ENTRY, choice: 'B' }]).ok, 'OQ-01 B is a switch');
});

test('--reading names a runnable reading, or is refused with the readings the oracle runs', () => {
  assert.ok(readingsNamed(kitReadings(), ['KIT-12:A', 'OQ-01:C/stale-generation']).ok);
  const refused = readingsNamed(kitReadings(), ['OQ-04:B']);
  assert.equal(refused, { ok: false, message: 'no runnable reading "OQ-04:B"; the oracle runs OQ-04:A' });
  const shapeless = readingsNamed(kitReadings(), ['KIT-12']);
  assert.ok(!shapeless.ok && shapeless.message.includes('ENTRY:LABEL'));
});

test("every entry that changes result bytes is a switch or runs one reading, and the kit's choices all run", () => {
  const switched = new Set(READING_SWITCHES.map((s) => s.entry));
  for (const e of interpretationsRegister()) {
    const inTable = switched.has(e.id) || ONE_READING[e.id] !== undefined;
    assert.is(inTable, e.changes_result_bytes, e.id);
    assert.not.ok(switched.has(e.id) && ONE_READING[e.id] !== undefined, `${e.id} is listed twice`);
    if (!e.changes_result_bytes) continue;
    assert.is(readingRun(e.id, e.choice).kind, 'runs', `${e.id} ${e.choice}`);
    for (const label of Object.keys(READING_SWITCHES.find((s) => s.entry === e.id)?.runs ?? {}))
      assert.ok(
        e.readings.some((r) => r.label === label),
        `${e.id} has no reading ${label}`,
      );
  }
  assert.ok(readingsOf(interpretationsRegister()).ok);
});

test('the label a step runs, the member followed, the reading of an entry and the names of all followed', () => {
  const followed = Readings.of(
    new Map<string, FollowedReading>([
      ['OQ-11', { label: 'C' }],
      ['OQ-01', { label: 'C', member: 'stale-generation' }],
    ]),
  );
  // OQ-11 C gives A's bytes on every input (its same_bytes_because in the register), so the step runs A.
  assert.is(followed.of(SPAN_SEMANTICS), 'A');
  assert.is(followed.of(STALE_REASON_ORDER), 'C');
  assert.is(followed.member(STALE_REASON_ORDER), 'stale-generation');
  assert.is(followed.member(SPAN_SEMANTICS), undefined);
  assert.equal(followed.reading('OQ-01'), { label: 'C', member: 'stale-generation' });
  assert.is(followed.reading('OQ-02'), undefined);
  assert.equal(followed.names(), ['OQ-11:C', 'OQ-01:C/stale-generation']);
  // The kit's readings follow the register's choices (oracle/interpretations.json: OQ-01 A, KIT-12 C).
  assert.equal([Readings.kit().reading('OQ-01'), Readings.kit().reading('KIT-12')], [{ label: 'A' }, { label: 'C' }]);
  const none = Readings.of(new Map());
  assert.is(none.member(SPAN_SEMANTICS), undefined, 'no reading followed: no member, and no fault');
  assert.throws(
    () => none.of(SPAN_SEMANTICS),
    (e: unknown) => e instanceof Error && e.message === 'kit fault: no reading of OQ-11 is followed',
  );
});

test.run();
