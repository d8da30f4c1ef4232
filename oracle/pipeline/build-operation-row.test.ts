import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OperationFact } from '../records/discovery-records.js';
import { buildOperationRow } from './build-operation-row.js';
import { addReason, newVerdict, type CandidateVerdict } from './candidate-verdict.js';
import { closeFactGraph, type FactGraph } from './close-fact-graph.js';
import { genericRequirements } from './step-6-generic-requirements.js';
import { Readings } from './readings.js';
import { effectsAndCapabilities } from './step-8-effects-and-capabilities.js';
import { candidate, effect, fact, node, origin, requirement } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

const DIAG = hex(0xd1);
const KNOWN = new Set([DIAG]);
const N1 = node(hex(0x11));
const N2 = node(hex(0x12));
const MOD = hex(0x500);

function judged(
  c: ReturnType<typeof candidate>,
  graph: FactGraph,
  held: { kind: 'SymbolId'; value: string }[] = [],
): CandidateVerdict {
  const v = newVerdict(c, true);
  genericRequirements(graph)(v);
  effectsAndCapabilities(held, graph)(v);
  return v;
}

function built(v: CandidateVerdict, graph: FactGraph, extra: 'ambiguous'[] = []): OperationFact {
  const b = buildOperationRow(v, graph, KNOWN, extra);
  if (!b.ok) throw new Error('row withheld');
  return b.row;
}

// KD-OP-09/10, KD-ORIGIN-05/08, KD-OP-07, KD-DISCLOSE-04
test('a validated callable row, every field worked by hand', () => {
  const graph = closeFactGraph([fact(N1), fact(N2)]);
  const c = candidate(1, {
    display_name: 'length',
    qualified_name: 'std.list.length',
    signature: 'std.list.length(read List[Text]) -> Int',
    dependencies: [N2],
    origin: origin({ dependencies: [N1] }),
    generic_requirements: [requirement({ kind: 'equality', display: 'T = Text', dependencies: [N1] })],
    source: { file_id: hex(0xf1), span: { start: 3, end: 9 } },
    disclose_source: true,
    documentation: hex(0xd0c),
    disclose_documentation: true,
  });
  const expected: OperationFact = {
    status: 'validated',
    identity: { kind: 'SymbolId', value: hex(1) },
    display_name: 'length',
    qualified_name: 'std.list.length',
    signature: 'std.list.length(read List[Text]) -> Int',
    generic_requirements: [{ kind: 'equality', identity: null, display: 'T = Text', status: 'validated' }],
    receiver_mode: 'read',
    effects: [],
    origin: {
      status: 'validated',
      kind: 'function',
      module: 'std.list',
      module_identity: { kind: 'ModuleId', value: MOD },
      implementation_identity: null,
      trait: null,
      trait_identity: null,
    },
    visibility: 'pub',
    availability: 'callable',
    rejection_reasons: [],
    source: { file_id: hex(0xf1), span: { start: 3, end: 9 } },
    documentation: `kofun-doc:${hex(0xd0c)}`,
    dependencies: [
      { source: 'live', kind: 'NodeId', value: hex(0x11), status: 'validated' },
      { source: 'live', kind: 'NodeId', value: hex(0x12), status: 'validated' },
    ],
    diagnostic_ids: [],
  };
  assert.equal(built(judged(c, graph), graph), expected);
});

test('source and documentation stay null unless disclosable', () => {
  const graph = closeFactGraph([]);
  const row = built(
    judged(
      candidate(1, { source: { file_id: hex(0xf1), span: { start: 0, end: 1 } }, documentation: hex(0xd0c) }),
      graph,
    ),
    graph,
  );
  assert.is(row.source, null);
  assert.is(row.documentation, null);
});

// KD-OWN-03: a definitive rejection may stay a validated row, unavailable.
test('requires-edit: validated, unavailable, signature kept', () => {
  const graph = closeFactGraph([]);
  const v = judged(candidate(1, { required_mode: 'edit' }), graph);
  addReason(v, 'requires-edit');
  const row = built(v, graph);
  assert.is(row.status, 'validated');
  assert.is(row.availability, 'unavailable');
  assert.equal(row.rejection_reasons, ['requires-edit']);
  assert.is(row.receiver_mode, 'edit');
  assert.ok(row.signature !== null);
});

