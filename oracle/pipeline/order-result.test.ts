import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DependencyRef, GenericRequirement, Omission, OperationFact } from '../records/discovery-records.js';
import {
  compareGenericRequirements,
  compareOmissions,
  compareOperations,
  orderResult,
  sortedRejectionReasons,
  sortedUnique,
  sortedUniqueIds,
  uniqueDependencies,
} from './order-result.js';
import { hex } from '../test-support/ids.js';
import { callableRow, completeResult } from '../test-support/sample-records.js';

// KD-ORDER-01/02: unique by (source, kind, value), sorted by that raw tuple.
// Byte order of the tokens: "kif" < "live" < "sidecar"; "NodeId" < "SymbolId" < "TypeId".
test('dependencies: raw (source, kind, value) order, duplicates merged to the worse status', () => {
  const dep = (
    source: DependencyRef['source'],
    kind: DependencyRef['kind'],
    n: number,
    status: DependencyRef['status'] = 'validated',
  ): DependencyRef => ({ source, kind, value: hex(n), status });
  const out = uniqueDependencies([
    dep('sidecar', 'NodeId', 1),
    dep('live', 'TypeId', 1),
    dep('live', 'NodeId', 2),
    dep('kif', 'SymbolId', 9),
    dep('live', 'NodeId', 1, 'provisional'),
    dep('live', 'NodeId', 1),
  ]);
  assert.equal(out, [
    dep('kif', 'SymbolId', 9),
    dep('live', 'NodeId', 1, 'provisional'),
    dep('live', 'NodeId', 2),
    dep('live', 'TypeId', 1),
    dep('sidecar', 'NodeId', 1),
  ]);
  // KD-CLOSURE-14: the worse status is kept whichever of the two refs comes first.
  assert.equal(uniqueDependencies([dep('live', 'NodeId', 1), dep('live', 'NodeId', 1, 'error')]), [
    dep('live', 'NodeId', 1, 'error'),
  ]);
});

// OQ-27 A: identities first by (kind, value), then null identities by (kind, display).
test('generic requirements: identity first, then null identities by kind and display bytes', () => {
  const g = (
    kind: GenericRequirement['kind'],
    identity: GenericRequirement['identity'],
    display: string,
  ): GenericRequirement => ({ kind, identity, display, status: 'validated' });
  const items = [
    g('inference', null, 'U'),
    g('equality', null, 'T = Text'),
    g('trait-bound', { kind: 'TypeId', value: hex(1) }, 'Z'),
    g('equality', { kind: 'SymbolId', value: hex(2) }, 'A'),
    g('equality', null, 'Ä'),
    g('equality', null, 'B'),
  ];
  assert.equal(
    sortedUnique(items, compareGenericRequirements).map((x) => x.display),
    [
      'A', // SymbolId < TypeId
      'Z',
      'B', // equality < inference; 'B' (0x42) < 'T' (0x54) < 'Ä' (0xC3 0x84)
      'T = Text',
      'Ä',
      'U',
    ],
  );
});

// KD-ORDER-05/06, OQ-28 A: rows are unique by (SymbolId, ImplementationId or null) and sorted by raw SymbolId, then
// the optional raw ImplementationId, an absent one (null) first as an absent optional tuple element. The fixture loader
// refuses a SymbolId twice, so no vector holds two rows of one SymbolId; their order is worked here by hand.
test('operation rows of one SymbolId: a null ImplementationId first, then raw ImplementationId bytes', () => {
  const op = (symbol: number, implementation: number | null): OperationFact => {
    const row = callableRow();
    const identity = implementation === null ? null : { kind: 'ImplementationId' as const, value: hex(implementation) };
    return {
      ...row,
      identity: { kind: 'SymbolId', value: hex(symbol) },
      origin: { ...row.origin, implementation_identity: identity },
    };
  };
  const keyOf = (o: OperationFact): [string, string | null] => [
    o.identity.value,
    o.origin.implementation_identity?.value ?? null,
  ];
  const rows = [op(2, null), op(1, 0xb), op(1, null), op(1, 0xa)];
  assert.equal(orderResult({ ...completeResult(), operations: rows }).operations.map(keyOf), [
    [hex(1), null],
    [hex(1), hex(0xa)],
    [hex(1), hex(0xb)],
    [hex(2), null],
  ]);
  // Each comparison both ways, and a row against an equal one.
  assert.ok(compareOperations(op(1, null), op(1, 0xa)) < 0);
  assert.ok(compareOperations(op(1, 0xa), op(1, null)) > 0);
  assert.ok(compareOperations(op(1, 0xa), op(1, 0xb)) < 0);
  assert.is(compareOperations(op(1, 0xa), op(1, 0xa)), 0);
  assert.is(compareOperations(op(1, null), op(1, null)), 0);
});

test('omissions by (reason, spelling), null first; rejection reasons ASCII; IDs by bytes', () => {
  const o = (reason: Omission['reason'], requested_spelling: string | null): Omission => ({
    reason,
    requested_spelling,
  });
  assert.equal(
    [
      o('not-imported', null),
      o('hidden-by-visibility', 'x'),
      o('hidden-by-visibility', null),
      o('limit-exhausted', null),
    ].sort(compareOmissions),
    [
      o('hidden-by-visibility', null),
      o('hidden-by-visibility', 'x'),
      o('limit-exhausted', null),
      o('not-imported', null),
    ],
  );
  assert.equal(
    sortedRejectionReasons(['requires-take', 'incomplete-analysis', 'requires-edit', 'ambiguous', 'requires-edit']),
    ['ambiguous', 'incomplete-analysis', 'requires-edit', 'requires-take'],
  );
  assert.equal(sortedUniqueIds([hex(0xa), hex(0x2), hex(0xa)]), [hex(0x2), hex(0xa)]);
});

test.run();
