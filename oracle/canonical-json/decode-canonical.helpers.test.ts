import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCanonical } from './decode-canonical.js';
import { accepts, bytesOf, member, refuses, utf8, type ExpectedViolation } from '../test-support/decode-cases.js';

/** A string value whose body starts at byte 10. */
const stringMember = (body: number[]): Uint8Array => member(['"'.charCodeAt(0), ...body, '"'.charCodeAt(0)]);

// Exact refusals of the decoder's helpers: what a violation says (code, clause, byte offset,
// expected, actual, message), the UTF-8 well-formedness table (Unicode Table 3-7) behind
// KD-CANON-01, the duplicate-key / key-order split (KD-CANON-07 / KD-CANON-05) and how bytes are
// named in messages. Every offset and text below is worked by hand on the input as written.

// --- comment, control character, invalid UTF-8 (KD-CANON-03, -08, -01) ----------------

refuses('a comment after the final LF', bytesOf('{}\n/'), {
  code: 'comment',
  clause: 'KD-CANON-03',
  offset: 3,
  message: 'comment at byte 3; canonical JSON has no comments',
  expected: 'no comment',
  actual: '"/"',
});

const control = (name: string): ExpectedViolation => ({
  code: 'control-character',
  clause: 'KD-CANON-08',
  offset: 10,
  message: `control character ${name} at byte 10 in a string`,
  expected: 'no control character',
  actual: name,
});
refuses('U+001F in a string', stringMember([0x1f]), control('U+001F'));
refuses('U+007F in a string', stringMember([0x7f]), control('U+007F'));
refuses('U+009F (C2 9F) in a string', stringMember([0xc2, 0x9f]), control('U+009F'));

const invalid = (offset: number, actual: string): ExpectedViolation => ({
  code: 'invalid-utf8',
  clause: 'KD-CANON-01',
  offset,
  message: `ill-formed UTF-8 at byte ${offset}`,
  expected: 'well-formed UTF-8',
  actual,
});

// Unicode Table 3-7, refused at the lead byte (byte 10) in every case.
const illFormed: Array<[string, number[], string]> = [
  ['a stray continuation byte 80', [0x80], '0x80'],
  ['the overlong lead C1', [0xc1, 0xbf], '0xC1'],
  ['C2 then a non-continuation', [0xc2, 0x41], '0xC2'],
  ['C2 at the end of the string', [0xc2], '0xC2'],
  ['the overlong E0 80 80', [0xe0, 0x80, 0x80], '0xE0'],
  ['the overlong E0 9F BF', [0xe0, 0x9f, 0xbf], '0xE0'],
  ['E2 82 then a non-continuation', [0xe2, 0x82, 0x41], '0xE2'],
  ['E2 then a non-continuation second byte', [0xe2, 0x41, 0x80], '0xE2'],
  ['E2 C0 80 (second byte above BF)', [0xe2, 0xc0, 0x80], '0xE2'],
  ['the surrogate ED A0 80', [0xed, 0xa0, 0x80], '0xED'],
  ['the overlong F0 8F BF BF', [0xf0, 0x8f, 0xbf, 0xbf], '0xF0'],
  ['F0 90 then a non-continuation third byte', [0xf0, 0x90, 0x41, 0x80], '0xF0'],
  ['F0 90 80 then a non-continuation fourth byte', [0xf0, 0x90, 0x80, 0x41], '0xF0'],
  ['F1 C0 80 80 (second byte above BF)', [0xf1, 0xc0, 0x80, 0x80], '0xF1'],
  ['F1 7F 80 80 (second byte below 80)', [0xf1, 0x7f, 0x80, 0x80], '0xF1'],
  ['U+110000 as F4 90 80 80', [0xf4, 0x90, 0x80, 0x80], '0xF4'],
  ['the lead F5 with continuations', [0xf5, 0x80, 0x80, 0x80], '0xF5'],
  ['the lead FF alone', [0xff], '0xFF'],
];
for (const [name, body, actual] of illFormed) refuses(`${name} in a string`, stringMember(body), invalid(10, actual));

refuses('an ill-formed lead byte where a value is due', member([0xf5]), invalid(9, '0xF5'));
refuses('a well-formed non-ASCII character where a value is due', member([0xc3, 0xa9]), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 9,
  message: 'unexpected 0xC3 at byte 9; expected a value',
  expected: 'a value',
  actual: '0xC3',
});

// The boundaries of each row of Table 3-7 are well-formed and decode to their code points.
accepts(
  'the first and last code point of every UTF-8 row',
  member(`"\u00A0\u07FF\u0800\u0FFF\u1000\uD7FF\uE000\uFFFF\u{10000}\u{3FFFF}\u{40000}\u{FFFFF}\u{100000}\u{10FFFF}"`),
  { a: '\u00A0\u07FF\u0800\u0FFF\u1000\uD7FF\uE000\uFFFF\u{10000}\u{3FFFF}\u{40000}\u{FFFFF}\u{100000}\u{10FFFF}' },
);

// --- literal starts: a byte that starts no value is a syntax error either way ---------

refuses('x where a value is due', member('x'), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 9,
  message: "unexpected 'x' (0x78) at byte 9; expected a value",
  expected: 'a value',
  actual: "'x' (0x78)",
});
refuses('True in another case', member('True'), {
  code: 'literal-case',
  clause: 'KD-CANON-10',
  offset: 9,
  message: 'literal at byte 9 is not lowercase true',
  expected: 'true',
  actual: 'true in another case',
});

