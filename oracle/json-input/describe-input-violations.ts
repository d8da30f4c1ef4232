/**
 * One line for the schema violations of a kit input, most specific first: an unknown or misspelled key named
 * by its JSON pointer, then a missing one, then any other rule; a bare "must match exactly one schema in oneOf"
 * is shown only when nothing more specific explains the refusal.
 */
import type { Violation } from '../violation.js';

const ALTERNATIVES = /must match (exactly one|a) schema in (oneOf|anyOf)/;

function rank(v: Violation): number {
  if (v.expected === 'no field the record does not define') return 0;
  if (v.actual === 'missing') return 1;
  if (ALTERNATIVES.test(v.message)) return 3;
  return 2;
}

function describe(v: Violation): string {
  const where = v.pointer === undefined || v.pointer === '' ? '/' : v.pointer;
  if (rank(v) === 0) return `${where}: unknown key (misspelled?)`;
  if (rank(v) === 1) return `${where}: required key missing`;
  const detail = v.expected === undefined ? '' : ` (expected ${v.expected})`;
  return `${where}: ${v.message}${detail}`;
}

/** At most `max` violations as one line, most specific first; empty when there is none. */
export function describeInputViolations(violations: readonly Violation[], max = 3): string {
  const ordered = [...violations].sort((a, b) => rank(a) - rank(b));
  const specific = ordered.filter((v) => rank(v) < 3);
  const shown = (specific.length > 0 ? specific : ordered).slice(0, max).map(describe);
  const more = (specific.length > 0 ? specific : ordered).length - shown.length;
  return `${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
