import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCanonical, type DecodeCanonicalOptions } from './decode-canonical.js';
import { encodeCanonical } from './encode-canonical.js';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const bytesOf = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));

// The example request of the contract (the JSON block after "Example:" in "Request
// schema"), copied from the contract text, plus the one final LF (KD-CANON-02).
const EXAMPLE = `{
  "analysis": {
    "file_id": "1111111111111111111111111111111111111111111111111111111111111111",
    "generation": 17,
    "interface_set_sha256": "3333333333333333333333333333333333333333333333333333333333333333",
    "semantic_compatibility": "stage2-v1",
    "source_sha256": "2222222222222222222222222222222222222222222222222222222222222222"
  },
  "position": {
    "byte_offset": 84,
    "expression": {
      "end": 84,
      "start": 75
    }
  },
  "query": {
    "include_unavailable": false,
    "kind": "type-and-operations",
    "spelling": null
  },
  "schema": "kofun.discovery.request/v1"
}
`;

test('the contract example request is canonical: 611 bytes, decodes, re-encodes to the same bytes', () => {
  const bytes = utf8(EXAMPLE);
  assert.is(bytes.length, 611);
  const r = decodeCanonical(bytes);
  if (!r.ok) throw new Error(r.violation.message);
  assert.equal(r.value, {
    analysis: {
      file_id: '1'.repeat(64),
      generation: 17,
      interface_set_sha256: '3'.repeat(64),
      semantic_compatibility: 'stage2-v1',
      source_sha256: '2'.repeat(64),
    },
    position: { byte_offset: 84, expression: { end: 84, start: 75 } },
    query: { include_unavailable: false, kind: 'type-and-operations', spelling: null },
    schema: 'kofun.discovery.request/v1',
  });
  assert.equal([...encodeCanonical(r.value)], [...bytes]);
});

function accepts(name: string, input: string | Uint8Array, expected: unknown, options?: DecodeCanonicalOptions): void {
  test(`accepts ${name}`, () => {
    const r = decodeCanonical(typeof input === 'string' ? utf8(input) : input, options);
    if (!r.ok) throw new Error(`rejected: ${r.violation.code} ${r.violation.message}`);
    assert.equal(r.value, expected);
  });
}

/** Every offset below is counted by hand on the input as written. */
function rejects(
  name: string,
  input: string | Uint8Array,
  code: string,
  clause: string,
  offset: number,
  options?: DecodeCanonicalOptions,
): void {
  test(`rejects ${name}: ${code} ${clause} at byte ${offset}`, () => {
    const r = decodeCanonical(typeof input === 'string' ? utf8(input) : input, options);
    if (r.ok) throw new Error('accepted');
    assert.is(r.violation.code, code, r.violation.message);
    assert.is(r.violation.clause, clause, r.violation.message);
    assert.is(r.violation.offset, offset, r.violation.message);
    assert.ok(r.violation.message.includes(`byte ${offset}`) || code === 'size', r.violation.message);
  });
}

/** `{` LF, two spaces, `"a": `, then X at byte 9, then LF `}` LF. */
const member = (x: string | number[]): Uint8Array => bytesOf('{\n  "a": ', x, '\n}\n');

// --- accepted -------------------------------------------------------------------------

