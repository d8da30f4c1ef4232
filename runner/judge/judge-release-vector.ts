/**
 * Judging one release-cost vector inside `kofun-ctk run` (KD-RELEASE-02, KD-RELEASE-03,
 * OQ-45 reading A): the provider's declared build commands run on the vector's fixture
 * (run-release-vector.ts), and the outcome becomes a judgement of the same shape as a
 * query vector's, so it goes through the same events, reports, expectations and gate.
 *
 * - PASS: every identity of the vector holds (and, for the reference builder, every
 *   artifact is the reference artifact).
 * - FAIL: `fail_clauses` are the KD-RELEASE clauses broken; each violation names the first
 *   differing file in `actual` and its first differing byte in `offset`; `diff` holds the
 *   gate's escaped build and comparison listing (the artifacts' counterpart of a result diff).
 * - ERROR: a build failed (`crash`), timed out (`timeout`), could not start (`start`), or
 *   left no usable artifact (`provider-error` with code `bad-artifact`).
 * - NOT-RUN: the provider declares no build commands.
 *
 * runReleaseVector sets the process umask around each build's spawn, so this runs on the
 * main thread; several may run at once there, because that umask window is synchronous.
 * This is the one judging path of release-cost vectors: `kofun-ctk run` and `release-cost --vectors` both reach it
 * through the run's release-cost phase (run/release-cost-phase.ts).
 */
import type { Sandbox } from '../sandbox/sandbox.js';
import { escapeText } from '../../oracle/index.js';
import { clip } from '../../oracle/internal.js';
import type { BuildConfig } from '../release-cost/build-config.js';
import { capLines } from '../release-cost/format-comparison.js';
import { runReleaseVector, type ReleaseVectorFailure } from '../release-cost/run-release-vector.js';
import { GATE_CHECK_LABEL } from '../release-cost/gate-check.js';
import { MAX_PROVIDER_TEXT } from './judge-vector.js';
import { judgementOf, type NotRunJudgement, type VectorError, type VectorJudgement } from './verdict.js';
import type { ReleaseVector } from '../vectors/vector-source.js';

/** Why a release-cost vector is not built when its provider declares no build. */
export const NO_BUILD_COMMANDS = 'no build commands declared';

/**
 * The NOT-RUN message of a release-cost vector whose provider declares no build: the cause and the ways out, so the
 * one vector's message (a JUnit error, an annotation) says what to do without the rest of the report.
 */
export const NO_BUILD_COMMANDS_NOT_RUN =
  `${NO_BUILD_COMMANDS}: declare "build" (a kofun.ctk.release-build/v1 file or object) in the --config provider ` +
  'configuration, leave the category out with --exclude-category release-cost, or declare the release-cost feature ' +
  'missing ("missing_features": ["release-cost"])';

/** How the release-cost vectors of a run are built. */
export interface ReleaseBuildPlan {
  /** The provider's declared kofun.ctk.release-build/v1 build. */
  config: BuildConfig;
  /** Also require each artifact to equal the vector's reference digest (the kit's reference builder). */
  checkDigests: boolean;
  /** Repeat the without-support build under the variant conditions and require the same bytes (KD-RELEASE-03). */
  vary: boolean;
  /** The sandbox every build runs in. */
  sandbox: Sandbox;
}

/** The most listing lines kept in a judgement's `diff`. */
const MAX_LISTING_LINES = 400;

/**
 * Builds and judges one release-cost vector, the one place its verdict is decided: ERROR when it could not be built
 * and checked, FAIL when a check failed, PASS otherwise; never throws for a fault of the build.
 */
export async function judgeReleaseVector(
  vector: ReleaseVector,
  fixtureBytes: Uint8Array,
  plan: ReleaseBuildPlan,
): Promise<VectorJudgement> {
  const ran = await runReleaseVector(vector, fixtureBytes, plan.config, {
    checkDigests: plan.checkDigests,
    vary: plan.vary,
    sandbox: plan.sandbox,
  });
  // Identities whose profile has no build command stay unchecked; say so rather than pass silently.
  const notes = ran.lines.filter(
    (l) =>
      l.endsWith('not run, no build command for a profile') ||
      (l.startsWith(GATE_CHECK_LABEL) && l.includes(': not run, ')),
  );
  if (ran.failure !== undefined) return { ...judgementOf(vector, 'ERROR'), notes, error: errorOf(ran.failure) };
  if (ran.violations.length === 0) return { ...judgementOf(vector, 'PASS'), notes };
  return {
    ...judgementOf(vector, 'FAIL'),
    notes,
    violations: ran.violations,
    fail_clauses: [...new Set(ran.violations.map((v) => v.clause))].sort(),
    clause_source: 'verifier',
    diff: `${capLines(ran.lines, MAX_LISTING_LINES).join('\n')}\n`,
  };
}

/** A release-cost vector that was not built. */
export function releaseNotRunJudgement(vector: ReleaseVector, why: string): NotRunJudgement {
  return {
    ...judgementOf(vector, 'NOT-RUN'),
    error: { kind: 'not-run', message: clip(escapeText(why), MAX_PROVIDER_TEXT) },
  };
}

function errorOf(failure: ReleaseVectorFailure): VectorError {
  // The message is escaped by run-release-vector.ts; the stderr tail is raw build output.
  const message = clip(failure.message, MAX_PROVIDER_TEXT);
  const error: VectorError =
    failure.kind === 'timeout' || failure.kind === 'start'
      ? { kind: failure.kind, message }
      : failure.kind === 'build'
        ? { kind: 'crash', message }
        : { kind: 'provider-error', code: failure.kind === 'artifact' ? 'bad-artifact' : 'bad-vector', message };
  if (failure.stderrTail !== '')
    error.stderr_tail = clip(escapeText(failure.stderrTail, { keepLines: true }), MAX_PROVIDER_TEXT);
  return error;
}
