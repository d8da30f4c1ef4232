import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { violation } from '../violation.js';
import { sortViolations } from './sort-violations.js';

test('by clause, then offsets before pointers, array indices numerically, then code; exact duplicates dropped', () => {
  const vs = [
    violation('b', 'KD-ORDER-06', 'm', { pointer: '/operations/10' }),
    violation('a', 'KD-ORDER-06', 'm', { pointer: '/operations/2' }),
    violation('z', 'KD-CANON-07', 'm', { offset: 9 }),
    violation('a', 'KD-ORDER-06', 'm', { pointer: '/operations/2' }),
    violation('y', 'KD-CANON-07', 'm', { offset: 3 }),
    violation('c', 'KD-ORDER-06', 'm', { offset: 0 }),
    violation('a', 'KD-ORDER-06', 'm', { pointer: '/operations/2/status' }),
  ];
  const order = sortViolations(vs).map((v) => `${v.clause} ${v.pointer ?? v.offset} ${v.code}`);
  assert.equal(order, [
    'KD-CANON-07 3 y',
    'KD-CANON-07 9 z',
    'KD-ORDER-06 0 c',
    'KD-ORDER-06 /operations/2 a',
    'KD-ORDER-06 /operations/2/status a',
    'KD-ORDER-06 /operations/10 b',
  ]);
  assert.equal(sortViolations([...vs].reverse()), sortViolations(vs));
});

test.run();
