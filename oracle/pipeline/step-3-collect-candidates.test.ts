import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CandidateList } from '../fixture/candidate-list.js';
import type { FixtureCandidate, FixtureCandidateSeries } from '../fixture/fixture.js';
import type { Query } from '../records/discovery-records.js';
import { collectCandidates, environmentOf } from './step-3-collect-candidates.js';
import { candidate, view } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

const LIST_TEXT = hex(0x7e);
const OTHER_TYPE = hex(0x7f);
const ops: Query = { kind: 'operations', include_unavailable: false, spelling: null };
const explain = (spelling: string): Query => ({ kind: 'explain-operation', include_unavailable: false, spelling });
const KNOWN = { status: 'validated' as const, diagnostic_ids: [] };

// KIT-02
test('a general query keeps candidates for the TypeId or any receiver, drops the rest', () => {
  const collect = collectCandidates(ops, LIST_TEXT, KNOWN);
  assert.ok(collect(candidate(1, { receiver_type: LIST_TEXT }))?.applicable);
  assert.ok(collect(candidate(2, { receiver_type: null }))?.applicable);
  assert.is(collect(candidate(3, { receiver_type: OTHER_TYPE })), null);
});

test('without a TypeId only receiver_type null applies', () => {
  const collect = collectCandidates(ops, null, { status: 'provisional', diagnostic_ids: [] });
  assert.is(collect(candidate(1, { receiver_type: LIST_TEXT })), null);
  assert.ok(collect(candidate(2, { receiver_type: null }))?.applicable);
});

// KIT-05: explain keeps a matching non-applicable candidate with type-mismatch.
test('explain matches the display name exactly and marks a mismatch', () => {
  const collect = collectCandidates(explain('op1'), LIST_TEXT, KNOWN);
  assert.is(collect(candidate(2)), null);
  assert.is(collect(candidate(1, { display_name: 'Op1' })), null);
  const hit = collect(candidate(1, { receiver_type: LIST_TEXT }));
  assert.ok(hit?.applicable);
  assert.equal(hit?.reasons, []);
  const miss = collect(candidate(1, { receiver_type: OTHER_TYPE }));
  assert.is(miss?.applicable, false);
  assert.equal(miss?.reasons, ['type-mismatch']);
  assert.is(miss?.receiverFloor, null);
});

// KIT-02 C (L231, L250, L289): a mismatch against a type that is not known is not definitive.
test(
  'explain under a non-validated receiver type: the ' + 'mismatch carries incomplete-analysis and the type status',
  () => {
    for (const status of ['provisional', 'unavailable', 'error'] as const) {
      const collect = collectCandidates(explain('op1'), null, { status, diagnostic_ids: [hex(0xd1)] });
      const miss = collect(candidate(1, { receiver_type: OTHER_TYPE }));
      assert.equal(miss?.reasons, ['type-mismatch', 'incomplete-analysis'], status);
      assert.equal(miss?.receiverFloor, { status, diagnosticIds: [hex(0xd1)] }, status);
      // A candidate over any receiver does not rest on the type: no floor.
      const any = collect(candidate(1, { receiver_type: null }));
      assert.equal(any?.reasons, [], status);
      assert.is(any?.receiverFloor, null, status);
    }
  },
);

// KIT-03: the environment is the current file and the validated views the fixture describes.
test('environment excludes absent and unvalidated homes, for candidates and series alike', () => {
  const iface = view();
  // KIT-03 C (L380): a view that failed validation is never searched.
  const failed = view({ module_id: hex(0xa4), module: 'pkg.n', validated: false });
  const a = candidate(5);
  const b = candidate(2, { home: { kind: 'interface', package_id: hex(0xa1), module_id: hex(0xa2) } });
  const c = candidate(3, { home: { kind: 'interface', package_id: hex(0xb1), module_id: hex(0xa2) } });
  const e = candidate(1, { home: { kind: 'interface', package_id: hex(0xa1), module_id: hex(0xa4) } });
  const series = (home: FixtureCandidate['home'], seed: string): FixtureCandidateSeries => {
    const { identity: _i, display_name: _d, qualified_name: _q, ...template } = candidate(0, { home });
    return { seed, count: 2, name_prefix: 's', qualified_name_prefix: 'std.list.s', template };
  };
  const fixture = {
    interfaces: [iface, failed],
    candidates: [e, c, a, b],
    candidate_series: [
      series({ kind: 'interface', package_id: hex(0xa1), module_id: hex(0xa4) }, 'x'),
      series({ kind: 'current-file' }, 'y'),
      series({ kind: 'interface', package_id: hex(0xa1), module_id: hex(0xa2) }, 'z'),
      series({ kind: 'interface', package_id: hex(0xb1), module_id: hex(0xa2) }, 'w'),
    ],
  };
  const env = environmentOf(fixture, CandidateList.of(fixture).list);
  assert.equal(env.candidates, [false, false, true, true]);
  assert.equal(env.series, [false, true, true, false]);
});

test.run();
