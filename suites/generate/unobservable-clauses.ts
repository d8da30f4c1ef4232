/**
 * suites/unobservable-clauses.json: clauses that vectors cite but that no vector can fail
 * for, each with why. REPORT.md counts a clause as covered only when some vector can fail
 * for a provider that breaks it, so these are listed as "cited, not observable" instead
 * of covered. The file is read fail-closed: invalid UTF-8, a duplicate key or a value that
 * is not a string is refused with a byte offset or key, never taken in part.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitRoot, parseLenient } from '../../oracle/internal.js';

/** Clause id -> why no vector can observe it, or why the file cannot be read. */
export type UnobservableRead = { ok: true; notes: Record<string, string> } | { ok: false; message: string };

/** Parses the file's bytes. */
export function parseUnobservableClauses(bytes: Uint8Array): UnobservableRead {
  const parsed = parseLenient(bytes);
  if (!parsed.ok) return { ok: false, message: 'suites/unobservable-clauses.json is not well-formed UTF-8 JSON' };
  if (parsed.duplicateKeyAt !== undefined) {
    return { ok: false, message: `suites/unobservable-clauses.json repeats a key at byte ${parsed.duplicateKeyAt}` };
  }
  const value = parsed.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'suites/unobservable-clauses.json is not an object of clause id to reason' };
  }
  const notes: Record<string, string> = {};
  for (const [id, why] of Object.entries(value as Record<string, unknown>)) {
    if (typeof why !== 'string' || why === '') {
      return {
        ok: false,
        message: `suites/unobservable-clauses.json: the reason for ${JSON.stringify(id)} is not a non-empty string`,
      };
    }
    notes[id] = why;
  }
  return { ok: true, notes };
}

/** Reads the kit's file; an absent file lists nothing. */
export function readUnobservableClauses(): UnobservableRead {
  const path = join(kitRoot(), 'suites', 'unobservable-clauses.json');
  if (!existsSync(path)) return { ok: true, notes: {} };
  return parseUnobservableClauses(readFileSync(path));
}