// KIT-07/08, KD-ORIGIN-13: a provisional origin dependency makes the row provisional and unavailable.
test('a nonvalidated origin forces a nonvalidated, unavailable row with incomplete-analysis', () => {
  const graph = closeFactGraph([fact(N1, { status: 'provisional' })]);
  const row = built(judged(candidate(1, { origin: origin({ dependencies: [N1] }) }), graph), graph);
  assert.is(row.origin.status, 'provisional');
  assert.is(row.status, 'provisional');
  assert.is(row.availability, 'unavailable');
  assert.equal(row.rejection_reasons, ['incomplete-analysis']);
  assert.ok(row.signature !== null, 'provisional rows keep their text (OQ-25 A)');
});

// OQ-25 A
test('an unavailable row has null signature and receiver mode', () => {
  const graph = closeFactGraph([fact(N1, { status: 'unavailable' })]);
  const row = built(judged(candidate(1, { dependencies: [N1] }), graph), graph);
  assert.is(row.status, 'unavailable');
  assert.is(row.signature, null);
  assert.is(row.receiver_mode, null);
  assert.equal(row.rejection_reasons, ['incomplete-analysis']);
});

// KD-CLOSURE-10
test('an error row cites the diagnostics of the error nodes it reaches', () => {
  const graph = closeFactGraph([fact(N1, { depends_on: [N2] }), fact(N2, { status: 'error', diagnostic_ids: [DIAG] })]);
  const row = built(judged(candidate(1, { dependencies: [N1] }), graph), graph);
  assert.is(row.status, 'error');
  assert.equal(row.diagnostic_ids, [DIAG]);
  assert.equal(row.rejection_reasons, ['incomplete-analysis']);
  assert.is(row.availability, 'unavailable');
  assert.equal(row.dependencies, [{ source: 'live', kind: 'NodeId', value: hex(0x11), status: 'error' }]);
});

test('an error row with no diagnostic to cite is withheld as incomplete-analysis (Decision)', () => {
  const graph = closeFactGraph([]);
  const b = buildOperationRow(judged(candidate(1, { status: 'error' }), graph), graph, KNOWN);
  assert.equal(b, { ok: false, withheld: 'incomplete-analysis' });
});

// OQ-27 A, KD-CLOSURE-16: nested lists ordered and their dependencies folded into the row.
test('nested requirements and effects are ordered and their dependencies listed on the row', () => {
  const graph = closeFactGraph([fact(N1), fact(N2, { status: 'provisional' })]);
  const c = candidate(1, {
    generic_requirements: [
      requirement({ kind: 'inference', display: 'U' }),
      requirement({
        kind: 'trait-bound',
        identity: { kind: 'TypeId', value: hex(0x31) },
        display: 'U: Eq',
        dependencies: [N1],
      }),
    ],
    effects: [effect(0x62, { dependencies: [N2] }), effect(0x61)],
  });
  const row = built(
    judged(c, graph, [
      { kind: 'SymbolId', value: hex(0x61) },
      { kind: 'SymbolId', value: hex(0x62) },
    ]),
    graph,
  );
  assert.equal(
    row.generic_requirements.map((r) => r.display),
    ['U: Eq', 'U'],
  );
  // L421, KIT-12 B: only a public validated effect is listed; the provisional one is not,
  // nor its dependency, yet its status still bounds the row (KD-CLOSURE-17).
  assert.equal(
    row.effects.map((e) => [e.identity.value, e.status]),
    [[hex(0x61), 'validated']],
  );
  assert.is(row.status, 'provisional');
  assert.equal(
    row.dependencies.map((d) => [d.value, d.status]),
    [[hex(0x11), 'validated']],
  );
});

// KIT-08 C (L389, L427): a dependency naming a hidden candidate's identity is never listed.
test('a row depending on an undisclosable identity drops it and is downgraded to unavailable', () => {
  const graph = closeFactGraph([fact(N1), fact(N2)]);
  const c = candidate(1, { dependencies: [N1, N2] });
  const b = buildOperationRow(judged(c, graph), graph, KNOWN, [], (k) => k.value === N2.value);
  assert.ok(b.ok);
  if (!b.ok) return;
  assert.equal(
    b.row.dependencies.map((d) => d.value),
    [hex(0x11)],
  );
  assert.is(b.row.status, 'unavailable');
  assert.is(b.row.availability, 'unavailable');
  assert.equal(b.row.rejection_reasons, ['incomplete-analysis']);
  assert.is(b.row.signature, null);
});

