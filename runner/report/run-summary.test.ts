/**
 * The summaries of a run: passed by a named alternative counts ACCEPTABLE verdicts per register entry and
 * alternative, with how many the provider declared (issue: the report counts vectors passed by alternative per
 * entry), sorted by entry then name by UTF-8 bytes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { VectorJudgement } from '../judge/verdict.js';
import { summarizeVectors } from './run-summary.js';

function acceptable(id: string, interpretation: string, name: string, declared: boolean): VectorJudgement {
  return {
    id,
    category: 'effect',
    verdict: 'ACCEPTABLE',
    clauses: [],
    interpretations: [interpretation.split(':')[0] ?? ''],
    actual_sha256: 'a'.repeat(64),
    acceptable: { name, interpretation, declared },
  } as unknown as VectorJudgement;
}

test('vectors passed by an alternative are counted per register entry and name, declared ones apart', () => {
  const summary = summarizeVectors([
    acceptable('effect/a', 'KIT-12:A', 'non-validated-public-effects-listed', true),
    acceptable('effect/b', 'KIT-12:A', 'non-validated-public-effects-listed', false),
    acceptable('stale/c', 'OQ-01:C', 'other-stale-reason', false),
    { id: 'x/pass', category: 'x', verdict: 'PASS', clauses: [], interpretations: [] } as unknown as VectorJudgement,
  ]);
  assert.equal(summary.by_alternative, [
    { interpretation: 'KIT-12:A', name: 'non-validated-public-effects-listed', vectors: 2, declared: 1 },
    { interpretation: 'OQ-01:C', name: 'other-stale-reason', vectors: 1, declared: 0 },
  ]);
  assert.equal(summarizeVectors([]).by_alternative, []);
});

test.run();
