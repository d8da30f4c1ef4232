/**
 * Judging one vector: PASS when the bytes equal the expected bytes, ACCEPTABLE when
 * they equal an alternative of the vector's envelope, FAIL otherwise (with the
 * verifier's KD- clauses, a classification and a unified diff), ERROR when the
 * provider gave no bytes.
 *
 * The verifier runs, with the request and the fixture, on every result that is neither the expected bytes nor an
 * alternative, so its fixture checks (the leak scan of hidden names and identities, KD-DISCLOSE-03, KD-OMIT-07) cover
 * every wrong answer. Bytes equal to the expected result or an alternative are not verified again: the verifier's
 * answer on them is a fact of the vector set, established when the set was checked (`vectors check` verifies every
 * expected and acceptable result against its request and fixture), and the set is bound to those bytes by the
 * manifest's digests. Such a judgement never needs the fixture, so a passing run never loads one into the runner.
 */
import {
  type LoadedFixture,
  verifyResult,
  type Violation,
  escapeBytes,
  escapeText,
  sha256Hex,
} from '../../oracle/index.js';
import { clip } from '../../oracle/internal.js';
import { errorMessage } from '../adapters/module-provider.js';
import type { CallOutcome, ProviderFault } from '../adapters/provider-connection.js';
import type { QueryVector, QueryVectorEntry } from '../vectors/vector-source.js';
import { classifyDifference } from './classify-difference.js';
import { attributeError, attributeFailure } from './fail-attribution.js';
import { unifiedDiff } from './unified-diff.js';
import {
  judgementOf,
  type NotApplicableJudgement,
  type NotRunJudgement,
  type VectorError,
  type VectorJudgement,
} from './verdict.js';

/** Bound on escaped provider text kept in a judgement (error messages, stderr tails). */
export const MAX_PROVIDER_TEXT = 2000;

/** What the judge needs besides the vector and the outcome. */
export interface JudgeContext {
  /**
   * The fixture as the oracle loads it, for the verifier's fixture checks; called only when the bytes are neither the
   * expected result nor an alternative (a fixture with a million candidates is loaded only to judge a wrong answer).
   */
  fixture: () => LoadedFixture | undefined;
  /** The names the provider declared in its handshake. */
  declaredInterpretations: readonly string[];
}

/** Judges one vector from the provider's outcome. */
export function judgeVector(
  vector: QueryVector,
  outcome: CallOutcome<Uint8Array>,
  context: JudgeContext,
): VectorJudgement {
  if (!outcome.ok) {
    const error = errorFromFault(outcome.fault);
    return { ...judgementOf(vector, 'ERROR'), error, ...attributeError(error) };
  }
  const actual = outcome.value;
  const answer = { actual_sha256: sha256Hex(actual), actual_length: actual.length };
  if (bytesEqual(actual, vector.expected)) return { ...judgementOf(vector, 'PASS'), ...answer };
  const alternative = vector.acceptable.find((alt) => bytesEqual(actual, alt.bytes));
  if (alternative !== undefined) {
    const declared = context.declaredInterpretations.some(
      (d) =>
        d === alternative.name || d === alternative.interpretation || d.startsWith(`${alternative.interpretation}:`),
    );
    return {
      ...judgementOf(vector, 'ACCEPTABLE'),
      ...answer,
      acceptable: { name: alternative.name, interpretation: alternative.interpretation, declared },
    };
  }
  const verified = runVerifier(actual, vector, context.fixture());
  const cut = violationsCutNote(verified.violations.length);
  verified.violations = boundViolations(verified.violations);
  const difference = classifyDifference(vector.expected, actual);
  const failed: VectorJudgement = {
    ...judgementOf(vector, 'FAIL'),
    violations: verified.violations,
    notes: [...(verified.fault === undefined ? [] : [verified.fault]), ...(cut === undefined ? [] : [cut])],
    ...answer,
    ...attributeFailure(verified.violations, difference, vector.clauses),
    difference,
  };
  // A layout-only difference is told by its first byte offset and context (a line diff would mark every line), an
  // order-only one by the two orders of each array's identities (a line diff would read as changed values).
  return difference.kind === 'layout' || difference.kind === 'order'
    ? failed
    : { ...failed, diff: unifiedDiff(vector.expected, actual) };
}

