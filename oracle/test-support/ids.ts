/**
 * Readable test identities: `hex(n)` is the 64-hex Id made of one repeated digit pair or
 * a zero-padded number, so that the byte order of test IDs is obvious by eye.
 */
import type { Id } from '../records/discovery-records.js';

/** The Id whose 64 hex digits are `n` in hexadecimal, left-padded with zeros. */
export function hex(n: number): Id {
  return n.toString(16).padStart(64, '0');
}

/** The Id made of the hex digit `d` 64 times. */
export function rep(d: string): Id {
  return d.repeat(64);
}
