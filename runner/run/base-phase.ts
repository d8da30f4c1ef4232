/**
 * The base phase: every selected query vector sent to the provider over `jobs` instances, each fixture's vectors to
 * one instance in a row and in id order (so an instance loads each fixture once), and judged. It runs alongside the
 * release-cost phase (run-gate.ts): each query, and the first start, waits for one of the run's `jobs` work slots,
 * which the builds hold too. The first instance starts alone: when it cannot, no query vector can run, and the run
 * says why once, with what the provider wrote to stderr, instead of in every NOT-RUN vector. Its hello settles the
 * features the provider declares missing (missing-features.ts): a vector that needs one is NOT-APPLICABLE and never
 * sent. A vector whose file or fixture changed after the set was checked is NOT-RUN; so is the vector whose call the
 * interruption cut short, and every vector not yet sent.
 */
import { performance } from 'node:perf_hooks';
import { clip } from '../../oracle/internal.js';
import { judgeFromSet } from '../judge/judge-from-set.js';
import { notApplicableJudgement, notRunJudgement } from '../judge/judge-vector.js';
import type { VectorJudgement } from '../judge/verdict.js';
import type { QueryVectorEntry } from '../vectors/vector-source.js';
import {
  fixtureGroups,
  interruptedReason,
  recordBase,
  type GateFindings,
  type GatePhase,
  type GateRun,
} from './gate-run.js';
import { elapsedMs, type Lane, LanePool, type LaneOutcome, type LaneReady } from './lane-pool.js';

/** The most characters of a provider's stderr put in the gate's reason when it cannot start. */
const STDERR_IN_REASON = 600;

/** Runs the base phase. */
export const basePhase: GatePhase = async (run, findings) => {
  const launchers = run.resources.launchers;
  if (launchers === null) return withoutProvider(run, findings);
  const set = run.resources.vectors.vectorSet;
  const abort = run.sinks.abort;
  const judgements = new Map(findings.judgements);
  const answered = new Map(findings.answered);
  const changedFiles = new Set(findings.changedFiles);
  const incomplete = [...findings.incomplete];
  const lanes = new LanePool(run.plan.base.jobs, launchers.launcher, run.instances);
  const sendOne = async (entry: QueryVectorEntry, lane: Lane): Promise<void> => {
    const t0 = performance.now();
    const read = set.readVector(entry);
    if (read.ok) run.emit({ event: 'vector-start', phase: 'base', id: entry.id, work: 'query' });
    const outcome: LaneOutcome = read.ok
      ? await lane.send(entry.fixtureSha256, () => set.readFixture(entry.fixtureSha256), read.value.request, entry.id)
      : { notRun: read.reason, changedFile: read.file };
    const wall = elapsedMs(t0);
    let judgement: VectorJudgement;
    // The interruption killed the provider under this call: its fault says nothing about the provider.
    if (abort?.aborted) judgement = notRunJudgement(entry, interruptedReason(run));
    else if ('notRun' in outcome) {
      // The vector file or its fixture is no longer the one checked, or the provider could not be (re)started.
      judgement = notRunJudgement(entry, outcome.notRun);
      if (outcome.changedFile !== undefined) changedFiles.add(outcome.changedFile);
    } else if (!read.ok) throw new Error(`kit fault: ${entry.id} was sent without its file`);
    else {
      const judged = judgeFromSet(set, read.value, outcome, lane.identity());
      judgement = judged.changedFile === undefined ? { ...judged.judgement, duration_ms: wall } : judged.judgement;
      if (judged.changedFile !== undefined) changedFiles.add(judged.changedFile);
      else if (outcome.ok) answered.set(entry.id, judgement.verdict === 'FAIL' ? outcome.value : undefined);
    }
    recordBase(run, judgements, judgement);
  };
  let first: LaneReady | undefined;
  try {
    first = await run.slots.run(() => lanes.first.ensure());
  } finally {
    // The release-cost phase waits on these, so they settle whatever happened to the first instance.
    run.features.settle(first?.ok === true ? first.connection.identity.missing_features : undefined);
  }
  const toSend = run.order.filter((v) => {
    const missing = run.features.of(v.features);
    if (missing.length > 0) recordBase(run, judgements, notApplicableJudgement(v, missing));
    return missing.length === 0;
  });
  if (!first.ok && abort?.aborted !== true) {
    const tail =
      first.stderrTail === undefined
        ? ''
        : `; its stderr ends: ${clip(first.stderrTail.slice(-STDERR_IN_REASON), STDERR_IN_REASON)}`;
    incomplete.push(`${first.why}${tail} (kofun-ctk smoke with the same provider options shows its stdout and stderr)`);
    for (const v of toSend) recordBase(run, judgements, notRunJudgement(v, first.why));
  } else {
    // A fixture's vectors go to one lane, one after another: an instance that keeps state across queries meets them
    // together, as it would in an unsharded run on one core (a shard keeps a fixture's vectors too).
    await lanes.each(abort, fixtureGroups(toSend), async (group, lane) => {
      for (const entry of group) {
        const release = await run.slots.acquire();
        try {
          if (abort?.aborted) return;
          await sendOne(entry, lane);
        } finally {
          release();
        }
      }
    });
  }
  for (const late of await lanes.close()) {
    const entry = run.order.find((v) => v.id === late.vectorId);
    const read = entry === undefined ? undefined : set.readVector(entry);
    if (read === undefined || !read.ok || abort?.aborted) continue;
    const judged = judgeFromSet(set, read.value, { ok: false, fault: late.fault }, []);
    judgements.set(late.vectorId, judged.judgement);
    answered.delete(late.vectorId);
  }
  return { ...findings, judgements, answered, changedFiles, incomplete };
};

/**
 * The base phase of a run without a provider: no hello, so the configuration's missing features (none) are all there
 * are, settled at once for the release-cost phase. Such a run selects release-cost vectors only (builds-only-plan.ts).
 */
function withoutProvider(run: GateRun, findings: GateFindings): GateFindings {
  if (run.order.length > 0) throw new Error('kit fault: a run without a provider selected query vectors');
  run.features.settle(undefined);
  return findings;
}