accepts('the empty object', '{}\n', {});
accepts('empty containers as [] and {}', '{\n  "a": [],\n  "b": {}\n}\n', { a: [], b: {} });
accepts(
  'nested arrays and objects',
  '{\n  "a": [\n    1,\n    {\n      "b": null\n    },\n    [\n      true\n    ]\n  ]\n}\n',
  {
    a: [1, { b: null }, [true]],
  },
);
accepts('0 and 2^53-1', '{\n  "a": 0,\n  "b": 9007199254740991\n}\n', { a: 0, b: 9007199254740991 });
accepts('only \\" and \\\\ escapes', member('"q\\"b\\\\s"'), { a: 'q"b\\s' });
accepts('a leading U+FEFF inside a string value', member('"\uFEFFx"'), { a: '\uFEFFx' });
accepts('U+00A0, U+2028 and an astral character, literally', member('"\u00A0\u2028\u{1F600}"'), {
  a: '\u00A0\u2028\u{1F600}',
});
accepts('a long ASCII string', member(`"${'x'.repeat(5000)}"`), { a: 'x'.repeat(5000) });
accepts('a long escaped non-ASCII string', member(`"${'\u00E9\\"'.repeat(1000)}"`), { a: '\u00E9"'.repeat(1000) });
accepts('keys ordered by the decoded key: "\\"" (22) before "#" (23)', '{\n  "\\"": 1,\n  "#": 2\n}\n', {
  '"': 1,
  '#': 2,
});
accepts('U+E000 before U+10000 (UTF-8 order)', '{\n  "\uE000": 1,\n  "\u{10000}": 2\n}\n', {
  '\uE000': 1,
  '\u{10000}': 2,
});
accepts('a prefix key before its extension', '{\n  "a": 1,\n  "ab": 2\n}\n', { a: 1, ab: 2 });
accepts('exactly maxBytes bytes', '{}\n', {}, { maxBytes: 3 });
accepts('exactly maxDepth levels', '{\n  "a": {\n    "b": {}\n  }\n}\n', { a: { b: {} } }, { maxDepth: 3 });

test('a key "__proto__" is an own data property, not a prototype link', () => {
  const r = decodeCanonical(utf8('{\n  "__proto__": {\n    "polluted": true\n  },\n  "a": 1\n}\n'));
  if (!r.ok) throw new Error(r.violation.message);
  assert.is(Object.getPrototypeOf(r.value), Object.prototype);
  assert.ok(Object.hasOwn(r.value, '__proto__'));
  assert.equal(Object.keys(r.value), ['__proto__', 'a']);
  assert.is((r.value as Record<string, unknown>)['polluted'], undefined);
  assert.is(({} as Record<string, unknown>)['polluted'], undefined);
  assert.equal(
    [...encodeCanonical(r.value)],
    [...utf8('{\n  "__proto__": {\n    "polluted": true\n  },\n  "a": 1\n}\n')],
  );
});

// --- KD-CANON-01: UTF-8 without BOM --------------------------------------------------

rejects('a UTF-8 BOM', bytesOf([0xef, 0xbb, 0xbf], '{}\n'), 'bom', 'KD-CANON-01', 0);
rejects('a UTF-16 BOM', bytesOf([0xff, 0xfe], '{}\n'), 'invalid-utf8', 'KD-CANON-01', 0);
rejects(
  'an overlong "/" (C0 AF)',
  member(['"'.charCodeAt(0), 0xc0, 0xaf, '"'.charCodeAt(0)]),
  'invalid-utf8',
  'KD-CANON-01',
  10,
);
rejects(
  'an overlong 3-byte form (E0 80 AF)',
  member([0x22, 0xe0, 0x80, 0xaf, 0x22]),
  'invalid-utf8',
  'KD-CANON-01',
  10,
);
rejects(
  'an overlong 4-byte form (F0 80 80 AF)',
  member([0x22, 0xf0, 0x80, 0x80, 0xaf, 0x22]),
  'invalid-utf8',
  'KD-CANON-01',
  10,
);
rejects(
  'an encoded surrogate U+D800 (ED A0 80)',
  member([0x22, 0xed, 0xa0, 0x80, 0x22]),
  'invalid-utf8',
  'KD-CANON-01',
  10,
);
rejects(
  'an encoded surrogate U+DFFF (ED BF BF)',
  member([0x22, 0xed, 0xbf, 0xbf, 0x22]),
  'invalid-utf8',
  'KD-CANON-01',
  10,
);
rejects(
  'a code point above U+10FFFF (F4 90 80 80)',
  member([0x22, 0xf4, 0x90, 0x80, 0x80, 0x22]),
  'invalid-utf8',
  'KD-CANON-01',
  10,
);
rejects('a lead byte F5', member([0x22, 0xf5, 0x80, 0x80, 0x80, 0x22]), 'invalid-utf8', 'KD-CANON-01', 10);
rejects('a byte FF', member([0x22, 0xff, 0x22]), 'invalid-utf8', 'KD-CANON-01', 10);
rejects('a stray continuation byte', member([0x22, 0x61, 0x80, 0x22]), 'invalid-utf8', 'KD-CANON-01', 11);
rejects(
  'a truncated 3-byte sequence (E2 82 then quote)',
  member([0x22, 0xe2, 0x82, 0x22]),
  'invalid-utf8',
  'KD-CANON-01',
  10,
);
rejects(
  'a truncated 4-byte sequence at the end of input',
  bytesOf('{\n  "a": "', [0xf0, 0x9f, 0x98]),
  'invalid-utf8',
  'KD-CANON-01',
  10,
);
rejects('ill-formed UTF-8 outside a string', member([0xff]), 'invalid-utf8', 'KD-CANON-01', 9);

