/**
 * The expectations file: known failures of a provider, `[{"id", "verdict", "reason",
 * "clauses"?}]` with verdict FAIL or ERROR. `id` is a vector id, or an id prefix ending in
 * `*` (the entry with the exact id wins, else the longest prefix). `clauses`, only with FAIL,
 * pins the failure: every clause the vector violates must be listed, so a vector that starts
 * failing for another reason fails the gate again. A named vector that fails as expected
 * becomes XFAIL (passes the gate); one that passes becomes XPASS (fails the gate, so the
 * entry gets removed); an entry naming no vector of the set fails the gate too.
 */
import { compareUtf8, escapeText } from '../../oracle/index.js';
import { formatJsonInputProblem, readJsonInputFile } from '../../oracle/internal.js';
import { UsageError } from '../io/cli-io.js';
import { verdictNotHandled, type ExpectationRecord, type VectorJudgement } from './verdict.js';
import { suggestName } from '../io/suggest-name.js';

export interface Expectation {
  id: string;
  verdict: 'FAIL' | 'ERROR';
  reason: string;
  /** For FAIL: every clause the failure may violate (sorted). */
  clauses?: string[];
}

const CLAUSE_ID = /^KD-[A-Z]+-[0-9]{2}$/;

/** Whether an entry's id names the vector: equal, or a prefix ending in `*`. */
export function expectationMatches(entry: Pick<Expectation, 'id'>, vectorId: string): boolean {
  return entry.id.endsWith('*') ? vectorId.startsWith(entry.id.slice(0, -1)) : entry.id === vectorId;
}

/** The entry that governs a vector: the exact id, else the longest matching prefix. */
export function expectationFor<E extends Pick<Expectation, 'id'>>(
  entries: readonly E[],
  vectorId: string,
): E | undefined {
  let best: E | undefined;
  for (const e of entries) {
    if (!expectationMatches(e, vectorId)) continue;
    if (!e.id.endsWith('*')) return e;
    if (best === undefined || e.id.length > best.id.length) best = e;
  }
  return best;
}

/** Reads and checks an expectations file; any problem is a UsageError (exit 2). */
export function loadExpectations(path: string): Expectation[] {
  const read = readJsonInputFile(path, { maxBytes: 16 * 1024 * 1024 });
  if (!read.ok) throw new UsageError(`expectations ${escapeText(path)}: ${formatJsonInputProblem(read.problem)}`);
  return parseExpectations(read.value, path);
}

/** The keys an expectations entry may have. */
const ENTRY_KEYS: readonly string[] = ['id', 'verdict', 'reason', 'clauses'];

/** Checks a decoded expectations value. */
export function parseExpectations(value: unknown, where: string): Expectation[] {
  if (!Array.isArray(value)) throw new UsageError(`expectations ${where}: not a JSON array of {id, verdict, reason}`);
  const seen = new Set<string>();
  return value.map((entry, i) => {
    const at = `expectations ${where} at /${i}`;
    const e = entry as Record<string, unknown>;
    if (typeof e !== 'object' || e === null || Array.isArray(e)) throw new UsageError(`${at}: not an object`);
    const extra = Object.keys(e).filter((k) => !ENTRY_KEYS.includes(k));
    if (extra[0] !== undefined) {
      const near = suggestName(extra[0], ENTRY_KEYS);
      const hint = near === undefined ? 'use id, verdict, reason, clauses' : `did you mean ${near}?`;
      throw new UsageError(`${at}/${escapeText(extra[0])}: unknown key (${hint})`);
    }
    if (typeof e.id !== 'string' || e.id === '') throw new UsageError(`${at}/id: not a vector id`);
    if (e.id.slice(0, -1).includes('*')) throw new UsageError(`${at}/id: * only at the end (an id prefix)`);
    if (e.verdict !== 'FAIL' && e.verdict !== 'ERROR') throw new UsageError(`${at}/verdict: must be FAIL or ERROR`);
    if (typeof e.reason !== 'string' || e.reason.trim() === '') throw new UsageError(`${at}/reason: must say why`);
    if (seen.has(e.id)) throw new UsageError(`${at}/id: ${e.id} is listed twice`);
    seen.add(e.id);
    const out: Expectation = { id: e.id, verdict: e.verdict, reason: e.reason };
    if (e.clauses !== undefined) {
      if (e.verdict !== 'FAIL') throw new UsageError(`${at}/clauses: only a FAIL violates clauses`);
      const clauses = e.clauses;
      if (!Array.isArray(clauses) || clauses.length === 0)
        throw new UsageError(`${at}/clauses: a non-empty array of KD- ids`);
      clauses.forEach((c, k) => {
        if (typeof c !== 'string' || !CLAUSE_ID.test(c))
          throw new UsageError(`${at}/clauses/${k}: not a KD- clause id`);
      });
      out.clauses = [...new Set(clauses as string[])].sort(compareUtf8);
    }
    return out;
  });
}

