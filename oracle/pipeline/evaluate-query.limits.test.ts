/**
 * The limits of contract step 9 end to end: 4,096 rows, 256 diagnostics, 4 MiB of
 * canonical bytes (whole rows dropped from the canonical tail, OQ-06 A, OQ-08 A), and the
 * 1,000,000-step budget of the documented step model (KIT-10).
 */
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makeCandidate, makeFixture, testId } from '../test-support/make-fixture.js';
import type { FixtureCandidate } from '../fixture/fixture.js';
import type { DiscoveryResultV1, OperationFact } from '../records/discovery-records.js';
import {
  answer,
  bytesOf,
  LIST_TEXT_TYPE,
  listRow,
  load,
  requestOn,
  RESULT_HEAD,
  textOf,
} from '../test-support/query-support.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

function template(
  over: Partial<FixtureCandidate> = {},
): Omit<FixtureCandidate, 'identity' | 'display_name' | 'qualified_name'> {
  const {
    identity: _i,
    display_name: _d,
    qualified_name: _q,
    ...rest
  } = makeCandidate('t', { signature: 'std.list.op(read List[Text]) -> Int', ...over });
  return rest;
}

// KD-LIMIT-05/10, OQ-06 A: the canonical prefix of 4,096 rows, truncated, one limit-exhausted omission.
test('4,100 callable rows: the first 4,096 in SymbolId order, partial and truncated', () => {
  const f = makeFixture();
  f.candidates = [];
  f.candidate_series = [
    { seed: 'bulk', count: 4100, name_prefix: 'op', qualified_name_prefix: 'std.list.op', template: template() },
  ];
  const fx = load(f);
  const req = requestOn(fx);
  const expectedIds = Array.from({ length: 4100 }, (_, i) => [sha(`bulk:${i}`), i] as const).sort((a, b) =>
    a[0] < b[0] ? -1 : 1,
  );
  const rows = expectedIds
    .slice(0, 4096)
    .map(([id, i]) => listRow(id, `op${i}`, 'std.list.op(read List[Text]) -> Int'));
  const expected: DiscoveryResultV1 = {
    ...RESULT_HEAD,
    status: 'partial',
    analysis: { ...req.analysis },
    type: { ...LIST_TEXT_TYPE, dependencies: [...LIST_TEXT_TYPE.dependencies], diagnostic_ids: [] },
    operations: rows,
    omissions: [{ reason: 'limit-exhausted', requested_spelling: null }],
    diagnostics: [],
    reason: null,
    truncated: true,
  };
  const got = answer(fx, req);
  assert.ok(got.text === textOf(expected), 'result differs from the hand-built prefix');
  assert.is(got.steps, 4100 * 6);
});

// KD-LIMIT-07, KIT-10: 166,666 full visits (6 steps) + 4 early drops (1 step) = exactly 1,000,000.
test('step budget: exactly 1,000,000 steps complete; one more step exhausts', () => {
  const f = makeFixture();
  f.candidate_series = [
    {
      seed: 'edit',
      count: 166_666,
      name_prefix: 'e',
      qualified_name_prefix: 'std.list.e',
      template: template({ required_mode: 'edit' }),
    },
  ];
  const other = testId('type:Other');
  f.candidates = [0, 1, 2, 3].map((i) => makeCandidate(`other${i}`, { receiver_type: other }));
  let fx = load(f);
  let req = requestOn(fx);
  let got = answer(fx, req);
  const base = {
    ...RESULT_HEAD,
    analysis: { ...req.analysis },
    type: { ...LIST_TEXT_TYPE, dependencies: [...LIST_TEXT_TYPE.dependencies], diagnostic_ids: [] },
    operations: [],
    diagnostics: [],
    reason: null,
  };
  assert.is(got.steps, 1_000_000);
  assert.is(got.text, textOf({ ...base, status: 'complete', omissions: [], truncated: false }));

  f.candidates.push(makeCandidate('other4', { receiver_type: other }));
  fx = load(f);
  req = requestOn(fx);
  got = answer(fx, req);
  assert.is(got.steps, 1_000_000);
  // The added symbol changes the std.list view, so the current key is another (KD-DIGEST-13).
  assert.is(
    got.text,
    textOf({
      ...base,
      analysis: { ...req.analysis },
      status: 'partial',
      omissions: [{ reason: 'limit-exhausted', requested_spelling: null }],
      truncated: true,
    }),
  );
});

// KD-LIMIT-03/04, OQ-06 A: rows of ~16 KiB; whole rows dropped until the bytes fit.
test('4 MiB: the longest canonical prefix that fits, and one more row would not', () => {
  const pad = 'x'.repeat(16_000);
  const f = makeFixture();
  f.candidates = Array.from({ length: 300 }, (_, i) => {
    const name = `op${String(i).padStart(3, '0')}`;
    return makeCandidate(name, { signature: `std.list.${name}(read List[Text]) -> ${pad}` });
  });
  const fx = load(f);
  const req = requestOn(fx);
  const got = answer(fx, req);
  const bytes = new TextEncoder().encode(got.text);
  assert.ok(bytes.length <= 4 * 1024 * 1024, `${bytes.length} bytes`);
  const all = f.candidates
    .map((c) => listRow(c.identity, c.display_name, c.signature ?? ''))
    .sort((a, b) => (a.identity.value < b.identity.value ? -1 : 1));
  const k = got.result.operations.length;
  assert.ok(k > 200 && k < 300, `${k} rows`);
  assert.equal(got.result.operations, all.slice(0, k));
  assert.is(got.result.status, 'partial');
  assert.is(got.result.truncated, true);
  assert.equal(got.result.omissions, [{ reason: 'limit-exhausted', requested_spelling: null }]);
  const oneMore = { ...got.result, operations: all.slice(0, k + 1) };
  assert.ok(bytesOf(oneMore).length > 4 * 1024 * 1024, 'the next row in canonical order would not fit');
});

// KD-LIMIT-05, OQ-08 A, KIT-11: never a dangling diagnostic ID.
test('256 diagnostics: rows dropped from the tail until their diagnostics fit', () => {
  const f = makeFixture();
  f.candidates = [];
  for (let i = 0; i < 300; i++) {
    const id = testId(`diag:${i}`);
    f.diagnostics.push({
      id,
      code: 'W0001',
      severity: 'warning',
      category: 'style',
      template_id: 'style.note',
      primary: null,
      disclose_primary: false,
      fallback_text: `note ${i}`,
    });
    f.candidates.push(makeCandidate(`op${i}`, { diagnostic_ids: [id] }));
  }
  const fx = load(f);
  const got = answer(fx, requestOn(fx));
  const r = got.result;
  assert.is(r.operations.length, 256);
  assert.is(r.diagnostics.length, 256);
  const expectedIds = f.candidates
    .map((c) => c.identity)
    .sort()
    .slice(0, 256);
  assert.equal(
    r.operations.map((o) => o.identity.value),
    expectedIds,
  );
  const cited = new Set(r.operations.flatMap((o) => o.diagnostic_ids));
  assert.equal(
    r.diagnostics.map((d) => d.id),
    [...cited].sort(),
  );
  assert.is(r.status, 'partial');
  assert.ok(r.truncated);
  assert.equal(r.omissions, [{ reason: 'limit-exhausted', requested_spelling: null }]);
});

test.run();
