/**
 * The fresh phase: cases no file of the vector set holds, so a provider that answers from the vector files (keyed on
 * the request, or on a canonical form of the fixture and request) cannot pass the default gate. From the run seed,
 * selected query vectors are taken in a seeded order, each vector's world is renamed (fuzz/rename-world.ts: fresh
 * identities and names, the same facts), and the vector is asked again there (fuzz/fresh-case.ts); the reference
 * oracle answers it, and the provider's bytes are judged as a vector's are (PASS, ACCEPTABLE for an alternative of the
 * vector derived again, FAIL with the verifier's clauses and a diff, ERROR). A case that fails the gate fails it.
 *
 * A count takes vectors whose world has at most {@link LIGHT_WORLD_CANDIDATES} candidates and as many interfaces (a
 * million-candidate world costs seconds to load on each side); `all` takes every selected query vector. Each case is
 * replayed by `run --id VECTOR --seed SEED --fresh all`: a case depends on the seed and its vector alone.
 *
 * A case from a vector that needs a feature the provider declares missing (missing-features.ts) is NOT-APPLICABLE,
 * never sent, and not counted in a count's sample, so the provider is still asked that many cases it can answer.
 */
import { performance } from 'node:perf_hooks';
import { compareUtf8, sha256Hex, type FixtureV1, type LoadedFixture } from '../../oracle/index.js';
import { deriveFreshCase, type FreshCase } from '../fuzz/fresh-case.js';
import { renameWorld, type RenamedWorld } from '../fuzz/rename-world.js';
import { applyExpectations } from '../judge/expectations.js';
import { judgeVector, notApplicableJudgement, notRunJudgement } from '../judge/judge-vector.js';
import { gateEffect, type VectorJudgement } from '../judge/verdict.js';
import { freshPhaseReport, type FreshCaseReport } from '../report/fresh-phase-report.js';
import type { QueryVectorEntry, VectorSet } from '../vectors/vector-source.js';
import { interruptedReason, type GatePhase, type GateRun } from './gate-run.js';
import { elapsedMs, LanePool } from './lane-pool.js';
import { keysReversed } from './metamorphic-variant.js';
import type { FreshPhasePlan } from './run-plan.js';

/** The most candidates (series members included), and the most interfaces, of a world a count samples. */
export const LIGHT_WORLD_CANDIDATES = 1024;

/** The largest fixture file a count samples; a larger one is not parsed to be counted. */
const LIGHT_WORLD_BYTES = 256 * 1024;

/** Runs the fresh phase when the plan asks for cases; never throws for a fault of the provider. */
export const freshPhase: GatePhase = async (run, findings) => {
  const fresh = run.plan.fresh;
  const abort = run.sinks.abort;
  const launchers = run.resources.launchers;
  // A run without a provider selects no query vector, so it has no case to derive.
  if (fresh.sample === 0 || abort?.aborted === true || launchers === null) return findings;
  const changedFiles = new Set(findings.changedFiles);
  const chosen = chooseFreshCases(run.resources.vectors.vectorSet, run.order, fresh, changedFiles, (v) =>
    run.features.of(v.features),
  );
  const cases = [...chosen.cases].sort(
    (a, b) => compareUtf8(a.world.sha256, b.world.sha256) || compareUtf8(a.vector.id, b.vector.id),
  );
  const judged = new Map<FreshCase, VectorJudgement>();
  const lanes = new LanePool(run.plan.base.jobs, launchers.launcher, run.instances);
  try {
    await lanes.each(abort, cases, async (c, lane) => {
      const t0 = performance.now();
      const outcome = await lane.send(
        c.world.sha256,
        () => ({ ok: true, value: c.world.bytes }),
        c.vector.request,
        `fresh ${c.vector.id}`,
      );
      const wall = elapsedMs(t0);
      let judgement: VectorJudgement;
      if (abort?.aborted) judgement = notRunJudgement(c.vector, interruptedReason(run));
      else if ('notRun' in outcome) judgement = notRunJudgement(c.vector, outcome.notRun);
      else {
        const context = { fixture: () => c.world.loaded, declaredInterpretations: lane.identity() };
        judgement = { ...judgeVector(c.vector, outcome, context), duration_ms: wall };
      }
      judged.set(c, judgement);
      const done = judged.size;
      run.emit({
        event: 'progress',
        phase: 'fresh',
        id: c.vector.id,
        outcome: judgement.verdict,
        done,
        total: cases.length,
      });
    });
  } finally {
    await lanes.close();
  }
  const raw = cases.map((c) => judged.get(c) ?? notRunJudgement(c.vector, interruptedReason(run)));
  const reports = expected(run, raw).map((judgement, i): FreshCaseReport => ({
    from: judgement.id,
    seed: fresh.seed,
    fixture_sha256: (cases[i] as FreshCase).world.sha256,
    judgement: gateEffect(judgement.verdict) === 'passes' ? judgement : withReproduce(judgement, run),
  }));
  for (const { case: c, missing } of chosen.notApplicable)
    reports.push({
      from: c.vector.id,
      seed: fresh.seed,
      fixture_sha256: c.world.sha256,
      judgement: notApplicableJudgement(c.vector, missing),
    });
  return {
    ...findings,
    changedFiles,
    fresh: freshPhaseReport({ sample: fresh.sample, seed: fresh.seed }, reports, chosen.skipped),
  };
};

