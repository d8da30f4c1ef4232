import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkLimits } from './check-limits.js';

const at = (result: unknown): string[] =>
  checkLimits(result).map((v) => `${v.clause} ${v.pointer ?? ''} ${v.actual ?? ''}`);
const n = (count: number): unknown[] => Array.from({ length: count }, () => ({}));

test('the count caps of default-v1 are inclusive (KD-LIMIT-05/06, KD-DIAG-09, KD-REJECT-04)', () => {
  const full = {
    operations: [
      {
        dependencies: n(64),
        generic_requirements: n(64),
        effects: n(64),
        diagnostic_ids: n(256),
        rejection_reasons: n(10),
      },
      ...n(4095),
    ],
    diagnostics: n(256),
    omissions: n(64),
    type: { dependencies: n(64), diagnostic_ids: n(256) },
  };
  assert.equal(at(full), []);
  const over = {
    operations: [
      {
        dependencies: n(65),
        generic_requirements: n(65),
        effects: n(65),
        diagnostic_ids: n(257),
        rejection_reasons: n(11),
      },
      ...n(4096),
    ],
    diagnostics: n(257),
    omissions: n(65),
    type: { dependencies: n(65), diagnostic_ids: n(257) },
  };
  assert.equal(at(over).sort(), [
    'KD-DIAG-09 /operations/0/diagnostic_ids 257',
    'KD-DIAG-09 /type/diagnostic_ids 257',
    'KD-LIMIT-05 /diagnostics 257',
    'KD-LIMIT-05 /omissions 65',
    'KD-LIMIT-05 /operations 4097',
    'KD-LIMIT-06 /operations/0/dependencies 65',
    'KD-LIMIT-06 /operations/0/effects 65',
    'KD-LIMIT-06 /operations/0/generic_requirements 65',
    'KD-LIMIT-06 /type/dependencies 65',
    'KD-REJECT-04 /operations/0/rejection_reasons 11',
  ]);
});

test('KD-LIMIT-12: a complete result is never truncated', () => {
  assert.equal(at({ status: 'complete', truncated: true }), ['KD-LIMIT-12 /truncated true']);
  assert.equal(at({ status: 'partial', truncated: true }), []);
});

test('KD-LIMIT-10: a partial result that marks a cut is truncated (L79, KIT-17 A)', () => {
  const omission = { reason: 'limit-exhausted', requested_spelling: null };
  const cutRow = { rejection_reasons: ['incomplete-analysis', 'limit-exhausted'] };
  // Rows dropped or the budget exhausted (an omission), a row downgraded by a nested cap (its reason).
  assert.equal(at({ status: 'partial', truncated: false, omissions: [omission] }), ['KD-LIMIT-10 /truncated false']);
  assert.equal(at({ status: 'partial', truncated: false, operations: [cutRow] }), ['KD-LIMIT-10 /truncated false']);
  assert.equal(at({ status: 'partial', truncated: true, omissions: [omission], operations: [cutRow] }), []);
  // No mark, no claim the result can make alone; an unavailable result is never truncated (OQ-16 A).
  assert.equal(at({ status: 'partial', truncated: false, operations: [{ rejection_reasons: ['type-mismatch'] }] }), []);
  assert.equal(at({ status: 'unavailable', truncated: false, omissions: [omission] }), []);
});

test.run();
