/**
 * A difference described for each sink: a layout-only one with its whitespace as marks, escaped once; an order-only
 * one as the two orders of its identities. Every expected line is worked by hand from the difference.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { DifferenceClass } from '../judge/classify-difference.js';
import { differenceLines, differenceSummary } from './describe.js';

// A 2-space indent answered with a 4-space one: the bytes part at offset 4 (`"` against a space); both texts whole.
const LAYOUT: DifferenceClass = {
  kind: 'layout',
  offset: 4,
  context_start: 0,
  expected_context: '{\n  "a": 1\n}\n',
  actual_context: '{\n    "a": 1\n}\n',
  expected_length: 13,
  actual_length: 15,
};

const texts = (d: DifferenceClass, sink: Parameters<typeof differenceLines>[1]): string[] =>
  differenceLines(d, sink).map((l) => `${l.depth}|${l.text}`);

test('layout only: the offset, then each side with a space as · and a line feed as \\n, in the terminal', () => {
  assert.equal(texts(LAYOUT, 'terminal'), [
    '0|layout only: the same JSON value in other bytes from byte offset 4 (KD-CANON-*); ' +
      'a space shows as ·, a line feed as \\n',
    '1|expected (13 bytes): {\\n··"a":·1\\n}\\n',
    '1|actual (15 bytes): {\\n····"a":·1\\n}\\n',
  ]);
});

test('layout only in HTML, XML and Markdown: escaped once for the sink, the marks as the sink writes them', () => {
  // HTML: quotes as entities, the LF a visible mark with one backslash (never `{\\n`), spaces as ·.
  assert.equal(texts(LAYOUT, 'html').slice(1), [
    '1|expected (13 bytes): {\\n··&quot;a&quot;:·1\\n}\\n',
    '1|actual (15 bytes): {\\n····&quot;a&quot;:·1\\n}\\n',
  ]);
  assert.match(texts(LAYOUT, 'html')[0] ?? '', /a space shows as ·, a line feed as \\n$/);
  // XML text: xmlbuilder2 escapes the markup; the escaper writes the marks.
  assert.equal(texts(LAYOUT, 'xml').slice(1), [
    '1|expected (13 bytes): {\\n··"a":·1\\n}\\n',
    '1|actual (15 bytes): {\\n····"a":·1\\n}\\n',
  ]);
  // Markdown: a backslash is written `\\` to render as one, and `*` is escaped so it is no emphasis.
  assert.equal(texts(LAYOUT, 'markdown'), [
    '0|layout only: the same JSON value in other bytes from byte offset 4 (KD-CANON-\\*); ' +
      'a space shows as ·, a line feed as \\\\n',
    '1|expected (13 bytes): {\\\\n··"a":·1\\\\n}\\\\n',
    '1|actual (15 bytes): {\\\\n····"a":·1\\\\n}\\\\n',
  ]);
});

test('layout only: a context cut at either end is marked …, and a literal · in the text is escaped', () => {
  const cut: DifferenceClass = { ...LAYOUT, context_start: 10, expected_context: '· x', expected_length: 100 };
  // Starts at byte 10 (cut before); 10 + 4 bytes (`·` is two) is below 100 (cut after).
  assert.is(differenceLines(cut, 'terminal')[1]?.text, 'expected (100 bytes): …\\u{b7}·x…');
});

const B = `bbbbbbbb… "b"`;
const C = `cccccccc… "c"`;
const ORDER: DifferenceClass = {
  kind: 'order',
  pointers: ['/operations'],
  arrays: [{ pointer: '/operations', length: 3, from: 1, expected: [B, C], actual: [C, B] }],
};

test('order only: the pointer, then the expected and the actual order of the identities, no line diff', () => {
  assert.equal(texts(ORDER, 'terminal'), [
    '0|order only at /operations: the same values in another order (KD-ORDER-*)',
    '1|/operations: 3 elements, the orders part at index 1; from there:',
    `2|expected: ${B}, ${C}`,
    `2|actual:   ${C}, ${B}`,
  ]);
  assert.equal(texts(ORDER, 'html').slice(2), [
    '2|expected: bbbbbbbb… &quot;b&quot;, cccccccc… &quot;c&quot;',
    '2|actual:   cccccccc… &quot;c&quot;, bbbbbbbb… &quot;b&quot;',
  ]);
  // More elements than shown: 20 elements, parting at index 2, 12 shown: 20 - 2 - 12 = 6 more.
  const ids = Array.from({ length: 12 }, (_, i) => String(i));
  const long: DifferenceClass = {
    kind: 'order',
    pointers: ['/d'],
    arrays: [{ pointer: '/d', length: 20, from: 2, expected: ids, actual: [...ids].reverse() }],
  };
  assert.is(differenceLines(long, 'terminal')[2]?.text, `expected: ${ids.join(', ')}, … (6 more)`);
});

test('summaries: one line, the provider keys of a pointer escaped for the sink', () => {
  const values: DifferenceClass = { kind: 'values', pointers: ['/a<b', ''], more: 2 };
  assert.is(differenceSummary(values, 'html'), 'values differ at /a&lt;b, (root) and 2 more');
  assert.is(differenceSummary(ORDER, 'github'), 'order only at /operations');
  assert.is(
    differenceSummary(LAYOUT, 'terminal'),
    'layout only: the same JSON value in other bytes from byte offset 4',
  );
});

test.run();