// --- KD-CANON-02: exactly one object and one LF --------------------------------------

rejects('empty input', '', 'not-object', 'KD-CANON-02', 0);
rejects('a top-level array', '[]\n', 'not-object', 'KD-CANON-02', 0);
rejects('a top-level string', '"a"\n', 'not-object', 'KD-CANON-02', 0);
rejects('a top-level integer', '42\n', 'not-object', 'KD-CANON-02', 0);
rejects('a missing final LF', '{}', 'final-lf', 'KD-CANON-02', 2);
rejects('a missing final LF after members', '{\n  "a": 1\n}', 'final-lf', 'KD-CANON-02', 12);
rejects('CRLF', '{}\r\n', 'final-lf', 'KD-CANON-02', 2);
rejects('an extra LF', '{}\n\n', 'final-lf', 'KD-CANON-02', 3);
rejects('leading whitespace', ' {}\n', 'layout', 'KD-CANON-02', 0);
rejects('a trailing comma', '{\n  "a": 1,\n}\n', 'syntax', 'KD-CANON-02', 12);
rejects('an unterminated key', '{\n  "a', 'syntax', 'KD-CANON-02', 6);
rejects('an unterminated string', '{\n  "a": "abc', 'syntax', 'KD-CANON-02', 13);
rejects('a backslash at the end of input', '{\n  "a": "\\', 'syntax', 'KD-CANON-02', 11);
rejects('a bare word', member('nul'), 'syntax', 'KD-CANON-02', 9);
rejects('NaN', member('NaN'), 'syntax', 'KD-CANON-02', 9);
rejects('a closing brace for a value', member('}'), 'syntax', 'KD-CANON-02', 9);
rejects('a non-ASCII character outside a string', member('\u00E9'), 'syntax', 'KD-CANON-02', 9);
rejects('"=" for ":"', '{\n  "a"= 1\n}\n', 'syntax', 'KD-CANON-02', 7);
rejects('garbage after a number', member('1x'), 'syntax', 'KD-CANON-02', 10);

// --- KD-CANON-03: comments, trailing data, floats, exponents --------------------------

rejects('trailing data after the final LF', '{}\n{}\n', 'trailing-data', 'KD-CANON-03', 3);
rejects('trailing data before the final LF', '{} \n', 'trailing-data', 'KD-CANON-03', 2);
rejects('a comment after the document', '{}\n// c\n', 'comment', 'KD-CANON-03', 3);
rejects('a comment before the document', '/* c */{}\n', 'comment', 'KD-CANON-03', 0);
rejects('a comment as a member', '{\n  // c\n}\n', 'comment', 'KD-CANON-03', 4);
rejects('a comment after a value', member('1/* c */'), 'comment', 'KD-CANON-03', 10);
rejects('a fraction', member('1.5'), 'float', 'KD-CANON-03', 10);
rejects('a fraction of zero', member('0.5'), 'float', 'KD-CANON-03', 10);
rejects('a fraction without integer part', member('.5'), 'float', 'KD-CANON-03', 9);
rejects('an exponent', member('1e5'), 'exponent', 'KD-CANON-03', 10);
rejects('an uppercase exponent', member('1E5'), 'exponent', 'KD-CANON-03', 10);
rejects('an exponent of zero', member('0e0'), 'exponent', 'KD-CANON-03', 10);

// --- KD-CANON-05 / KD-CANON-07: key order and duplicates, on decoded keys ------------

