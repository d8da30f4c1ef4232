import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LIMITS } from './limits.js';

// Numbers from the contract text (V1 scalar types and limits): KiB and MiB are binary.
test('byte caps are 64 KiB and 4 MiB', () => {
  assert.is(LIMITS.requestBytes, 65536);
  assert.is(LIMITS.resultBytes, 4194304);
});
test('U53 max is 2^53 - 1', () => {
  assert.is(LIMITS.u53Max, 2 ** 53 - 1);
  assert.is(LIMITS.u32Max, 2 ** 32 - 1);
});
test.run();
