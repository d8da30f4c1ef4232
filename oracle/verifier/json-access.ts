/**
 * Defensive access to a decoded result. The verifier keeps checking after a schema
 * fault (so a provider learns every violation at once), so no check may assume the
 * value has the record's shape: every read goes through these guards, and a value of
 * the wrong type reads as absent.
 */

/** A decoded JSON object (canonical or lenient parse). */
export type JsonRecord = Readonly<Record<string, unknown>>;

/** Whether `v` is a JSON object (not null, not an array). */
export function isRecord(v: unknown): v is JsonRecord {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The own member `key` of `v`, or undefined when `v` is not an object or lacks it. */
export function member(v: unknown, key: string): unknown {
  if (!isRecord(v) || !Object.hasOwn(v, key)) return undefined;
  return v[key];
}

/** The member `key` of `v` when it is an array, else an empty array. */
export function arrayMember(v: unknown, key: string): readonly unknown[] {
  const m = member(v, key);
  return Array.isArray(m) ? m : [];
}

/** The member `key` of `v` when it is a string, else undefined. */
export function stringMember(v: unknown, key: string): string | undefined {
  const m = member(v, key);
  return typeof m === 'string' ? m : undefined;
}

/** The member `key` of `v` when it is a safe non-negative integer, else undefined. */
export function integerMember(v: unknown, key: string): number | undefined {
  const m = member(v, key);
  return typeof m === 'number' && Number.isSafeInteger(m) && m >= 0 ? m : undefined;
}

/** A short JSON spelling of a value for `actual`; strings are cut so a hostile value stays small. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'absent';
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return JSON.stringify(v);
  if (typeof v === 'string') return v.length <= 80 ? JSON.stringify(v) : `${JSON.stringify(v.slice(0, 80))}…`;
  if (Array.isArray(v)) return `array of ${v.length}`;
  if (typeof v === 'object') return 'object';
  return typeof v;
}
