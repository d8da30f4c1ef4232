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
 * 7. `not-applicable`: a NOT-APPLICABLE (never sent: it needs a feature the provider declares missing);
 * 8. then what passes the gate: `xfail`, `acceptable`, `pass`.
 *
 * A FAIL found only by the metamorphic check ranks by the difference of the variant's answer. Within a rank, the
 * failures that share a broken clause with the most others come first, so the one fault that explains the most
 * failures (a cursor at the end of its span rejected everywhere) is read before a fault of one vector: vectors go by
 * the weight of their lead clause (how many vectors of the report failed by it), then by the lead clause (the violated
 * clause of greatest weight, else the first clause the vector exercises; none sorts last), then by id, both by UTF-8
 * bytes. The JSON report's `vectors` stay in id order: they are data, not a reading order.
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
  'not-applicable',
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
    case 'NOT-APPLICABLE':
      return 'not-applicable';
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

/** How many vectors failed by each clause (each vector counted once per clause): the weight of a lead clause. */
export function clauseWeights(vectors: readonly VectorJudgement[]): ReadonlyMap<string, number> {
  const weights = new Map<string, number>();
  for (const v of vectors) for (const c of new Set(v.fail_clauses)) weights.set(c, (weights.get(c) ?? 0) + 1);
  return weights;
}

/**
 * The clause a vector is listed under: of its violated clauses the one that most vectors failed by (`weights`; the
 * first by bytes among equals, and without weights simply the first), else its first exercised clause, else none.
 */
export function leadClause(v: VectorJudgement, weights?: ReadonlyMap<string, number>): string | undefined {
  const sorted = [...v.fail_clauses].sort(compareUtf8);
  if (sorted.length === 0) return [...v.clauses].sort(compareUtf8)[0];
  if (weights === undefined) return sorted[0];
  let best = sorted[0] as string;
  for (const c of sorted) if ((weights.get(c) ?? 0) > (weights.get(best) ?? 0)) best = c;
  return best;
}

/** The weight of a vector's lead clause: 0 when it violated none. */
function leadWeight(v: VectorJudgement, lead: string | undefined, weights?: ReadonlyMap<string, number>): number {
  return weights === undefined || lead === undefined || !v.fail_clauses.includes(lead) ? 0 : (weights.get(lead) ?? 0);
}

/** Orders judgements by rank, then the weight of the lead clause (heaviest first), the lead clause (none last), id. */
export function compareSeverity(a: VectorJudgement, b: VectorJudgement, weights?: ReadonlyMap<string, number>): number {
  const rank = SEVERITY_RANKS.indexOf(severityRank(a)) - SEVERITY_RANKS.indexOf(severityRank(b));
  if (rank !== 0) return rank;
  const ca = leadClause(a, weights);
  const cb = leadClause(b, weights);
  const weight = leadWeight(b, cb, weights) - leadWeight(a, ca, weights);
  if (weight !== 0) return weight;
  if (ca !== cb) return ca === undefined ? 1 : cb === undefined ? -1 : compareUtf8(ca, cb);
  return compareUtf8(a.id, b.id);
}

/** A copy of `vectors` in severity order, the clause weights taken over `vectors` themselves. */
export function bySeverity<V extends VectorJudgement>(vectors: readonly V[]): V[] {
  const weights = clauseWeights(vectors);
  return [...vectors].sort((a, b) => compareSeverity(a, b, weights));
}
