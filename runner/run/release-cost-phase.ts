/**
 * The release-cost phase: the selected release-cost vectors are not sent to the provider; each is built with the
 * provider's declared build commands and judged (judge/judge-release-vector.ts, KD-RELEASE-02, KD-RELEASE-03), on
 * this thread because the builds set the process umask. It runs alongside the base phase (run-gate.ts): each vector's
 * builds wait for one of the run's `jobs` work slots, which the queries hold too, so queries and builds together
 * never exceed `jobs`. Without declared build commands they are NOT-RUN, which leaves the run incomplete; a fixture
 * file that changed after the set was checked is never built. A provider that declares the release-cost feature
 * missing (missing-features.ts: its configuration, or its hello, which this phase waits for) gets them
 * NOT-APPLICABLE, built by nobody.
 */
import { performance } from 'node:perf_hooks';
import {
  judgeReleaseVector,
  NO_BUILD_COMMANDS,
  NO_BUILD_COMMANDS_NOT_RUN,
  releaseNotRunJudgement,
} from '../judge/judge-release-vector.js';
import { notApplicableJudgement } from '../judge/judge-vector.js';
import { interruptedReason, recordBase, type GatePhase } from './gate-run.js';
import { elapsedMs, pool } from './lane-pool.js';

/** Runs the release-cost phase. */
export const releaseCostPhase: GatePhase = async (run, findings) => {
  const set = run.resources.vectors.vectorSet;
  const builder = run.resources.releaseBuild;
  const plan = builder === null ? null : { ...builder, ...run.plan.releaseCost };
  const judgements = new Map(findings.judgements);
  const changedFiles = new Set(findings.changedFiles);
  const incomplete = [...findings.incomplete];
  // The features are settled by the base phase once the first instance started; nothing is built before.
  if (run.releaseOrder.length > 0) await run.features.settled;
  const toBuild = run.releaseOrder.filter((vector) => {
    const missing = run.features.of(vector.features);
    if (missing.length > 0) recordBase(run, judgements, notApplicableJudgement(vector, missing));
    return missing.length === 0;
  });
  if (toBuild.length > 0 && plan === null) {
    incomplete.push(
      `${toBuild.length} release-cost vectors not run: ${NO_BUILD_COMMANDS} (declare build, a ` +
        `kofun.ctk.release-build/v1 file or object, in the provider configuration, leave the ` +
        `release-cost category out of the selection with --exclude-category release-cost, or declare the ` +
        `release-cost feature missing)`,
    );
  }
  // A NOT-RUN judgement builds nothing, so it needs no slot of the run's work.
  const slots = plan === null ? undefined : run.slots;
  const workers = Array.from({ length: Math.max(1, run.plan.base.jobs) }, (_, i) => i);
  await pool(
    run.sinks.abort,
    toBuild,
    workers,
    async (vector) => {
      const t0 = performance.now();
      // The builds read the fixture bytes checked here, written into each vector's own build folder: a changed file is
      // never built, and no build reads a file of the vector set.
      const fixture = plan === null ? undefined : set.readFixture(vector.fixtureSha256);
      if (fixture !== undefined && !fixture.ok) changedFiles.add(fixture.file);
      if (fixture?.ok === true) run.emit({ event: 'vector-start', phase: 'base', id: vector.id, work: 'build' });
      const judged =
        plan === null || fixture === undefined
          ? releaseNotRunJudgement(vector, NO_BUILD_COMMANDS_NOT_RUN)
          : !fixture.ok
            ? releaseNotRunJudgement(vector, fixture.reason)
            : { ...(await judgeReleaseVector(vector, fixture.value, plan)), duration_ms: elapsedMs(t0) };
      const judgement = run.sinks.abort?.aborted ? releaseNotRunJudgement(vector, interruptedReason(run)) : judged;
      // The base phase's progress goes on: one count over query and release-cost vectors.
      recordBase(run, judgements, judgement);
    },
    slots,
  );
  return { ...findings, judgements, changedFiles, incomplete };
};
