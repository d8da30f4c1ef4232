import { test } from 'uvu';
import {
  accepts,
  bytesOf,
  layout,
  member,
  refuses,
  syntax,
  type ExpectedViolation,
} from '../test-support/decode-cases.js';

// Exact violations (code, clause, offset, message, expected, actual) of the canonical decoder for faults in
// closing tokens, item indentation, keys, the ":" and its one space, empty containers and string bodies
// (contract section "Canonical JSON", KD-CANON-01..13). Every offset is counted by hand on the input as written;
// the clause of each fault follows the table in decode-canonical.ts (layout at a closer: KD-CANON-13, at an item's
// indentation: KD-CANON-12, an empty container spelled over lines or with whitespace: KD-CANON-11).

// --- closing tokens at the parent's indentation (KD-CANON-13) -----------------------------------------------------

refuses('"]" closing an object', '{\n  "a": 1\n]\n', syntax(11, '"}" at indentation 0', "']' (0x5D)"));
refuses('"}" closing an array', '{\n  "a": [\n    1\n  }\n}\n', syntax(19, '"]" at indentation 2', "'}' (0x7D)"));
refuses(
  '"," where the closer is due',
  '{\n  "a": 1\n,\n',
  layout('KD-CANON-13', 11, '"}" at indentation 0', "',' (0x2C)"),
);

// --- item indentation (KD-CANON-12) and empty containers over lines (KD-CANON-11) ---------------------------------

refuses(
  'one space of indentation',
  '{\n "a": 1\n}\n',
  layout('KD-CANON-12', 3, '2 spaces of indentation', `'"' (0x22)`),
);
refuses(
  'three spaces of indentation',
  '{\n   "a": 1\n}\n',
  layout('KD-CANON-12', 4, '2 spaces of indentation', 'space (0x20)'),
);
refuses(
  'an empty object over two lines',
  '{\n  }\n',
  layout('KD-CANON-11', 4, 'an empty object as "{}"', "'}' (0x7D)"),
);
refuses('an empty object as "{" LF "}"', '{\n}\n', layout('KD-CANON-11', 2, 'an empty object as "{}"', "'}' (0x7D)"));
refuses(
  'an empty array over two lines',
  '{\n  "a": [\n    ]\n}\n',
  layout('KD-CANON-11', 15, 'an empty array as "[]"', "']' (0x5D)"),
);
refuses('"}" after "," at the item indentation', '{\n  "a": 1,\n  }\n', syntax(14, 'a key', "'}' (0x7D)"));
refuses('"}" after "," one space in', '{\n  "a": 1,\n }\n', syntax(13, '2 spaces of indentation', "'}' (0x7D)"));

// --- keys, ":" and the one space (KD-CANON-05, -07, -08, -09, -12, -13) --------------------------------------------

refuses('an unquoted key', '{\n  a: 1\n}\n', syntax(4, 'a key', "'a' (0x61)"));
refuses('a TAB where the key is due', '{\n  \t"a": 1\n}\n', layout('KD-CANON-12', 4, 'a key', 'TAB (0x09)'));
refuses('a key with the escape \\n', '{\n  "\\n": 1\n}\n', {
  code: 'escape',
  clause: 'KD-CANON-09',
  offset: 5,
  message: 'escape \\n at byte 5; only \\" and \\\\ are canonical',
  expected: '\\" or \\\\',
  actual: '\\n',
});
refuses('a key not in NFC (e, U+0301)', '{\n  "e\u0301": 1\n}\n', {
  code: 'not-nfc',
  clause: 'KD-CANON-08',
  offset: 4,
  message: 'string at byte 4 is not in Unicode normalization form C',
  expected: 'NFC',
  actual: '"e\u0301"',
});
refuses('a repeated key', '{\n  "a": 1,\n  "a": 2\n}\n', {
  code: 'duplicate-key',
  clause: 'KD-CANON-07',
  offset: 14,
  message: 'duplicate key "a" at byte 14',
  expected: 'keys unique within the object',
  actual: '"a"',
});
refuses('a key repeated after a greater one', '{\n  "a": 1,\n  "b": 2,\n  "a": 3\n}\n', {
  code: 'duplicate-key',
  clause: 'KD-CANON-07',
  offset: 24,
  message: 'duplicate key "a" at byte 24',
  expected: 'keys unique within the object',
  actual: '"a"',
});
refuses('"a" after "b"', '{\n  "b": 1,\n  "a": 2\n}\n', {
  code: 'key-order',
  clause: 'KD-CANON-05',
  offset: 14,
  message: 'key "a" at byte 14 is not after "b" in UTF-8 byte order',
  expected: 'a key after "b"',
  actual: '"a"',
});
refuses('a space before ":"', '{\n  "a" : 1\n}\n', layout('KD-CANON-13', 7, '":" right after the key', 'space (0x20)'));
refuses('no space after ":"', '{\n  "a":1\n}\n', layout('KD-CANON-13', 8, 'exactly one space after ":"', "'1' (0x31)"));

