/**
 * Step 9 under the readings of its switches the register does not choose (oracle/interpretations.json), on the kit's
 * own cases: no vector follows them, so these answers are worked here from each reading's text.
 * - OQ-08 C: diagnostics over the 256 cap make the result unavailable / limit-exhausted (with OQ-16 A: not truncated;
 *   KIT-09 A: no omissions); at exactly 256 nothing changes, nor over the 4 MiB cap alone (rows are cut as under A),
 *   even with exactly 256 diagnostics.
 * - OQ-09 C: a row over a nested cap of 64 is dropped, with a limit-exhausted omission and truncated; at 64 nothing
 *   changes, and an explanation of a row within the caps shows it.
 * - OQ-16 B: an unavailable result is truncated exactly when its reason is limit-exhausted.
 * - KIT-09 B: an unavailable result keeps the omissions the lookup found, in canonical order (KD-ORDER-08).
 * - KIT-13 B: two candidates with the spelling make an explanation ambiguous whatever became of them (OQ-34 A: the
 *   row shown is unavailable with `ambiguous`); under A, one that applies to another type does not.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LIMITS } from '../oracle/limits.js';
import { kitReadings } from '../oracle/pipeline/reading-switches.js';
import { allCases } from './all-cases.js';
import type { QueryCase } from './case-definition.js';
import { bigWorldBuilder, ITEMS_TYPE } from './fixtures/big-world.js';
import { requestFor } from './fixtures/request-for.js';
import { caseAnswers } from './generate/generate-vectors.js';

interface Row {
  display_name: string;
  availability: string;
  rejection_reasons: string[];
}
interface Answer {
  status: string;
  reason: string | null;
  truncated: boolean;
  omissions: { reason: string; requested_spelling: string | null }[];
  operations: Row[];
  diagnostics: unknown[];
}

const byId = (id: string): QueryCase => {
  const c = allCases().find((q): q is QueryCase => q.kind === 'query' && q.id === id);
  if (c === undefined) throw new Error(`no case ${id}`);
  return c;
};
const answerOf = (c: QueryCase, entry?: string, label?: string): Answer => {
  const readings = entry === undefined || label === undefined ? kitReadings() : kitReadings().with(entry, { label });
  return JSON.parse(new TextDecoder().decode(caseAnswers(c, { readings }).expected)) as Answer;
};
const answer = (id: string, entry?: string, label?: string): Answer => answerOf(byId(id), entry, label);

test('OQ-08 C: 257 diagnostics make the result unavailable / limit-exhausted, not truncated, no omission', () => {
  const a = answer('limit/diagnostics-257', 'OQ-08', 'C');
  assert.equal(
    [a.status, a.reason, a.truncated, a.omissions, a.operations, a.diagnostics],
    ['unavailable', 'limit-exhausted', false, [], [], []],
  );
  assert.equal(
    answer('limit/diagnostics-256', 'OQ-08', 'C'),
    answer('limit/diagnostics-256'),
    'at the cap: as under A',
  );
});

test('OQ-08 C: over the 4 MiB cap alone, rows are cut from the canonical tail as under A', () => {
  const id = 'limit/result-bytes-4194305';
  const cut = answer(id, 'OQ-08', 'C');
  assert.equal([cut.status, cut.truncated, cut.omissions.map((o) => o.reason)], ['partial', true, ['limit-exhausted']]);
  assert.equal(cut, answer(id), 'as under A');
});

test('OQ-08 C: exactly 256 diagnostics beside rows over the 4 MiB cap: rows are cut as under A', () => {
  // 32 error operations citing 8 diagnostics each (256, the cap, not over it) and 300 operations with 16,000-byte
  // signatures (about 4.8 MB): only the byte cap is passed, so OQ-08 does not apply.
  const { b, m, addSeries } = bigWorldBuilder({ description: '256 diagnostics beside rows over 4 MiB.' });
  for (let row = 0; row < LIMITS.diagnostics / 8; row++) {
    const ids = Array.from({ length: 8 }, (_, i) =>
      b.addDiagnostic({ label: `step-9/256:${row}:${i}`, code: 'E0001', fallback_text: `rejected ${row}.${i}` }),
    );
    const name = `m.e${row}`;
    b.addCandidate({
      qualified_name: name,
      signature: `${name}(read Items)`,
      receiver: ITEMS_TYPE,
      mode: 'read',
      home: m,
      status: 'error',
      diagnostic_ids: ids,
    });
  }
  addSeries({
    seed: 'step-9/256/long',
    count: 300,
    template: { signature: `m.o(read Items) -> ${'X'.repeat(16_000)}` },
  });
  const fixture = b.build();
  const base = byId('limit/result-bytes-4194305');
  const world: QueryCase = {
    ...base,
    fixture,
    request: { record: requestFor(fixture, { includeUnavailable: true }) },
  };
  const full = JSON.parse(new TextDecoder().decode(caseAnswers(world, { readings: kitReadings() }).expected)) as Answer;
  const underC = answerOf(world, 'OQ-08', 'C');
  assert.equal([underC.status, underC.truncated], ['partial', true]);
  assert.ok(underC.operations.length < 332, 'rows are cut');
  assert.equal(underC, full, 'as under A');
});

test('OQ-09 C: an explanation of a row within the caps shows it, as under A', () => {
  const id = 'complete/explain-first-member-of-series';
  const shown = answer(id, 'OQ-09', 'C');
  assert.equal(
    shown.operations.map((r) => [r.display_name, r.availability]),
    [['badge0', 'callable']],
  );
  assert.equal(shown, answer(id), 'as under A');
});

test('OQ-09 C: the operation with 65 effects is dropped, with a limit-exhausted omission, and truncated', () => {
  const a = answer('limit/effects-65', 'OQ-09', 'C');
  assert.equal(
    a.operations.map((r) => r.display_name),
    [],
  );
  assert.equal(
    a.omissions.map((o) => o.reason),
    ['limit-exhausted'],
  );
  assert.equal([a.status, a.truncated], ['partial', true]);
  assert.equal(answer('limit/effects-64', 'OQ-09', 'C'), answer('limit/effects-64'), 'at the cap: as under A');
});

test('KIT-13 B: a second `length` of another type makes the explanation ambiguous; under A it does not', () => {
  const id = 'canonical-order/explain-applicable-beside-other-type';
  const row = (a: Answer) => a.operations.map((r) => [r.display_name, r.availability, r.rejection_reasons]);
  assert.equal(row(answer(id)), [['length', 'callable', []]]);
  assert.equal(row(answer(id, 'KIT-13', 'B')), [['length', 'unavailable', ['ambiguous']]]);
  // One candidate with the spelling is never ambiguous, under either reading.
  const alone = 'complete/explain-first-member-of-series';
  assert.equal(row(answer(alone, 'KIT-13', 'B')), [['badge0', 'callable', []]]);
});

test('OQ-09 C on an explanation: the operation with 65 effects is dropped, its omission echoes the spelling', () => {
  const c = byId('limit/effects-65');
  if (!('record' in c.request)) throw new Error('effects-65 has a record request');
  const query = { kind: 'explain-operation', include_unavailable: false, spelling: 'effectful' } as const;
  const explain: QueryCase = { ...c, request: { record: { ...c.request.record, query } } };
  const under = answerOf(explain);
  assert.equal(
    under.operations.map((r) => [r.display_name, r.availability]),
    [['effectful', 'unavailable']],
  );
  const dropped = answerOf(explain, 'OQ-09', 'C');
  assert.equal(dropped.operations, []);
  assert.equal(dropped.omissions, [{ reason: 'limit-exhausted', requested_spelling: 'effectful' }]);
  assert.equal([dropped.status, dropped.truncated], ['partial', true]);
});

test('OQ-16 B: an unavailable result is truncated when its reason is limit-exhausted, and only then', () => {
  const cut = answer('limit/type-dependencies-65', 'OQ-16', 'B');
  assert.equal([cut.status, cut.reason, cut.truncated], ['unavailable', 'limit-exhausted', true]);
  assert.is(answer('limit/type-dependencies-65').truncated, false, 'under A: never');
  const other = answer('partial/unavailable-only-unsupported-work', 'OQ-16', 'B');
  assert.equal([other.status, other.reason, other.truncated], ['unavailable', 'unsupported-in-profile', false]);
});

test('KIT-09 B: an unavailable result keeps the omissions the lookup found; under A it has none', () => {
  const id = 'partial/unavailable-only-unsupported-work';
  assert.equal(answer(id).omissions, []);
  const kept = answer(id, 'KIT-09', 'B');
  assert.equal([kept.status, kept.reason], ['unavailable', 'unsupported-in-profile']);
  assert.equal(kept.omissions, [{ reason: 'unsupported-in-profile', requested_spelling: null }]);
  assert.equal(answer('limit/type-dependencies-65', 'KIT-09', 'B').omissions, [], 'no lookup omission: none');
  // The unsupported work is withheld during the lookup, the unvalidated view's omission added after it: the kept
  // omissions are in canonical order all the same, by reason bytes (KD-ORDER-08).
  const two = answer('partial/unavailable-unsupported-work-beside-unvalidated-view', 'KIT-09', 'B');
  assert.equal(
    two.omissions.map((o) => o.reason),
    ['incomplete-analysis', 'unsupported-in-profile'],
  );
});

test.run();
