/**
 * One gate run as its phases see it: what it was given (`GateRunParts`: the plan of its phases as it was read, the
 * resources opened for it, the sinks it reports to), opened once into a `GateRun`, and what the phases have found so
 * far (`GateFindings`), which each phase takes and returns with its own part added. Everything the run learns is also
 * an event (report/run-events.ts); the report is built from them.
 */
import { hostname } from 'node:os';
import { compareUtf8 } from '../../oracle/index.js';
import type { ProviderLauncher } from '../adapters/provider-connection.js';
import type { HermeticStart } from '../hermetic/start-hermetic.js';
import type { SandboxReport } from '../sandbox/sandbox.js';
import type { Expectation } from '../judge/expectations.js';
import type { ReleaseBuildPlan } from '../judge/judge-release-vector.js';
import type { VectorJudgement } from '../judge/verdict.js';
import type { FreshPhaseReport } from '../report/fresh-phase-report.js';
import type { FuzzPhaseReport } from '../report/fuzz-phase-report.js';
import type { EventSink, RunEvent } from '../report/run-events.js';
import type { QueryVectorEntry, ReleaseVector } from '../vectors/vector-source.js';
import type { ChosenVectors } from './choose-vectors.js';
import type { InstanceBudget } from './lane-pool.js';
import { declarableInterpretations } from './declared-interpretations.js';
import { RunFeatures, type FeaturesPlan } from './missing-features.js';
import { WorkSlots } from './work-slots.js';
import type { PhasesPlan } from './run-plan.js';

/** The vectors of the run as chosen (choose-vectors.ts): the set, the selection, and the report's record of it. */
export type GateVectors = Pick<ChosenVectors, 'vectorSet' | 'selected' | 'selectedRelease' | 'record' | 'knownIds'>;

/** How a run starts its provider's instances. */
export interface ProviderLaunchers {
  launcher: ProviderLauncher;
  /** The same provider, relocatable to another working directory (metamorphic runs). */
  metamorphicLauncher: ProviderLauncher;
  /**
   * The provider outside any trace, for the fuzz phase (its instances are its own: the hermetic section counts the
   * gate's); absent: `launcher`.
   */
  fuzzLauncher?: ProviderLauncher;
}

/** What was opened for the run before it starts: the vectors, the provider's launchers, the builds, the trace. */
export interface GateResources {
  kitVersion: string;
  vectors: GateVectors;
  /**
   * The provider's launchers; null in a run without a provider (`release-cost --vectors`), which selects release-cost
   * vectors only: no instance starts there, and no phase sends a query.
   */
  launchers: ProviderLaunchers | null;
  /** How the provider is driven (`none` without a provider), for the run-start event. */
  adapter: string;
  /** What isolated the provider's processes (or why nothing did), for the run-start event and every report. */
  sandbox: SandboxReport;
  /** How the provider builds release-cost vectors; null when it declares no build commands. */
  releaseBuild: Omit<ReleaseBuildPlan, 'vary'> | null;
  /** The expectations file, read. */
  expectations: readonly Expectation[];
  /** The features the configuration declares missing (PROTOCOL.md, "Features"). */
  missingFeatures: FeaturesPlan['configured'];
  /**
   * `--hermetic`: the traces of the run's provider instances, read once every instance is closed, or why none could
   * be made; its section travels in the run-end event, so a report rebuilt from the events keeps it.
   */
  hermetic?: HermeticStart;
}

/** Where the run reports to, and what stops it. */
export interface GateSinks {
  emit: EventSink;
  /** Aborted when the run must stop early; `signal.reason` says why (SIGINT, SIGTERM, global-timeout). */
  abort?: AbortSignal;
  /** The command that reproduces a judgement that fails the gate, shown beside it in every report. */
  reproduce?: (judgement: VectorJudgement) => string | undefined;
  /** The command that derives and runs one fresh case again, from the id of the vector it derives from. */
  reproduceFresh?: (from: string) => string;
}

/** What a gate run is given: the plan of its phases as it was read, what was opened for it, and its sinks. */
export interface GateRunParts {
  readonly plan: PhasesPlan;
  readonly resources: GateResources;
  readonly sinks: GateSinks;
}

/** A gate run once opened: its parts, the event record, the order of its vectors, the instances' budget. */
export interface GateRun extends GateRunParts {
  /** Records an event for the report and hands it to the run's sink. */
  readonly emit: EventSink;
  /** Every event so far, in order. */
  readonly events: readonly RunEvent[];
  /** When the run started (Date.now()). */
  readonly startedMs: number;
  /** The query vectors in the order they are sent: grouped by fixture, so an instance loads each fixture once. */
  readonly order: readonly QueryVectorEntry[];
  /** The release-cost vectors, by id. */
  readonly releaseOrder: readonly ReleaseVector[];
  /** Query and release-cost vectors: the total of the base progress. */
  readonly baseTotal: number;
  /**
   * Query and release-cost vectors judged so far: the base progress's count, one over both phases (they run alongside
   * each other, so neither phase's own judgements can count it).
   */
  readonly baseProgress: { done: number };
  /** The run's `jobs` slots, which the base and release-cost phases share (work-slots.ts). */
  readonly slots: WorkSlots;
  /** The restart budget and timeouts every provider instance of the run shares. */
  readonly instances: InstanceBudget;
  /** The features the provider declares missing: its configuration's, and its hello's once the first instance ran. */
  readonly features: RunFeatures;
}

