import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureInterface } from '../fixture/fixture.js';
import { newVerdict } from './candidate-verdict.js';
import { exposureRule, supplementImports } from './step-4-supplement-imports.js';
import { candidate, view } from '../test-support/candidate.js';
import { hex } from '../test-support/ids.js';

const home = { kind: 'interface', package_id: hex(0xa1), module_id: hex(0xa2) } as const;
const judge = (i: FixtureInterface, over: Parameters<typeof candidate>[1]) =>
  supplementImports({ interfaces: [i] })(newVerdict(candidate(1, { home, ...over }), true));

// KIT-03: current-file candidates by admission alone.
test('current-file candidates are exposed exactly when admitted', () => {
  assert.is(supplementImports({ interfaces: [] })(newVerdict(candidate(1), true)), null);
  assert.is(
    supplementImports({ interfaces: [] })(newVerdict(candidate(1, { admitted: false }), true)),
    'hidden-by-visibility',
  );
});

// KIT-03, KD-DIGEST-04: the public view exposes pub; the internal view pub and internal.
test('interface candidates: the authorized view decides which visibilities are exposed', () => {
  assert.is(judge(view({}), {}), null);
  assert.is(judge(view({}), { visibility: 'internal' }), 'hidden-by-visibility');
  assert.is(judge(view({ view: 'internal' }), { visibility: 'internal' }), null);
  assert.is(judge(view({ view: 'internal' }), { visibility: 'pub' }), null);
  assert.is(judge(view({ view: 'internal' }), { visibility: 'private' }), 'hidden-by-visibility');
  assert.is(judge(view({ view: 'internal' }), { visibility: 'restricted' }), 'hidden-by-visibility');
  assert.is(judge(view({}), { admitted: false }), 'hidden-by-visibility');
});

// KIT-04
test('unvalidated view -> incomplete-analysis; names not in scope -> not-imported only for pub admitted', () => {
  assert.is(judge(view({ validated: false }), {}), 'incomplete-analysis');
  assert.is(judge(view({ validated: false }), { visibility: 'private' }), 'incomplete-analysis');
  assert.is(judge(view({ names_in_scope: false }), {}), 'not-imported');
  assert.is(judge(view({ names_in_scope: false }), { admitted: false }), 'hidden-by-visibility');
  assert.is(
    judge(view({ names_in_scope: false, view: 'internal' }), { visibility: 'internal' }),
    'hidden-by-visibility',
  );
});

// KIT-03: a candidate whose home module has no view in the fixture is outside the environment, so it is not exposed;
// KIT-04 names that hidden-by-visibility (no view of it validated, so not incomplete-analysis; none is in scope).
test('a candidate whose home module has no view is hidden-by-visibility, whether its package has a view or not', () => {
  const rule = exposureRule({ interfaces: [view({})] });
  const otherPackage = { kind: 'interface', package_id: hex(0xb1), module_id: hex(0xb2) } as const;
  assert.is(rule(candidate(1, { home: otherPackage })), 'hidden-by-visibility');
  assert.is(rule(candidate(1, { home: { ...home, module_id: hex(0xb2) } })), 'hidden-by-visibility');
});

test.run();