rejects('a duplicate key', '{\n  "a": 1,\n  "a": 2\n}\n', 'duplicate-key', 'KD-CANON-07', 14);
rejects('a duplicate of an earlier key', '{\n  "a": 1,\n  "b": 2,\n  "a": 3\n}\n', 'duplicate-key', 'KD-CANON-07', 24);
rejects(
  'a duplicate key in a nested object',
  '{\n  "a": {\n    "x": 1,\n    "x": 2\n  }\n}\n',
  'duplicate-key',
  'KD-CANON-07',
  27,
);
rejects('a duplicate "__proto__"', '{\n  "__proto__": 1,\n  "__proto__": 2\n}\n', 'duplicate-key', 'KD-CANON-07', 22);
rejects('keys out of order', '{\n  "b": 1,\n  "a": 2\n}\n', 'key-order', 'KD-CANON-05', 14);
rejects('a key before its prefix', '{\n  "ab": 1,\n  "a": 2\n}\n', 'key-order', 'KD-CANON-05', 15);
rejects(
  'U+10000 before U+E000 (UTF-16 order, not UTF-8)',
  '{\n  "\u{10000}": 1,\n  "\uE000": 2\n}\n',
  'key-order',
  'KD-CANON-05',
  17,
);
rejects('"#" before "\\"" (raw bytes would pass)', '{\n  "#": 1,\n  "\\"": 2\n}\n', 'key-order', 'KD-CANON-05', 14);
rejects('uppercase after lowercase', '{\n  "a": 1,\n  "B": 2\n}\n', 'key-order', 'KD-CANON-05', 14);

// --- KD-CANON-08: NFC, no control characters ------------------------------------------

rejects('a raw TAB in a string', member('"\t"'), 'control-character', 'KD-CANON-08', 10);
rejects('a raw LF in a string', member('"a\nb"'), 'control-character', 'KD-CANON-08', 11);
rejects('a raw NUL in a string', member([0x22, 0x00, 0x22]), 'control-character', 'KD-CANON-08', 10);
rejects('DEL (U+007F) in a string', member('"\u007F"'), 'control-character', 'KD-CANON-08', 10);
rejects('U+0080 (C2 80) in a string', member('"\u0080"'), 'control-character', 'KD-CANON-08', 10);
rejects('U+0085 (C2 85) in a string', member('"x\u0085"'), 'control-character', 'KD-CANON-08', 11);
rejects('U+009F (C2 9F) in a string', member('"\u009F"'), 'control-character', 'KD-CANON-08', 10);
rejects('a control character in a key', '{\n  "\u0001": 1\n}\n', 'control-character', 'KD-CANON-08', 5);
rejects('a decomposed e + U+0301', member('"e\u0301"'), 'not-nfc', 'KD-CANON-08', 9);
rejects('ANGSTROM SIGN U+212B (NFC is U+00C5)', member('"x\u212B"'), 'not-nfc', 'KD-CANON-08', 9);
rejects('a non-NFC key', '{\n  "e\u0301": 1\n}\n', 'not-nfc', 'KD-CANON-08', 4);

// --- KD-CANON-09: only \" and \\ ------------------------------------------------------

rejects('\\n', member('"\\n"'), 'escape', 'KD-CANON-09', 10);
rejects('\\u0041', member('"\\u0041"'), 'escape', 'KD-CANON-09', 10);
rejects('\\/', member('"\\/"'), 'escape', 'KD-CANON-09', 10);
rejects('\\t after a character', member('"a\\t"'), 'escape', 'KD-CANON-09', 11);
rejects('an escape in a key', '{\n  "\\u0061": 1\n}\n', 'escape', 'KD-CANON-09', 5);

// --- KD-CANON-10 / KD-SCALAR-03: integers and literals -------------------------------

rejects('a negative integer', member('-1'), 'sign', 'KD-CANON-10', 9);
rejects('-0', member('-0'), 'sign', 'KD-CANON-10', 9);
rejects('a plus sign', member('+1'), 'sign', 'KD-CANON-10', 9);
rejects('a leading zero', member('01'), 'leading-zero', 'KD-CANON-10', 9);
rejects('a double zero', member('00'), 'leading-zero', 'KD-CANON-10', 9);
rejects('2^53', member('9007199254740992'), 'integer-range', 'KD-SCALAR-03', 9);
rejects('2^64', member('18446744073709551616'), 'integer-range', 'KD-SCALAR-03', 9);
rejects('a huge integer with a fraction', member('99999999999999999.5'), 'integer-range', 'KD-SCALAR-03', 9);
rejects('True', member('True'), 'literal-case', 'KD-CANON-10', 9);
rejects('NULL', member('NULL'), 'literal-case', 'KD-CANON-10', 9);
rejects('fAlse', member('fAlse'), 'literal-case', 'KD-CANON-10', 9);