// --- right after "{" or "[" (KD-CANON-11, KD-CANON-12) ------------------------------------------------------------

refuses(
  '"{" then space, LF, CR, TAB and "}"',
  '{ \n\r\t}\n',
  layout('KD-CANON-11', 1, 'LF or "}" right after "{"', 'space (0x20)'),
);
refuses(
  '"{" then a space and a member',
  '{ "a": 1}\n',
  layout('KD-CANON-12', 1, 'LF or "}" right after "{"', 'space (0x20)'),
);
refuses('"{" then a space and "]"', '{ ]\n', layout('KD-CANON-12', 1, 'LF or "}" right after "{"', 'space (0x20)'));
refuses('"{" then a space and the end', '{ ', layout('KD-CANON-12', 1, 'LF or "}" right after "{"', 'space (0x20)'));
refuses('"[ ]"', '{\n  "a": [ ]\n}\n', layout('KD-CANON-11', 10, 'LF or "]" right after "["', 'space (0x20)'));
refuses(
  '"[1]" on one line',
  '{\n  "a": [1]\n}\n',
  layout('KD-CANON-12', 10, 'LF or "]" right after "["', "'1' (0x31)"),
);

// --- string bodies (KD-CANON-01, -02, -08, -09) --------------------------------------------------------------------

const unterminated = (len: number): ExpectedViolation => ({
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: len,
  message: `input ends at byte ${len} inside the string that starts at byte 9`,
  expected: 'a closing quote',
  actual: 'end of input',
});
refuses('a string cut off', '{\n  "a": "ab', unterminated(12));
refuses('a string cut off after a backslash', '{\n  "a": "\\', unterminated(11));
refuses('the escape \\n in a value', member('"\\n"'), {
  code: 'escape',
  clause: 'KD-CANON-09',
  offset: 10,
  message: 'escape \\n at byte 10; only \\" and \\\\ are canonical',
  expected: '\\" or \\\\',
  actual: '\\n',
});
const control = (name: string): ExpectedViolation => ({
  code: 'control-character',
  clause: 'KD-CANON-08',
  offset: 10,
  message: `control character ${name} at byte 10 in a string`,
  expected: 'no control character',
  actual: name,
});
refuses('U+0001 in a string', member([0x22, 0x01, 0x22]), control('U+0001'));
refuses('U+007F in a string', member([0x22, 0x7f, 0x22]), control('U+007F'));
refuses('U+0085 (C2 85) in a string', member([0x22, 0xc2, 0x85, 0x22]), control('U+0085'));
refuses('a stray continuation byte 0x80 in a string', member([0x22, 0x80, 0x22]), {
  code: 'invalid-utf8',
  clause: 'KD-CANON-01',
  offset: 10,
  message: 'ill-formed UTF-8 at byte 10',
  expected: 'well-formed UTF-8',
  actual: '0x80',
});
refuses('a value not in NFC (e, U+0301)', member('"e\u0301"'), {
  code: 'not-nfc',
  clause: 'KD-CANON-08',
  offset: 9,
  message: 'string at byte 9 is not in Unicode normalization form C',
  expected: 'NFC',
  actual: '"e\u0301"',
});

// --- faults elsewhere whose source lines read the same as lines above ("return false;", "{") ----------------------

refuses('a byte after the object where its LF is due', '{}x', {
  code: 'trailing-data',
  clause: 'KD-CANON-03',
  offset: 2,
  message: 'trailing data at byte 2 after the object; expected LF',
  expected: 'LF',
  actual: "'x' (0x78)",
});
refuses(
  '"}" closing an array one space in',
  '{\n  "a": [\n    1\n }\n}\n',
  syntax(18, '2 spaces before the closing token', "'}' (0x7D)"),
);
refuses('a top-level array', '[]\n', {
  code: 'not-object',
  clause: 'KD-CANON-02',
  offset: 0,
  message: "top-level value at byte 0 is not an object; found '[' (0x5B)",
  expected: '"{"',
  actual: "'[' (0x5B)",
});
refuses('2^53', member('9007199254740992'), {
  code: 'integer-range',
  clause: 'KD-SCALAR-03',
  offset: 9,
  message: 'integer at byte 9 exceeds 9007199254740991',
  expected: 'an integer from 0 through 9007199254740991',
  actual: 'a larger integer',
});

accepts('\\" and \\\\ in a value', member('"q\\"b\\\\s"'), { a: 'q"b\\s' });
accepts('U+00A0 (C2 A0), the first non-control C2 sequence', member('"\u00A0"'), { a: '\u00A0' });
accepts('U+00E9 precomposed (NFC)', member('"\u00E9"'), { a: '\u00E9' });

test.run();
