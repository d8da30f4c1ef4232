/**
 * What kind of difference separates actual result bytes from the expected ones, to
 * tell a provider author where to look: only the layout (the same JSON value,
 * KD-CANON-*), with the first byte offset at which the bytes part and a short
 * context of both sides (a whole-file diff of a layout fault marks nearly every line),
 * only the order (equal once every array is sorted, KD-ORDER-*), with each reordered
 * array's JSON pointer and the expected and actual order of its elements' identities
 * (a line diff of a reordering reads as if values changed), or values, with the
 * JSON pointers at which they differ.
 *
 * The contexts and identities are the provider's text as it is (both sides decoded as
 * UTF-8 JSON, so it is text): each reporter escapes them once, for its own sink.
 */
import { compareUtf8 } from '../../oracle/index.js';
import { childPointer, clip } from '../../oracle/internal.js';
import { elementIdentity, shortenIds, type Json } from './element-identity.js';

/** One reordered array: where it is, and its elements' identities in the two orders from where they part. */
export interface ReorderedArray {
  /** The array's JSON pointer. */
  pointer: string;
  /** How many elements it has (the same on both sides). */
  length: number;
  /** The first index at which the two orders differ; `expected` and `actual` start there. */
  from: number;
  /** Identities of the expected order from `from`, at most MAX_IDENTITIES (provider text, unescaped). */
  expected: string[];
  /** Identities of the actual order from `from`, at most MAX_IDENTITIES (provider text, unescaped). */
  actual: string[];
}

export type DifferenceClass =
  | {
      kind: 'layout';
      /** The first byte offset at which expected and actual differ (one side may end there). */
      offset: number;
      /** The byte offset at which both contexts start (the bytes before `offset` are the same on both sides). */
      context_start: number;
      /** The expected result's text from `context_start`, at most about 2 x LAYOUT_CONTEXT_BYTES bytes, unescaped. */
      expected_context: string;
      /** The actual result's text from `context_start`, unescaped. */
      actual_context: string;
      expected_length: number;
      actual_length: number;
    }
  | { kind: 'order'; pointers: string[]; arrays: ReorderedArray[] }
  | { kind: 'values'; pointers: string[]; more: number }
  | { kind: 'not-json' };

/** The most pointers listed; the rest are counted in `more`. */
export const MAX_POINTERS = 32;
/** Bytes of context shown before and after the first differing byte of a layout-only difference. */
export const LAYOUT_CONTEXT_BYTES = 24;
/** The most reordered arrays whose identities are given. */
export const MAX_REORDERED_ARRAYS = 8;
/** The most identities given of each order of one array. */
export const MAX_IDENTITIES = 12;
/** The most characters of one pointer or identity shown (a provider's key or value may be megabytes long). */
export const MAX_POINTER_CHARS = 300;

/** Classifies the difference between two byte strings known to differ. */
export function classifyDifference(expected: Uint8Array, actual: Uint8Array): DifferenceClass {
  const e = parse(expected);
  const a = parse(actual);
  if (a === undefined || e === undefined) return { kind: 'not-json' };
  if (deepEqual(e.value, a.value)) return layoutDifference(expected, actual);
  if (deepEqual(sortDeep(e.value), sortDeep(a.value))) {
    const found: ReorderedArray[] = [];
    collectOrderDifferences(e.value, a.value, '', found);
    return {
      kind: 'order',
      pointers: found.slice(0, MAX_POINTERS).map((r) => clip(r.pointer, MAX_POINTER_CHARS)),
      arrays: found.slice(0, MAX_REORDERED_ARRAYS).map((r) => ({ ...r, pointer: clip(r.pointer, MAX_POINTER_CHARS) })),
    };
  }
  const pointers: string[] = [];
  collectDifferences(e.value, a.value, '', pointers);
  return {
    kind: 'values',
    pointers: pointers.slice(0, MAX_POINTERS).map((p) => clip(p, MAX_POINTER_CHARS)),
    more: Math.max(0, pointers.length - MAX_POINTERS),
  };
}