// L228, L236 (KIT-08 C): a withheld dependency still bounds the row; the row cites only what it lists.
test('a withheld error dependency makes the row error, citing its own diagnostics, or withholds it', () => {
  const warning = hex(0xd2);
  const graph = closeFactGraph([fact(N1), fact(N2, { status: 'error', diagnostic_ids: [DIAG] })]);
  const hidden = (k: { value: string }): boolean => k.value === N2.value;
  const known = new Set([DIAG, warning]);
  const own = candidate(1, { dependencies: [N1, N2], diagnostic_ids: [warning] });
  const b = buildOperationRow(judged(own, graph), graph, known, [], hidden);
  assert.ok(b.ok);
  if (!b.ok) return;
  assert.is(b.row.status, 'error');
  assert.equal(b.row.diagnostic_ids, [warning], "the hidden node's diagnostic is not cited");
  assert.equal(
    b.row.dependencies.map((d) => d.value),
    [hex(0x11)],
  );
  assert.equal(b.row.rejection_reasons, ['incomplete-analysis']);
  const none = buildOperationRow(judged(candidate(2, { dependencies: [N2] }), graph), graph, known, [], hidden);
  assert.equal(none, { ok: false, withheld: 'incomplete-analysis' });
});

// KIT-08 D, a reading the register does not choose: "a visible row depending on an identity that may not be disclosed
// is withheld whole instead of shown without the dependency"; a row that depends on none is shown as under C.
test('under KIT-08 D a row depending on an undisclosable identity is withheld whole; others are shown', () => {
  const graph = closeFactGraph([fact(N1), fact(N2)]);
  const d = Readings.kit().with('KIT-08', { label: 'D' });
  const hidden = (k: { value: string }): boolean => k.value === N2.value;
  const c = candidate(1, { dependencies: [N1, N2] });
  assert.equal(buildOperationRow(judged(c, graph), graph, KNOWN, [], hidden, d), {
    ok: false,
    withheld: 'incomplete-analysis',
  });
  const plain = buildOperationRow(judged(candidate(2, { dependencies: [N1] }), graph), graph, KNOWN, [], hidden, d);
  assert.ok(plain.ok && plain.row.status === 'validated' && plain.row.availability === 'callable');
});

// OQ-25 C, a reading the register does not choose: "every nonvalidated row has null signature and receiver_mode"; a
// validated row keeps both, callable or a definitive rejection (L289).
test('under OQ-25 C provisional and error rows have no signature or receiver mode; validated rows keep them', () => {
  const c = Readings.kit().with('OQ-25', { label: 'C' });
  const graph = closeFactGraph([
    fact(N1, { status: 'provisional' }),
    fact(N2, { status: 'error', diagnostic_ids: [DIAG] }),
  ]);
  const rowUnderC = (v: CandidateVerdict): OperationFact => {
    const b = buildOperationRow(v, graph, KNOWN, [], undefined, c);
    if (!b.ok) throw new Error('row withheld');
    return b.row;
  };
  const provisional = rowUnderC(judged(candidate(1, { dependencies: [N1] }), graph));
  assert.equal([provisional.status, provisional.signature, provisional.receiver_mode], ['provisional', null, null]);
  const error = rowUnderC(judged(candidate(2, { dependencies: [N2] }), graph));
  assert.equal([error.status, error.signature, error.receiver_mode], ['error', null, null]);
  const rejected = judged(candidate(3, { required_mode: 'edit' }), graph);
  addReason(rejected, 'requires-edit');
  const definitive = rowUnderC(rejected);
  assert.equal(
    [definitive.status, definitive.signature, definitive.receiver_mode],
    ['validated', 'op3(read List[Text]) -> Int', 'edit'],
  );
  const callable = rowUnderC(judged(candidate(4), graph));
  assert.equal(
    [callable.availability, callable.signature, callable.receiver_mode],
    ['callable', 'op4(read List[Text]) -> Int', 'read'],
  );
});

// L389, L427 (KIT-08 C): a nested record whose own identity may not be disclosed is not listed.
test('a generic requirement or effect naming an undisclosable identity is not listed and downgrades the row', () => {
  const graph = closeFactGraph([]);
  const secret = { kind: 'SymbolId' as const, value: hex(0x5ec) };
  const hidden = (k: { kind: string; value: string }): boolean => k.kind === 'SymbolId' && k.value === secret.value;
  const req = candidate(1, { generic_requirements: [requirement({ identity: secret, display: 'T = Secret' })] });
  const r = buildOperationRow(judged(req, graph), graph, KNOWN, [], hidden);
  assert.ok(r.ok && r.row.generic_requirements.length === 0 && r.row.status === 'unavailable');
  const eff = candidate(2, { effects: [effect(0x5ec, { identity: secret })] });
  const e = buildOperationRow(judged(eff, graph, [secret]), graph, KNOWN, [], hidden);
  assert.ok(e.ok && e.row.effects.length === 0 && e.row.status === 'unavailable');
  assert.ok(e.ok && e.row.availability === 'unavailable' && e.row.signature === null);
  // The same identity under another kind names something else and is listed as usual.
  const typed = candidate(3, { generic_requirements: [requirement({ identity: { ...secret, kind: 'TypeId' } })] });
  const t = buildOperationRow(judged(typed, graph), graph, KNOWN, [], hidden);
  assert.ok(t.ok && t.row.generic_requirements.length === 1 && t.row.status === 'validated');
});

