import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { QueryCase } from '../case-definition.js';
import { listTextWorld } from '../fixtures/list-text-world.js';
import { caseProblems } from './case-problems.js';

const fixture = listTextWorld();
const c = (id: string, category: QueryCase['category'] = 'complete'): QueryCase => ({
  kind: 'query',
  id,
  category,
  intent: 'x',
  clauses: ['KD-RES-01'],
  interpretations: ['OQ-01'],
  fixture,
  expect: { status: 'complete' },
  request: { bytes: new Uint8Array(), note: 'x' },
});

test('well-formed unique cases have no problem', () => {
  assert.equal(caseProblems([c('complete/a'), c('complete/b-2')], {}), []);
});

test('bad shapes, a category mismatch, duplicates and unknown register ids are problems', () => {
  const problems = caseProblems(
    [c('complete/A'), c('partial/x'), c('complete/a'), c('complete/a'), c('nocategory')],
    { 'complete/old': 'complete/gone', 'complete/a': 'complete/b' },
    { clauses: new Set(['KD-OTHER-01']), interpretations: new Set(['KIT-01']) },
  );
  const has = (s: string): boolean => problems.some((p) => p.includes(s));
  assert.ok(has('case id "complete/A" is not <category>/<slug>'));
  assert.ok(has('case id partial/x names category partial but the case is in complete'));
  assert.ok(has('duplicate case id complete/a'));
  assert.ok(has('case id "nocategory"'));
  assert.ok(has('cites KD-RES-01, which the clause register does not have'));
  assert.ok(has('depends on OQ-01, which the interpretations register does not have'));
  assert.ok(has('maps complete/old to complete/gone, which is not a current case id'));
  assert.ok(has('retires complete/a, but a case still has that id'));
});

test.run();
