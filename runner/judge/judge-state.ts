/**
 * Judging the state check (run/state-phase.ts, KD-KEY-07): a vector that answered is asked again in one fresh
 * instance, after the other queries of its fixture in reverse order, and twice in a row; each answer must be the bytes
 * the base phase got. An answer that depends on what the instance was asked before breaks KD-KEY-07 (one request, one
 * key, one result), and the clauses of the field that differs: the verifier's on the other answer, with the request
 * and the fixture, else the vector's clauses that govern the differing parts (fail-attribution.ts).
 */
import { compareUtf8, verifyResult, type LoadedFixture } from '../../oracle/index.js';
import type { CallOutcome } from '../adapters/provider-connection.js';
import { classifyDifference } from './classify-difference.js';
import { clausesOfDifference } from './fail-attribution.js';
import { errorFromFault } from './judge-vector.js';
import { unifiedDiff } from './unified-diff.js';
import { verdictNotHandled, type StateOutcome, type VectorJudgement } from './verdict.js';

/** The clause every state failure breaks: a request under one analysis key has one result. */
export const STATE_CLAUSE = 'KD-KEY-07';

/** What the check knows of one vector: its request, its clauses and its fixture, for the verifier. */
export interface StateSubject {
  request: Uint8Array;
  clauses: readonly string[];
  fixture: () => LoadedFixture | undefined;
}

/**
 * The outcome of the two answers (`first`, `second`) of a vector asked again after the vectors `after`, against the
 * bytes `base` the base phase got for it.
 */
export function judgeStateAnswers(
  base: Uint8Array,
  answers: readonly CallOutcome<Uint8Array>[],
  subject: StateSubject,
  after: readonly string[],
): StateOutcome {
  for (const [i, outcome] of answers.entries()) {
    const which = i === 0 ? 'asked again' : 'asked a second time in a row';
    const context = after.length === 0 ? '' : ` after ${after.length} other queries of its fixture`;
    if (!outcome.ok) {
      const e = errorFromFault(outcome.fault);
      return {
        ok: false,
        detail: `${which}${context} in one instance, it gave no answer (${e.kind}): ${e.message}`,
        clauses: [STATE_CLAUSE],
        after: [...after],
      };
    }
    if (Buffer.from(outcome.value).equals(Buffer.from(base))) continue;
    const difference = classifyDifference(base, outcome.value);
    const fixture = subject.fixture();
    const violations = fixture === undefined ? [] : verifyResult(outcome.value, { request: subject.request, fixture });
    const named =
      violations.length > 0 ? violations.map((v) => v.clause) : clausesOfDifference(difference, subject.clauses);
    const clauses = [...new Set([STATE_CLAUSE, ...named])].sort(compareUtf8);
    const detail = `${which}${context} in one instance, it gave other bytes than the base phase got`;
    if (difference.kind === 'layout' || difference.kind === 'order')
      return { ok: false, detail, clauses, after: [...after], difference };
    return { ok: false, detail, clauses, after: [...after], difference, diff: unifiedDiff(base, outcome.value) };
  }
  return { ok: true };
}

/** The judgement with its state outcome: a failure fails the vector with the outcome's clauses. */
export function withState(j: VectorJudgement, s: StateOutcome): VectorJudgement {
  switch (j.verdict) {
    case 'PASS':
    case 'ACCEPTABLE':
      if (s.ok) return { ...j, state: s };
      return { ...j, state: s, verdict: 'FAIL', fail_clauses: s.clauses, clause_source: 'state' };
    case 'FAIL':
      if (s.ok) return { ...j, state: s };
      return { ...j, state: s, fail_clauses: [...new Set([...j.fail_clauses, ...s.clauses])].sort(compareUtf8) };
    case 'ERROR':
    case 'NOT-RUN':
    case 'NOT-APPLICABLE':
    case 'XFAIL':
    case 'XPASS':
      // Only an answer is asked again, and before the expectations apply.
      throw new Error(`kit fault: a state outcome for ${j.id}, judged ${j.verdict}`);
    default:
      return verdictNotHandled(j);
  }
}
