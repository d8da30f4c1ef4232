import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureTypeFact } from '../fixture/fixture.js';
import type { TypeFact } from '../records/discovery-records.js';
import { closeFactGraph } from './close-fact-graph.js';
import { inferType } from './step-2-infer-type.js';
import { fact, node } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

const LIST_TEXT = { kind: 'TypeId' as const, value: hex(0x7e) };
const N1 = node(hex(0x11));
const N2 = node(hex(0x12));
const DIAG = hex(0xd1);
const KNOWN = new Set([DIAG]);

const validatedListText = (over: Partial<FixtureTypeFact> = {}): FixtureTypeFact => ({
  status: 'validated',
  identity: LIST_TEXT,
  display: 'List[Text]',
  reason: null,
  dependencies: [N1],
  diagnostic_ids: [],
  ...over,
});

// KD-TYPE-02/03
test('a validated type over validated dependencies stays validated and is the lookup key', () => {
  const t = inferType(validatedListText(), closeFactGraph([fact(N1)]), KNOWN);
  const expected: TypeFact = {
    status: 'validated',
    identity: LIST_TEXT,
    display: 'List[Text]',
    dependencies: [{ source: 'live', kind: 'NodeId', value: hex(0x11), status: 'validated' }],
    diagnostic_ids: [],
    reason: null,
  };
  assert.equal(t.fact, expected);
  assert.is(t.lookupTypeId, hex(0x7e));
  assert.not.ok(t.limitDowngraded);
});

// KIT-07: downgraded -> no identity, incomplete-analysis; display kept unless unavailable.
test('a provisional dependency downgrades a validated type to provisional', () => {
  const t = inferType(
    validatedListText(),
    closeFactGraph([fact(N1, { depends_on: [N2] }), fact(N2, { status: 'provisional' })]),
    KNOWN,
  );
  assert.equal(t.fact, {
    status: 'provisional',
    identity: null,
    display: 'List[Text]',
    dependencies: [{ source: 'live', kind: 'NodeId', value: hex(0x11), status: 'provisional' }],
    diagnostic_ids: [],
    reason: 'incomplete-analysis',
  });
  assert.is(t.lookupTypeId, null);
});

test('an unavailable dependency drops the display too (KD-TYPE-07)', () => {
  const t = inferType(validatedListText(), closeFactGraph([fact(N1, { status: 'unavailable' })]), KNOWN);
  assert.is(t.fact.status, 'unavailable');
  assert.is(t.fact.display, null);
  assert.is(t.fact.identity, null);
  assert.is(t.fact.reason, 'incomplete-analysis');
});

// KD-TYPE-06: error uses rejected-by-diagnostic and cites the error node's diagnostic.
test('an error reached through dependencies gives rejected-by-diagnostic with its diagnostic ID', () => {
  const t = inferType(
    validatedListText(),
    closeFactGraph([fact(N1, { depends_on: [N2] }), fact(N2, { status: 'error', diagnostic_ids: [DIAG] })]),
    KNOWN,
  );
  assert.equal(t.fact, {
    status: 'error',
    identity: null,
    display: 'List[Text]',
    dependencies: [{ source: 'live', kind: 'NodeId', value: hex(0x11), status: 'error' }],
    diagnostic_ids: [DIAG],
    reason: 'rejected-by-diagnostic',
  });
  assert.not.ok(t.unrenderable);
});

// KD-ACCEPT-04, OQ-42 A: the compiler's provisional placeholder and reason are kept.
test('a provisional _T1 keeps its placeholder and reason', () => {
  const t = inferType(
    {
      status: 'provisional',
      identity: null,
      display: '_T1',
      reason: 'incomplete-analysis',
      dependencies: [],
      diagnostic_ids: [],
    },
    closeFactGraph([]),
    KNOWN,
  );
  assert.equal(t.fact, {
    status: 'provisional',
    identity: null,
    display: '_T1',
    dependencies: [],
    diagnostic_ids: [],
    reason: 'incomplete-analysis',
  });
});

// OQ-09 A
test('more than 64 dependencies: unavailable, limit-exhausted, first 64 in canonical order', () => {
  const deps = Array.from({ length: 65 }, (_, i) => node(hex(1000 - i)));
  const t = inferType(validatedListText({ dependencies: deps }), closeFactGraph(deps.map((d) => fact(d))), KNOWN);
  assert.is(t.fact.status, 'unavailable');
  assert.is(t.fact.reason, 'limit-exhausted');
  assert.is(t.fact.display, null);
  assert.is(t.fact.dependencies.length, 64);
  assert.is(t.fact.dependencies[0]?.value, hex(1000 - 64));
  assert.is(t.fact.dependencies[63]?.value, hex(999));
  assert.ok(t.limitDowngraded);
  const exactly64 = deps.slice(0, 64);
  assert.is(
    inferType(validatedListText({ dependencies: exactly64 }), closeFactGraph(exactly64.map((d) => fact(d))), KNOWN).fact
      .status,
    'validated',
  );
});

test('an error fact without any diagnostic to cite is unrenderable (Decision)', () => {
  const t = inferType(
    {
      status: 'error',
      identity: null,
      display: null,
      reason: 'rejected-by-diagnostic',
      dependencies: [],
      diagnostic_ids: [hex(0xee)],
    },
    closeFactGraph([]),
    KNOWN,
  );
  assert.ok(t.unrenderable);
});

