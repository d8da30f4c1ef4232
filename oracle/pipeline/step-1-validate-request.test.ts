import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findOccurrence, isCodePointBoundary, positionIsValid } from './step-1-validate-request.js';

// "aé漢😀" is 61 | C3 A9 | E6 BC A2 | F0 9F 98 80: boundaries 0, 1, 3, 6, 10 (the end).
const SOURCE = new TextEncoder().encode('aé漢😀');

test('code-point boundaries of a UTF-8 source, the end included (OQ-11 A)', () => {
  assert.is(SOURCE.length, 10);
  const boundaries = [0, 1, 3, 6, 10];
  for (let i = -1; i <= 11; i++) assert.is(isCodePointBoundary(SOURCE, i), boundaries.includes(i), `offset ${i}`);
  assert.not.ok(isCodePointBoundary(SOURCE, 1.5));
});

// KD-POS-05/06
test('positions: start <= offset <= end, all three on boundaries', () => {
  const p = (byte_offset: number, start: number, end: number) =>
    positionIsValid({ byte_offset, expression: { start, end } }, SOURCE);
  assert.ok(p(3, 1, 6));
  assert.ok(p(6, 1, 6), 'cursor at the end of the expression (KD-REQ-10)');
  assert.ok(p(10, 10, 10), 'empty expression at the end of the source');
  assert.not.ok(p(0, 1, 6), 'before the span');
  assert.not.ok(p(10, 1, 6), 'after the span');
  assert.not.ok(p(4, 3, 6), 'offset inside 漢');
  assert.not.ok(p(3, 2, 6), 'start inside é');
  assert.not.ok(p(6, 3, 8), 'end inside 😀');
  assert.not.ok(p(11, 10, 11), 'past the source');
});

// KD-POS-07, OQ-39 A: exact span equality.
test('the occurrence is the one whose span equals the expression exactly', () => {
  const occ = (start: number, end: number) => ({
    span: { start, end },
    type: {
      status: 'validated' as const,
      identity: null,
      display: null,
      reason: null,
      dependencies: [],
      diagnostic_ids: [],
    },
    permits: { read: true, edit: false, take: false },
    capabilities: [],
  });
  const all = [occ(0, 3), occ(1, 6), occ(3, 6)];
  assert.is(findOccurrence(all, { start: 1, end: 6 }), all[1]);
  assert.is(findOccurrence(all, { start: 1, end: 3 }), undefined);
  assert.is(findOccurrence(all, { start: 0, end: 6 }), undefined);
});

test.run();
