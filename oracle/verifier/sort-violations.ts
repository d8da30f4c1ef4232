/**
 * The verifier's one output order, so the same result always yields the same list:
 * by clause, then location (byte offsets before pointers; pointers token by token,
 * array indices numerically), then code, then the remaining text fields.
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import type { Violation } from '../violation.js';

const INDEX = /^(0|[1-9][0-9]*)$/;

function comparePointers(a: string, b: string): number {
  if (a === b) return 0;
  const ta = a.split('/');
  const tb = b.split('/');
  const n = Math.min(ta.length, tb.length);
  for (let i = 0; i < n; i++) {
    const x = ta[i] as string;
    const y = tb[i] as string;
    if (x === y) continue;
    if (INDEX.test(x) && INDEX.test(y)) return x.length !== y.length ? x.length - y.length : compareUtf8(x, y);
    return compareUtf8(x, y);
  }
  return ta.length - tb.length;
}

function compareOptional(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return compareUtf8(a, b);
}

/** Total order over violations (see the module comment). */
export function compareViolations(a: Violation, b: Violation): number {
  let c = compareUtf8(a.clause, b.clause);
  if (c !== 0) return c;
  const pa = a.pointer;
  const pb = b.pointer;
  if (pa === undefined || pb === undefined) {
    if (pa !== undefined) return 1;
    if (pb !== undefined) return -1;
    c = (a.offset ?? -1) - (b.offset ?? -1);
    if (c !== 0) return c;
  } else {
    c = comparePointers(pa, pb);
    if (c !== 0) return c;
  }
  c = compareUtf8(a.code, b.code);
  if (c !== 0) return c;
  c = (a.offset ?? -1) - (b.offset ?? -1);
  if (c !== 0) return c;
  c = compareOptional(a.expected, b.expected);
  if (c !== 0) return c;
  c = compareOptional(a.actual, b.actual);
  if (c !== 0) return c;
  return compareUtf8(a.message, b.message);
}

/** A sorted copy of `violations` without exact duplicates. */
export function sortViolations(violations: readonly Violation[]): Violation[] {
  const sorted = [...violations].sort(compareViolations);
  return sorted.filter((v, i) => i === 0 || compareViolations(sorted[i - 1] as Violation, v) !== 0);
}
