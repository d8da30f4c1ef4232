import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { describeInputViolations } from './describe-input-violations.js';
import { formatJsonInputProblem, parseJsonInput } from './read-json-input.js';

const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));
const problemOf = (input: Uint8Array | string): string => {
  const r = parseJsonInput(typeof input === 'string' ? bytes(input) : input);
  return r.ok ? 'accepted' : `${r.problem.code} ${formatJsonInputProblem(r.problem)}`;
};

test('any layout of plain JSON is accepted, values as JSON.parse builds them', () => {
  const r = parseJsonInput(bytes('{ "b" : [1, 2.5e1, "x"],\n\t"a": {"c": null, "d": true} }\n'));
  assert.equal(r.ok ? r.value : undefined, { b: [1, 25, 'x'], a: { c: null, d: true } });
});

test('a duplicate key is refused at the byte of its second occurrence, with its JSON pointer', () => {
  // {"a":1,"b":{"c":2,"c":3}}: the second "c" opens at byte 18 (0-based).
  assert.is(problemOf('{"a":1,"b":{"c":2,"c":3}}'), 'duplicate-key byte 18, /b/c: duplicate key "c"');
  // Keys in arrays of objects: [{"k":0},{"k":1,"k":2}]: the second object's second "k" is at byte 16.
  assert.is(problemOf('[{"k":0},{"k":1,"k":2}]'), 'duplicate-key byte 16, /1/k: duplicate key "k"');
  // RFC 6901 escapes in the pointer: "~" is ~0 and "/" is ~1.
  assert.is(problemOf('{"x/y":{"~":1,"~":2}}'), 'duplicate-key byte 14, /x~1y/~0: duplicate key "~"');
  // The same key in sibling objects is no duplicate.
  assert.is(problemOf('{"a":{"k":1},"b":{"k":1}}'), 'accepted');
  // Keys compare after unescaping: "\u0061" is "a" (the second key starts at byte 7).
  assert.is(problemOf('{"a":1,"\\u0061":2}'), 'duplicate-key byte 7, /a: duplicate key "a"');
});

test('invalid UTF-8 is refused at the byte that breaks the sequence; a BOM is refused', () => {
  // {"a":"<FF>"}: 0xFF at byte 6 can start no sequence.
  assert.is(
    problemOf(new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
    'utf8 byte 6: invalid UTF-8',
  );
  // "<E2><28>": E2 opens a three-byte sequence, 0x28 at byte 2 cannot continue it.
  assert.is(problemOf(new Uint8Array([0x22, 0xe2, 0x28, 0xa1, 0x22])), 'utf8 byte 2: invalid UTF-8');
  // An overlong encoding of "/" (C0 AF) is refused at its first byte, 1: C0 can start no sequence.
  assert.is(problemOf(new Uint8Array([0x22, 0xc0, 0xaf, 0x22])), 'utf8 byte 1: invalid UTF-8');
  assert.is(problemOf(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), 'bom byte 0: starts with a byte order mark');
});

test('comments, trailing commas, empty input and raw control characters are syntax errors with their byte', () => {
  assert.is(problemOf('{"a":1,}'), 'syntax byte 7: syntax error (PropertyNameExpected)');
  assert.is(problemOf('{"a":/*x*/1}'), 'syntax byte 5: syntax error (InvalidCommentToken)');
  assert.is(problemOf(''), 'syntax byte 0: syntax error (ValueExpected)');
  assert.is(problemOf('{"a":"\u0001"}'), 'syntax byte 5: syntax error (InvalidCharacter)');
  // Offsets count bytes, not UTF-16 units: "é" is two bytes, so the stray "x" sits at byte 5.
  assert.is(problemOf('"é" x'), 'syntax byte 5: syntax error (InvalidSymbol)');
});

test('nesting beyond the bound and input beyond the size bound are refused, never a stack overflow', () => {
  // The 129th "[" (byte 128) is one level too deep for the default bound of 128.
  assert.is(problemOf('['.repeat(129) + ']'.repeat(129)), 'too-deep byte 128: nested deeper than 128');
  assert.is(problemOf('['.repeat(100000)), 'too-deep byte 128: nested deeper than 128');
  const r = parseJsonInput(bytes('[1,2,3]'), { maxBytes: 6 });
  assert.is(r.ok ? 'accepted' : formatJsonInputProblem(r.problem), '7 bytes, more than the 6 allowed');
});

test('schema violations: an unknown key is named by its pointer ahead of the oneOf that it also breaks', () => {
  const oneOf = { code: 'schema', clause: 'KD-X-01', message: 'must match exactly one schema in oneOf', pointer: '' };
  const unknown = {
    code: 'schema',
    clause: 'KD-X-01',
    message: 'must NOT have additional properties',
    pointer: '/proces',
    expected: 'no field the record does not define',
    actual: 'field proces',
  };
  assert.is(describeInputViolations([oneOf, unknown]), '/proces: unknown key (misspelled?)');
  assert.is(describeInputViolations([oneOf]), '/: must match exactly one schema in oneOf');
});

test.run();
