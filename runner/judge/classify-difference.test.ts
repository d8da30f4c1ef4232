import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyDifference } from './classify-difference.js';

const b = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

test('the same JSON value in another layout is "layout", at the first differing byte with context', () => {
  // Byte 0 is `{` on both sides; byte 1 is the LF of the expected layout and `"` of the actual one. Both contexts
  // start at byte 0 (offset 1 - 24 is below 0). The expected side runs to offset 1 + 24 = 25 (`[` at byte 19, LF at
  // byte 20, then four spaces), cut before its 33 bytes end; the actual side is 15 bytes, shown whole. The contexts
  // are the text itself: no escape, no cut mark (the reporters escape and mark them).
  assert.equal(classifyDifference(b('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}\n'), b('{"b":[2],"a":1}')), {
    kind: 'layout',
    offset: 1,
    context_start: 0,
    expected_context: '{\n  "a": 1,\n  "b": [\n    ',
    actual_context: '{"b":[2],"a":1}',
    expected_length: 33,
    actual_length: 15,
  });
});

test('a layout context never cuts a UTF-8 sequence', () => {
  const body = `{"a":"${'\u{e9}'.repeat(20)}"}`;
  const d = classifyDifference(b(`${body}\n`), b(body));
  // The only difference is the missing final LF, at byte 6 + 40 + 2 = 48. The context starts 24 bytes before, at
  // byte 24, the first byte of the tenth é (é's start at the even bytes 6..44), so eleven é's are shown.
  assert.is(d.kind === 'layout' ? d.offset : -1, 48);
  assert.is(d.kind === 'layout' ? d.context_start : -1, 24);
  assert.is(d.kind === 'layout' ? d.expected_context : '', `${'\u{e9}'.repeat(11)}"}\n`);
  assert.is(d.kind === 'layout' ? d.actual_context : '', `${'\u{e9}'.repeat(11)}"}`);
  // With an `x` after the é's the offset is 6 + 40 + 3 = 49, and 49 - 24 = 25 is the second byte of an é: the
  // context starts at its first byte, 24, and holds the eleven é's at bytes 24..44.
  const odd = classifyDifference(b(`{"a":"${'\u{e9}'.repeat(20)}x"}\n`), b(`{"a":"${'\u{e9}'.repeat(20)}x"}`));
  assert.is(odd.kind === 'layout' ? odd.context_start : -1, 24);
  assert.is(odd.kind === 'layout' ? odd.actual_context : '', `${'\u{e9}'.repeat(11)}x"}`);
});

test('equal as multisets, in another order, is "order" with the reordered arrays and both orders', () => {
  const expected = b('{"operations":[{"id":"1","r":["a","b"]},{"id":"2","r":[]}],"omissions":[]}');
  const actual = b('{"operations":[{"id":"2","r":[]},{"id":"1","r":["a","b"]}],"omissions":[]}');
  assert.equal(classifyDifference(expected, actual), {
    kind: 'order',
    pointers: ['/operations'],
    arrays: [{ pointer: '/operations', length: 2, from: 0, expected: ['1', '2'], actual: ['2', '1'] }],
  });
  const inner = b('{"operations":[{"id":"1","r":["b","a"]},{"id":"2","r":[]}],"omissions":[]}');
  assert.equal(classifyDifference(expected, inner), {
    kind: 'order',
    pointers: ['/operations/0/r'],
    arrays: [{ pointer: '/operations/0/r', length: 2, from: 0, expected: ['"a"', '"b"'], actual: ['"b"', '"a"'] }],
  });
  // The orders are given from the first index at which they part.
  const tail = classifyDifference(b('{"d":["x","y","z"]}'), b('{"d":["x","z","y"]}'));
  assert.equal(tail.kind === 'order' ? tail.arrays : [], [
    { pointer: '/d', length: 3, from: 1, expected: ['"y"', '"z"'], actual: ['"z"', '"y"'] },
  ]);
});

test('other values are listed by JSON pointer, missing and extra members included', () => {
  const expected = b('{"a":1,"b":[1,2],"c":{"d~/":true}}');
  const actual = b('{"a":2,"b":[1],"c":{"d~/":false},"e":null}');
  assert.equal(classifyDifference(expected, actual), {
    kind: 'values',
    pointers: ['/a', '/b/1', '/c/d~0~1', '/e'],
    more: 0,
  });
});

test('bytes that are not UTF-8 JSON are "not-json"', () => {
  assert.equal(classifyDifference(b('{}'), new Uint8Array([0x7b, 0xff, 0x7d])), { kind: 'not-json' });
  assert.equal(classifyDifference(b('{}'), b('{"a":')), { kind: 'not-json' });
});

test.run();