// --- strings with the two canonical escapes -------------------------------------------

accepts('escapes at both ends of a string', member('"\\\\x\\""'), { a: '\\x"' });
accepts('a long ASCII string past the short-string shortcut', member(`"${'y'.repeat(1500)}\\""`), {
  a: `${'y'.repeat(1500)}"`,
});
test('accepts an ASCII string of 200000 bytes under a raised cap', () => {
  const r = decodeCanonical(member(`"${'z'.repeat(200000)}"`), { maxBytes: 300000 });
  if (!r.ok) throw new Error(r.violation.message);
  assert.is((r.value['a'] as string).length, 200000);
});

// --- duplicate keys (KD-CANON-07) against key order (KD-CANON-05) ----------------------

/** An object with keys a, b, c (values 1..3) then `extra` at byte 34. */
const fourKeys = (extra: string): Uint8Array =>
  utf8(`{\n  "a": 1,\n  "b": 2,\n  "c": 3,\n  ${JSON.stringify(extra)}: 4\n}\n`);
for (const k of ['a', 'b', 'c']) {
  refuses(`a duplicate of key ${k} among a, b, c`, fourKeys(k), {
    code: 'duplicate-key',
    clause: 'KD-CANON-07',
    offset: 34,
    message: `duplicate key "${k}" at byte 34`,
    expected: 'keys unique within the object',
    actual: `"${k}"`,
  });
}
for (const k of ['A', 'ab', 'bb']) {
  refuses(`a new key ${k} out of order after a, b, c`, fourKeys(k), {
    code: 'key-order',
    clause: 'KD-CANON-05',
    offset: 34,
    message: `key "${k}" at byte 34 is not after "c" in UTF-8 byte order`,
    expected: 'a key after "c"',
    actual: `"${k}"`,
  });
}

// --- __proto__ is an own data property like any other key -----------------------------

test('a key "__proto__" is an own, writable, enumerable, configurable data property', () => {
  const r = decodeCanonical(utf8('{\n  "": 0,\n  "__proto__": 1\n}\n'));
  if (!r.ok) throw new Error(r.violation.message);
  assert.equal(Object.getOwnPropertyDescriptor(r.value, '__proto__'), {
    value: 1,
    writable: true,
    enumerable: true,
    configurable: true,
  });
  assert.is(Object.getPrototypeOf(r.value), Object.prototype);
  assert.equal(Object.keys(r.value), ['', '__proto__']);
  assert.is(r.value[''], 0);
});

// --- how a byte is named: after the object, after the final LF, in an escape ------------

const afterObject = (name: string, byte: number[], actual: string, code = 'trailing-data'): void =>
  refuses(`${name} right after the object`, bytesOf('{}', byte), {
    code,
    clause: code === 'final-lf' ? 'KD-CANON-02' : 'KD-CANON-03',
    offset: 2,
    message:
      code === 'final-lf'
        ? 'CR at byte 2; the object ends with exactly one LF'
        : 'trailing data at byte 2 after the object; expected LF',
    expected: 'LF',
    actual,
  });
afterObject('CR', [0x0d, 0x0a], 'CR (0x0D)', 'final-lf');
afterObject('x', [0x78], "'x' (0x78)");
afterObject('a space', [0x20], 'space (0x20)');

const afterFinalLf = (name: string, byte: number[], actual: string): void => {
  const lineEnd = byte[0] === 0x0a || byte[0] === 0x0d;
  refuses(`${name} after the final LF`, bytesOf('{}\n', byte), {
    code: lineEnd ? 'final-lf' : 'trailing-data',
    clause: lineEnd ? 'KD-CANON-02' : 'KD-CANON-03',
    offset: 3,
    message: lineEnd
      ? 'extra line end at byte 3; the object ends with exactly one LF'
      : 'trailing data at byte 3 after the final LF',
    expected: 'end of input',
    actual,
  });
};
afterFinalLf('a second LF', [0x0a], 'LF (0x0A)');
afterFinalLf('a CR', [0x0d], 'CR (0x0D)');
afterFinalLf('a TAB', [0x09], 'TAB (0x09)');
afterFinalLf('a space', [0x20], 'space (0x20)');
afterFinalLf('the byte 01', [0x01], '0x01');
afterFinalLf('!', [0x21], "'!' (0x21)");
afterFinalLf('~', [0x7e], "'~' (0x7E)");
afterFinalLf('DEL', [0x7f], '0x7F');
afterFinalLf('the byte FF', [0xff], '0xFF');

const badEscape = (name: string, byte: number[], shown: string): void =>
  refuses(`the escape \\ then ${name}`, stringMember([0x5c, ...byte]), {
    code: 'escape',
    clause: 'KD-CANON-09',
    offset: 10,
    message: `escape \\${shown} at byte 10; only \\" and \\\\ are canonical`,
    expected: '\\" or \\\\',
    actual: `\\${shown}`,
  });
badEscape('u', [0x75], 'u');
badEscape('!', [0x21], '!');
badEscape('~', [0x7e], '~');
badEscape('a space', [0x20], 'x20');
badEscape('the byte 01', [0x01], 'x01');
badEscape('DEL', [0x7f], 'x7F');
badEscape('the byte FF', [0xff], 'xFF');

test.run();
