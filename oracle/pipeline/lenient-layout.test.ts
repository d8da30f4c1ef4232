/**
 * OQ-03 reading B's reader of layout (lenient-layout.ts), token by token: what a lenient JSON parser forgets and the
 * canonical encoder puts back is whitespace between tokens and member order; every token must keep its canonical
 * spelling (KD-CANON-01, -03, -07..10), so anything else is refused as under A. The canonical texts below are written
 * by hand from the contract's layout rules (L358-366: keys in ASCII order, two-space indentation, one field or item per
 * line, one space after ":", [] and {} for empty containers, one final LF).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalLayoutOf } from './lenient-layout.js';

const utf8 = new TextEncoder();
const text = (bytes: Uint8Array | undefined): string | undefined =>
  bytes === undefined ? undefined : new TextDecoder().decode(bytes);
const layoutOf = (source: string): string | undefined => text(canonicalLayoutOf(utf8.encode(source)));

/** Asserts that each variant is read as `canonical`, and that `canonical` itself is no variant. */
function readsAs(canonical: string, variants: readonly string[]): void {
  assert.is(layoutOf(canonical), undefined, `canonical bytes are not a layout variant: ${JSON.stringify(canonical)}`);
  for (const variant of variants) assert.is(layoutOf(variant), canonical, JSON.stringify(variant));
}

/** Asserts that no byte string of `refused` is read as a layout variant. */
function refuses(refused: readonly (string | Uint8Array)[]): void {
  for (const r of refused) {
    const bytes = typeof r === 'string' ? utf8.encode(r) : r;
    assert.is(canonicalLayoutOf(bytes), undefined, typeof r === 'string' ? JSON.stringify(r) : `bytes ${[...r]}`);
  }
}

test('each whitespace byte of JSON between tokens is layout: space, tab, LF and CR, alone or mixed', () => {
  const canonical = '{\n  "a": 1,\n  "b": [\n    true\n  ]\n}\n';
  const minified = '{"a":1,"b":[true]}';
  readsAs(canonical, [
    minified,
    ...[' ', '\t', '\n', '\r'].flatMap((ws) => [
      `${ws}{${ws}"a"${ws}:${ws}1${ws},${ws}"b"${ws}:${ws}[${ws}true${ws}]${ws}}${ws}`,
      `${minified}${ws}`,
      `${ws}${minified}`,
    ]),
    canonical.replace(/\n/g, '\r\n'),
    `${canonical}\n\n`,
    canonical.slice(0, -1),
  ]);
  // Any other character between tokens is not whitespace (a form feed, a no-break space, a vertical tab).
  refuses(['{"a":1,\f"b":[true]}', '{"a":1,\u00a0"b":[true]}', '{"a":1,\v"b":[true]}']);
});

test('member order is layout: keys are put back in ASCII order at every level (KD-CANON-05)', () => {
  // Two members of the same width swapped: the same length as the canonical bytes, different bytes.
  readsAs('{\n  "a": 1,\n  "b": 2\n}\n', ['{\n  "b": 2,\n  "a": 1\n}\n']);
  readsAs('{\n  "B": {\n    "a": "x",\n    "c": "y"\n  },\n  "a": null\n}\n', ['{"a":null,"B":{"c":"y","a":"x"}}']);
  // A key named __proto__ is a member like any other, not the object's prototype.
  readsAs('{\n  "__proto__": 1,\n  "a": 2\n}\n', ['{"a":2,"__proto__":1}']);
});

