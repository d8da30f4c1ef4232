import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyDifference } from './classify-difference.js';

const b = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

test('the same JSON value in another layout is "layout", at the first differing byte with context', () => {
  // Byte 0 is `{` on both sides; byte 1 is the LF of the expected layout and `"` of the actual one. The expected side
  // shows its first 25 bytes (to offset 1 + 24: `[` and LF end at byte 21, then four spaces)
  // and is cut; the actual side is 15 bytes, shown whole. The expected text is 33 bytes.
  assert.equal(classifyDifference(b('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}\n'), b('{"b":[2],"a":1}')), {
    kind: 'layout',
    offset: 1,
    expected_context: '{\\n  "a": 1,\\n  "b": [\\n    …',
    actual_context: '{"b":[2],"a":1}',
    expected_length: 33,
    actual_length: 15,
  });
});

test('a layout context never cuts a UTF-8 sequence and marks each cut', () => {
  const body = `{"a":"${'\u{e9}'.repeat(20)}"}`;
  const d = classifyDifference(b(`${body}\n`), b(body));
  // The only difference is the missing final LF, at the expected side's last byte.
  assert.is(d.kind === 'layout' ? d.offset : -1, Buffer.byteLength(body));
  assert.is(d.kind === 'layout' ? d.expected_context : '', `…${'\u{e9}'.repeat(11)}"}\\n`);
  assert.is(d.kind === 'layout' ? d.actual_context : '', `…${'\u{e9}'.repeat(11)}"}`);
});

test('equal as multisets, in another order, is "order" with the reordered arrays', () => {
  const expected = b('{"operations":[{"id":"1","r":["a","b"]},{"id":"2","r":[]}],"omissions":[]}');
  const actual = b('{"operations":[{"id":"2","r":[]},{"id":"1","r":["a","b"]}],"omissions":[]}');
  assert.equal(classifyDifference(expected, actual), { kind: 'order', pointers: ['/operations'] });
  const inner = b('{"operations":[{"id":"1","r":["b","a"]},{"id":"2","r":[]}],"omissions":[]}');
  assert.equal(classifyDifference(expected, inner), { kind: 'order', pointers: ['/operations/0/r'] });
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
