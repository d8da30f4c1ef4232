/**
 * The verifier's rules as tables, each violation defined once, as ajv defines each keyword's error:
 * a check file keeps one table, code -> [clause, expected, actual, message], and a check is one line
 * that names the code, where the fault is and what it found. Every violation of the verifier's own
 * rules is built here from a row a reader finds by its code (the codec's, the schema's and the
 * scalar checks' violations come from their own modules).
 *
 * - The clause is the KD- clause the violation carries; a list when the check picks one of them by
 *   what it found (passed as `clause`), or `{clause}` when the check passes the clause of another
 *   record's fault (the request's).
 * - Expected, actual and the message (its parts joined by spaces) are templates: `{name}` is the
 *   value the check passes, as text; `{name:value}` a found value spelled short (`describeValue`);
 *   `{name:json}` a value as JSON. A message cites no KD- clause but its own (rule-tables.test.ts).
 * - A key is the stable code the reports keep; a second wording of one rule adds a note after a
 *   space, `code (note)`, and keeps the code.
 */
import { violation, type Violation } from '../violation.js';
import { describeValue } from './json-access.js';

/** One rule: the clause its violation carries, the templates of expected and actual, and its message (in parts). */
export type RuleRow = readonly [
  clause: string | readonly string[],
  expected: string,
  actual: string,
  ...message: string[],
];

/** The names of the holes of a template. */
type Holes<S> = S extends `${string}{${infer H}}${infer Rest}`
  ? (H extends `${infer Name}:${string}` ? Name : H) | Holes<Rest>
  : never;

/** What a check passes for a row: a value for every hole, and the clause when the row does not fix it. */
type Fill<R extends RuleRow> = {
  readonly [H in Holes<Extract<R[number], string>>]: unknown;
} & (R[0] extends readonly (infer C)[]
  ? { readonly clause: C }
  : R[0] extends '{clause}'
    ? { readonly clause: string }
    : unknown);

/** Where a violation is: a JSON pointer into the decoded record, or a byte offset into the bytes. */
export type Where = string | { readonly offset: number };

/** A check file's table, and the one way its checks report. */
export interface RuleTable<T extends Readonly<Record<string, RuleRow>>> {
  readonly rows: T;
  /** The violation of rule `key` at `where`, its templates filled from what the check found. */
  at<K extends keyof T & string>(key: K, where: Where, ...fill: {} extends Fill<T[K]> ? [] : [Fill<T[K]>]): Violation;
}

const HOLE = /\{([a-z][A-Za-z]*)(?::(value|json))?\}/g;

function render(template: string, fill: Readonly<Record<string, unknown>>): string {
  return template.replace(HOLE, (_, name: string, reader: string | undefined) => {
    const v = fill[name];
    if (reader === 'value') return describeValue(v);
    return reader === 'json' ? JSON.stringify(v) : String(v);
  });
}

/** The code a key stands for: the key up to its note. */
export function codeOf(key: string): string {
  const space = key.indexOf(' ');
  return space < 0 ? key : key.slice(0, space);
}

/** A check file's rules, by code. */
export function ruleTable<const T extends Readonly<Record<string, RuleRow>>>(rows: T): RuleTable<T> {
  return {
    rows,
    at(key, where, ...fill) {
      const [clause, expected, actual, ...message] = rows[key] as RuleRow;
      const values: Readonly<Record<string, unknown>> = fill[0] ?? {};
      const at = typeof where === 'string' ? { pointer: where } : { offset: where.offset };
      return violation(
        codeOf(key),
        typeof clause === 'string' && clause !== '{clause}' ? clause : String(values['clause']),
        render(message.join(' '), values),
        { ...at, expected: render(expected, values), actual: render(actual, values) },
      );
    },
  };
}
