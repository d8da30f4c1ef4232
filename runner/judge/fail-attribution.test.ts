import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { violation } from '../../oracle/internal.js';
import { attributeError, attributeFailure, clausesOfDifference } from './fail-attribution.js';

const CLAUSES = [
  'KD-CANON-02',
  'KD-DIAG-03',
  'KD-EFFECT-05',
  'KD-OMIT-05',
  'KD-ORDER-06',
  'KD-OWN-05',
  'KD-RES-07',
  'KD-TYPE-04',
];

test('the verifier rules win over the vector clause list', () => {
  const found = [
    violation('callable-despite-rejection', 'KD-OWN-05', 'm'),
    violation('x', 'KD-OWN-05', 'm'),
    violation('y', 'KD-CLOSURE-12', 'm'),
  ];
  assert.equal(attributeFailure(found, { kind: 'values', pointers: ['/status'], more: 0 }, CLAUSES), {
    fail_clauses: ['KD-CLOSURE-12', 'KD-OWN-05'],
    clause_source: 'verifier',
  });
});

test('without a verifier finding, the vector clauses of the differing parts', () => {
  const reasons = { kind: 'values' as const, pointers: ['/operations/3/rejection_reasons/0'], more: 0 };
  assert.equal(attributeFailure([], reasons, CLAUSES), {
    fail_clauses: ['KD-EFFECT-05', 'KD-OWN-05'],
    clause_source: 'difference',
  });
  assert.equal(clausesOfDifference({ kind: 'values', pointers: ['/diagnostics/0/severity'], more: 0 }, CLAUSES), [
    'KD-DIAG-03',
  ]);
  assert.equal(clausesOfDifference({ kind: 'values', pointers: ['/type/display'], more: 0 }, CLAUSES), ['KD-TYPE-04']);
  assert.equal(clausesOfDifference({ kind: 'order', pointers: ['/operations'], arrays: [] }, CLAUSES), ['KD-ORDER-06']);
  assert.equal(
    clausesOfDifference(
      {
        kind: 'layout',
        offset: 0,
        context_start: 0,
        expected_context: '',
        actual_context: '',
        expected_length: 1,
        actual_length: 2,
      },
      CLAUSES,
    ),
    ['KD-CANON-02'],
  );
  // Nothing of the vector governs the part: the whole list, as before.
  assert.equal(clausesOfDifference({ kind: 'values', pointers: ['/authoritative'], more: 0 }, CLAUSES), CLAUSES);
});

test('an oversize reply names KD-LIMIT-03; other errors name no clause', () => {
  assert.equal(attributeError({ kind: 'oversize', message: 'm' }), {
    fail_clauses: ['KD-LIMIT-03'],
    clause_source: 'limit',
  });
  assert.is(attributeError({ kind: 'crash', message: 'm' }), undefined);
});

test.run();