/**
 * The expectations file applied as to the vector each case derives from: a known FAIL or ERROR of the vector makes
 * its case's an XFAIL. A case that passes where its vector is expected to fail stays a PASS: it is other bytes, and
 * says nothing against the entry.
 */
function expected(run: GateRun, raw: readonly VectorJudgement[]): VectorJudgement[] {
  const applied = applyExpectations(raw, run.resources.expectations, run.resources.vectors.knownIds).judgements;
  return applied.map((j, i) => (j.verdict === 'XPASS' ? (raw[i] as VectorJudgement) : j));
}

function withReproduce(judgement: VectorJudgement, run: GateRun): VectorJudgement {
  const reproduce = run.sinks.reproduceFresh?.(judgement.id);
  return reproduce === undefined ? judgement : { ...judgement, reproduce };
}

/**
 * The cases of the run: the selected query vectors in the order of the SHA-256 of `<seed>:<id>`, each derived in its
 * world renamed under the seed, until the plan's count is reached (every vector for `all`). A vector whose file or
 * fixture changed after the set was checked is left out and its file recorded. A case whose vector needs a feature
 * `missingOf` names goes to `notApplicable` and does not count towards the plan's count.
 */
function chooseFreshCases(
  set: VectorSet,
  selected: readonly QueryVectorEntry[],
  fresh: FreshPhasePlan,
  changedFiles: Set<string>,
  missingOf: (vector: QueryVectorEntry) => string[],
): { cases: FreshCase[]; notApplicable: { case: FreshCase; missing: string[] }[]; skipped: number } {
  const order = selected
    .map((entry) => ({ entry, key: sha256Hex(`${fresh.seed}:${entry.id}`) }))
    .sort((a, b) => compareUtf8(a.key, b.key))
    .map((x) => x.entry);
  const light = new Map<string, boolean>();
  const worlds = new Map<string, { source: LoadedFixture; world: RenamedWorld } | undefined>();
  const cases: FreshCase[] = [];
  const notApplicable: { case: FreshCase; missing: string[] }[] = [];
  let skipped = 0;
  for (const entry of order) {
    if (fresh.sample !== 'all' && cases.length >= fresh.sample) break;
    if (fresh.sample !== 'all') {
      if (!light.has(entry.fixtureSha256)) {
        const bytes = set.readFixture(entry.fixtureSha256);
        if (!bytes.ok) {
          changedFiles.add(bytes.file);
          continue;
        }
        light.set(entry.fixtureSha256, isLightWorld(bytes.value));
      }
      if (light.get(entry.fixtureSha256) !== true) continue;
    }
    const read = set.readVector(entry);
    if (!read.ok) {
      changedFiles.add(read.file);
      continue;
    }
    if (!worlds.has(entry.fixtureSha256)) {
      const loaded = set.loadedFixture(entry.fixtureSha256);
      if (!loaded.ok) {
        changedFiles.add(loaded.file);
        continue;
      }
      const source = loaded.value;
      worlds.set(
        entry.fixtureSha256,
        source === undefined ? undefined : { source, world: keysReordered(renameWorld(fresh.seed, source)) },
      );
    }
    const world = worlds.get(entry.fixtureSha256);
    const derived = world === undefined ? undefined : deriveFreshCase(read.value, world.source, world.world);
    const missing = missingOf(entry);
    if (derived?.ok !== true) skipped += 1;
    else if (missing.length > 0) notApplicable.push({ case: derived.case, missing });
    else cases.push(derived.case);
  }
  return { cases, notApplicable, skipped };
}

/**
 * The renamed world with its file's object keys in reversed order (and its arrays as written, on one line): the same
 * facts in bytes no canonical encoder writes, so a provider whose answer follows the order of an object's keys fails
 * on every seed (KD-ORDER-12), as in the metamorphic phase.
 */
function keysReordered(world: RenamedWorld): RenamedWorld {
  const bytes = keysReversed(world.bytes);
  return { ...world, bytes, sha256: sha256Hex(bytes) };
}

/** Whether a world is light enough for a count's sample (see {@link LIGHT_WORLD_CANDIDATES}). */
export function isLightWorld(bytes: Uint8Array): boolean {
  if (bytes.length > LIGHT_WORLD_BYTES) return false;
  let fixture: Pick<FixtureV1, 'candidates' | 'candidate_series' | 'interfaces'>;
  try {
    fixture = JSON.parse(Buffer.from(bytes).toString('utf8')) as FixtureV1;
  } catch {
    return false;
  }
  const members = (fixture.candidate_series ?? []).reduce((n, s) => n + s.count, 0);
  return (
    (fixture.candidates ?? []).length + members <= LIGHT_WORLD_CANDIDATES &&
    (fixture.interfaces ?? []).length <= LIGHT_WORLD_CANDIDATES
  );
}