test('literals, integers and empty containers keep their canonical spelling (KD-CANON-10, KD-CANON-11)', () => {
  readsAs('{\n  "f": false,\n  "n": null,\n  "t": true\n}\n', ['{"t":true,"f":false,"n":null}']);
  readsAs('{\n  "a": 0,\n  "b": 7,\n  "c": 10,\n  "d": 123,\n  "e": 9007199254740991\n}\n', [
    '{"e":9007199254740991,"d":123,"c":10,"b":7,"a":0}',
  ]);
  readsAs('{}\n', ['{}', '{ }', ' {\n}\r\n']);
  readsAs('{\n  "a": [],\n  "o": {}\n}\n', ['{"o":{ },"a":[ ]}', '{"o":{},"a":[]}']);
  readsAs('{\n  "a": [\n    1,\n    [\n      2,\n      3\n    ],\n    {\n      "k": "v"\n    }\n  ]\n}\n', [
    '{"a":[1,[2,3],{"k":"v"}]}',
    '{"a":[ 1 , [ 2 , 3 ] , { "k" : "v" } ]}',
  ]);
  refuses([
    '{"a":True}',
    '{"a":nul}',
    '{"a":-1}',
    '{"a":+1}',
    '{"a":01}',
    '{"a":00}',
    '{"a":1.0}',
    '{"a":1e2}',
    '{"a":1E2}',
    '{"a":9007199254740992}',
    '{"a":99999999999999999999999999999999999999}',
    '{"a":x,"1":2}',
    '{"a":}',
    '{"a":,"b":1}',
  ]);
});

test('strings: only the escapes \\" and \\\\, no control character, text as UTF-8 (KD-CANON-08, KD-CANON-09)', () => {
  readsAs('{\n  "a b": "\\"",\n  "k": "x\\\\",\n  "q": "a\\"b c",\n  "é": "ü"\n}\n', [
    '{"é":"ü","q":"a\\"b c","k":"x\\\\","a b":"\\""}',
  ]);
  readsAs('{\n  "\\\\": ""\n}\n', ['{"\\\\":""}']);
  refuses([
    '{"a":"\\u0078"}',
    '{"a":"\\/"}',
    '{"a":"\\n"}',
    '{"\\u0061":1}',
    '{"a":"x\ty"}',
    '{"a":"x\ny"}',
    '{"a\u001f":1}',
    '{"a":"x',
    '{"a',
    // Not in NFC: the canonical encoder refuses it, so there is no canonical form to answer as.
    '{"a":"e\u0301"}',
  ]);
  // Invalid UTF-8 inside a string, and a byte order mark before the object (KD-CANON-01).
  refuses([
    new Uint8Array([...utf8.encode('{"a":"'), 0xff, ...utf8.encode('"}')]),
    new Uint8Array([0xef, 0xbb, 0xbf, ...utf8.encode('{\n  "a": 1\n}\n')]),
    new Uint8Array([0xef, 0xbb, 0xbf, ...utf8.encode('{"a":1}')]),
  ]);
});

test('structure: separators, a repeated key, trailing data and a top level other than an object are refused', () => {
  refuses([
    '{"a":1,"a":1}',
    '{"a":1,"b":{"c":1,"c":2}}',
    '{"a"=1}',
    '{"a" 1}',
    '{"a":1;"b":2}',
    '{"a":1 "b":2}',
    '{"a":1,}',
    '{,"a":1}',
    '{a:1}',
    '{"a":[1;2]}',
    '{"a":[1 2]}',
    '{"a":[1,]}',
    '{"a":[,1]}',
    '{"a":[1}',
    '{"a":1',
    '{"a":1}}',
    '{"a":1} {}',
    '{"a":1}x',
    '// c\n{"a":1}',
    '[]',
    '[{"a":1}]',
    '"a"',
    '1',
    'true',
    'null',
    '',
    ' ',
  ]);
});

test('nesting: a value 64 levels below the top is read, one deeper is refused, and deeper input never throws', () => {
  const arrays = (n: number): string => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`;
  const objects = (n: number): string => `{${'"a":{'.repeat(n)}${'}'.repeat(n)}}`;
  const nestedArrays = (n: number): string => {
    let s = '[]';
    for (let depth = n; depth > 1; depth--) s = `[\n${'  '.repeat(depth)}${s}\n${'  '.repeat(depth - 1)}]`;
    return `{\n  "a": ${s}\n}\n`;
  };
  const nestedObjects = (n: number): string => {
    let s = '{}';
    for (let depth = n; depth > 1; depth--) s = `{\n${'  '.repeat(depth)}"a": ${s}\n${'  '.repeat(depth - 1)}}`;
    return `{\n  "a": ${s}\n}\n`;
  };
  assert.is(layoutOf(arrays(64)), nestedArrays(64));
  assert.is(layoutOf(objects(64)), nestedObjects(64));
  refuses([arrays(65), objects(65), arrays(100_000), objects(100_000)]);
});

test.run();
