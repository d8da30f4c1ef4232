import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { firstDifferingByte } from './first-differing-byte.js';

const b = (s: string): Uint8Array => new TextEncoder().encode(s);

test('the first differing offset, a prefix at its length, equal bytes at their length', () => {
  assert.is(firstDifferingByte(b('abcd'), b('abxd')), 2);
  assert.is(firstDifferingByte(b('ab'), b('abc')), 2);
  assert.is(firstDifferingByte(b('abc'), b('ab')), 2);
  assert.is(firstDifferingByte(b('abc'), b('abc')), 3);
  assert.is(firstDifferingByte(b(''), b('x')), 0);
  // "é" is C3 A9, "è" is C3 A8: they part at the second byte.
  assert.is(firstDifferingByte(b('é'), b('è')), 1);
});

test.run();
