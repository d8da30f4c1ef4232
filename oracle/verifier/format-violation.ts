/**
 * One-line rendering of a Violation for terminals and plain-text reports. Every field
 * may carry provider-controlled text (an unknown key in a pointer, a leaked name in
 * `actual`), so each is escaped to printable ASCII and cut to a bounded length before it
 * reaches a terminal: a hostile provider can neither inject control sequences nor flood
 * the report.
 */
import type { Violation } from '../violation.js';

/** Caps (in escaped characters) per field; the whole line stays under about 1,000 characters. */
const CAP = { clause: 32, code: 64, where: 160, message: 320, expected: 160, actual: 160 } as const;

/**
 * `s` as printable ASCII: a backslash doubled, other bytes below 0x20 and 0x7F as
 * `\xNN`, every code point above 0x7F (and a lone surrogate) as `\u{HEX}`; cut to at most
 * `max` characters without splitting an escape, `...` marking the cut.
 */
export function escapeText(s: string, max: number): string {
  let out = '';
  let cut = false;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    let piece: string;
    if (cp === 0x5c) piece = '\\\\';
    else if (cp >= 0x20 && cp < 0x7f) piece = ch;
    else if (cp < 0x80) piece = `\\x${cp.toString(16).toUpperCase().padStart(2, '0')}`;
    else piece = `\\u{${cp.toString(16).toUpperCase()}}`;
    if (out.length + piece.length > max - 3) {
      cut = true;
      break;
    }
    out += piece;
  }
  return cut ? `${out}...` : out;
}

/** Where a violation points: its JSON pointer, else its byte offset. */
function location(v: Violation): string {
  if (v.pointer !== undefined) return v.pointer === '' ? '(root)' : escapeText(v.pointer, CAP.where);
  if (v.offset !== undefined) return `byte ${v.offset}`;
  return '(input)';
}

/**
 * `KD-… code at /pointer: message (expected …, actual …)`, every part escaped and
 * length-capped; the parenthesis lists only the parts the violation has.
 */
export function formatViolation(v: Violation): string {
  const detail: string[] = [];
  if (v.expected !== undefined) detail.push(`expected ${escapeText(v.expected, CAP.expected)}`);
  if (v.actual !== undefined) detail.push(`actual ${escapeText(v.actual, CAP.actual)}`);
  const tail = detail.length > 0 ? ` (${detail.join(', ')})` : '';
  return `${escapeText(v.clause, CAP.clause)} ${escapeText(v.code, CAP.code)} at ${location(v)}: ${escapeText(v.message, CAP.message)}${tail}`;
}
