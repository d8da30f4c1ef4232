/**
 * The V1 scalar rules a JSON Schema cannot state: UTF-8 byte length ranges, NFC and
 * control characters for the text scalars (KD-SCALAR-05..09), and start <= end for
 * Span (KD-SCALAR-11). Each check is a small pure function returning Violation[] (empty
 * when the value conforms), so the request validator, the fixture loader and the
 * verifier apply exactly the same rules.
 *
 * OQ-37 reading A: a control character is Unicode general category Cc (U+0000..U+001F,
 * U+007F..U+009F); lengths count the decoded value's UTF-8 bytes; non-NFC text is
 * rejected, never normalized.
 */
import { utf8Length } from '../canonical-json/compare-utf8.js';
import { LIMITS } from '../limits.js';
import type { Span } from './discovery-records.js';
import { childPointer, violation, type Violation } from '../violation.js';

/** The text scalars of the contract and their byte ranges. */
export const TEXT_SCALARS = {
  Name: { clause: 'KD-SCALAR-05', minBytes: 1, maxBytes: LIMITS.nameBytes },
  QualifiedName: { clause: 'KD-SCALAR-06', minBytes: 1, maxBytes: LIMITS.qualifiedNameBytes },
  Display: { clause: 'KD-SCALAR-07', minBytes: 0, maxBytes: LIMITS.displayBytes },
  Signature: { clause: 'KD-SCALAR-08', minBytes: 1, maxBytes: LIMITS.signatureBytes },
  Spelling: { clause: 'KD-SCALAR-09', minBytes: 1, maxBytes: LIMITS.spellingBytes },
} as const;

/** One of Name, QualifiedName, Display, Signature, Spelling. */
export type TextScalar = keyof typeof TEXT_SCALARS;

const ID = /^[0-9a-f]{64}$/;

/** Whether `s` is an Id: exactly 64 lowercase hexadecimal ASCII characters (KD-SCALAR-04). */
export function isId(s: unknown): s is string {
  return typeof s === 'string' && s.length === 64 && ID.test(s);
}

/** Index (in UTF-16 units) of the first Cc control character, or -1. */
export function firstControlCharacter(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) return i;
  }
  return -1;
}

/** Index (in UTF-16 units) of the first unpaired surrogate, or -1; such a string has no UTF-8 form. */
export function firstLoneSurrogate(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}

/** Whether `s` is already in Unicode Normalization Form C. */
export function isNfc(s: string): boolean {
  // ASCII is always NFC; skipping normalize keeps large fixtures cheap.
  return /^[\x00-\x7f]*$/.test(s) || s.normalize('NFC') === s;
}

/**
 * Checks one text scalar: well-formed (UTF-8 representable), byte length in range, no
 * Cc control character, NFC. Returns one violation per broken rule, each at `pointer`.
 */
export function checkText(kind: TextScalar, value: string, pointer: string): Violation[] {
  const rule = TEXT_SCALARS[kind];
  const out: Violation[] = [];
  const lone = firstLoneSurrogate(value);
  if (lone >= 0) {
    out.push(
      violation('lone-surrogate', rule.clause, `${kind} has an unpaired surrogate, which has no UTF-8 encoding.`, {
        pointer,
        expected: 'well-formed Unicode',
        actual: `unpaired surrogate at UTF-16 index ${lone}`,
      }),
    );
  }
  const bytes = utf8Length(value);
  if (bytes < rule.minBytes || bytes > rule.maxBytes) {
    out.push(
      violation('text-length', rule.clause, `${kind} must be ${rule.minBytes}–${rule.maxBytes} UTF-8 bytes.`, {
        pointer,
        expected: `${rule.minBytes}..${rule.maxBytes} UTF-8 bytes`,
        actual: `${bytes} bytes`,
      }),
    );
  }
  const control = firstControlCharacter(value);
  if (control >= 0) {
    const cp = value.charCodeAt(control).toString(16).toUpperCase().padStart(4, '0');
    out.push(
      violation('control-character', rule.clause, `${kind} contains a control character.`, {
        pointer,
        expected: 'no Unicode Cc character',
        actual: `U+${cp} at UTF-16 index ${control}`,
      }),
    );
  }
  if (lone < 0 && !isNfc(value)) {
    out.push(
      violation('not-nfc', rule.clause, `${kind} is not in NFC.`, { pointer, expected: 'NFC', actual: 'not NFC' }),
    );
  }
  return out;
}

/** KD-SCALAR-05. */
export function checkName(value: string, pointer: string): Violation[] {
  return checkText('Name', value, pointer);
}

/** KD-SCALAR-06. */
export function checkQualifiedName(value: string, pointer: string): Violation[] {
  return checkText('QualifiedName', value, pointer);
}

/** KD-SCALAR-07. */
export function checkDisplay(value: string, pointer: string): Violation[] {
  return checkText('Display', value, pointer);
}

/** KD-SCALAR-08. */
export function checkSignature(value: string, pointer: string): Violation[] {
  return checkText('Signature', value, pointer);
}

/** KD-SCALAR-09. */
export function checkSpelling(value: string, pointer: string): Violation[] {
  return checkText('Spelling', value, pointer);
}

/** KD-SCALAR-11: start <= end; the violation points at the span's `start`. */
export function checkSpan(span: Span, pointer: string): Violation[] {
  if (span.start <= span.end) return [];
  return [
    violation('span-order', 'KD-SCALAR-11', 'Span start is after its end.', {
      pointer: childPointer(pointer, 'start'),
      expected: `start <= end (${span.end})`,
      actual: `${span.start}`,
    }),
  ];
}
