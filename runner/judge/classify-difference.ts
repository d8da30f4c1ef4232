/**
 * What kind of difference separates actual result bytes from the expected ones, to
 * tell a provider author where to look: only the layout (the same JSON value,
 * KD-CANON-*), with the first byte offset at which the bytes part and a short escaped
 * context of both sides (a whole-file diff of a layout fault marks nearly every line),
 * only the order (equal once every array is sorted, KD-ORDER-*), or values, with the
 * JSON pointers at which they differ.
 */
import { childPointer, escapeBytes } from '../../oracle/index.js';

export type DifferenceClass =
  | {
      kind: 'layout';
      /** The first byte offset at which expected and actual differ (one side may end there). */
      offset: number;
      /** Escaped bytes of the expected result around the offset. */
      expected_context: string;
      /** Escaped bytes of the actual result around the offset. */
      actual_context: string;
      expected_length: number;
      actual_length: number;
    }
  | { kind: 'order'; pointers: string[] }
  | { kind: 'values'; pointers: string[]; more: number }
  | { kind: 'not-json' };

/** The most pointers listed; the rest are counted in `more`. */
export const MAX_POINTERS = 32;
/** Bytes of context shown before and after the first differing byte of a layout-only difference. */
export const LAYOUT_CONTEXT_BYTES = 24;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Classifies the difference between two byte strings known to differ. */
export function classifyDifference(expected: Uint8Array, actual: Uint8Array): DifferenceClass {
  const e = parse(expected);
  const a = parse(actual);
  if (a === undefined || e === undefined) return { kind: 'not-json' };
  if (deepEqual(e.value, a.value)) return layoutDifference(expected, actual);
  if (deepEqual(sortDeep(e.value), sortDeep(a.value))) {
    const pointers: string[] = [];
    collectOrderDifferences(e.value, a.value, '', pointers);
    return { kind: 'order', pointers: pointers.slice(0, MAX_POINTERS) };
  }
  const pointers: string[] = [];
  collectDifferences(e.value, a.value, '', pointers);
  return {
    kind: 'values',
    pointers: pointers.slice(0, MAX_POINTERS),
    more: Math.max(0, pointers.length - MAX_POINTERS),
  };
}

/** The first differing byte and the bytes around it on both sides. */
export function layoutDifference(expected: Uint8Array, actual: Uint8Array): DifferenceClass & { kind: 'layout' } {
  const n = Math.min(expected.length, actual.length);
  let offset = 0;
  while (offset < n && expected[offset] === actual[offset]) offset++;
  return {
    kind: 'layout',
    offset,
    expected_context: context(expected, offset),
    actual_context: context(actual, offset),
    expected_length: expected.length,
    actual_length: actual.length,
  };
}

/** Escaped bytes around `offset`, widened so that no UTF-8 sequence is cut at either end; `…` marks a cut. */
function context(bytes: Uint8Array, offset: number): string {
  const continuation = (i: number): boolean => i < bytes.length && ((bytes[i] as number) & 0xc0) === 0x80;
  let start = Math.max(0, offset - LAYOUT_CONTEXT_BYTES);
  while (start > 0 && continuation(start)) start--;
  let end = Math.min(bytes.length, offset + LAYOUT_CONTEXT_BYTES);
  while (end < bytes.length && continuation(end)) end++;
  const body = escapeBytes(bytes.subarray(start, end));
  return `${start > 0 ? '…' : ''}${body}${end < bytes.length ? '…' : ''}`;
}

function parse(bytes: Uint8Array): { value: Json } | undefined {
  try {
    return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Json };
  } catch {
    return undefined;
  }
}

function isObject(v: Json): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i] as Json));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && deepEqual(a[k] as Json, b[k] as Json));
  }
  return false;
}

/** A key for ordering values: the JSON text with object keys sorted (deterministic, not locale-dependent). */
function sortKey(v: Json): string {
  if (Array.isArray(v)) return `[${v.map(sortKey).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort(byCodeUnits)
      .map((k) => `${JSON.stringify(k)}:${sortKey(v[k] as Json)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every array sorted (as a multiset), recursively. */
function sortDeep(v: Json): Json {
  if (Array.isArray(v)) {
    return v
      .map(sortDeep)
      .map((x) => ({ x, k: sortKey(x) }))
      .sort((p, q) => byCodeUnits(p.k, q.k))
      .map((p) => p.x);
  }
  if (isObject(v)) {
    const out: { [key: string]: Json } = {};
    for (const k of Object.keys(v)) out[k] = sortDeep(v[k] as Json);
    return out;
  }
  return v;
}

/** Pointers of arrays whose order differs (equal as multisets). */
function collectOrderDifferences(e: Json, a: Json, at: string, out: string[]): void {
  if (Array.isArray(e) && Array.isArray(a)) {
    if (deepEqual(e, a)) return;
    // Elements pairwise equal up to their own inner order: the difference is deeper.
    const sameSlots = e.length === a.length && e.every((x, i) => deepEqual(sortDeep(x), sortDeep(a[i] as Json)));
    if (!sameSlots) {
      out.push(at);
      return;
    }
    e.forEach((x, i) => collectOrderDifferences(x, a[i] as Json, childPointer(at, i), out));
    return;
  }
  if (isObject(e) && isObject(a)) {
    for (const k of Object.keys(e).sort(byCodeUnits))
      collectOrderDifferences(e[k] as Json, a[k] as Json, childPointer(at, k), out);
  }
}

/** Pointers at which values differ; a missing or extra member is reported at its own pointer. */
function collectDifferences(e: Json, a: Json, at: string, out: string[]): void {
  if (deepEqual(e, a)) return;
  if (Array.isArray(e) && Array.isArray(a)) {
    const n = Math.max(e.length, a.length);
    for (let i = 0; i < n; i++) {
      if (i >= e.length || i >= a.length) out.push(childPointer(at, i));
      else collectDifferences(e[i] as Json, a[i] as Json, childPointer(at, i), out);
    }
    return;
  }
  if (isObject(e) && isObject(a)) {
    const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])].sort(byCodeUnits);
    for (const k of keys) {
      if (!Object.hasOwn(e, k) || !Object.hasOwn(a, k)) out.push(childPointer(at, k));
      else collectDifferences(e[k] as Json, a[k] as Json, childPointer(at, k), out);
    }
    return;
  }
  out.push(at);
}