// --- KD-CANON-11..13: layout --------------------------------------------------------

rejects('an inline object', '{"a": 1}\n', 'layout', 'KD-CANON-12', 1);
rejects('an inline array', member('[1]'), 'layout', 'KD-CANON-12', 10);
rejects('a TAB for indentation', '{\n\t"a": 1\n}\n', 'layout', 'KD-CANON-12', 2);
rejects('one space of indentation', '{\n "a": 1\n}\n', 'layout', 'KD-CANON-12', 3);
rejects('three spaces of indentation', '{\n   "a": 1\n}\n', 'layout', 'KD-CANON-12', 4);
rejects('an array item under-indented', '{\n  "a": [\n   1\n  ]\n}\n', 'layout', 'KD-CANON-12', 14);
rejects('a blank line', '{\n\n  "a": 1\n}\n', 'layout', 'KD-CANON-12', 2);
rejects('no space after ":"', '{\n  "a":1\n}\n', 'layout', 'KD-CANON-13', 8);
rejects('two spaces after ":"', member(' 1'), 'layout', 'KD-CANON-13', 9);
rejects('a space before ":"', '{\n  "a" : 1\n}\n', 'layout', 'KD-CANON-13', 7);
rejects('a space before ","', '{\n  "a": 1 ,\n  "b": 2\n}\n', 'layout', 'KD-CANON-13', 10);
rejects('"," followed by a space', '{\n  "a": 1, "b": 2\n}\n', 'layout', 'KD-CANON-13', 11);
rejects('CRLF inside the document', '{\n  "a": 1\r\n}\n', 'layout', 'KD-CANON-13', 10);
rejects('the closer indented', '{\n  "a": 1\n  }\n', 'layout', 'KD-CANON-13', 11);
rejects('the closer on the value line', '{\n  "a": 1}\n', 'layout', 'KD-CANON-13', 10);
rejects(
  'a missing comma between lines (first deviation is the indentation)',
  '{\n  "a": 1\n  "b": 2\n}\n',
  'layout',
  'KD-CANON-13',
  11,
);
rejects('"{ }"', '{ }\n', 'layout', 'KD-CANON-11', 1);
rejects('an empty object over two lines', '{\n}\n', 'layout', 'KD-CANON-11', 2);
rejects('"[ ]"', member('[ ]'), 'layout', 'KD-CANON-11', 10);
rejects('an empty array over two lines', '{\n  "a": [\n  ]\n}\n', 'layout', 'KD-CANON-11', 13);

// --- KD-LIMIT-02: depth and size ------------------------------------------------------

rejects('depth 3 over a cap of 2', '{\n  "a": {\n    "b": {}\n  }\n}\n', 'depth', 'KD-LIMIT-02', 20, { maxDepth: 2 });
rejects('an empty array at depth 2 over a cap of 1', member('[]'), 'depth', 'KD-LIMIT-02', 9, { maxDepth: 1 });
rejects('the top level over a cap of 0', '{}\n', 'depth', 'KD-LIMIT-02', 0, { maxDepth: 0 });
rejects('depth with the result clause', member('[]'), 'depth', 'KD-LIMIT-03', 9, {
  maxDepth: 1,
  limitClause: 'KD-LIMIT-03',
});
rejects('one byte over maxBytes', '{}\n', 'size', 'KD-LIMIT-02', 2, { maxBytes: 2 });
rejects('one byte over 64 KiB by default', new Uint8Array(65537), 'size', 'KD-LIMIT-02', 65536);
rejects('size with the result clause', '{}\n', 'size', 'KD-LIMIT-03', 2, { maxBytes: 2, limitClause: 'KD-LIMIT-03' });

/** `{` LF `  "a": ` then `count` nested arrays, each opening on its own line. */
function nestedArrays(count: number): string {
  let s = '{\n  "a": [';
  for (let j = 2; j <= count; j++) s += `\n${'  '.repeat(j)}[`;
  s += `\n${'  '.repeat(count + 1)}0`;
  for (let j = count; j >= 1; j--) s += `\n${'  '.repeat(j)}]`;
  return `${s}\n}\n`;
}

