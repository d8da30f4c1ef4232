/**
 * The order in which every text report lists vectors (the console, Markdown, HTML, the job summary and the GitHub
 * annotations): what matters most first, so the one wrong value is not off screen behind twenty ERRORs.
 *
 * 1. `value`: a FAIL whose values differ, a fact, a status or a disclosure (or whose bytes are not JSON, or that
 *    broke a clause the bytes alone do not show: the verifier, a limit, the hermetic trace, a release build);
 * 2. `order`: a FAIL whose only difference is the order of arrays (KD-ORDER-*);
 * 3. `layout`: a FAIL whose only difference is the layout of the same JSON value (KD-CANON-*);
 * 4. `error`: an ERROR (no bytes: a crash, a timeout, a protocol fault);
 * 5. `xpass`: an XPASS (it fails the gate, but the provider is right: an expectation is stale);
 * 6. `not-run`: a NOT-RUN (nothing is known of the vector);
 * 7. then what passes the gate: `xfail`, `acceptable`, `pass`.
 *
 * A FAIL found only by the metamorphic check ranks by the difference of the variant's answer. Within a rank vectors go
 * by their lead clause (the first violated clause, else the first clause the vector exercises; none sorts last), then
 * by id, both by UTF-8 bytes. The JSON report's `vectors` stay in id order: they are data, not a reading order.
 */
import { compareUtf8 } from '../../oracle/index.js';
import type { DifferenceClass } from '../judge/classify-difference.js';
import { verdictNotHandled, type VectorJudgement } from '../judge/verdict.js';

/** The ranks, most severe first. */
export const SEVERITY_RANKS = [
  'value',
  'order',
  'layout',
  'error',
  'xpass',
  'not-run',
  'xfail',
  'acceptable',
  'pass',
] as const;
export type SeverityRank = (typeof SEVERITY_RANKS)[number];

/** The rank of a FAIL by the difference it showed. */
function failRank(difference: DifferenceClass | undefined): SeverityRank {
  switch (difference?.kind) {
    case 'order':
      return 'order';
    case 'layout':
      return 'layout';
    case 'values':
    case 'not-json':
    case undefined:
      return 'value';
  }
}

/** The severity rank of a judgement. */
export function severityRank(v: VectorJudgement): SeverityRank {
  switch (v.verdict) {
    case 'FAIL':
      return failRank(v.difference ?? v.metamorphic?.difference ?? v.state?.difference);
    case 'ERROR':
      return 'error';
    case 'XPASS':
      return 'xpass';
    case 'NOT-RUN':
      return 'not-run';
    case 'XFAIL':
      return 'xfail';
    case 'ACCEPTABLE':
      return 'acceptable';
    case 'PASS':
      return 'pass';
    default:
      return verdictNotHandled(v);
  }
}

/** The clause a vector is listed under: its first violated clause, else its first exercised clause, else none. */
export function leadClause(v: VectorJudgement): string | undefined {
  const pick = (clauses: readonly string[]): string | undefined => [...clauses].sort(compareUtf8)[0];
  return pick(v.fail_clauses) ?? pick(v.clauses);
}

/** Orders judgements by rank, then lead clause (none last), then id. */
export function compareSeverity(a: VectorJudgement, b: VectorJudgement): number {
  const rank = SEVERITY_RANKS.indexOf(severityRank(a)) - SEVERITY_RANKS.indexOf(severityRank(b));
  if (rank !== 0) return rank;
  const ca = leadClause(a);
  const cb = leadClause(b);
  if (ca !== cb) return ca === undefined ? 1 : cb === undefined ? -1 : compareUtf8(ca, cb);
  return compareUtf8(a.id, b.id);
}

/** A copy of `vectors` in severity order. */
export function bySeverity<V extends VectorJudgement>(vectors: readonly V[]): V[] {
  return [...vectors].sort(compareSeverity);
}
