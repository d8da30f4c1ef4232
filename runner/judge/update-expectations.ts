/**
 * `run --update-expectations FILE`: the expectations file rewritten from a run, so a run
 * with `--expectations FILE` passes. Every vector of the run whose verdict before
 * expectations is FAIL or ERROR gets an entry with that verdict, the clauses a FAIL
 * violates (pinned, so another failure is caught) and a reason: the reason already written
 * for it (by its own entry or a prefix entry), else the provider's message or the first
 * violation. Entries for vectors the run did not send are kept as written. A prefix entry
 * is kept while every vector it governs in the run still fails as it says; otherwise it is
 * replaced by entries for the vectors that still fail. Sorted by id (UTF-8 bytes), so the
 * same run writes the same bytes.
 */
import { compareUtf8 } from '../../oracle/index.js';
import { expectationFor, expectationMatches, type Expectation } from './expectations.js';
import { verdictNotHandled, type VectorJudgement } from './verdict.js';

/** What the update did, for the console. */
export interface ExpectationsUpdate {
  entries: Expectation[];
  /** Vectors that failed the gate without an entry before. */
  added: string[];
  /** Entries dropped: their vectors pass now, or they name no vector of the set. */
  removed: string[];
  /** Prefix entries whose vectors no longer all fail as they say, replaced by one entry per vector still failing. */
  replaced: string[];
  /** NOT-RUN vectors: never sent, so no entry can say how they fail (the run stays incomplete). */
  notRun: string[];
}

/** The longest reason written from a provider message or a violation. */
const MAX_REASON = 300;

/** The verdict before expectations; NOT-RUN and the passing verdicts give none. */
function failure(j: VectorJudgement): 'FAIL' | 'ERROR' | undefined {
  switch (j.verdict) {
    case 'FAIL':
    case 'ERROR':
      return j.verdict;
    case 'XFAIL':
      return j.raw_verdict === 'FAIL' || j.raw_verdict === 'ERROR' ? j.raw_verdict : undefined;
    case 'PASS':
    case 'ACCEPTABLE':
    case 'NOT-RUN':
    case 'XPASS':
    case 'NOT-APPLICABLE':
      return undefined;
    default:
      return verdictNotHandled(j);
  }
}

function clip(text: string): string {
  return text.length <= MAX_REASON ? text : `${text.slice(0, MAX_REASON - 1)}…`;
}

/** A reason from the run itself: the provider's message (already escaped) or the first violation. */
function reasonFrom(j: VectorJudgement, verdict: 'FAIL' | 'ERROR'): string {
  if (verdict === 'ERROR') {
    const e = j.error;
    return clip(
      e === undefined ? 'no result bytes' : `${e.kind}${e.code !== undefined ? ` ${e.code}` : ''}: ${e.message}`,
    );
  }
  const v = j.violations[0];
  const clauses = j.fail_clauses.join(' ');
  return clip(v === undefined ? `violates ${clauses}` : `violates ${clauses}: ${v.message}`);
}

function entryFor(j: VectorJudgement, verdict: 'FAIL' | 'ERROR', reason: string): Expectation {
  const e: Expectation = { id: j.id, verdict, reason };
  if (verdict === 'FAIL' && j.fail_clauses.length > 0) e.clauses = [...new Set(j.fail_clauses)].sort(compareUtf8);
  return e;
}

/** Whether a prefix entry still describes every vector it governs in the run. */
function prefixHolds(entry: Expectation, governed: readonly VectorJudgement[]): boolean {
  return governed.every((j) => {
    if (failure(j) !== entry.verdict) return false;
    return entry.clauses === undefined || j.fail_clauses.every((c) => (entry.clauses as string[]).includes(c));
  });
}

/**
 * The updated expectations. `previous` are the entries written before (the file itself, or
 * the expectations the run used); `judgements` the run's vectors; `knownIds` every id of the set.
 */
export function updateExpectations(
  previous: readonly Expectation[],
  judgements: readonly VectorJudgement[],
  knownIds: ReadonlySet<string>,
): ExpectationsUpdate {
  const ran = new Map(judgements.map((j) => [j.id, j]));
  const known = [...knownIds];
  const kept: Expectation[] = [];
  const removed: string[] = [];
  const replaced: string[] = [];
  const keptPrefixes: Expectation[] = [];
  for (const e of previous) {
    const isPrefix = e.id.endsWith('*');
    if (!known.some((id) => expectationMatches(e, id))) {
      removed.push(e.id);
      continue;
    }
    // Only the vectors this entry governs (no exact entry or longer prefix takes them).
    const governed = judgements.filter((j) => expectationFor(previous, j.id) === e);
    if (governed.length === 0) {
      kept.push(e);
      continue;
    }
    if (isPrefix && prefixHolds(e, governed)) {
      kept.push(e);
      keptPrefixes.push(e);
    } else if (!isPrefix && failure(ran.get(e.id) as VectorJudgement) === undefined) {
      removed.push(e.id);
    } else if (isPrefix && governed.every((j) => failure(j) === undefined)) {
      removed.push(e.id);
    } else if (isPrefix) {
      replaced.push(e.id);
    }
  }
  const added: string[] = [];
  const notRun: string[] = [];
  const entries = [...kept];
  for (const j of judgements) {
    const raw = j.raw_verdict ?? j.verdict;
    if (raw === 'NOT-RUN') notRun.push(j.id);
    const verdict = failure(j);
    if (verdict === undefined) continue;
    const before = expectationFor(previous, j.id);
    if (before !== undefined && keptPrefixes.includes(before)) continue;
    if (before === undefined) added.push(j.id);
    entries.push(entryFor(j, verdict, before?.reason ?? reasonFrom(j, verdict)));
  }
  entries.sort((a, b) => compareUtf8(a.id, b.id));
  return {
    entries,
    added: added.sort(compareUtf8),
    removed: removed.sort(compareUtf8),
    replaced: replaced.sort(compareUtf8),
    notRun: notRun.sort(compareUtf8),
  };
}

/** The file's bytes: a JSON array, two-space indented, keys in the order id, verdict, clauses, reason. */
export function expectationsText(entries: readonly Expectation[]): string {
  const ordered = entries.map((e) =>
    e.clauses === undefined
      ? { id: e.id, verdict: e.verdict, reason: e.reason }
      : { id: e.id, verdict: e.verdict, clauses: e.clauses, reason: e.reason },
  );
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
