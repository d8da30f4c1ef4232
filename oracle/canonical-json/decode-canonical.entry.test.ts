// The decoder's entry, top level and container layout (contract section "Canonical JSON",
// KD-CANON-01..13, KD-LIMIT-02): each rejection is pinned whole (code, clause, byte offset,
// expected, actual, message), offsets counted by hand on the bytes shown, codes and clauses
// from the table on CanonicalViolationCode, wording as the decoder documents it (a byte is
// named "'x' (0x78)", whitespace as "space (0x20)", "LF (0x0A)", "CR (0x0D)", "TAB (0x09)").
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCanonical, type DecodeCanonicalOptions } from './decode-canonical.js';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const bytesOf = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));

interface Expected {
  code: string;
  clause: string;
  offset?: number;
  expected?: string;
  actual?: string;
  message: string;
}

function rejects(name: string, input: string | Uint8Array, want: Expected, options?: DecodeCanonicalOptions): void {
  test(`rejects ${name}`, () => {
    const r = decodeCanonical(typeof input === 'string' ? utf8(input) : input, options);
    assert.is(r.ok, false);
    if (r.ok) return;
    assert.equal(r.violation, want);
  });
}

function accepts(name: string, input: string | Uint8Array, value: unknown, options?: DecodeCanonicalOptions): void {
  test(`accepts ${name}`, () => {
    const r = decodeCanonical(typeof input === 'string' ? utf8(input) : input, options);
    if (!r.ok) throw new Error(`rejected: ${r.violation.code} ${r.violation.message}`);
    assert.equal(r.value, value);
  });
}

/** Layout fault: the byte plain JSON allows there but the canonical layout does not. */
const layout = (clause: string, offset: number, expected: string, actual: string): Expected => ({
  code: 'layout',
  clause,
  offset,
  expected,
  actual,
  message: `non-canonical layout at byte ${offset}: expected ${expected}, found ${actual}`,
});

/** Syntax fault: a byte RFC 8259 forbids there. */
const syntax = (offset: number, expected: string, actual: string): Expected => ({
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset,
  expected,
  actual,
  message:
    actual === 'end of input'
      ? `unexpected end of input at byte ${offset}; expected ${expected}`
      : `unexpected ${actual} at byte ${offset}; expected ${expected}`,
});

// --- KD-LIMIT-02: the byte cap, on the length alone ---------------------------------------
accepts('an input of exactly maxBytes bytes', '{}\n', {}, { maxBytes: 3 });
rejects(
  'one byte over the cap, reported under KD-LIMIT-02 by default',
  '{}\n',
  {
    code: 'size',
    clause: 'KD-LIMIT-02',
    offset: 2,
    expected: 'at most 2 bytes',
    actual: '3 bytes',
    message: 'input of 3 bytes exceeds the cap of 2 bytes',
  },
  { maxBytes: 2 },
);

// --- KD-CANON-01: no BOM -------------------------------------------------------------------
const BOM_MESSAGE = 'byte order mark at byte 0; canonical bytes are UTF-8 without a BOM';
rejects('a BOM before the object', bytesOf([0xef, 0xbb, 0xbf], '{}\n'), {
  code: 'bom',
  clause: 'KD-CANON-01',
  offset: 0,
  message: BOM_MESSAGE,
});
rejects('an input that is only the three BOM bytes', bytesOf([0xef, 0xbb, 0xbf]), {
  code: 'bom',
  clause: 'KD-CANON-01',
  offset: 0,
  message: BOM_MESSAGE,
});
// Each of the three BOM bytes alone is not a BOM: the rest of the bytes decide.
const stray = (offset: number, actual: string): Expected => ({
  code: 'invalid-utf8',
  clause: 'KD-CANON-01',
  offset,
  expected: 'well-formed UTF-8',
  actual,
  message: `ill-formed UTF-8 at byte ${offset}`,
});
rejects('"{" then BB BF: a stray continuation byte after "{"', bytesOf('{', [0xbb, 0xbf], '}\n'), stray(1, '0xBB'));
rejects('EF "A" BF: a truncated sequence at byte 0', bytesOf([0xef, 0x41, 0xbf], '{}\n'), stray(0, '0xEF'));
rejects('EF BB "A": a truncated sequence at byte 0', bytesOf([0xef, 0xbb, 0x41], '{}\n'), stray(0, '0xEF'));
// A U+FEFF inside a string is a character like any other (KD-CANON-08 keeps it as sent).
accepts('a U+FEFF leading a string value', '{\n  "a": "\u{feff}x"\n}\n', { a: '\u{feff}x' });

// --- KD-CANON-02: exactly one object at byte 0 ----------------------------------------------
rejects('an empty input', new Uint8Array(0), {
  code: 'not-object',
  clause: 'KD-CANON-02',
  offset: 0,
  message: 'empty input: expected one JSON object at byte 0',
});
rejects('a top-level array', '[]\n', {
  code: 'not-object',
  clause: 'KD-CANON-02',
  offset: 0,
  expected: '"{"',
  actual: "'[' (0x5B)",
  message: "top-level value at byte 0 is not an object; found '[' (0x5B)",
});
rejects('a space before the object', ' {}\n', layout('KD-CANON-02', 0, '"{" at byte 0', 'space (0x20)'));
rejects('a "!" before the object', '!{}\n', syntax(0, '"{" at byte 0', "'!' (0x21)"));
rejects('"{" then "]"', '{]\n', syntax(1, 'LF or "}" right after "{"', "']' (0x5D)"));
rejects('"{" then a space then "}"', '{ }\n', layout('KD-CANON-11', 1, 'LF or "}" right after "{"', 'space (0x20)'));
rejects(
  'an empty object spelled over two lines',
  '{\n}\n',
  layout('KD-CANON-11', 2, 'an empty object as "{}"', "'}' (0x7D)"),
);

