import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { JsonValue } from './json-value.js';
import { encodeCanonical, encodeCanonicalText, encodeFixtureJson } from './encode-canonical.js';

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
  assert.is(
    encodeCanonicalText({ a: 0, b: 9007199254740991, c: 10 }),
    '{\n  "a": 0,\n  "b": 9007199254740991,\n  "c": 10\n}\n',
  );
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
  assert.equal(
    [...bytes],
    [0x7b, 0x0a, 0x20, 0x20, 0x22, 0x6b, 0x22, 0x3a, 0x20, 0x22, 0xc3, 0xa9, 0x22, 0x0a, 0x7d, 0x0a],
  );
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
  ['control character after 1,000 characters', { a: `${'x'.repeat(1000)}\u0001` }],
  ['not NFC after 1,000 characters', { a: `${'x'.repeat(1000)}e\u0301` }],
  ['lone surrogate after 1,000 characters', { a: `${'x'.repeat(1000)}\uDC00` }],
  ['control character in a long key', { [`${'k'.repeat(1000)}\u007F`]: 1 }],
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

// A kit fault names what is wrong, so the faulty record can be found (house rule: a clear, specific error).
const faultMessages: Array<[string, unknown, RegExp]> = [
  ['top-level null', null, /^canonical JSON: the top level must be an object$/],
  ['top-level undefined', undefined, /^canonical JSON: the top level must be an object$/],
  ['undefined', { a: undefined }, /cannot encode a value of type undefined$/],
  ['bigint', { a: 1n }, /cannot encode a value of type bigint$/],
  ['Date', { a: new Date(0) }, /cannot encode a non-plain object$/],
  ['negative', { a: -1 }, /: -1 is not an integer from 0 through 9007199254740991$/],
  // U+007F DELETE and U+0085 NEXT LINE are Cc: four uppercase hex digits after U+.
  ['DELETE', { a: 'x\u007Fy' }, /^canonical JSON: control character U\+007F in string /],
  ['NEXT LINE', { a: '\u0085' }, /^canonical JSON: control character U\+0085 in string /],
  ['lone surrogate', { a: 'x\uDC00' }, /^canonical JSON: lone surrogate in string /],
  ['e + U+0301', { a: 'e\u0301' }, /^canonical JSON: string .* is not NFC$/],
];
for (const [name, value, message] of faultMessages) {
  test(`the fault names its cause: ${name}`, () => {
    assert.throws(() => encodeCanonicalText(value as JsonValue), message);
  });
}

test('a cycle is reported as one, not as exhausted recursion', () => {
  const a: Record<string, JsonValue> = {};
  a['self'] = [a];
  assert.throws(() => encodeCanonicalText(a), /^canonical JSON: cyclic value$/);
});

test('NFC (KD-CANON-08): a string with no ASCII character is checked too', () => {
  // U+212B ANGSTROM SIGN decomposes canonically to U+00C5, so it is never in NFC;
  // U+2126 OHM SIGN likewise to U+03A9. U+00C5 itself is NFC.
  assert.throws(() => encodeCanonicalText({ a: '\u212B' }), /is not NFC$/);
  assert.throws(() => encodeCanonicalText({ '\u2126': 1 }), /is not NFC$/);
  assert.is(encodeCanonicalText({ a: '\u00C5' }), '{\n  "a": "\u00C5"\n}\n');
});

test('a long plain ASCII string that ends at the edge of the first 1 KiB is written whole', () => {
  // `{`, LF, two spaces, `"s"`, `:`, space: 9 bytes before the string's opening quote, so the
  // closing quote of an n-character string is byte 10 + n; n = 1000..1030 crosses 1,024.
  for (let n = 1000; n <= 1030; n++) {
    const s = 'q'.repeat(n);
    const bytes = encodeCanonical({ s });
    assert.ok(Buffer.from(bytes).equals(Buffer.from(`{\n  "s": "${s}"\n}\n`, 'latin1')), `n = ${n}`);
  }
});

const fixtureText = (value: JsonValue): string => new TextDecoder().decode(encodeFixtureJson(value));

test('fixture files (KIT-21): LF, CR and TAB as \\n, \\r and \\t', () => {
  assert.is(fixtureText({ source: 'a\nb\r\nc\td' }), '{\n  "source": "a\\nb\\r\\nc\\td"\n}\n');
  assert.is(
    new TextDecoder().decode(encodeCanonical({ source: '\t"x"\\\n' }, { escapeControlCharacters: true })),
    '{\n  "source": "\\t\\"x\\"\\\\\\n"\n}\n',
  );
});

