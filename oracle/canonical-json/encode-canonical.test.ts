import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonValue } from './json-value.js';
import { encodeCanonical, encodeCanonicalText } from './encode-canonical.js';

// Expected texts are written by hand from the contract's "Canonical JSON" section.

test('empty object is {} and a final LF', () => {
  assert.is(encodeCanonicalText({}), '{}\n');
});

test('layout: two-space indentation, one item per line, ": ", ",\\n", closer at parent indentation', () => {
  const text = encodeCanonicalText({ b: [1, { c: null }], a: true, d: [], e: {}, f: false });
  const expected = [
    '{',
    '  "a": true,',
    '  "b": [',
    '    1,',
    '    {',
    '      "c": null',
    '    }',
    '  ],',
    '  "d": [],',
    '  "e": {},',
    '  "f": false',
    '}',
    '',
  ].join('\n');
  assert.is(text, expected);
});

test('keys sort by UTF-8 bytes, not UTF-16 code units', () => {
  const text = encodeCanonicalText({ '\u{10000}': 1, '\uE000': 2, b: 3, a: 4, B: 5 });
  // B (42) < a (61) < b (62) < U+E000 (EE 80 80) < U+10000 (F0 90 80 80).
  assert.is(text, '{\n  "B": 5,\n  "a": 4,\n  "b": 3,\n  "\uE000": 2,\n  "\u{10000}": 1\n}\n');
});

test('only " and \\ are escaped; other permitted Unicode is literal', () => {
  const text = encodeCanonicalText({ s: 'a"b\\c/\u00E9\u2028\u{1F600}' });
  assert.is(text, '{\n  "s": "a\\"b\\\\c/\u00E9\u2028\u{1F600}"\n}\n');
});

test('escaped key order follows the decoded key: "\\"" (22) before "#" (23)', () => {
  assert.is(encodeCanonicalText({ '#': 1, '"': 2 }), '{\n  "\\"": 2,\n  "#": 1\n}\n');
});

test('integers in base ten; 0 and 2^53-1', () => {
  assert.is(encodeCanonicalText({ a: 0, b: 9007199254740991, c: 10 }), '{\n  "a": 0,\n  "b": 9007199254740991,\n  "c": 10\n}\n');
});

test('a key named __proto__ is data', () => {
  const value: Record<string, JsonValue> = {};
  Object.defineProperty(value, '__proto__', { value: 1, enumerable: true, writable: true, configurable: true });
  value['a'] = 2;
  assert.is(encodeCanonicalText(value), '{\n  "__proto__": 1,\n  "a": 2\n}\n');
});

test('encodeCanonical is the UTF-8 of the text', () => {
  const bytes = encodeCanonical({ k: '\u00E9' });
  // { LF sp sp " k " : sp " C3 A9 " LF } LF
  assert.equal([...bytes], [0x7b, 0x0a, 0x20, 0x20, 0x22, 0x6b, 0x22, 0x3a, 0x20, 0x22, 0xc3, 0xa9, 0x22, 0x0a, 0x7d, 0x0a]);
});

const faults: Array<[string, unknown]> = [
  ['top-level array', []],
  ['top-level string', 'x'],
  ['top-level null', null],
  ['float', { a: 1.5 }],
  ['negative', { a: -1 }],
  ['unsafe integer', { a: 2 ** 53 }],
  ['NaN', { a: Number.NaN }],
  ['Infinity', { a: Number.POSITIVE_INFINITY }],
  ['control character U+0000', { a: '\u0000' }],
  ['control character LF', { a: 'x\ny' }],
  ['control character U+007F', { a: '\u007F' }],
  ['control character U+0085', { a: '\u0085' }],
  ['control character in a key', { 'a\tb': 1 }],
  ['not NFC (e + U+0301)', { a: 'e\u0301' }],
  ['not NFC key', { 'e\u0301': 1 }],
  ['lone surrogate', { a: '\uD800' }],
  ['undefined', { a: undefined }],
  ['bigint', { a: 1n }],
  ['function', { a: () => 1 }],
  ['Date', { a: new Date(0) }],
];
for (const [name, value] of faults) {
  test(`throws (kit fault): ${name}`, () => {
    assert.throws(() => encodeCanonicalText(value as JsonValue));
  });
}

test('throws on a cycle', () => {
  const a: Record<string, JsonValue> = {};
  const b: JsonValue[] = [a];
  a['b'] = b;
  assert.throws(() => encodeCanonicalText(a));
});

test('a shared, acyclic sub-value is fine', () => {
  const shared = { x: 1 };
  assert.is(encodeCanonicalText({ a: shared, b: shared }), '{\n  "a": {\n    "x": 1\n  },\n  "b": {\n    "x": 1\n  }\n}\n');
});

test('4,096 rows of about 1 KiB encode quickly', () => {
  const row = (i: number): JsonValue => ({
    identity: { kind: 'SymbolId', value: i.toString(16).padStart(64, '0') },
    display_name: `op_${i}`,
    signature: `std.list.op_${i}(read List[Text]) -> Int`.padEnd(900, 'x'),
    dependencies: [],
  });
  const rows: JsonValue[] = [];
  for (let i = 0; i < 4096; i++) rows.push(row(i));
  const start = process.hrtime.bigint();
  const bytes = encodeCanonical({ operations: rows });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  assert.ok(bytes.length > 4096 * 900);
  // Generous bound for a shared machine; per-byte concatenation would be far slower.
  assert.ok(ms < 2000, `took ${ms} ms`);
});

test.run();
