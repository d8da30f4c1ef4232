import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { OperationFact, TypeFact } from '../records/discovery-records.js';
import { selectStatus, unavailableReasonFor } from './select-status.js';

const type = (
  status: TypeFact['status'],
  reason: TypeFact['reason'] = status === 'validated' ? null : 'incomplete-analysis',
): TypeFact => ({ status, identity: null, display: null, dependencies: [], diagnostic_ids: [], reason });
const row = (status: OperationFact['status']) => ({ status }) as OperationFact;

// KIT-09, OQ-14 A, OQ-18 A
test('complete only when everything is validated, nothing omitted, nothing truncated', () => {
  assert.is(
    selectStatus({ type: type('validated'), rows: [row('validated')], omissionCount: 0, truncated: false }),
    'complete',
  );
  assert.is(selectStatus({ type: type('validated'), rows: [], omissionCount: 0, truncated: false }), 'complete');
  assert.is(
    selectStatus({ type: type('validated'), rows: [row('provisional')], omissionCount: 0, truncated: false }),
    'partial',
  );
  assert.is(selectStatus({ type: type('validated'), rows: [], omissionCount: 1, truncated: false }), 'partial');
  assert.is(selectStatus({ type: type('validated'), rows: [], omissionCount: 0, truncated: true }), 'partial');
  assert.is(selectStatus({ type: type('provisional'), rows: [], omissionCount: 0, truncated: false }), 'partial');
  assert.is(
    selectStatus({ type: type('error', 'rejected-by-diagnostic'), rows: [], omissionCount: 0, truncated: false }),
    'partial',
  );
  assert.is(
    selectStatus({ type: type('unavailable'), rows: [row('validated')], omissionCount: 0, truncated: false }),
    'partial',
  );
  assert.is(selectStatus({ type: type('unavailable'), rows: [], omissionCount: 3, truncated: true }), null);
});

// KIT-09, OQ-17 A
test('the unavailable reason', () => {
  const t = type('unavailable');
  assert.is(
    unavailableReasonFor({ budgetExhausted: true, type: t, withheld: new Set(['unsupported-in-profile']) }),
    'limit-exhausted',
  );
  assert.is(
    unavailableReasonFor({ budgetExhausted: false, type: type('unavailable', 'limit-exhausted'), withheld: new Set() }),
    'limit-exhausted',
  );
  assert.is(
    unavailableReasonFor({ budgetExhausted: false, type: t, withheld: new Set(['unsupported-in-profile']) }),
    'unsupported-in-profile',
  );
  assert.is(
    unavailableReasonFor({
      budgetExhausted: false,
      type: t,
      withheld: new Set(['unsupported-in-profile', 'hidden-by-visibility']),
    }),
    'incomplete-current-file-facts',
  );
  assert.is(
    unavailableReasonFor({ budgetExhausted: false, type: t, withheld: new Set() }),
    'incomplete-current-file-facts',
  );
});

test.run();
