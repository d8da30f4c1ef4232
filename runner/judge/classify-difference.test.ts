import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyDifference } from './classify-difference.js';

const b = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

test('the same JSON value in another layout is "layout"', () => {
  assert.equal(classifyDifference(b('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}\n'), b('{"b":[2],"a":1}')), { kind: 'layout' });
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
  assert.equal(classifyDifference(expected, actual), { kind: 'values', pointers: ['/a', '/b/1', '/c/d~0~1', '/e'], more: 0 });
});

test('bytes that are not UTF-8 JSON are "not-json"', () => {
  assert.equal(classifyDifference(b('{}'), new Uint8Array([0x7b, 0xff, 0x7d])), { kind: 'not-json' });
  assert.equal(classifyDifference(b('{}'), b('{"a":')), { kind: 'not-json' });
});

test.run();