// KIT-12 A, the named alternative: a general query may list a public effect that is not validated.
test('under KIT-12 A a public non-validated effect is listed; the row status is the same', () => {
  const graph = closeFactGraph([fact(N1, { status: 'provisional' })]);
  const c = candidate(1, { effects: [effect(0xe1, { dependencies: [N1] })] });
  const held = [{ kind: 'SymbolId' as const, value: hex(0xe1) }];
  const plain = newVerdict(c, true);
  effectsAndCapabilities(held, graph)(plain);
  const listed = newVerdict(c, true);
  effectsAndCapabilities(held, graph, Readings.kit().with('KIT-12', { label: 'A' }))(listed);
  const a = buildOperationRow(plain, graph, KNOWN);
  const b = buildOperationRow(listed, graph, KNOWN);
  assert.ok(a.ok && b.ok);
  if (!a.ok || !b.ok) return;
  assert.equal(a.row.effects, []);
  assert.equal(b.row.effects, [
    { identity: { kind: 'SymbolId', value: hex(0xe1) }, display: 'effect225', status: 'provisional' },
  ]);
  assert.equal(
    b.row.dependencies.map((d) => [d.value, d.status]),
    [[hex(0x11), 'provisional']],
  );
  assert.is(a.row.status, 'provisional');
  assert.is(b.row.status, 'provisional');
});

// KIT-02 C: a rejection resting on an error receiver type is an error row citing the type's diagnostics.
test('a receiver floor bounds the row status and an error floor brings its diagnostic IDs', () => {
  const graph = closeFactGraph([]);
  const v = judged(candidate(1), graph);
  v.receiverFloor = { status: 'error', diagnosticIds: [DIAG] };
  const b = buildOperationRow(v, graph, KNOWN);
  assert.ok(b.ok);
  if (!b.ok) return;
  assert.is(b.row.status, 'error');
  assert.equal(b.row.diagnostic_ids, [DIAG]);
  const p = judged(candidate(2), graph);
  p.receiverFloor = { status: 'provisional', diagnosticIds: [] };
  const q = buildOperationRow(p, graph, KNOWN);
  assert.ok(q.ok && q.row.status === 'provisional' && q.row.availability === 'unavailable');
});

// OQ-09 A
test('more than 64 effects downgrade the row with limit-exhausted and keep the first 64', () => {
  const graph = closeFactGraph([]);
  const effects = Array.from({ length: 65 }, (_, i) => effect(0x1000 + i));
  const held = effects.map((e) => ({ kind: 'SymbolId' as const, value: e.identity.value }));
  const b = buildOperationRow(judged(candidate(1, { effects }), graph, held), graph, KNOWN);
  assert.ok(b.ok);
  if (!b.ok) return;
  assert.ok(b.limitDowngraded);
  assert.is(b.row.status, 'unavailable');
  assert.equal(b.row.rejection_reasons, ['incomplete-analysis', 'limit-exhausted']);
  assert.is(b.row.effects.length, 64);
  assert.is(b.row.effects[63]?.identity.value, hex(0x1000 + 63));
  assert.is(b.row.signature, null);
});

test('ambiguous makes a validated row unavailable but keeps it validated (OQ-34 A, OQ-43 A)', () => {
  const graph = closeFactGraph([]);
  const row = built(judged(candidate(1), graph), graph, ['ambiguous']);
  assert.is(row.status, 'validated');
  assert.is(row.availability, 'unavailable');
  assert.equal(row.rejection_reasons, ['ambiguous']);
});

test('a candidate without a signature is at best provisional (Decision)', () => {
  const graph = closeFactGraph([]);
  const row = built(judged(candidate(1, { signature: null }), graph), graph);
  assert.is(row.status, 'provisional');
  assert.is(row.availability, 'unavailable');
});

test.run();
