import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { maxStatus, TRUST_ORDER } from './fact-status.js';

// KD-CLOSURE-07: validated < provisional < unavailable < error.
test('trust order is the contract order', () => {
  assert.equal([...TRUST_ORDER], ['validated', 'provisional', 'unavailable', 'error']);
});

test('max picks the more restrictive status, in either argument order', () => {
  assert.is(maxStatus('validated', 'provisional'), 'provisional');
  assert.is(maxStatus('provisional', 'validated'), 'provisional');
  assert.is(maxStatus('unavailable', 'provisional'), 'unavailable');
  assert.is(maxStatus('unavailable', 'error'), 'error');
  assert.is(maxStatus('error', 'unavailable'), 'error');
  assert.is(maxStatus('validated', 'validated'), 'validated');
});

test.run();