/**
 * The first differing byte and the text around it on both sides, of two UTF-8 texts that hold the same JSON value.
 * The bytes before `offset` are the same on both sides, so both contexts start at one offset.
 */
function layoutDifference(expected: Uint8Array, actual: Uint8Array): DifferenceClass & { kind: 'layout' } {
  const n = Math.min(expected.length, actual.length);
  let offset = 0;
  while (offset < n && expected[offset] === actual[offset]) offset++;
  let start = Math.max(0, offset - LAYOUT_CONTEXT_BYTES);
  while (start > 0 && continuation(expected, start)) start--;
  return {
    kind: 'layout',
    offset,
    context_start: start,
    expected_context: context(expected, start, offset),
    actual_context: context(actual, start, offset),
    expected_length: expected.length,
    actual_length: actual.length,
  };
}

function continuation(bytes: Uint8Array, i: number): boolean {
  return i < bytes.length && ((bytes[i] as number) & 0xc0) === 0x80;
}

/** The text from `start` to LAYOUT_CONTEXT_BYTES past `offset`, widened so that no UTF-8 sequence is cut. */
function context(bytes: Uint8Array, start: number, offset: number): string {
  let end = Math.min(bytes.length, offset + LAYOUT_CONTEXT_BYTES);
  while (end < bytes.length && continuation(bytes, end)) end++;
  return new TextDecoder('utf-8').decode(bytes.subarray(start, end));
}

/** One reordered array: where the orders part, and the identities of each from there. */
function reordered(e: Json[], a: Json[], pointer: string): ReorderedArray {
  let from = 0;
  while (from < e.length && deepEqual(e[from] as Json, a[from] as Json)) from++;
  const window = (side: Json[]): string[] =>
    side.slice(from, from + MAX_IDENTITIES).map((x) => clip(elementIdentity(x), MAX_POINTER_CHARS));
  const [expected = [], actual = []] = shortenIds([window(e), window(a)]);
  return { pointer, length: e.length, from, expected, actual };
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
      .sort(compareUtf8)
      .map((k) => `${JSON.stringify(k)}:${sortKey(v[k] as Json)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Every array sorted (as a multiset), recursively. */
function sortDeep(v: Json): Json {
  if (Array.isArray(v)) {
    return v
      .map(sortDeep)
      .map((x) => ({ x, k: sortKey(x) }))
      .sort((p, q) => compareUtf8(p.k, q.k))
      .map((p) => p.x);
  }
  if (isObject(v)) {
    const out: { [key: string]: Json } = {};
    for (const k of Object.keys(v)) out[k] = sortDeep(v[k] as Json);
    return out;
  }
  return v;
}

/** The arrays whose order differs (equal as multisets), with the identities of both orders. */
function collectOrderDifferences(e: Json, a: Json, at: string, out: ReorderedArray[]): void {
  if (Array.isArray(e) && Array.isArray(a)) {
    if (deepEqual(e, a)) return;
    // Elements pairwise equal up to their own inner order: the difference is deeper.
    const sameSlots = e.length === a.length && e.every((x, i) => deepEqual(sortDeep(x), sortDeep(a[i] as Json)));
    if (!sameSlots) {
      out.push(reordered(e, a, at));
      return;
    }
    e.forEach((x, i) => collectOrderDifferences(x, a[i] as Json, childPointer(at, i), out));
    return;
  }
  if (isObject(e) && isObject(a)) {
    for (const k of Object.keys(e).sort(compareUtf8))
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
    const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])].sort(compareUtf8);
    for (const k of keys) {
      if (!Object.hasOwn(e, k) || !Object.hasOwn(a, k)) out.push(childPointer(at, k));
      else collectDifferences(e[k] as Json, a[k] as Json, childPointer(at, k), out);
    }
    return;
  }
  out.push(at);
}
