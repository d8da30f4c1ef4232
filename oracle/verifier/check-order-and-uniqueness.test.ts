import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkOrderAndUniqueness } from './check-order-and-uniqueness.js';

const hex = (c: string): string => c.repeat(64);
const at = (result: unknown): string[] =>
  checkOrderAndUniqueness(result).map((v) => `${v.clause} ${v.code} ${v.pointer ?? ''}`);
const op = (fields: Record<string, unknown>): Record<string, unknown> => ({
  identity: { kind: 'SymbolId', value: hex('1') },
  origin: { implementation_identity: null },
  qualified_name: 'q',
  signature: null,
  ...fields,
});

test('KD-ORDER-01/02: dependencies unique and sorted by (source, kind, value) bytes', () => {
  const dep = (source: string, kind: string, v: string): unknown => ({
    source,
    kind,
    value: hex(v),
    status: 'validated',
  });
  // "kif" < "live" < "sidecar"; then "NodeId" < "SymbolId" (uppercase before lowercase in bytes).
  const sorted = [
    dep('kif', 'SymbolId', '1'),
    dep('live', 'NodeId', '2'),
    dep('live', 'SymbolId', '0'),
    dep('sidecar', 'NodeId', '0'),
  ];
  assert.equal(at({ operations: [op({ dependencies: sorted })] }), []);
  assert.equal(at({ operations: [op({ dependencies: [sorted[1], sorted[0]] })] }), [
    'KD-ORDER-02 dependencies-order /operations/0/dependencies/1',
  ]);
  assert.equal(at({ type: { dependencies: [sorted[0], sorted[0]] } }), [
    'KD-ORDER-01 duplicate-dependency /type/dependencies/1',
  ]);
});

test('KD-ORDER-03/04, OQ-27 A: identified requirements first, then null identities by (kind, display)', () => {
  const g = (identity: unknown, kind: string, display: string): unknown => ({
    kind,
    identity,
    display,
    status: 'validated',
  });
  const typed = g({ kind: 'TypeId', value: hex('2') }, 'trait-bound', 'Z');
  const sym = g({ kind: 'SymbolId', value: hex('9') }, 'equality', 'A');
  const eq = g(null, 'equality', 'T = Text');
  const inf = g(null, 'inference', 'U');
  assert.equal(at({ operations: [op({ generic_requirements: [sym, typed, eq, inf] })] }), []);
  assert.equal(at({ operations: [op({ generic_requirements: [eq, sym] })] }), [
    'KD-ORDER-04 generic-requirements-order /operations/0/generic_requirements/1',
  ]);
  assert.equal(at({ operations: [op({ generic_requirements: [sym, typed, inf, eq] })] }), [
    'KD-ORDER-04 generic-requirements-order /operations/0/generic_requirements/3',
  ]);
  assert.equal(at({ operations: [op({ generic_requirements: [eq, eq] })] }), [
    'KD-ORDER-03 duplicate-generic-requirement /operations/0/generic_requirements/1',
  ]);
  const sameIdentity = g({ kind: 'SymbolId', value: hex('9') }, 'trait-bound', 'B');
  assert.equal(at({ operations: [op({ generic_requirements: [sym, sameIdentity] })] }), [
    'KD-ORDER-03 duplicate-generic-requirement /operations/0/generic_requirements/1',
  ]);
});

test('KD-ORDER-06, OQ-28 A: a null implementation sorts before any ImplementationId', () => {
  const withImpl = op({ origin: { implementation_identity: { kind: 'ImplementationId', value: hex('0') } } });
  assert.equal(at({ operations: [op({}), withImpl] }), []);
  assert.equal(at({ operations: [withImpl, op({})] }), ['KD-ORDER-06 operations-order /operations/1']);
});

test('sets and the remaining arrays (KD-ORDER-08/09/10, KD-REJECT-02/03, KD-DIAG-09)', () => {
  assert.equal(at({ type: { diagnostic_ids: [hex('b'), hex('a')] } }), [
    'KD-ORDER-10 diagnostic-ids-order /type/diagnostic_ids/1',
  ]);
  assert.equal(at({ operations: [op({ diagnostic_ids: [hex('a'), hex('a')] })] }), [
    'KD-DIAG-09 duplicate-diagnostic-id /operations/0/diagnostic_ids/1',
  ]);
  assert.equal(at({ operations: [op({ rejection_reasons: ['ambiguous', 'ambiguous'] })] }), [
    'KD-REJECT-02 duplicate-rejection-reason /operations/0/rejection_reasons/1',
  ]);
  // OQ-29: null before a string; then by reason.
  const o = (reason: string, requested_spelling: string | null): unknown => ({ reason, requested_spelling });
  assert.equal(
    at({ omissions: [o('hidden-by-visibility', null), o('hidden-by-visibility', 'x'), o('not-imported', null)] }),
    [],
  );
  assert.equal(at({ omissions: [o('not-imported', null), o('hidden-by-visibility', null)] }), [
    'KD-ORDER-08 omissions-order /omissions/1',
  ]);
  const d = (id: string, code: string): unknown => ({ id: hex(id), code });
  assert.equal(at({ diagnostics: [d('a', 'E2'), d('b', 'E1')] }), []);
  // OQ-30 A: unique by id alone, whatever the code.
  assert.equal(at({ diagnostics: [d('a', 'E1'), d('a', 'E2')] }), ['KD-ORDER-09 duplicate-diagnostic /diagnostics/1']);
});

test.run();
