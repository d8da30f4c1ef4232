/**
 * Cases of the canonical JSON decoder's tests (oracle/canonical-json/decode-canonical.*.test.ts): inputs built from
 * text and raw bytes, and a refusal checked as the whole violation the decoder reports (code, clause, byte offset,
 * expected, actual, message), each worked by hand in the test that states it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCanonical, type DecodeCanonicalOptions } from '../canonical-json/decode-canonical.js';

/** The UTF-8 bytes of `s`. */
export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Text (as UTF-8) and raw bytes, joined. */
export const bytesOf = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));

/** `{` LF, two spaces, `"a": `, then X at byte 9, then LF `}` LF. */
export const member = (x: string | number[]): Uint8Array => bytesOf('{\n  "a": ', x, '\n}\n');

/** A violation as the decoder reports it. */
export interface ExpectedViolation {
  code: string;
  clause: string;
  offset?: number;
  expected?: string;
  actual?: string;
  message: string;
}

/** A test that `input` is refused with exactly `want`. */
export function refuses(
  name: string,
  input: string | Uint8Array,
  want: ExpectedViolation,
  options?: DecodeCanonicalOptions,
): void {
  const where = want.offset === undefined ? '' : ` at byte ${want.offset}`;
  test(`refuses ${name}: ${want.code} ${want.clause}${where}`, () => {
    const r = decodeCanonical(typeof input === 'string' ? utf8(input) : input, options);
    if (r.ok) throw new Error('accepted');
    assert.equal({ ...r.violation }, want);
  });
}

/** A test that `input` decodes to `value`. */
export function accepts(
  name: string,
  input: string | Uint8Array,
  value: unknown,
  options?: DecodeCanonicalOptions,
): void {
  test(`accepts ${name}`, () => {
    const r = decodeCanonical(typeof input === 'string' ? utf8(input) : input, options);
    if (!r.ok) throw new Error(`rejected: ${r.violation.code} ${r.violation.message}`);
    assert.equal(r.value, value);
  });
}

/** A fault RFC 8259 allows there: only the canonical layout is broken. */
export const layout = (clause: string, offset: number, expected: string, actual: string): ExpectedViolation => ({
  code: 'layout',
  clause,
  offset,
  expected,
  actual,
  message: `non-canonical layout at byte ${offset}: expected ${expected}, found ${actual}`,
});

/** A byte RFC 8259 forbids there, or the end of input where more is due (KD-CANON-02). */
export const syntax = (offset: number, expected: string, actual: string): ExpectedViolation => ({
  code: 'syntax',
  clause: 'KD-CANON-02',
  offset,
  expected,
  actual,
  message: `unexpected ${actual} at byte ${offset}; expected ${expected}`,
});
