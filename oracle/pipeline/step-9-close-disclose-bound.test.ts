import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureDiagnostic, FixtureTypeFact } from '../fixture/fixture.js';
import type { DiscoveryRequestV1, OmissionReason, Query } from '../records/discovery-records.js';
import { addReason, newVerdict, type CandidateVerdict } from './candidate-verdict.js';
import { closeFactGraph } from './close-fact-graph.js';
import { inferType } from './step-2-infer-type.js';
import { closeDiscloseBound, type ResultCaps } from './step-9-close-disclose-bound.js';
import { candidate, effect, fact, node } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';
import type { VisitOutcome } from './visit-candidates.js';

const KEY = {
  file_id: hex(1),
  source_sha256: hex(2),
  interface_set_sha256: hex(3),
  generation: 1,
  semantic_compatibility: 's',
};
const VALIDATED: FixtureTypeFact = {
  status: 'validated',
  identity: { kind: 'TypeId', value: hex(0x7e) },
  display: 'List[Text]',
  reason: null,
  dependencies: [],
  diagnostic_ids: [],
};
const UNAVAILABLE: FixtureTypeFact = {
  status: 'unavailable',
  identity: null,
  display: null,
  reason: 'incomplete-analysis',
  dependencies: [],
  diagnostic_ids: [],
};
const graph = closeFactGraph([fact(node(hex(0xee)), { status: 'error' })]);

function run(typeFact: FixtureTypeFact, query: Partial<Query>, visit: Partial<VisitOutcome>, unvalidatedView = false) {
  const request: DiscoveryRequestV1 = {
    schema: 'kofun.discovery.request/v1',
    analysis: KEY,
    position: { byte_offset: 0, expression: { start: 0, end: 0 } },
    query: { kind: 'operations', include_unavailable: false, spelling: null, ...query },
  };
  return closeDiscloseBound({
    request,
    type: inferType(typeFact, graph, new Set()),
    visit: {
      eligible: [],
      withheld: new Set<OmissionReason>(),
      matched: false,
      matchedCount: 0,
      exhausted: false,
      ...visit,
    },
    graph,
    diagnostics: new Map(),
    unvalidatedView,
    undisclosable: () => false,
  }).result;
}

// KD-LIMIT-11, KIT-09, OQ-16 A: exhaustion before any useful fact.
test('budget exhausted with no useful fact: unavailable / limit-exhausted, nothing else', () => {
  const r = run(UNAVAILABLE, {}, { exhausted: true, withheld: new Set(['hidden-by-visibility']) });
  assert.equal(
    {
      status: r.status,
      reason: r.reason,
      type: r.type,
      omissions: r.omissions,
      truncated: r.truncated,
      analysis: r.analysis,
    },
    { status: 'unavailable', reason: 'limit-exhausted', type: null, omissions: [], truncated: false, analysis: KEY },
  );
});

test('only unsupported work withheld and no useful fact: unavailable / unsupported-in-profile', () => {
  const r = run(UNAVAILABLE, {}, { withheld: new Set(['unsupported-in-profile']) });
  assert.is(r.status, 'unavailable');
  assert.is(r.reason, 'unsupported-in-profile');
});

// Decision in step 9: exhaustion before a match reports only limit-exhausted.
test('explain exhausted before any match: only limit-exhausted, echoing the spelling', () => {
  const r = run(VALIDATED, { kind: 'explain-operation', spelling: 'f' }, { exhausted: true });
  assert.equal(r.omissions, [{ reason: 'limit-exhausted', requested_spelling: 'f' }]);
  assert.is(r.status, 'partial');
  assert.ok(r.truncated);
  const done = run(VALIDATED, { kind: 'explain-operation', spelling: 'f' }, {});
  assert.equal(done.omissions, [{ reason: 'hidden-by-visibility', requested_spelling: 'f' }]);
  assert.not.ok(done.truncated);
});

function overLimit(): CandidateVerdict {
  const effects = Array.from({ length: 65 }, (_, i) => effect(0x1000 + i));
  const v = newVerdict(candidate(1, { effects }), true);
  v.effects = effects.map((e) => ({
    record: { identity: e.identity, display: e.display, status: 'validated' as const },
    dependencies: [],
  }));
  return v;
}

// OQ-09 A, KIT-08: a row that would be callable but for the cap is not silently lost.
test('a dropped row that only the 64-entry cap made unavailable still truncates the result', () => {
  const r = run(VALIDATED, {}, { eligible: [overLimit()] });
  assert.equal(r.operations, []);
  assert.ok(r.truncated);
  assert.is(r.status, 'partial');
  const shown = run(VALIDATED, { include_unavailable: true }, { eligible: [overLimit()] });
  assert.equal(shown.operations[0]?.rejection_reasons, ['incomplete-analysis', 'limit-exhausted']);
  assert.ok(shown.truncated);
  const rejected = overLimit();
  addReason(rejected, 'requires-edit');
  const dropped = run(VALIDATED, {}, { eligible: [rejected] });
  assert.not.ok(dropped.truncated, 'unavailable for its own reason: the cap hid nothing');
  assert.is(dropped.status, 'complete');
});

