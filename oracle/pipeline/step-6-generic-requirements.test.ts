import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { newVerdict } from './candidate-verdict.js';
import { closeFactGraph } from './close-fact-graph.js';
import { genericRequirements } from './step-6-generic-requirements.js';
import { candidate, fact, node, requirement } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

// KIT-06, KIT-04, KD-CLOSURE-16
test('unsatisfied equality and inference reject; requirements are closed over their dependencies', () => {
  const n1 = node(hex(0x11));
  const stage = genericRequirements(closeFactGraph([fact(n1, { status: 'provisional' })]));
  const v = newVerdict(
    candidate(1, {
      generic_requirements: [
        requirement({ kind: 'equality', satisfied: false, display: 'T = Int' }),
        requirement({ kind: 'inference', satisfied: false, display: 'U', dependencies: [n1] }),
        requirement({
          kind: 'trait-bound',
          satisfied: true,
          identity: { kind: 'SymbolId', value: hex(0x42) },
          display: 'T: Eq',
        }),
      ],
    }),
    true,
  );
  assert.is(stage(v), null);
  assert.equal([...v.reasons].sort(), ['incomplete-analysis', 'type-mismatch']);
  assert.equal(
    v.requirements.map((r) => r.record.status),
    ['validated', 'provisional', 'validated'],
  );
  assert.equal(v.requirements[1]?.dependencies, [n1]);
});

test('satisfied requirements add no reason', () => {
  const v = newVerdict(
    candidate(1, { generic_requirements: [requirement(), requirement({ kind: 'inference', display: 'U' })] }),
    true,
  );
  assert.is(genericRequirements(closeFactGraph([]))(v), null);
  assert.equal(v.reasons, []);
  assert.is(v.requirements.length, 2);
});

// KIT-04, KD-ACCEPT-11: an unsatisfied trait bound is #316 work.
test('an unsatisfied trait bound withholds the candidate as unsupported-in-profile', () => {
  const v = newVerdict(
    candidate(2, {
      generic_requirements: [
        requirement({ kind: 'equality', satisfied: false }),
        requirement({ kind: 'trait-bound', satisfied: false }),
      ],
    }),
    true,
  );
  assert.is(genericRequirements(closeFactGraph([]))(v), 'unsupported-in-profile');
});

test.run();
