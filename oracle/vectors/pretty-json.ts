/**
 * The layout of every generated JSON file of the kit: keys sorted by UTF-8 bytes at
 * every level, two-space indentation, JSON.stringify's string escapes (control
 * characters escaped, other text literal), and one final LF. Deterministic for equal
 * values whatever their key insertion order.
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';

/** Pretty JSON text with sorted keys and a final LF. */
export function prettyJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** {@link prettyJson} as UTF-8 bytes. */
export function prettyJsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(prettyJson(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort(compareUtf8)) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}