// Decision in build-operation-row and step 9: an error row with no diagnostic to cite.
test('an error row without a diagnostic: withheld as incomplete-analysis, shown or dropped (OQ-32 D)', () => {
  const broken = () => newVerdict(candidate(1, { dependencies: [node(hex(0xee))] }), true);
  const hidden = run(VALIDATED, {}, { eligible: [broken()] });
  assert.equal(hidden.omissions, [{ reason: 'incomplete-analysis', requested_spelling: null }]);
  assert.is(hidden.status, 'partial');
  const asked = run(VALIDATED, { include_unavailable: true }, { eligible: [broken()] });
  assert.equal(asked.operations, []);
  assert.equal(asked.omissions, [{ reason: 'incomplete-analysis', requested_spelling: null }]);
  const explained = run(
    VALIDATED,
    { kind: 'explain-operation', spelling: 'op1' },
    { eligible: [broken()], matched: true },
  );
  assert.equal(explained.omissions, [{ reason: 'incomplete-analysis', requested_spelling: 'op1' }]);
});

// OQ-32 D (L189, OQ-18 A): a dropped non-validated row leaves the
// set unestablished; a dropped definitive rejection does not.
test(
  'include_unavailable false: a dropped provisional row adds incomplete-analysis, ' +
    'a validated rejection adds nothing',
  () => {
    const provisional = () => newVerdict(candidate(1, { status: 'provisional' }), true);
    const r = run(VALIDATED, {}, { eligible: [provisional()] });
    assert.equal(r.operations, []);
    assert.equal(r.omissions, [{ reason: 'incomplete-analysis', requested_spelling: null }]);
    assert.is(r.status, 'partial');
    const rejected = newVerdict(candidate(2), true);
    addReason(rejected, 'requires-edit');
    const definitive = run(VALIDATED, {}, { eligible: [rejected] });
    assert.equal(definitive.omissions, []);
    assert.is(definitive.status, 'complete');
    const asked = run(VALIDATED, { include_unavailable: true }, { eligible: [provisional()] });
    assert.equal(asked.omissions, [], 'shown, the row itself explains the incompleteness');
    assert.is(asked.status, 'partial');
  },
);

// KIT-03 C (L380): an unvalidated view makes a lookup incomplete, whatever it holds.
test('an unvalidated view adds one incomplete-analysis omission, with the spelling for an explanation', () => {
  const callable = () => newVerdict(candidate(1), true);
  const general = run(VALIDATED, {}, { eligible: [callable()] }, true);
  assert.equal(general.omissions, [{ reason: 'incomplete-analysis', requested_spelling: null }]);
  assert.is(general.status, 'partial');
  assert.is(general.operations.length, 1);
  const explained = run(
    VALIDATED,
    { kind: 'explain-operation', spelling: 'op1' },
    { eligible: [callable()], matched: true },
    true,
  );
  assert.is(explained.operations.length, 1);
  assert.equal(explained.omissions, [{ reason: 'incomplete-analysis', requested_spelling: 'op1' }]);
  const nothing = run(VALIDATED, { kind: 'explain-operation', spelling: 'op1' }, {}, true);
  assert.equal(nothing.omissions, [
    { reason: 'hidden-by-visibility', requested_spelling: 'op1' },
    { reason: 'incomplete-analysis', requested_spelling: 'op1' },
  ]);
});

// OQ-19 A (L387): an explanation whose spelling also names unsupported extension/trait work is not complete.
test('an explanation with a row keeps unsupported-in-profile but no other withheld reason', () => {
  const withheld = new Set<OmissionReason>(['unsupported-in-profile', 'hidden-by-visibility']);
  const r = run(
    VALIDATED,
    { kind: 'explain-operation', spelling: 'op1' },
    { eligible: [newVerdict(candidate(1), true)], matched: true, withheld },
  );
  assert.is(r.operations[0]?.availability, 'callable');
  assert.equal(r.omissions, [{ reason: 'unsupported-in-profile', requested_spelling: 'op1' }]);
  assert.is(r.status, 'partial');
});

test('kind type: no lookup, no omissions', () => {
  const request: DiscoveryRequestV1 = {
    schema: 'kofun.discovery.request/v1',
    analysis: KEY,
    position: { byte_offset: 0, expression: { start: 0, end: 0 } },
    query: { kind: 'type', include_unavailable: true, spelling: null },
  };
  const r = closeDiscloseBound({
    request,
    type: inferType(VALIDATED, graph, new Set()),
    visit: null,
    graph,
    diagnostics: new Map(),
    unvalidatedView: true,
    undisclosable: () => false,
  }).result;
  assert.is(r.status, 'complete');
  assert.equal(r.operations, []);
  assert.equal(r.omissions, []);
});