// --- KD-CANON-02/03: the object, exactly one LF, nothing after -------------------------------
rejects('a missing final LF', '{}', {
  code: 'final-lf',
  clause: 'KD-CANON-02',
  offset: 2,
  expected: 'LF',
  actual: 'end of input',
  message: 'missing final LF at byte 2',
});
rejects('CR LF after the object', '{}\r\n', {
  code: 'final-lf',
  clause: 'KD-CANON-02',
  offset: 2,
  expected: 'LF',
  actual: 'CR (0x0D)',
  message: 'CR at byte 2; the object ends with exactly one LF',
});
const comment = (offset: number): Expected => ({
  code: 'comment',
  clause: 'KD-CANON-03',
  offset,
  expected: 'no comment',
  actual: '"/"',
  message: `comment at byte ${offset}; canonical JSON has no comments`,
});
rejects('a comment right after the object', '{}//\n', comment(2));
rejects('trailing data instead of the LF', '{}x\n', {
  code: 'trailing-data',
  clause: 'KD-CANON-03',
  offset: 2,
  expected: 'LF',
  actual: "'x' (0x78)",
  message: 'trailing data at byte 2 after the object; expected LF',
});
const extraLineEnd = (actual: string): Expected => ({
  code: 'final-lf',
  clause: 'KD-CANON-02',
  offset: 3,
  expected: 'end of input',
  actual,
  message: 'extra line end at byte 3; the object ends with exactly one LF',
});
rejects('a second LF', '{}\n\n', extraLineEnd('LF (0x0A)'));
rejects('a CR after the LF', '{}\n\r', extraLineEnd('CR (0x0D)'));
rejects('a comment after the LF', '{}\n//', comment(3));
rejects('trailing data after the LF', '{}\nx', {
  code: 'trailing-data',
  clause: 'KD-CANON-03',
  offset: 3,
  expected: 'end of input',
  actual: "'x' (0x78)",
  message: 'trailing data at byte 3 after the final LF',
});

// --- KD-CANON-10/12/13: values and separators inside containers -----------------------------
// Offsets: "{" 0, LF 1, two spaces 2-3, "\"a\"" 4-6, ":" 7, space 8, the value at 9.
rejects('two spaces after ":"', '{\n  "a":  1\n}\n', layout('KD-CANON-13', 9, 'a value', 'space (0x20)'));
rejects('a TAB after an array item indentation', '{\n  "a": [\n    \t1\n  ]\n}\n', {
  ...layout('KD-CANON-12', 15, 'a value', 'TAB (0x09)'),
});
rejects('no space after ":"', '{\n  "a":1\n}\n', layout('KD-CANON-13', 8, 'exactly one space after ":"', "'1' (0x31)"));
rejects('a signed value', '{\n  "a": -1\n}\n', {
  code: 'sign',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'an unsigned integer',
  actual: "'-' (0x2D)",
  message: 'signed number at byte 9; canonical integers have no sign',
});
rejects('a letter where a value is due', '{\n  "a": x\n}\n', syntax(9, 'a value', "'x' (0x78)"));
rejects('the input ending where a value is due', '{\n  "a": ', syntax(9, 'a value', 'end of input'));
// A fault inside a value is the one reported, not whatever the bytes after it would cause.
rejects('a leading zero', '{\n  "a": 01\n}\n', {
  code: 'leading-zero',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'no leading zero',
  actual: 'leading zero',
  message: 'number at byte 9 has a leading zero',
});
// Inside a string value: its opening quote is at 9, an escape's backslash at 10; ending after "x" leaves 11 bytes.
rejects('an escape other than \\" and \\\\', '{\n  "a": "\\/"\n}\n', {
  code: 'escape',
  clause: 'KD-CANON-09',
  offset: 10,
  expected: '\\" or \\\\',
  actual: '\\/',
  message: 'escape \\/ at byte 10; only \\" and \\\\ are canonical',
});
rejects('the input ending inside a string', '{\n  "a": "x', {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 11,
  expected: 'a closing quote',
  actual: 'end of input',
  message: 'input ends at byte 11 inside the string that starts at byte 9',
});
// "1" 9, "," 10, then a space at 11 where the LF is due.
rejects(
  'a space after ","',
  '{\n  "a": 1, "b": 2\n}\n',
  layout('KD-CANON-13', 11, 'LF right after ","', 'space (0x20)'),
);
rejects('a trailing ","', '{\n  "a": 1,\n}\n', syntax(12, '2 spaces of indentation', "'}' (0x7D)"));
rejects(
  'a space after the value',
  '{\n  "a": 1 \n}\n',
  layout('KD-CANON-13', 10, '"," or LF right after the value', 'space (0x20)'),
);
// "[" 9, LF 10, four spaces 11-14, "1" 15, LF 16, then one space at 17 and "]" at 18.
rejects(
  'a closing "]" indented by one space instead of two',
  '{\n  "a": [\n    1\n ]\n}\n',
  layout('KD-CANON-13', 18, '2 spaces before the closing token', "']' (0x5D)"),
);

// --- KD-LIMIT-02: the depth cap, the top level being depth 1 ---------------------------------
accepts('two levels under a cap of 2', '{\n  "a": {}\n}\n', { a: {} }, { maxDepth: 2 });
rejects(
  'two levels under a cap of 1',
  '{\n  "a": {}\n}\n',
  {
    code: 'depth',
    clause: 'KD-LIMIT-02',
    offset: 9,
    expected: 'depth at most 1',
    actual: 'depth 2',
    message: 'nesting at byte 9 exceeds the depth cap of 1',
  },
  { maxDepth: 1 },
);

test.run();
