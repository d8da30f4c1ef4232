import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCanonical } from './decode-canonical.js';
import { bytesOf, member } from '../test-support/decode-cases.js';

// What each refusal of a number, literal, value position, string end or comment says, in full:
// the code, the KD- clause, the byte offset, and the expected/actual pair (contract section
// "Canonical JSON": integers without sign, leading zero, fraction or exponent (KD-CANON-03,
// KD-CANON-10), 0 through 2^53-1 (KD-SCALAR-03), lowercase literals (KD-CANON-10), no comments
// (KD-CANON-03), the canonical layout (KD-CANON-02, KD-CANON-12, KD-CANON-13)). A byte is
// named as `'c' (0xHH)` when printable ASCII, by name for TAB, LF, CR and space.

interface Refusal {
  code: string;
  clause: string;
  offset: number;
  expected: string;
  actual: string;
  /** Words the one-sentence message must carry besides `byte <offset>`. */
  says?: string;
}

/** Every offset below is counted by hand on the input as written. */
function refuses(name: string, input: Uint8Array, want: Refusal): void {
  test(`${name}: ${want.code} ${want.clause} at byte ${want.offset}, expected ${want.expected}`, () => {
    const r = decodeCanonical(input);
    if (r.ok) throw new Error('accepted');
    const v = r.violation;
    assert.equal(
      { code: v.code, clause: v.clause, offset: v.offset, expected: v.expected, actual: v.actual },
      { code: want.code, clause: want.clause, offset: want.offset, expected: want.expected, actual: want.actual },
      v.message,
    );
    assert.ok(v.message.includes(`byte ${want.offset}`), v.message);
    if (want.says !== undefined) assert.ok(v.message.includes(want.says), v.message);
  });
}

// --- integers (KD-CANON-03, KD-CANON-10, KD-SCALAR-03) --------------------------------

const leadingZero = {
  code: 'leading-zero',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'no leading zero',
  actual: 'leading zero',
};
refuses('a leading zero before 1', member('01'), leadingZero);
refuses('a leading zero before 9, the last digit', member('09'), leadingZero);
refuses('2^53, one above the profile', member('9007199254740992'), {
  code: 'integer-range',
  clause: 'KD-SCALAR-03',
  offset: 9,
  expected: 'an integer from 0 through 9007199254740991',
  actual: 'a larger integer',
  says: '9007199254740991',
});
refuses('a double zero', member('00'), leadingZero);
// The digit loop stops at the end of input as at any non-digit (KD-CANON-02: the object is not closed).
refuses('an integer cut by the end of input', bytesOf('{\n  "a": 12'), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 11,
  expected: '"," or LF right after the value',
  actual: 'end of input',
});
refuses('a fraction after digits', member('12.5'), {
  code: 'float',
  clause: 'KD-CANON-03',
  offset: 11,
  expected: 'an integer',
  actual: '"."',
});
refuses('a fraction after zero', member('0.5'), {
  code: 'float',
  clause: 'KD-CANON-03',
  offset: 10,
  expected: 'an integer',
  actual: '"."',
});
refuses('a fraction with no digit before it', member('.5'), {
  code: 'float',
  clause: 'KD-CANON-03',
  offset: 9,
  expected: 'an integer',
  actual: '"."',
});
refuses('a lowercase exponent', member('1e5'), {
  code: 'exponent',
  clause: 'KD-CANON-03',
  offset: 10,
  expected: 'an integer',
  actual: "'e' (0x65)",
});
refuses('an uppercase exponent after zero', member('0E1'), {
  code: 'exponent',
  clause: 'KD-CANON-03',
  offset: 10,
  expected: 'an integer',
  actual: "'E' (0x45)",
});
refuses('a minus sign', member('-1'), {
  code: 'sign',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'an unsigned integer',
  actual: "'-' (0x2D)",
});
refuses('a plus sign', member('+1'), {
  code: 'sign',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'an unsigned integer',
  actual: "'+' (0x2B)",
});

// --- literals (KD-CANON-10) and other bytes where a value is due (KD-CANON-02) ---------

refuses('True', member('True'), {
  code: 'literal-case',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'true',
  actual: 'true in another case',
});
refuses('nulL', member('nulL'), {
  code: 'literal-case',
  clause: 'KD-CANON-10',
  offset: 9,
  expected: 'null',
  actual: 'null in another case',
});
refuses('a literal cut short by LF', member('fals'), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 9,
  expected: 'a value',
  actual: "'f' (0x66)",
});
refuses('a literal cut short by the end of input', bytesOf('{\n  "a": tru'), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 9,
  expected: 'a value',
  actual: "'t' (0x74)",
});
refuses('the end of input where a value is due', bytesOf('{\n  "a": '), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 9,
  expected: 'a value',
  actual: 'end of input',
});
refuses('a letter where a value is due', member('x'), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 9,
  expected: 'a value',
  actual: "'x' (0x78)",
});
refuses('a byte 0x80 where a value is due', member([0x80]), {
  code: 'invalid-utf8',
  clause: 'KD-CANON-01',
  offset: 9,
  expected: 'well-formed UTF-8',
  actual: '0x80',
});
refuses('a well-formed U+00E9 where a value is due', member('\u00E9'), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 9,
  expected: 'a value',
  actual: '0xC3',
});

// --- layout where a value is due (KD-CANON-13 after ":", KD-CANON-12 for an item) ------

refuses('a second space after ":"', member(' 1'), {
  code: 'layout',
  clause: 'KD-CANON-13',
  offset: 9,
  expected: 'a value',
  actual: 'space (0x20)',
  says: 'non-canonical layout',
});
refuses('a TAB after ": "', member('\t1'), {
  code: 'layout',
  clause: 'KD-CANON-13',
  offset: 9,
  expected: 'a value',
  actual: 'TAB (0x09)',
});
refuses('an LF after ": "', member('\n1'), {
  code: 'layout',
  clause: 'KD-CANON-13',
  offset: 9,
  expected: 'a value',
  actual: 'LF (0x0A)',
});
refuses('a CR after ": "', member('\r1'), {
  code: 'layout',
  clause: 'KD-CANON-13',
  offset: 9,
  expected: 'a value',
  actual: 'CR (0x0D)',
});
refuses('a "[" right after ":" (no space)', bytesOf('{\n  "a":[]\n}\n'), {
  code: 'layout',
  clause: 'KD-CANON-13',
  offset: 8,
  expected: 'exactly one space after ":"',
  actual: "'[' (0x5B)",
});

// --- strings and comments (KD-CANON-02, KD-CANON-03) ----------------------------------

refuses('a string value cut by the end of input', bytesOf('{\n  "a": "abc'), {
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset: 13,
  expected: 'a closing quote',
  actual: 'end of input',
  says: 'starts at byte 9',
});
refuses('a comment after a value', member('1/* c */'), {
  code: 'comment',
  clause: 'KD-CANON-03',
  offset: 10,
  expected: 'no comment',
  actual: '"/"',
});
refuses('a comment where a value is due', member('// c'), {
  code: 'comment',
  clause: 'KD-CANON-03',
  offset: 9,
  expected: 'no comment',
  actual: '"/"',
});

test.run();
