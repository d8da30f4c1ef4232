/**
 * Errors and verdicts as data. A Violation names a stable code, the KD- clause it
 * breaks, where (a byte offset into the bytes examined, or a JSON pointer into the
 * decoded record), and what was expected and found. Only reporters turn these into
 * text; the kit throws only for its own faults.
 */
export interface Violation {
  /** Stable machine code, kebab-case, e.g. `duplicate-key`, `status-shape`. */
  code: string;
  /** The KD- clause broken, e.g. `KD-CANON-07`. */
  clause: string;
  /** Byte offset into the examined bytes, when the fault is at a byte. */
  offset?: number;
  /** RFC 6901 JSON pointer into the decoded record, when the fault is at a value. */
  pointer?: string;
  /** What the rule requires, short. */
  expected?: string;
  /** What was found, short; never raw provider bytes without escaping by a reporter. */
  actual?: string;
  /** One sentence for humans, without provider-controlled bytes. */
  message: string;
}

/** Builds a violation; keeps the optional fields absent rather than undefined. */
export function violation(
  code: string,
  clause: string,
  message: string,
  where: { offset?: number; pointer?: string; expected?: string; actual?: string } = {},
): Violation {
  const v: Violation = { code, clause, message };
  if (where.offset !== undefined) v.offset = where.offset;
  if (where.pointer !== undefined) v.pointer = where.pointer;
  if (where.expected !== undefined) v.expected = where.expected;
  if (where.actual !== undefined) v.actual = where.actual;
  return v;
}

/** Escapes one JSON pointer reference token (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins a parent pointer and a token. */
export function childPointer(parent: string, token: string | number): string {
  return `${parent}/${pointerToken(token)}`;
}