// L389, L427, L228 (KIT-08 C): the type never lists an identity that may not be disclosed.
test('a type depending on an undisclosable identity does not list it and is unavailable, still bounded by it', () => {
  const hidden = (k: { value: string }): boolean => k.value === N2.value;
  const t = inferType(
    validatedListText({ dependencies: [N1, N2] }),
    closeFactGraph([fact(N1), fact(N2)]),
    KNOWN,
    hidden,
  );
  const expected: TypeFact = {
    status: 'unavailable',
    identity: null,
    display: null,
    dependencies: [{ source: 'live', kind: 'NodeId', value: hex(0x11), status: 'validated' }],
    diagnostic_ids: [],
    reason: 'incomplete-analysis',
  };
  assert.equal(t.fact, expected);
  assert.is(t.lookupTypeId, null);
  const erroneous = closeFactGraph([fact(N1), fact(N2, { status: 'error', diagnostic_ids: [DIAG] })]);
  const e = inferType(validatedListText({ dependencies: [N1, N2] }), erroneous, KNOWN, hidden);
  assert.is(e.fact.status, 'error');
  assert.equal(e.fact.diagnostic_ids, [], "the hidden node's diagnostic is not cited");
  assert.ok(e.unrenderable, 'an error type with nothing to cite cannot be shown (KIT-15)');
});

// KD-TYPE-02 (L250), KIT-16 A: a type the compiler calls validated without a TypeId identity or a display cannot be
// shown validated; it becomes provisional with incomplete-analysis and is no lookup key. The fixture schema refuses
// such a type, so only a fact built by hand reaches this guard.
test('a validated type without a TypeId identity or without a display becomes provisional (KIT-16 A)', () => {
  const graph = closeFactGraph([fact(N1)]);
  const listed = [{ source: 'live', kind: 'NodeId', value: hex(0x11), status: 'validated' }];
  const noIdentity = inferType(validatedListText({ identity: null }), graph, KNOWN);
  assert.equal(noIdentity.fact, {
    status: 'provisional',
    identity: null,
    display: 'List[Text]',
    dependencies: listed,
    diagnostic_ids: [],
    reason: 'incomplete-analysis',
  });
  assert.is(noIdentity.lookupTypeId, null);
  const symbol = inferType(validatedListText({ identity: { kind: 'SymbolId', value: hex(0x7e) } }), graph, KNOWN);
  assert.is(symbol.fact.status, 'provisional', 'a SymbolId is no type identity');
  assert.is(symbol.fact.identity, null);
  assert.is(symbol.fact.reason, 'incomplete-analysis');
  assert.is(symbol.lookupTypeId, null);
  const noDisplay = inferType(validatedListText({ display: null }), graph, KNOWN);
  assert.equal(noDisplay.fact, {
    status: 'provisional',
    identity: null,
    display: null,
    dependencies: listed,
    diagnostic_ids: [],
    reason: 'incomplete-analysis',
  });
  assert.is(noDisplay.lookupTypeId, null);
});

// KD-TYPE-04/05 (L250), KIT-16 A: a type that is not validated has a non-null reason; where the compiler left none,
// incomplete-analysis says only that analysis is incomplete. The fixture schema refuses such a type as well.
test('a provisional or unavailable type the compiler left without a reason takes incomplete-analysis', () => {
  for (const status of ['provisional', 'unavailable'] as const) {
    const t = inferType(
      { status, identity: null, display: null, reason: null, dependencies: [], diagnostic_ids: [] },
      closeFactGraph([]),
      KNOWN,
    );
    assert.is(t.fact.status, status);
    assert.is(t.fact.reason, 'incomplete-analysis', status);
  }
});

// The evaluation is a pure function of its inputs (evaluate-query.ts): the fixture's type fact is read, never changed,
// even when the closed fact cites the diagnostics of the error nodes it reaches (KD-CLOSURE-10).
test('closing a type leaves the compiler fact it closes unchanged', () => {
  const compiler = validatedListText();
  const before = structuredClone(compiler);
  const t = inferType(
    compiler,
    closeFactGraph([fact(N1, { depends_on: [N2] }), fact(N2, { status: 'error', diagnostic_ids: [DIAG] })]),
    KNOWN,
  );
  assert.equal(t.fact.diagnostic_ids, [DIAG]);
  assert.equal(compiler, before);
});

// KD-DIAG-09 (L352: at most 256 IDs), OQ-09 A: over the cap the fact is unavailable with limit-exhausted and lists
// the first 256 IDs in canonical (byte) order; at the cap it is whole.
test('more than 256 diagnostic IDs: unavailable, limit-exhausted, the first 256 in canonical order', () => {
  const ids = Array.from({ length: 257 }, (_, i) => hex(0x1000 - i));
  const known = new Set(ids);
  const t = inferType(validatedListText({ diagnostic_ids: ids }), closeFactGraph([fact(N1)]), known);
  assert.is(t.fact.status, 'unavailable');
  assert.is(t.fact.reason, 'limit-exhausted');
  assert.is(t.fact.display, null);
  assert.is(t.fact.diagnostic_ids.length, 256);
  assert.is(t.fact.diagnostic_ids[0], hex(0x1000 - 256));
  assert.is(t.fact.diagnostic_ids[255], hex(0x1000 - 1));
  assert.ok(t.limitDowngraded);
  const atCap = inferType(validatedListText({ diagnostic_ids: ids.slice(0, 256) }), closeFactGraph([fact(N1)]), known);
  assert.is(atCap.fact.status, 'validated');
  assert.is(atCap.fact.diagnostic_ids.length, 256);
  assert.not.ok(atCap.limitDowngraded);
});

test.run();