/**
 * What an XPASS tells the provider team to do: the vector passes now, so the entry that expects it to fail goes (a
 * prefix entry is narrowed, since it may still govern vectors that fail); `--update-expectations` does it from a run.
 */
export function xpassNote(entry: Pick<Expectation, 'id' | 'verdict'>): string {
  const what = entry.id.endsWith('*')
    ? `narrow the prefix entry ${escapeText(entry.id)} so it no longer names this vector`
    : `remove the entry ${escapeText(entry.id)}`;
  return (
    `passed, but the expectations file expects ${entry.verdict}: ${what} ` +
    '(run --update-expectations FILE rewrites the file from a run)'
  );
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
  const out = judgements.map((j): VectorJudgement => {
    const e = expectationFor(expectations, j.id);
    if (e === undefined) return j;
    const expectation: ExpectationRecord = { verdict: e.verdict, reason: e.reason };
    if (e.clauses !== undefined) expectation.clauses = e.clauses;
    // Failed, but not in the expected way: the gate sees the real verdict.
    const unexpected = (): VectorJudgement => ({
      ...j,
      expectation,
      notes: [...j.notes, `expected ${e.verdict}, got ${j.verdict}`],
    });
    switch (j.verdict) {
      case 'FAIL': {
        if (e.verdict !== 'FAIL') return unexpected();
        const unlisted = e.clauses === undefined ? [] : j.fail_clauses.filter((c) => !e.clauses?.includes(c));
        if (unlisted.length === 0) return { ...j, expectation, verdict: 'XFAIL', raw_verdict: j.verdict };
        // Failing for a reason the entry does not pin: the gate sees the FAIL.
        return {
          ...j,
          expectation,
          notes: [...j.notes, `expected FAIL violating only ${e.clauses?.join(' ')}, but also ${unlisted.join(' ')}`],
        };
      }
      case 'ERROR':
        // An ERROR entry pins no clauses.
        return e.verdict === 'ERROR' ? { ...j, expectation, verdict: 'XFAIL', raw_verdict: j.verdict } : unexpected();
      case 'PASS':
        return { ...j, expectation, verdict: 'XPASS', raw_verdict: j.verdict, notes: [...j.notes, xpassNote(e)] };
      case 'ACCEPTABLE':
        return { ...j, expectation, verdict: 'XPASS', raw_verdict: j.verdict, notes: [...j.notes, xpassNote(e)] };
      case 'NOT-RUN':
      case 'XFAIL':
      case 'XPASS':
        return unexpected();
      case 'NOT-APPLICABLE':
        // Never sent: the entry is neither borne out nor contradicted, and stays for a run that sends the vector.
        return j;
      default:
        return verdictNotHandled(j);
    }
  });
  const known = [...knownIds];
  const unknown = expectations.filter((e) =>
    e.id.endsWith('*') ? !known.some((id) => expectationMatches(e, id)) : !knownIds.has(e.id),
  );
  return { judgements: out, unknown };
}