/** A diagnostic of the sweep's world; its fallback text's length varies its size. */
function diagnostic(n: number, text: string, primary = false): FixtureDiagnostic {
  return {
    id: hex(0xd00 + n),
    code: `E${1000 + n}`,
    severity: 'error',
    category: 'type',
    template_id: `E${1000 + n}.v1`,
    primary: primary ? { file_id: hex(1), span: { start: 0, end: n } } : null,
    disclose_primary: primary,
    fallback_text: text,
  };
}

// OQ-06 A, OQ-08 A: the sizes step 9 computes for the prefixes are exact. Under every byte cap from the whole result
// down to the smallest answer, and every diagnostic cap, the prefix kept is checked on its encoded bytes
// (fit-result-bytes.ts, checkedPrefix), so a size computed wrongly is a kit fault at some cap of the sweep.
test('every byte and diagnostic cap of a small result: the largest fitting prefix, never a kit fault', () => {
  // The type cites two diagnostics (one with a disclosed location); four error rows each cite one shared by all,
  // two of their own, and the second also the type's first: 2 + 1 + 4 x 2 = 11 distinct diagnostics.
  const typeDiagnostics = [diagnostic(1, 'type', true), diagnostic(2, 'type, at length')];
  const shared = diagnostic(3, 'shared by every row');
  const diagnostics = new Map<string, FixtureDiagnostic>();
  for (const d of [...typeDiagnostics, shared]) diagnostics.set(d.id, d);
  const eligible = [1, 2, 3, 4].map((n) => {
    const own = [diagnostic(10 + 2 * n, 'x'.repeat(n * 40), n === 3), diagnostic(11 + 2 * n, `own ${n}`)];
    for (const d of own) diagnostics.set(d.id, d);
    const cited = [shared.id, ...own.map((d) => d.id), ...(n === 2 ? [hex(0xd01)] : [])];
    return newVerdict(candidate(n, { status: 'error', diagnostic_ids: cited }), true);
  });
  const typeFact: FixtureTypeFact = {
    ...VALIDATED,
    status: 'provisional',
    reason: 'incomplete-analysis',
    diagnostic_ids: typeDiagnostics.map((d) => d.id),
  };
  const known = new Set(diagnostics.keys());
  const capped = (caps?: ResultCaps) =>
    closeDiscloseBound({
      request: {
        schema: 'kofun.discovery.request/v1',
        analysis: KEY,
        position: { byte_offset: 0, expression: { start: 0, end: 0 } },
        query: { kind: 'operations', include_unavailable: true, spelling: null },
      },
      type: inferType(typeFact, graph, known),
      visit: { eligible, withheld: new Set(), matched: false, matchedCount: 0, exhausted: false },
      graph,
      diagnostics,
      unvalidatedView: false,
      undisclosable: () => false,
      ...(caps === undefined ? {} : { caps }),
    });
  const whole = capped();
  assert.equal([whole.result.operations.length, whole.result.diagnostics.length], [4, 11]);
  const atCap = capped({ maxBytes: whole.bytes.length, maxDiagnostics: 11 });
  assert.equal(atCap.bytes, whole.bytes, 'at both caps exactly, the whole result');
  const met = new Set<number>();
  let rows = 4;
  for (let maxBytes = whole.bytes.length - 1; ; maxBytes--) {
    const r = capped({ maxBytes, maxDiagnostics: 100 });
    const kept = r.result.operations.length;
    assert.ok(r.bytes.length <= maxBytes, `${r.bytes.length} bytes within ${maxBytes}`);
    assert.ok(kept <= rows, `a smaller cap keeps no more rows (${kept} at ${maxBytes})`);
    if (kept < 4) assert.ok(r.result.truncated, 'a cut result is truncated');
    met.add((rows = kept));
    if (kept === 0 && r.bytes.length === maxBytes) break;
  }
  assert.equal([...met], [3, 2, 1, 0], 'every prefix is kept under some cap');
  // By diagnostics, worked by hand: the type's 2; the first row brings 3 (the shared one and its own 2), each later
  // row its own 2 (the second's third is the type's first): prefixes of 0 to 4 rows cite 2, 5, 7, 9 and 11.
  const keptUnder = (maxDiagnostics: number) =>
    capped({ maxBytes: whole.bytes.length, maxDiagnostics }).result.operations.length;
  assert.equal([10, 9, 8, 7, 6, 5, 4, 3, 2].map(keptUnder), [3, 3, 2, 2, 1, 1, 0, 0, 0]);
});

test.run();
