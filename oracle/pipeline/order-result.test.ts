import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DependencyRef, GenericRequirement, Omission } from '../records/discovery-records.js';
import {
  compareGenericRequirements,
  compareOmissions,
  sortedRejectionReasons,
  sortedUnique,
  sortedUniqueIds,
  uniqueDependencies,
} from './order-result.js';
import { hex } from '../test-support/ids.js';

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