test('fixture files (KIT-21): other C0 and C1 controls as \\u00XX with lowercase hex', () => {
  assert.is(
    fixtureText({ s: '\u0000\u0001\u000b\u000c\u001f\u007f\u0085\u009f' }),
    '{\n  "s": "\\u0000\\u0001\\u000b\\u000c\\u001f\\u007f\\u0085\\u009f"\n}\n',
  );
});

test('fixture files (KIT-21): escapes in long strings, keys and next to non-ASCII; other bytes canonical', () => {
  const long = `${'x'.repeat(300)}\n\u00e9`;
  assert.is(
    fixtureText({ b: long, 'k\tk': [1] }),
    `{\n  "b": "${'x'.repeat(300)}\\n\u00e9",\n  "k\\tk": [\n    1\n  ]\n}\n`,
  );
  // Not NFC or a lone surrogate is still a fault; escaping covers control characters only.
  assert.throws(() => encodeFixtureJson({ s: 'e\u0301\n' }));
  assert.throws(() => encodeFixtureJson({ s: '\ud800\n' }));
});

test('fixture files (KIT-21): without control characters, the bytes are the canonical ones', () => {
  fc.assert(
    fc.property(
      fc.dictionary(fc.string({ unit: 'grapheme' }), fc.oneof(fc.string({ unit: 'grapheme' }), fc.nat(), fc.boolean())),
      (value) => {
        let canonical: Uint8Array;
        try {
          canonical = encodeCanonical(value);
        } catch {
          return;
        }
        assert.equal(encodeFixtureJson(value), canonical);
      },
    ),
    { seed: 20261201, numRuns: 200 },
  );
});

test('the default stays strictly canonical: LF still throws', () => {
  assert.throws(() => encodeCanonical({ source: 'a\nb' }));
  assert.throws(() => encodeCanonical({ source: 'a\nb' }, {}));
});

test('throws on a cycle', () => {
  const a: Record<string, JsonValue> = {};
  const b: JsonValue[] = [a];
  a['b'] = b;
  assert.throws(() => encodeCanonicalText(a));
});

test('a shared, acyclic sub-value is fine', () => {
  const shared = { x: 1 };
  assert.is(
    encodeCanonicalText({ a: shared, b: shared }),
    '{\n  "a": {\n    "x": 1\n  },\n  "b": {\n    "x": 1\n  }\n}\n',
  );
});

// Speed is measured by npm run bench, not asserted here.
test('4,096 rows of about 1 KiB encode in the canonical layout', () => {
  const row = (i: number): JsonValue => ({
    identity: { kind: 'SymbolId', value: i.toString(16).padStart(64, '0') },
    display_name: `op_${i}`,
    signature: `std.list.op_${i}(read List[Text]) -> Int`.padEnd(900, 'x'),
    dependencies: [],
  });
  const rows: JsonValue[] = [];
  for (let i = 0; i < 4096; i++) rows.push(row(i));
  const bytes = encodeCanonical({ operations: rows });
  assert.ok(bytes.length > 4096 * 900);
  // Keys in byte order, two-space indentation per level (KD-CANON-05, KD-CANON-12).
  const head = new TextDecoder().decode(bytes.subarray(0, 400));
  assert.is(
    head.slice(0, head.indexOf('"signature"')),
    '{\n  "operations": [\n    {\n      "dependencies": [],\n      "display_name": "op_0",\n      "identity": ' +
      '{\n        "kind": "SymbolId",\n        "value": "' +
      '0'.repeat(64) +
      '"\n      },\n      ',
  );
});

test(
  'key order depends on the keys only: not on insertion order, ' + 'earlier encodes, or how many shapes were seen',
  () => {
    const expected = '{\n  "B": 3,\n  "a": 1,\n  "b": 2\n}\n';
    assert.is(encodeCanonicalText({ b: 2, a: 1, B: 3 }), expected);
    assert.is(encodeCanonicalText({ a: 1, B: 3, b: 2 }), expected);
    // Enough distinct key lists to pass any bound on remembered key orders.
    for (let i = 0; i < 5000; i++) {
      const k = `k${i}`;
      assert.is(encodeCanonicalText({ [k]: 1, a: 0 }), `{\n  "a": 0,\n  "${k}": 1\n}\n`);
    }
    assert.is(encodeCanonicalText({ B: 3, b: 2, a: 1 }), expected);
    assert.is(encodeCanonicalText({ b: 2, a: 1, B: 3 }), expected);
    const long = 'z'.repeat(100);
    assert.is(encodeCanonicalText({ [long]: 1, y: 2 }), `{\n  "y": 2,\n  "${long}": 1\n}\n`);
  },
);

