// The decoder's entry, top level and container layout (contract section "Canonical JSON",
// KD-CANON-01..13, KD-LIMIT-02): each rejection is pinned whole (code, clause, byte offset,
// expected, actual, message), offsets counted by hand on the bytes shown, codes and clauses
// from the table on CanonicalViolationCode, wording as the decoder documents it (a byte is
// named "'x' (0x78)", whitespace as "space (0x20)", "LF (0x0A)", "CR (0x0D)", "TAB (0x09)").
import { test } from 'uvu';
import { accepts, bytesOf, layout, refuses, syntax, type ExpectedViolation } from '../test-support/decode-cases.js';

// --- KD-LIMIT-02: the byte cap, on the length alone ---------------------------------------
accepts('an input of exactly maxBytes bytes', '{}\n', {}, { maxBytes: 3 });
refuses(
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
refuses('a BOM before the object', bytesOf([0xef, 0xbb, 0xbf], '{}\n'), {
  code: 'bom',
  clause: 'KD-CANON-01',
  offset: 0,
  message: BOM_MESSAGE,
});
refuses('an input that is only the three BOM bytes', bytesOf([0xef, 0xbb, 0xbf]), {
  code: 'bom',
  clause: 'KD-CANON-01',
  offset: 0,
  message: BOM_MESSAGE,
});
// Each of the three BOM bytes alone is not a BOM: the rest of the bytes decide.
const stray = (offset: number, actual: string): ExpectedViolation => ({
  code: 'invalid-utf8',
  clause: 'KD-CANON-01',
  offset,
  expected: 'well-formed UTF-8',
  actual,
  message: `ill-formed UTF-8 at byte ${offset}`,
});
refuses('"{" then BB BF: a stray continuation byte after "{"', bytesOf('{', [0xbb, 0xbf], '}\n'), stray(1, '0xBB'));
refuses('EF "A" BF: a truncated sequence at byte 0', bytesOf([0xef, 0x41, 0xbf], '{}\n'), stray(0, '0xEF'));
refuses('EF BB "A": a truncated sequence at byte 0', bytesOf([0xef, 0xbb, 0x41], '{}\n'), stray(0, '0xEF'));
// A U+FEFF inside a string is a character like any other (KD-CANON-08 keeps it as sent).
accepts('a U+FEFF leading a string value', '{\n  "a": "\u{feff}x"\n}\n', { a: '\u{feff}x' });

// --- KD-CANON-02: exactly one object at byte 0 ----------------------------------------------
refuses('an empty input', new Uint8Array(0), {
  code: 'not-object',
  clause: 'KD-CANON-02',
  offset: 0,
  message: 'empty input: expected one JSON object at byte 0',
});
refuses('a top-level array', '[]\n', {
  code: 'not-object',
  clause: 'KD-CANON-02',
  offset: 0,
  expected: '"{"',
  actual: "'[' (0x5B)",
  message: "top-level value at byte 0 is not an object; found '[' (0x5B)",
});
refuses('a space before the object', ' {}\n', layout('KD-CANON-02', 0, '"{" at byte 0', 'space (0x20)'));
refuses('a "!" before the object', '!{}\n', syntax(0, '"{" at byte 0', "'!' (0x21)"));
refuses('"{" then "]"', '{]\n', syntax(1, 'LF or "}" right after "{"', "']' (0x5D)"));
refuses('"{" then a space then "}"', '{ }\n', layout('KD-CANON-11', 1, 'LF or "}" right after "{"', 'space (0x20)'));
refuses(
  'an empty object spelled over two lines',
  '{\n}\n',
  layout('KD-CANON-11', 2, 'an empty object as "{}"', "'}' (0x7D)"),
);

// --- KD-CANON-02/03: the object, exactly one LF, nothing after -------------------------------
refuses('a missing final LF', '{}', {
  code: 'final-lf',
  clause: 'KD-CANON-02',
  offset: 2,
  expected: 'LF',
  actual: 'end of input',
  message: 'missing final LF at byte 2',
});
refuses('CR LF after the object', '{}\r\n', {
  code: 'final-lf',
  clause: 'KD-CANON-02',
  offset: 2,
  expected: 'LF',
  actual: 'CR (0x0D)',
  message: 'CR at byte 2; the object ends with exactly one LF',
});
const comment = (offset: number): ExpectedViolation => ({
  code: 'comment',
  clause: 'KD-CANON-03',
  offset,
  expected: 'no comment',
  actual: '"/"',
  message: `comment at byte ${offset}; canonical JSON has no comments`,
});
refuses('a comment right after the object', '{}//\n', comment(2));
refuses('trailing data instead of the LF', '{}x\n', {
  code: 'trailing-data',
  clause: 'KD-CANON-03',
  offset: 2,
  expected: 'LF',
  actual: "'x' (0x78)",
  message: 'trailing data at byte 2 after the object; expected LF',
});
const extraLineEnd = (actual: string): ExpectedViolation => ({
  code: 'final-lf',
  clause: 'KD-CANON-02',
  offset: 3,
  expected: 'end of input',
  actual,
  message: 'extra line end at byte 3; the object ends with exactly one LF',
});
refuses('a second LF', '{}\n\n', extraLineEnd('LF (0x0A)'));
refuses('a CR after the LF', '{}\n\r', extraLineEnd('CR (0x0D)'));
refuses('a comment after the LF', '{}\n//', comment(3));
refuses('trailing data after the LF', '{}\nx', {
  code: 'trailing-data',
  clause: 'KD-CANON-03',
  offset: 3,
  expected: 'end of input',
  actual: "'x' (0x78)",
  message: 'trailing data at byte 3 after the final LF',
});

// --- KD-CANON-10/12/13: values and separators inside containers -----------------------------
// Offsets: "{" 0, LF 1, two spaces 2-3, "\"a\"" 4-6, ":" 7, space 8, the value at 9.
refuses('two spaces after ":"', '{\n  "a":  1\n}\n', layout('KD-CANON-13', 9, 'a value', 'space (0x20)'));
refuses('a TAB after an array item indentation', '{\n  "a": [\n    \t1\n  ]\n}\n', {
  ...layout('KD-CANON-12', 15, 'a value', 'TAB (0x09)'),
});
refuses('no space after ":"', '{\n  "a":1\n}\n', layout('KD-CANON-13', 8, 'exactly one space after ":"', "'1' (0x31)"));
refuses('a signed value', '{\n  "a": -1\n}\n', {
  code: 'sign',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'an unsigned integer',
  actual: "'-' (0x2D)",
  message: 'signed number at byte 9; canonical integers have no sign',
});
refuses('a letter where a value is due', '{\n  "a": x\n}\n', syntax(9, 'a value', "'x' (0x78)"));
refuses('the input ending where a value is due', '{\n  "a": ', syntax(9, 'a value', 'end of input'));
// A fault inside a value is the one reported, not whatever the bytes after it would cause.
refuses('a leading zero', '{\n  "a": 01\n}\n', {
  code: 'leading-zero',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'no leading zero',
  actual: 'leading zero',
  message: 'number at byte 9 has a leading zero',
});
// Inside a string value: its opening quote is at 9, an escape's backslash at 10; ending after "x" leaves 11 bytes.
refuses('an escape other than \\" and \\\\', '{\n  "a": "\\/"\n}\n', {
  code: 'escape',
  clause: 'KD-CANON-09',
  offset: 10,
  expected: '\\" or \\\\',
  actual: '\\/',
  message: 'escape \\/ at byte 10; only \\" and \\\\ are canonical',
});
refuses('the input ending inside a string', '{\n  "a": "x', {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 11,
  expected: 'a closing quote',
  actual: 'end of input',
  message: 'input ends at byte 11 inside the string that starts at byte 9',
});
// "1" 9, "," 10, then a space at 11 where the LF is due.
refuses(
  'a space after ","',
  '{\n  "a": 1, "b": 2\n}\n',
  layout('KD-CANON-13', 11, 'LF right after ","', 'space (0x20)'),
);
refuses('a trailing ","', '{\n  "a": 1,\n}\n', syntax(12, '2 spaces of indentation', "'}' (0x7D)"));
refuses(
  'a space after the value',
  '{\n  "a": 1 \n}\n',
  layout('KD-CANON-13', 10, '"," or LF right after the value', 'space (0x20)'),
);
// "[" 9, LF 10, four spaces 11-14, "1" 15, LF 16, then one space at 17 and "]" at 18.
refuses(
  'a closing "]" indented by one space instead of two',
  '{\n  "a": [\n    1\n ]\n}\n',
  layout('KD-CANON-13', 18, '2 spaces before the closing token', "']' (0x5D)"),
);

// --- KD-LIMIT-02: the depth cap, the top level being depth 1 ---------------------------------
accepts('two levels under a cap of 2', '{\n  "a": {}\n}\n', { a: {} }, { maxDepth: 2 });
refuses(
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