/** What the phases have found: a judgement per vector so far, and what the later phases need of the earlier ones. */
export interface GateFindings {
  judgements: ReadonlyMap<string, VectorJudgement>;
  /**
   * The query vectors that answered, for the metamorphic phase: a passing answer is the expected or alternative
   * bytes, read again with the vector, so only a wrong answer's bytes are kept and a passing run holds no result bytes.
   */
  answered: ReadonlyMap<string, Uint8Array | undefined>;
  /** Files of the set that changed after it was checked: their vectors are NOT-RUN, and the run is incomplete. */
  changedFiles: ReadonlySet<string>;
  /** Why the run is incomplete, when it is. */
  incomplete: readonly string[];
  /** The fresh phase's cases, when it ran. */
  fresh?: FreshPhaseReport;
  /** The fuzz phase's outcome, when it ran. */
  fuzz?: FuzzPhaseReport;
}

/** One phase of the gate: the run and the findings so far in, the findings with its own part out. */
export type GatePhase = (run: GateRun, findings: GateFindings) => Promise<GateFindings>;

/** Opens the run: the run-start event emitted, the vectors put in the order they are sent. */
export function openGateRun(parts: GateRunParts): GateRun {
  const { plan, resources, sinks } = parts;
  const { vectorSet, selected, selectedRelease } = resources.vectors;
  const startedMs = Date.now();
  const events: RunEvent[] = [];
  const emit: EventSink = (e) => {
    events.push(e);
    sinks.emit(e);
  };
  emit({
    event: 'run-start',
    kit_version: resources.kitVersion,
    started_at: new Date(startedMs).toISOString(),
    hostname: hostname() || 'localhost',
    vector_set_sha256: vectorSet.vectorSetSha256,
    selection: resources.vectors.record,
    adapter: resources.adapter,
    jobs: plan.base.jobs,
    timeout_ms: plan.base.timeoutMs,
    metamorphic: { sample: plan.metamorphic.sample, seed: plan.metamorphic.seed },
    sandbox: resources.sandbox,
    fresh: { sample: plan.fresh.sample, seed: plan.fresh.seed },
    vector_digests: [...selected, ...selectedRelease]
      .map((v) => ({ id: v.id, sha256: v.vectorSha256 }))
      .sort((a, b) => compareUtf8(a.id, b.id)),
  });
  const order = [...selected].sort((a, b) => compareUtf8(a.fixtureSha256, b.fixtureSha256) || compareUtf8(a.id, b.id));
  const releaseOrder = [...selectedRelease].sort((a, b) => compareUtf8(a.id, b.id));
  return {
    ...parts,
    emit,
    events,
    startedMs,
    order,
    releaseOrder,
    baseTotal: order.length + releaseOrder.length,
    baseProgress: { done: 0 },
    slots: new WorkSlots(plan.base.jobs),
    instances: {
      restartsLeft: plan.base.restartBudget,
      emit,
      startTimeoutMs: plan.base.startTimeoutMs,
      timeoutMs: plan.base.timeoutMs,
      identityEmitted: false,
      declarable: declarableInterpretations(vectorSet),
      configuredFeatures: resources.missingFeatures,
    },
    features: new RunFeatures({
      configured: resources.missingFeatures,
      allow: plan.finish.allowMissingFeatures,
    }),
  };
}

/** Nothing found yet. */
export function noFindings(): GateFindings {
  return { judgements: new Map(), answered: new Map(), changedFiles: new Set(), incomplete: [] };
}

/**
 * Records the judgement of a vector of the base progress (query and release-cost vectors, one count over both) and
 * emits its progress.
 */
export function recordBase(run: GateRun, judgements: Map<string, VectorJudgement>, judgement: VectorJudgement): void {
  judgements.set(judgement.id, judgement);
  run.baseProgress.done += 1;
  const done = run.baseProgress.done;
  run.emit({
    event: 'progress',
    phase: 'base',
    id: judgement.id,
    outcome: judgement.verdict,
    done,
    total: run.baseTotal,
  });
}

/** The vectors of `order` (grouped by fixture, gate-run's order) as one list per fixture, in order. */
export function fixtureGroups(order: readonly QueryVectorEntry[]): QueryVectorEntry[][] {
  const groups: QueryVectorEntry[][] = [];
  for (const entry of order) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last[0]?.fixtureSha256 === entry.fixtureSha256) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

/** The reason of a vector left NOT-RUN by the interruption. */
export function interruptedReason(run: GateRun): string {
  return `not run: the run was interrupted (${String(run.sinks.abort?.reason ?? 'aborted')})`;
}