test('depth 16 is accepted by default; depth 17 is refused at the 17th opening token', () => {
  const ok = decodeCanonical(utf8(nestedArrays(15)));
  if (!ok.ok) throw new Error(ok.violation.message);
  const r = decodeCanonical(utf8(nestedArrays(16)));
  if (r.ok) throw new Error('accepted');
  assert.is(r.violation.code, 'depth');
  assert.is(r.violation.clause, 'KD-LIMIT-02');
  // Array 1's "[" is at 9 and its LF at 10; array j (j >= 2) starts a line at s_j with
  // 2j spaces, so s_2 = 11, s_(j+1) = s_j + 2j + 2, and s_16 = 11 + sum_{j=2..15}(2j+2) = 277;
  // array 16 (depth 17) opens at s_16 + 32 = 309.
  assert.is(r.violation.offset, 309);
});

test('a 100 MB buffer is refused with size', () => {
  const r = decodeCanonical(new Uint8Array(100 * 1024 * 1024));
  if (r.ok) throw new Error('accepted');
  assert.is(r.violation.code, 'size');
  assert.is(r.violation.clause, 'KD-LIMIT-02');
  assert.is(r.violation.offset, 65536);
});

test('messages escape non-printable characters of keys', () => {
  const r = decodeCanonical(utf8('{\n  "a\u202Eb": 1,\n  "a\u202Eb": 2\n}\n'));
  if (r.ok) throw new Error('accepted');
  assert.is(r.violation.code, 'duplicate-key');
  assert.ok(!r.violation.message.includes('\u202E'), r.violation.message);
  assert.ok(r.violation.message.includes('\\u{202E}'), r.violation.message);
});

// --- properties -----------------------------------------------------------------------

const exampleBytes = utf8(EXAMPLE);

type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'insert'; at: number; byte: number }
  | { kind: 'delete'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(exampleBytes.length - 1), bit: fc.nat(7) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(exampleBytes.length),
    byte: fc.oneof(fc.nat(255), fc.constantFrom(0x20, 0x0a, 0x22, 0x5c, 0x2c, 0x7d, 0x5d, 0x30)),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(exampleBytes.length - 1) }),
);

function mutate(input: Uint8Array, ms: readonly Mutation[]): Uint8Array {
  let b = [...input];
  for (const m of ms) {
    const at = Math.min(m.at, m.kind === 'insert' ? b.length : b.length - 1);
    if (at < 0) continue;
    if (m.kind === 'flip') b[at] = (b[at] ?? 0) ^ (1 << m.bit);
    else if (m.kind === 'insert') b = [...b.slice(0, at), m.byte, ...b.slice(at)];
    else b = [...b.slice(0, at), ...b.slice(at + 1)];
  }
  return Uint8Array.from(b);
}

test('never throws on random mutations of the example; whatever it accepts is canonical (property)', () => {
  fc.assert(
    fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (ms) => {
      const input = mutate(exampleBytes, ms);
      const r = decodeCanonical(input);
      if (r.ok) assert.equal([...encodeCanonical(r.value)], [...input]);
      else assert.type(r.violation.offset, 'number');
    }),
    { seed: 20261201, numRuns: 3000 },
  );
});

test('never throws on arbitrary bytes (property)', () => {
  const structural = fc.constantFrom(
    ...'{}[]":, \n\\0123456789-.eEtrufalsn/'.split('').map((c) => c.charCodeAt(0)),
    0x80,
    0xc3,
    0xed,
    0xf4,
    0xff,
  );
  fc.assert(
    fc.property(
      fc.oneof(
        fc.uint8Array({ maxLength: 64 }),
        fc.array(structural, { maxLength: 64 }).map((a) => Uint8Array.from([0x7b, 0x0a, ...a])),
      ),
      (input) => {
        const r = decodeCanonical(input, { maxDepth: 4 });
        if (r.ok) assert.equal([...encodeCanonical(r.value)], [...input]);
        else assert.ok(r.violation.offset !== undefined && r.violation.offset <= input.length);
      },
    ),
    { seed: 20261201, numRuns: 5000 },
  );
});

test.run();