/** A provider fault as a judgement error, every provider-controlled part escaped and bounded. */
export function errorFromFault(fault: ProviderFault): VectorError {
  // A provider's own bytes reach the escaper as bytes, so an undecodable byte is shown as \xNN, not as U+FFFD.
  const message =
    fault.kind === 'provider-error' && fault.body !== undefined ? escapeBytes(fault.body) : escapeText(fault.message);
  const stray =
    fault.kind !== 'provider-error' && fault.strayStdout !== undefined
      ? `; stdout outside a frame: "${escapeBytes(fault.strayStdout)}"`
      : '';
  const error: VectorError = { kind: fault.kind, message: clip(`${message}${stray}`, MAX_PROVIDER_TEXT) };
  if (fault.kind === 'provider-error') error.code = clip(escapeText(fault.code), 64);
  else if (fault.stderrTail.length > 0)
    error.stderr_tail = clip(escapeBytes(fault.stderrTail, { keepLines: true }), MAX_PROVIDER_TEXT);
  return error;
}

/** The most violations of one answer a judgement keeps (the verifier may find one per row of a huge answer). */
export const MAX_VIOLATIONS = 64;
/** The most characters of a violation's pointer, expected or actual text a judgement keeps. */
const MAX_VIOLATION_TEXT = 500;

/**
 * A wrong answer's violations bounded in number and in size, so that every report of every format can be written
 * whatever the provider answers: the first MAX_VIOLATIONS, each text field clipped with the cut said.
 */
export function boundViolations(violations: readonly Violation[]): Violation[] {
  const kept = violations.slice(0, MAX_VIOLATIONS).map(boundOne);
  // Every clause broken keeps one violation, so a cut never changes the clauses a FAIL names.
  const clauses = [...new Set(violations.slice(MAX_VIOLATIONS).map((v) => v.clause))].sort();
  for (const clause of clauses.filter((c) => !kept.some((k) => k.clause === c)))
    kept.push(boundOne(violations.find((v) => v.clause === clause) as Violation));
  return kept;
}

/** The note of a judgement whose violations were cut, or undefined. */
export function violationsCutNote(found: number): string | undefined {
  return found <= MAX_VIOLATIONS
    ? undefined
    : `${found - MAX_VIOLATIONS} more violations of this answer are not listed (the first ${MAX_VIOLATIONS} are, ` +
        'and one of every other clause broken)';
}

function boundOne(v: Violation): Violation {
  const out: Violation = { ...v };
  if (v.pointer !== undefined) out.pointer = clip(v.pointer, MAX_VIOLATION_TEXT);
  if (v.expected !== undefined) out.expected = clip(v.expected, MAX_VIOLATION_TEXT);
  if (v.actual !== undefined) out.actual = clip(v.actual, MAX_VIOLATION_TEXT);
  return out;
}

/**
 * A vector (query or release-cost) never sent or built: it needs features the provider declares it does not implement
 * (`missing`, never empty), which the gate names as "conformant except features" (PROTOCOL.md, "Features").
 */
export function notApplicableJudgement(
  vector: { id: string; category: string; clauses: readonly string[]; interpretations: readonly string[] },
  missing: readonly string[],
): NotApplicableJudgement {
  return { ...judgementOf(vector, 'NOT-APPLICABLE'), missing_features: [...missing] };
}

/** A vector that was never sent. */
export function notRunJudgement(vector: QueryVectorEntry, why: string): NotRunJudgement {
  return {
    id: vector.id,
    category: vector.category,
    clauses: [...vector.clauses],
    interpretations: [...vector.interpretations],
    verdict: 'NOT-RUN',
    fail_clauses: [],
    violations: [],
    error: { kind: 'not-run', message: clip(escapeText(why), MAX_PROVIDER_TEXT) },
    notes: [],
  };
}

function runVerifier(
  actual: Uint8Array,
  vector: QueryVector,
  fixture: LoadedFixture | undefined,
): { violations: Violation[]; fault?: string } {
  try {
    const options: Parameters<typeof verifyResult>[1] =
      fixture === undefined ? { request: vector.request } : { request: vector.request, fixture };
    return { violations: verifyResult(actual, options) };
  } catch (err) {
    return {
      violations: [],
      fault: `the verifier failed on this result (a fault of the kit): ${escapeText(errorMessage(err))}`,
    };
  }
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return (
    a.length === b.length &&
    Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length))
  );
}
