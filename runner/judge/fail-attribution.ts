/**
 * Which rule a failing vector broke, for the reports: the verifier's violated rules when it
 * found any (each violation names its clause and code), and only otherwise the clauses of
 * the vector that govern the parts of the result that differ from the expected bytes, so a
 * provider team is told where to look instead of the vector's whole clause list. A reply
 * over the 4 MiB result cap breaks KD-LIMIT-03 whatever it holds.
 */
import { compareUtf8, type Violation } from '../../oracle/index.js';
import type { DifferenceClass } from './classify-difference.js';
import type { ClauseSource, VectorError } from './verdict.js';

/** The attribution of one FAIL or ERROR. */
export interface FailAttribution {
  fail_clauses: string[];
  clause_source: ClauseSource;
}

/** The clause an oversize reply breaks: a result is at most 4 MiB of canonical bytes (L57). */
export const OVERSIZE_CLAUSE = 'KD-LIMIT-03';

function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareUtf8);
}

/**
 * Clause areas that govern each part of a result, by the fields of a differing JSON pointer
 * (the first field that has an entry wins, deepest first).
 */
const AREAS_BY_FIELD: Readonly<Record<string, readonly string[]>> = {
  rejection_reasons: ['KD-REJECT-', 'KD-OWN-', 'KD-EFFECT-', 'KD-OP-', 'KD-LOOKUP-09'],
  availability: ['KD-CLOSURE-12', 'KD-OWN-', 'KD-EFFECT-', 'KD-OP-'],
  effects: ['KD-EFFECT-', 'KD-ORDER-04'],
  generic_requirements: ['KD-ACCEPT-03', 'KD-OP-15', 'KD-ORDER-03'],
  dependencies: ['KD-CLOSURE-', 'KD-ORDER-05'],
  diagnostic_ids: ['KD-DIAG-', 'KD-CLOSURE-10'],
  origin: ['KD-ORIGIN-'],
  source: ['KD-DISCLOSE-04'],
  documentation: ['KD-DISCLOSE-04', 'KD-OP-07'],
  omissions: ['KD-OMIT-', 'KD-DISCLOSE-', 'KD-RES-19'],
  diagnostics: ['KD-DIAG-', 'KD-DISCLOSE-05'],
  type: ['KD-TYPE-', 'KD-CLOSURE-'],
  operations: [
    'KD-OP-',
    'KD-CLOSURE-',
    'KD-LOOKUP-',
    'KD-DISCLOSE-',
    'KD-OWN-',
    'KD-EFFECT-',
    'KD-ACCEPT-',
    'KD-RES-18',
  ],
  analysis: ['KD-KEY-', 'KD-RES-06', 'KD-STALE-'],
  status: ['KD-RES-', 'KD-STALE-', 'KD-LIMIT-'],
  reason: ['KD-RES-', 'KD-REASON-', 'KD-STALE-'],
  truncated: ['KD-LIMIT-', 'KD-RES-'],
};

/** The clause areas of one differing pointer. */
function areasOf(pointer: string): readonly string[] {
  const fields = pointer
    .split('/')
    .slice(1)
    .filter((t) => !/^\d+$/.test(t))
    .reverse();
  for (const f of fields) {
    const areas = AREAS_BY_FIELD[f];
    if (areas !== undefined) return areas;
  }
  return [];
}

/** The vector clauses that govern the differing parts, or all of them when none does. */
export function clausesOfDifference(difference: DifferenceClass, vectorClauses: readonly string[]): string[] {
  let areas: readonly string[];
  if (difference.kind === 'layout' || difference.kind === 'not-json') areas = ['KD-CANON-'];
  else if (difference.kind === 'order') areas = ['KD-ORDER-'];
  else areas = difference.pointers.flatMap(areasOf);
  const narrowed = vectorClauses.filter((c) => areas.some((a) => (a.endsWith('-') ? c.startsWith(a) : c === a)));
  return uniqueSorted(narrowed.length > 0 ? narrowed : vectorClauses);
}

/** The attribution of a FAIL: the verifier's rules, else the clauses of the difference. */
export function attributeFailure(
  violations: readonly Violation[],
  difference: DifferenceClass,
  vectorClauses: readonly string[],
): FailAttribution {
  if (violations.length > 0)
    return { fail_clauses: uniqueSorted(violations.map((v) => v.clause)), clause_source: 'verifier' };
  return { fail_clauses: clausesOfDifference(difference, vectorClauses), clause_source: 'difference' };
}

/**
 * The attribution of an ERROR, when a rule names it: an oversize reply breaks KD-LIMIT-03; a provider the kernel
 * ended at a call `--hermetic` forbids (a process started, a socket opened) breaks KD-TRUST-10 and KD-TRUST-09.
 */
export function attributeError(
  error: VectorError,
): { fail_clauses: string[]; clause_source: 'limit' | 'hermetic' } | undefined {
  if (error.kind === 'oversize') return { fail_clauses: [OVERSIZE_CLAUSE], clause_source: 'limit' };
  if (error.kind === 'hermetic') return { fail_clauses: ['KD-TRUST-09', 'KD-TRUST-10'], clause_source: 'hermetic' };
  return undefined;
}
