/**
 * One-line rendering of a Violation for terminals and plain-text reports. Every field
 * may carry provider-controlled text (an unknown key in a pointer, a leaked name in
 * `actual`), so each is escaped to printable ASCII and cut to a bounded length before it
 * reaches a terminal: a hostile provider can neither inject control sequences nor flood
 * the report.
 */
import { escapeText } from '../escape/escape-untrusted.js';
import type { Violation } from '../violation.js';

/** A field as printable ASCII, cut to `max` characters (the kit's one escaper, ASCII context). */
function ascii(s: string, max: number): string {
  return escapeText(s, { asciiOnly: true, max });
}

/** Caps (in escaped characters) per field; the whole line stays under about 1,000 characters. */
const CAP = { clause: 32, code: 64, where: 160, message: 320, expected: 160, actual: 160 } as const;

/** Where a violation points: its JSON pointer, else its byte offset. */
function location(v: Violation): string {
  if (v.pointer !== undefined) return v.pointer === '' ? '(root)' : ascii(v.pointer, CAP.where);
  if (v.offset !== undefined) return `byte ${v.offset}`;
  return '(input)';
}

/**
 * `KD-… code at /pointer: message (expected …, actual …)`, every part escaped and
 * length-capped; the parenthesis lists only the parts the violation has.
 */
export function formatViolation(v: Violation): string {
  const detail: string[] = [];
  if (v.expected !== undefined) detail.push(`expected ${ascii(v.expected, CAP.expected)}`);
  if (v.actual !== undefined) detail.push(`actual ${ascii(v.actual, CAP.actual)}`);
  const tail = detail.length > 0 ? ` (${detail.join(', ')})` : '';
  return (
    `${ascii(v.clause, CAP.clause)} ${ascii(v.code, CAP.code)} ` +
    `at ${location(v)}: ${ascii(v.message, CAP.message)}${tail}`
  );
}
