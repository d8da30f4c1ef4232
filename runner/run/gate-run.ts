/**
 * One gate run as its phases see it: what it was given (`GateRunOptions`, read once when the run opens into a
 * `GateRun`), and what the phases have found so far (`GateFindings`), which each phase takes and returns with its own
 * part added. Everything the run learns is also an event (report/run-events.ts); the report is built from them.
 */
import { hostname } from 'node:os';
import type { ProviderLauncher } from '../adapters/provider-connection.js';
import type { HermeticStart } from '../hermetic/start-hermetic.js';
import type { SandboxReport } from '../sandbox/sandbox.js';
import type { Expectation } from '../judge/expectations.js';
import type { ReleaseBuildPlan } from '../judge/judge-release-vector.js';
import type { VectorJudgement } from '../judge/verdict.js';
import type { FreshPhaseReport } from '../report/fresh-phase-report.js';
import type { FuzzPhaseReport } from '../report/fuzz-phase-report.js';
import type { EventSink, RunEvent, RunSelection } from '../report/run-events.js';
import type { QueryVectorEntry, ReleaseVector, VectorSet } from '../vectors/vector-source.js';
import type { InstanceBudget } from './lane-pool.js';
import { declarableInterpretations } from './declared-interpretations.js';
import { RunFeatures, type FeaturesPlan } from './missing-features.js';
import { WorkSlots } from './work-slots.js';
import type {
  BasePhasePlan,
  FreshPhasePlan,
  FuzzPhasePlan,
  MetamorphicPhasePlan,
  ReleaseCostPhasePlan,
  StatePhasePlan,
} from './run-plan.js';

/** What a gate run is given: the vectors, the provider's launchers, each phase's part of the plan, and the sinks. */
export interface GateRunOptions extends BasePhasePlan {
  kitVersion: string;
  vectorSet: VectorSet;
  /** The query vectors to run; each vector's file is read (and checked again) just before it is sent. */
  selected: readonly QueryVectorEntry[];
  selection: RunSelection;
  launcher: ProviderLauncher;
  /** The same provider, relocatable to another working directory (metamorphic runs). */
  metamorphicLauncher: ProviderLauncher;
  adapter: string;
  /** What isolated the provider's processes (or why nothing did), for the run-start event and every report. */
  sandbox: SandboxReport;
  metamorphic: MetamorphicPhasePlan;
  expectations: readonly Expectation[];
  /** Every vector id of the set, for telling unknown expectation entries. */
  knownIds: ReadonlySet<string>;
  emit: EventSink;
  /** The release-cost vectors selected (none when absent). */
  selectedRelease?: readonly ReleaseVector[];
  /** How the provider builds release-cost vectors; absent or null when it declares no build commands. */
  releaseBuild?: (ReleaseBuildPlan & ReleaseCostPhasePlan) | null;
  /** The state phase; absent for none. */
  state?: StatePhasePlan;
  /** The fresh phase; absent for none. */
  fresh?: FreshPhasePlan;
  /** The fuzz phase, with a launcher of the provider outside any trace; absent for none. */
  fuzz?: FuzzPhasePlan & { launcher: ProviderLauncher };
  /** Aborted when the run must stop early; `signal.reason` says why (SIGINT, SIGTERM, global-timeout). */
  abort?: AbortSignal;
  /** The command that reproduces a judgement that fails the gate, shown beside it in every report. */
  reproduce?: (judgement: VectorJudgement) => string | undefined;
  /**
   * The features the configuration declares missing, and `--allow-missing-features` (PROTOCOL.md, "Features");
   * absent: none, and not allowed.
   */
  features?: FeaturesPlan;
  /**
   * `--hermetic`: the traces of the run's provider instances, read once every instance is closed, or why none could
   * be made; its section travels in the run-end event, so a report rebuilt from the events keeps it.
   */
  hermetic?: HermeticStart;
}

/** A gate run once opened: its options, the event record, the order of its vectors, the instances' budget. */
export interface GateRun {
  readonly options: GateRunOptions;
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

/** Opens the run: the parameters read once, the run-start event emitted. */
export function openGateRun(options: GateRunOptions): GateRun {
  const startedMs = Date.now();
  const events: RunEvent[] = [];
  const emit: EventSink = (e) => {
    events.push(e);
    options.emit(e);
  };
  emit({
    event: 'run-start',
    kit_version: options.kitVersion,
    started_at: new Date(startedMs).toISOString(),
    hostname: hostname() || 'localhost',
    vector_set_sha256: options.vectorSet.vectorSetSha256,
    selection: options.selection,
    adapter: options.adapter,
    jobs: options.jobs,
    timeout_ms: options.timeoutMs,
    metamorphic: { sample: options.metamorphic.sample, seed: options.metamorphic.seed },
    sandbox: options.sandbox,
    ...(options.fresh === undefined ? {} : { fresh: { sample: options.fresh.sample, seed: options.fresh.seed } }),
    vector_digests: [...options.selected, ...(options.selectedRelease ?? [])]
      .map((v) => ({ id: v.id, sha256: v.vectorSha256 }))
      .sort((a, b) => cmp(a.id, b.id)),
  });
  const order = [...options.selected].sort((a, b) => cmp(a.fixtureSha256, b.fixtureSha256) || cmp(a.id, b.id));
  const releaseOrder = [...(options.selectedRelease ?? [])].sort((a, b) => cmp(a.id, b.id));
  const features = new RunFeatures(options.features ?? { configured: [], allow: false });
  return {
    options,
    emit,
    events,
    startedMs,
    order,
    releaseOrder,
    baseTotal: order.length + releaseOrder.length,
    baseProgress: { done: 0 },
    slots: new WorkSlots(options.jobs),
    instances: {
      restartsLeft: options.restartBudget,
      emit,
      startTimeoutMs: options.startTimeoutMs,
      timeoutMs: options.timeoutMs,
      identityEmitted: false,
      declarable: declarableInterpretations(options.vectorSet),
      configuredFeatures: options.features?.configured ?? [],
    },
    features,
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
  return `not run: the run was interrupted (${String(run.options.abort?.reason ?? 'aborted')})`;
}

/** Orders ids and digests by code unit, which for their ASCII is byte order. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
