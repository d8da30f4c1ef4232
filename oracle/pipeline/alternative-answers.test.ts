/**
 * The named alternatives of a query (KD-ACCEPT-13) for a register other than the kit's: the one `vectors generate` and
 * `vectors check` run when a maintainer names another alternative. An alternative is computed only where its reading
 * runs: an alternative naming a reading no switch runs is listed as unrunnable (and never evaluated), one of a switch
 * with no stated reason carries the register's text, an alternative answering the bytes of an earlier one is listed
 * once, and a fault of the oracle is thrown only when asked (generation) and otherwise answered invalid-request
 * (OQ-41 A). The expected answers are the readings' texts in oracle/interpretations.json, worked by hand.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { interpretationsRegister, type RegisterEntry } from '../register/interpretations-register.js';
import { makeFixture } from '../test-support/make-fixture.js';
import { bytesOf, load, requestOn } from '../test-support/query-support.js';
import { answersWithAlternatives, unrunnableAlternatives } from './alternative-answers.js';
import { Readings } from './readings.js';

const fixture = load(makeFixture());
const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const result = (bytes: Uint8Array): { status: string; reason: string | null; analysis: unknown } =>
  JSON.parse(text(bytes)) as { status: string; reason: string | null; analysis: unknown };

/** The kit's register with `alternatives` set (entry id -> its alternative_outcome), every other entry as it is. */
function registerWith(alternatives: Record<string, RegisterEntry['alternative_outcome']>): RegisterEntry[] {
  const register = interpretationsRegister().map((e) =>
    e.id in alternatives ? { ...e, alternative_outcome: alternatives[e.id] ?? null } : e,
  );
  for (const id of Object.keys(alternatives))
    if (!register.some((e) => e.id === id)) throw new Error(`the kit's register has no entry ${id}`);
  return register;
}

const alt = (name: string, reading: string) => ({ name, reading, text: `the register's text for ${name}` });

/** A position one byte before its expression: outside it (L132). */
function outsideRequest(): Uint8Array {
  const occurrence = fixture.occurrences[0];
  if (occurrence === undefined) throw new Error('no occurrence');
  return bytesOf(requestOn(fixture, { position: { byte_offset: occurrence.span.start - 1 } }));
}

test("the kit's register names no alternative the oracle cannot compute", () => {
  assert.equal(unrunnableAlternatives(interpretationsRegister()), []);
});

test('an alternative of a label no switch runs, or of an entry with no switch, is unrunnable, in order', () => {
  // OQ-03's switch runs A and B only; KIT-03 is decided by no switch (the pipeline asks for no reading of it).
  const register = registerWith({ 'OQ-03': alt('layout-z', 'Z'), 'KIT-03': alt('exposure-b', 'B') });
  const expected = [
    { entry: 'OQ-03', name: 'layout-z', reading: 'Z' },
    { entry: 'KIT-03', name: 'exposure-b', reading: 'B' },
  ];
  const order = (id: string): number => register.findIndex((e) => e.id === id);
  expected.sort((a, b) => order(a.entry) - order(b.entry));
  assert.equal(unrunnableAlternatives(register), expected);
  // The same register still answers: the unrunnable alternative is never evaluated (so no fault is thrown even where
  // faults are), and gives nothing.
  const minified = new TextEncoder().encode(JSON.stringify(requestOn(fixture)));
  const answers = answersWithAlternatives(minified, fixture, { register, throwOnFault: true });
  assert.ok(answers.asked.has('OQ-03'));
  assert.equal(answers.alternatives, []);
  assert.equal([result(answers.expected).status, result(answers.expected).reason], ['invalid', 'invalid-request']);
});

test('an alternative of a one-answer switch with no stated reason carries its label and the register text', () => {
  // OQ-10 B: unavailable / invalid-position with the analysis echoed; its switch states no reason of its own.
  const answers = answersWithAlternatives(outsideRequest(), fixture, {
    register: registerWith({ 'OQ-10': alt('position-unavailable', 'B') }),
  });
  assert.equal(
    answers.alternatives.map((a) => [a.name, a.interpretation, a.reading, a.reason]),
    [['position-unavailable', 'OQ-10', 'B', "the register's text for position-unavailable"]],
  );
  const only = answers.alternatives[0];
  if (only === undefined) throw new Error('no alternative');
  const r = result(only.bytes);
  assert.equal([r.status, r.reason, r.analysis === null], ['unavailable', 'invalid-position', false]);
});

test('an alternative whose bytes an earlier one already gives is listed once', () => {
  // OQ-17 C gives OQ-10 B's answer (the register's text: "the answer of OQ-10 B"); OQ-10 comes first in the register.
  const register = registerWith({ 'OQ-10': alt('position-unavailable', 'B'), 'OQ-17': alt('status-unavailable', 'C') });
  assert.ok(register.findIndex((e) => e.id === 'OQ-10') < register.findIndex((e) => e.id === 'OQ-17'));
  const answers = answersWithAlternatives(outsideRequest(), fixture, { register });
  assert.ok(answers.asked.has('OQ-10') && answers.asked.has('OQ-17'));
  assert.equal(
    answers.alternatives.map((a) => a.name),
    ['position-unavailable'],
  );
});

test('an alternative naming a one-answer label of a switch that also has a rule follows that label alone', () => {
  // OQ-01 B: the stale fields in ASCII order of their tokens, so generation comes before source (L85-90, L425).
  const request = bytesOf(requestOn(fixture, { analysis: { source_sha256: 'f'.repeat(64), generation: 99 } }));
  const answers = answersWithAlternatives(request, fixture, {
    register: registerWith({ 'OQ-01': alt('ascii-stale-order', 'B') }),
  });
  assert.equal(result(answers.expected).reason, 'stale-source');
  assert.equal(
    answers.alternatives.map((a) => [a.name, a.reading, result(a.bytes).reason]),
    [['ascii-stale-order', 'B', 'stale-generation']],
  );
});

test('an alternative of the same length as the expected answer, but other bytes, is an alternative', () => {
  // OQ-02 B: limit-exhausted, of the same length as invalid-request (15 bytes each).
  const big = new Uint8Array(65_537).fill(0x20);
  const answers = answersWithAlternatives(big, fixture, {
    register: registerWith({ 'OQ-02': alt('over-limit-exhausted', 'B') }),
  });
  const [a] = answers.alternatives;
  if (a === undefined) throw new Error('no alternative');
  assert.is(a.bytes.length, answers.expected.length);
  assert.equal([result(answers.expected).reason, result(a.bytes).reason], ['invalid-request', 'limit-exhausted']);
});

test('a fault of the oracle is thrown when asked (generation), otherwise answered invalid-request (OQ-41 A)', () => {
  const none = Readings.of(new Map());
  const request = bytesOf(requestOn(fixture));
  assert.throws(() => answersWithAlternatives(request, fixture, { readings: none, throwOnFault: true }), /kit fault/);
  const answered = answersWithAlternatives(request, fixture, { readings: none });
  const r = result(answered.expected);
  assert.equal([r.status, r.reason, r.analysis], ['invalid', 'invalid-request', null]);
});

test.run();
