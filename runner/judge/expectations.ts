/**
 * The expectations file: known failures of a provider, `[{"id", "verdict", "reason"}]`
 * with verdict FAIL or ERROR. A named vector that fails as expected becomes XFAIL
 * (passes the gate); one that passes becomes XPASS (fails the gate, so the entry gets
 * removed); an entry naming no vector of the set fails the gate too.
 */
import { readFileSync } from 'node:fs';
import { UsageError } from '../io/cli-io.js';
import type { VectorJudgement } from './verdict.js';

export interface Expectation {
  id: string;
  verdict: 'FAIL' | 'ERROR';
  reason: string;
}

/** Reads and checks an expectations file; any problem is a UsageError (exit 2). */
export function loadExpectations(path: string): Expectation[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`cannot read expectations ${path}: ${err instanceof Error ? err.message.split('\n', 1)[0] : String(err)}`);
  }
  return parseExpectations(value, path);
}

/** Checks a decoded expectations value. */
export function parseExpectations(value: unknown, where: string): Expectation[] {
  if (!Array.isArray(value)) throw new UsageError(`expectations ${where}: not a JSON array of {id, verdict, reason}`);
  const seen = new Set<string>();
  return value.map((entry, i) => {
    const e = entry as Record<string, unknown>;
    const keys = typeof e === 'object' && e !== null ? Object.keys(e).sort().join(',') : '';
    if (keys !== 'id,reason,verdict') throw new UsageError(`expectations ${where}[${i}]: needs exactly id, verdict and reason`);
    if (typeof e.id !== 'string' || e.id === '') throw new UsageError(`expectations ${where}[${i}]: id is not a vector id`);
    if (e.verdict !== 'FAIL' && e.verdict !== 'ERROR') throw new UsageError(`expectations ${where}[${i}]: verdict must be FAIL or ERROR`);
    if (typeof e.reason !== 'string' || e.reason.trim() === '') throw new UsageError(`expectations ${where}[${i}]: reason must say why`);
    if (seen.has(e.id)) throw new UsageError(`expectations ${where}: ${e.id} is listed twice`);
    seen.add(e.id);
    return { id: e.id, verdict: e.verdict, reason: e.reason };
  });
}

/**
 * Applies expectations to judgements. `knownIds` are all vector ids of the set (not
 * only the selected ones), so a filtered run does not call a valid entry unknown.
 */
export function applyExpectations(
  judgements: readonly VectorJudgement[],
  expectations: readonly Expectation[],
  knownIds: ReadonlySet<string>,
): { judgements: VectorJudgement[]; unknown: Expectation[] } {
  const byId = new Map(expectations.map((e) => [e.id, e]));
  const out = judgements.map((j) => {
    const e = byId.get(j.id);
    if (e === undefined) return j;
    const withExpectation = { ...j, expectation: { verdict: e.verdict, reason: e.reason } };
    if (j.verdict === e.verdict) return { ...withExpectation, verdict: 'XFAIL' as const, raw_verdict: j.verdict };
    if (j.verdict === 'PASS' || j.verdict === 'ACCEPTABLE') return { ...withExpectation, verdict: 'XPASS' as const, raw_verdict: j.verdict };
    // Failed, but not in the expected way: the gate sees the real verdict.
    return { ...withExpectation, notes: [...j.notes, `expected ${e.verdict}, got ${j.verdict}`] };
  });
  return { judgements: out, unknown: expectations.filter((e) => !knownIds.has(e.id)) };
}