test('strings that cross the growth of the output buffer keep every byte', () => {
  // Multi-byte characters and escapes placed around 1, 2 and 16 KiB of output, where an
  // output buffer is likely to grow; the expected text is spelled out by hand.
  const tail = '\u00E9\u20AC\u{1F600}"\\';
  const value: Record<string, JsonValue> = {};
  const expectedFields: string[] = [];
  for (const [key, n] of [
    ['a', 1000],
    ['b', 1016],
    ['c', 2030],
    ['d', 16370],
  ] as const) {
    value[key] = 'x'.repeat(n) + tail;
    expectedFields.push(`  "${key}": "${'x'.repeat(n)}\u00E9\u20AC\u{1F600}\\"\\\\"`);
  }
  const expected = `{\n${expectedFields.join(',\n')}\n}\n`;
  assert.is(encodeCanonicalText(value), expected);
  assert.ok(Buffer.from(encodeCanonical(value)).equals(Buffer.from(expected, 'utf8')));
});

test('an escape after a long ASCII run is written once, escaped', () => {
  const s = `${'y'.repeat(3000)}"z`;
  assert.is(encodeCanonicalText({ s }), `{\n  "s": "${'y'.repeat(3000)}\\"z"\n}\n`);
});

test('long and short plain ASCII strings are written as they are', () => {
  const long = 'm.o(read Items) -> Int '.repeat(700);
  const bytes = encodeCanonical({ l: long, s: 'ok' });
  assert.ok(Buffer.from(bytes).equals(Buffer.from(`{\n  "l": "${long}",\n  "s": "ok"\n}\n`, 'latin1')));
});

// An independent reference for the layout: JSON.stringify(v, null, 2) writes the same
// indentation, separators and empty containers, and escapes nothing a canonical string
// holds other than `"` and `\`, so on a value whose keys are already in UTF-8 byte order
// (sorted here with Buffer.compare) it must give the canonical text. Integer-like keys
// are left out, because JSON.stringify writes them first whatever the insertion order.
const textUnit = fc.constantFrom(
  'a',
  'Z',
  '"',
  '\\',
  '/',
  ' ',
  '\u00E9',
  '\u2028',
  '\uE000',
  '\u{10000}',
  '\u{1F600}',
  '\uFEFF',
);
// Long strings repeat a short one, so that a failure shrinks quickly.
const longString = fc
  .oneof(
    fc.string({ unit: textUnit, maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc
      .tuple(fc.string({ unit: textUnit, minLength: 1, maxLength: 6 }), fc.integer({ min: 100, max: 1500 }))
      .map(([s, n]) => s.repeat(n)),
  )
  .map((s) => s.replace(/\p{Cc}/gu, '').normalize('NFC'));
const layoutKey = longString.filter((k) => !/^[0-9]+$/.test(k));
const { layoutObject } = fc.letrec<{
  layoutValue: JsonValue;
  layoutObject: Record<string, JsonValue>;
  layoutArray: JsonValue[];
}>((tie) => ({
  layoutValue: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'layout' },
    fc.constant(null),
    fc.boolean(),
    fc.oneof(fc.nat(1000), fc.maxSafeNat()),
    longString,
    tie('layoutArray'),
    tie('layoutObject'),
  ),
  layoutArray: fc.array(tie('layoutValue'), { maxLength: 12, depthIdentifier: 'layout' }),
  layoutObject: fc.dictionary(layoutKey, tie('layoutValue'), { maxKeys: 8, depthIdentifier: 'layout' }),
}));

function sortedByBytes(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(sortedByBytes);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, JsonValue> = {};
  const keys = Object.keys(v).sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
  for (const k of keys) out[k] = sortedByBytes(v[k] as JsonValue);
  return out;
}

test('the layout equals JSON.stringify(v, null, 2) of the byte-sorted value, at any output size (property)', () => {
  fc.assert(
    fc.property(layoutObject, (value) => {
      const expected = `${JSON.stringify(sortedByBytes(value), null, 2)}\n`;
      assert.ok(Buffer.from(encodeCanonical(value)).equals(Buffer.from(expected, 'utf8')));
    }),
    { seed: 20261201, numRuns: 400 },
  );
});

test.run();
