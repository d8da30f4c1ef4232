/**
 * The gate run: sends every selected vector to the provider over `jobs` parallel
 * provider instances, judges each result, then (when enabled) replays a seeded sample
 * against metamorphic fixture variants on other instances started from another
 * working directory, applies the expectations file, and computes the gate. Everything
 * it learns is emitted as events; the report is built from them.
 *
 * A provider that dies is restarted within a bounded budget; when it cannot be
 * (re)started its remaining vectors are NOT-RUN. Every instance is closed, and its
 * process group killed, before this returns.
 *
 * Release-cost vectors are not sent to the provider: after the query vectors, each is
 * built with the provider's declared build commands and judged (judge-release-vector.ts,
 * KD-RELEASE-02, KD-RELEASE-03), on this thread because the builds set the process umask.
 * Without declared build commands they are NOT-RUN, which leaves the run incomplete.
 *
 * An interruption (a signal, the global timeout) stops handing out vectors; a vector whose call was in flight, and
 * every vector not yet sent, is NOT-RUN, so the report holds what finished and is marked incomplete.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import type {
  CallOutcome,
  ProviderConnection,
  ProviderFault,
  ProviderLauncher,
} from '../adapters/provider-connection.js';
import { applyExpectations, type Expectation } from '../judge/expectations.js';
import { notRunJudgement } from '../judge/judge-vector.js';
import { judgeFromSet } from '../judge/judge-from-set.js';
import { describeFault } from './describe-fault.js';
import { judgeVariant, passingBytes, withMetamorphic } from '../judge/judge-metamorphic.js';
import { PASSING, type VectorJudgement } from '../judge/verdict.js';
import { computeGate, reportFromEvents, type GateReport } from '../report/gate-report.js';
import type { EventSink, InterruptReason, MetamorphicSettings, RunEvent, RunSelection } from '../report/run-events.js';
import {
  judgeReleaseVector,
  NO_BUILD_COMMANDS,
  releaseNotRunJudgement,
  type ReleaseBuildPlan,
} from '../judge/judge-release-vector.js';
import { fixtureVariant, sampleIds, variantSeed } from './metamorphic-variant.js';
import type { QueryVector, QueryVectorEntry, ReleaseVector, SetRead, VectorSet } from '../vectors/vector-source.js';
import { clip, sha256Hex } from '../../oracle/index.js';
import { hermeticSection, type HermeticStart } from '../hermetic/start-hermetic.js';
import { withHermeticViolations } from '../judge/hermetic-violations.js';

/** The most characters of a provider's stderr put in the gate's reason when it cannot start. */
const STDERR_IN_REASON = 600;

export interface GateRunOptions {
  kitVersion: string;
  vectorSet: VectorSet;
  /** The query vectors to run; each vector's file is read (and checked again) just before it is sent. */
  selected: readonly QueryVectorEntry[];
  selection: RunSelection;
  launcher: ProviderLauncher;
  /** The same provider, relocatable to another working directory (metamorphic runs). */
  metamorphicLauncher: ProviderLauncher;
  adapter: string;
  jobs: number;
  timeoutMs: number;
  startTimeoutMs: number;
  /** Restarts allowed over the whole run after a provider instance died. */
  restartBudget: number;
  metamorphic: MetamorphicSettings;
  expectations: readonly Expectation[];
  /** Every vector id of the set, for telling unknown expectation entries. */
  knownIds: ReadonlySet<string>;
  emit: EventSink;
  /** The release-cost vectors selected (none when absent). */
  selectedRelease?: readonly ReleaseVector[];
  /** How the provider builds release-cost vectors; absent or null when it declares no build commands. */
  releaseBuild?: ReleaseBuildPlan | null;
  /** Aborted when the run must stop early; `signal.reason` says why (SIGINT, SIGTERM, global-timeout). */
  abort?: AbortSignal;
  /** The command that reproduces a judgement that fails the gate, shown beside it in every report. */
  reproduce?: (judgement: VectorJudgement) => string | undefined;
  /**
   * `--hermetic`: the traces of the run's provider instances, read once every instance is closed, or why none could
   * be made; its section travels in the run-end event, so a report rebuilt from the events keeps it.
   */
  hermetic?: HermeticStart;
}

interface Shared {
  restartsLeft: number;
  emit: EventSink;
  startTimeoutMs: number;
  timeoutMs: number;
  identityEmitted: boolean;
}

/** A call's outcome, or why the vector was not sent (`changedFile` when a file of the set changed after the check). */
/** A fixture's metamorphic variant in one run: its seed, bytes and SHA-256 (the name a provider loads it by). */
interface Variant {
  seed: number;
  bytes: Uint8Array;
  sha256: string;
}

type LaneOutcome = CallOutcome<Uint8Array> | { notRun: string; changedFile?: string };

/** One provider instance slot: started lazily, restarted within the shared budget. */
class Lane {
  private connection: ProviderConnection | undefined;
  private loaded = new Set<string>();
  private everStarted = false;

  constructor(
    private readonly index: number,
    private readonly launcher: ProviderLauncher,
    private readonly shared: Shared,
    private readonly cwd: string | undefined,
  ) {}

  /** Starts the instance; the fault when it cannot. */
  async ensure(): Promise<
    { ok: true; connection: ProviderConnection } | { ok: false; why: string; stderrTail?: string }
  > {
    if (this.connection?.alive) return { ok: true, connection: this.connection };
    if (this.everStarted) {
      if (this.shared.restartsLeft <= 0) return { ok: false, why: 'the provider died and the restart budget is spent' };
      this.shared.restartsLeft -= 1;
      const cause = this.connection?.deathFault;
      const reason =
        cause === undefined ? 'the provider instance died' : `the provider instance died: ${describeFault(cause)}`;
      this.shared.emit({ event: 'provider-restart', lane: this.index, reason });
    }
    this.everStarted = true;
    await this.connection?.close();
    this.loaded = new Set();
    const started = await this.launcher(
      this.cwd === undefined
        ? { timeoutMs: this.shared.startTimeoutMs }
        : { cwd: this.cwd, timeoutMs: this.shared.startTimeoutMs },
    );
    if (!started.ok) {
      this.connection = undefined;
      // The stderr tail travels apart from the reason, so the gate says it once (with the reason), not twice.
      const fault = started.fault;
      const why =
        `the provider could not start: ` + `${fault.kind === 'provider-error' ? describeFault(fault) : fault.message}`;
      const tail = 'stderrTail' in fault ? Buffer.from(fault.stderrTail).toString('utf8').trim() : '';
      return tail === '' ? { ok: false, why } : { ok: false, why, stderrTail: tail };
    }
    this.connection = started.value;
    if (!this.shared.identityEmitted) {
      this.shared.identityEmitted = true;
      this.shared.emit({ event: 'provider', identity: started.value.identity });
    }
    return { ok: true, connection: started.value };
  }

  async send(
    fixtureSha: string,
    fixtureBytes: () => SetRead<Uint8Array>,
    request: Uint8Array,
    vectorId: string,
  ): Promise<LaneOutcome> {
    const ready = await this.ensure();
    if (!ready.ok) return { notRun: ready.why };
    const { connection } = ready;
    if (!this.loaded.has(fixtureSha)) {
      const bytes = fixtureBytes();
      if (!bytes.ok) return { notRun: bytes.reason, changedFile: bytes.file };
      const loaded = await connection.loadFixture(fixtureSha, bytes.value, this.shared.timeoutMs);
      if (!loaded.ok)
        return { ok: false, fault: { ...loaded.fault, message: `loading the fixture: ${loaded.fault.message}` } };
      this.loaded.add(fixtureSha);
    }
    const outcome = await connection.query(fixtureSha, request, this.shared.timeoutMs);
    // The hermetic trace blames a vector only for effects inside the window of its own query.
    const window = connection.lastQueryWindow;
    if (window !== undefined) window.label = vectorId;
    return outcome;
  }

  identity(): string[] {
    return this.connection?.identity.interpretations ?? [];
  }

  async close(): Promise<void> {
    await this.connection?.close();
    this.connection = undefined;
  }
}

/** Runs the gate and returns its report (also emitted as events). */
export async function runGate(options: GateRunOptions): Promise<GateReport> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const events: RunEvent[] = [];
  const emit: EventSink = (e) => {
    events.push(e);
    options.emit(e);
  };
  emit({
    event: 'run-start',
    kit_version: options.kitVersion,
    started_at: startedAt,
    hostname: hostname() || 'localhost',
    vector_set_sha256: options.vectorSet.vectorSetSha256,
    selection: options.selection,
    adapter: options.adapter,
    jobs: options.jobs,
    timeout_ms: options.timeoutMs,
    metamorphic: options.metamorphic,
  });
  const shared: Shared = {
    restartsLeft: options.restartBudget,
    emit,
    startTimeoutMs: options.startTimeoutMs,
    timeoutMs: options.timeoutMs,
    identityEmitted: false,
  };
  const judgements = new Map<string, VectorJudgement>();
  const set = options.vectorSet;
  // The vectors that answered, for the metamorphic phase: a passing answer is the expected or alternative bytes, read
  // again with the vector, so only a wrong answer's bytes are kept and a passing run holds no result bytes.
  const answered = new Map<string, Uint8Array | undefined>();
  // Files of the set that changed after it was checked: their vectors are NOT-RUN, and the run is incomplete.
  const changedFiles = new Set<string>();
  const incomplete: string[] = [];

  // Base phase. The first instance starts alone: if it cannot, no query vector can run.
  const order = [...options.selected].sort((a, b) => cmp(a.fixtureSha256, b.fixtureSha256) || cmp(a.id, b.id));
  const releaseOrder = [...(options.selectedRelease ?? [])].sort((a, b) => cmp(a.id, b.id));
  const baseTotal = order.length + releaseOrder.length;
  let done = 0;
  const lanes = Array.from(
    { length: Math.max(1, options.jobs) },
    (_, i) => new Lane(i + 1, options.launcher, shared, undefined),
  );
  const abort = options.abort;
  const interrupted = (): string => `not run: the run was interrupted (${String(abort?.reason ?? 'aborted')})`;
  const first = await (lanes[0] as Lane).ensure();
  if (!first.ok && abort?.aborted !== true) {
    // Said once for the run, with what the provider wrote to stderr, rather than only in every NOT-RUN vector.
    const tail =
      first.stderrTail === undefined
        ? ''
        : `; its stderr ends: ${clip(first.stderrTail.slice(-STDERR_IN_REASON), STDERR_IN_REASON)}`;
    incomplete.push(`${first.why}${tail} (kofun-ctk smoke with the same provider options shows its stdout and stderr)`);
    for (const v of order) judgements.set(v.id, notRunJudgement(v, first.why));
    done = order.length;
  } else {
    await pool(abort, order, lanes, async (entry, lane) => {
      const t0 = performance.now();
      const read = set.readVector(entry);
      const outcome: LaneOutcome = read.ok
        ? await lane.send(entry.fixtureSha256, () => set.readFixture(entry.fixtureSha256), read.value.request, entry.id)
        : { notRun: read.reason, changedFile: read.file };
      const wall = elapsedMs(t0);
      let judgement: VectorJudgement;
      // The interruption killed the provider under this call: its fault says nothing about the provider.
      if (abort?.aborted) judgement = notRunJudgement(entry, interrupted());
      else if ('notRun' in outcome) {
        // The vector file or its fixture is no longer the one checked, or the provider could not be (re)started.
        judgement = notRunJudgement(entry, outcome.notRun);
        if (outcome.changedFile !== undefined) changedFiles.add(outcome.changedFile);
      } else if (!read.ok) throw new Error(`kit fault: ${entry.id} was sent without its file`);
      else {
        const judged = judgeFromSet(set, read.value, outcome, lane.identity());
        judgement = { ...judged.judgement, ...(judged.changedFile === undefined ? { duration_ms: wall } : {}) };
        if (judged.changedFile !== undefined) changedFiles.add(judged.changedFile);
        else if (outcome.ok) answered.set(entry.id, judgement.verdict === 'FAIL' ? outcome.value : undefined);
      }
      judgements.set(entry.id, judgement);
      done += 1;
      emit({ event: 'progress', phase: 'base', id: entry.id, outcome: judgement.verdict, done, total: baseTotal });
    });
  }
  await Promise.all(lanes.map((l) => l.close()));

  // Release-cost vectors: the provider's declared builds on each fixture, not the provider process.
  const plan = options.releaseBuild ?? null;
  if (releaseOrder.length > 0 && plan === null) {
    incomplete.push(
      `${releaseOrder.length} release-cost vectors not run: ${NO_BUILD_COMMANDS} (declare build, a ` +
        `kofun.ctk.release-build/v1 file or object, in the provider configuration, or leave the ` +
        `release-cost category out of the selection)`,
    );
  }
  const slots = Array.from({ length: Math.max(1, options.jobs) }, (_, i) => i);
  await pool(abort, releaseOrder, slots, async (vector) => {
    const t0 = performance.now();
    // The builds read the fixture file themselves: it is checked first, so a changed one is never built.
    const fixture = plan === null ? undefined : set.readFixture(vector.fixtureSha256);
    if (fixture !== undefined && !fixture.ok) changedFiles.add(fixture.file);
    const judged =
      plan === null
        ? releaseNotRunJudgement(vector, NO_BUILD_COMMANDS)
        : fixture !== undefined && !fixture.ok
          ? releaseNotRunJudgement(vector, fixture.reason)
          : {
              ...(await judgeReleaseVector(vector, set.fixturePath(vector.fixtureSha256), plan)),
              duration_ms: elapsedMs(t0),
            };
    const judgement = abort?.aborted ? releaseNotRunJudgement(vector, interrupted()) : judged;
    judgements.set(vector.id, judgement);
    done += 1;
    emit({ event: 'progress', phase: 'base', id: vector.id, outcome: judgement.verdict, done, total: baseTotal });
  });

  // Metamorphic phase: variants on other instances, started in a fresh working directory.
  if (options.metamorphic.sample !== 0 && answered.size > 0 && abort?.aborted !== true) {
    const sampled = sampleIds([...answered.keys()].sort(), options.metamorphic.sample, options.metamorphic.seed);
    const todo = order.filter((v) => sampled.has(v.id));
    const total = todo.length;
    const folder = mkdtempSync(join(tmpdir(), 'kofun-ctk-metamorphic-'));
    const mLanes = Array.from(
      { length: Math.max(1, options.jobs) },
      (_, i) => new Lane(i + 1, options.metamorphicLauncher, shared, folder),
    );
    let mDone = 0;
    // Vectors go out grouped by fixture: the variants of the fixtures in flight (one per lane) are made once each.
    const variants = new Map<string, Variant>();
    const variantOf = (fixtureSha256: string, fixtureBytes: Uint8Array): Variant => {
      const known = variants.get(fixtureSha256);
      if (known !== undefined) return known;
      const seed = variantSeed(options.metamorphic.seed, fixtureSha256);
      const bytes = fixtureVariant(fixtureBytes, seed);
      const made = { seed, bytes, sha256: sha256Hex(bytes) };
      variants.set(fixtureSha256, made);
      while (variants.size > mLanes.length) variants.delete(variants.keys().next().value as string);
      return made;
    };
    try {
      await pool(abort, todo, mLanes, async (entry, lane) => {
        const judgement = judgements.get(entry.id) as VectorJudgement;
        // A vector whose file or fixture is no longer the one checked is not judged on a file the set no longer binds.
        const changed = (failed: { file: string; reason: string }): void => {
          changedFiles.add(failed.file);
          judgements.set(entry.id, notRunJudgement(entry, failed.reason));
          mDone += 1;
          emit({ event: 'progress', phase: 'metamorphic', id: entry.id, outcome: 'not-run', done: mDone, total });
        };
        const read = set.readVector(entry);
        if (!read.ok) return changed(read);
        const fixture = set.readFixture(entry.fixtureSha256);
        if (!fixture.ok) return changed(fixture);
        const variant = variantOf(entry.fixtureSha256, fixture.value);
        const seed = variant.seed;
        const outcome = await lane.send(
          variant.sha256,
          () => ({ ok: true, value: variant.bytes }),
          read.value.request,
          entry.id,
        );
        // A variant cut short by the interruption is no evidence either way: the base judgement stands.
        if (abort?.aborted) return;
        const base = answered.get(entry.id) ?? passingBytes(judgement, read.value);
        const result = judgeVariant(seed, base, outcome);
        judgements.set(entry.id, withMetamorphic(judgement, result));
        mDone += 1;
        emit({
          event: 'progress',
          phase: 'metamorphic',
          id: entry.id,
          outcome: result.ok ? 'same' : 'differs',
          done: mDone,
          total,
        });
      });
    } finally {
      await Promise.all(mLanes.map((l) => l.close()));
      rmSync(folder, { recursive: true, force: true });
    }
  }

  if (changedFiles.size > 0) {
    const files = [...changedFiles].sort(cmp);
    const shown = files.slice(0, 5).join(', ');
    incomplete.push(
      `${files.length} files of the vector set changed after it was checked, so their vectors were not run ` +
        `(${shown}${files.length > 5 ? ', …' : ''}); run again on a set that does not change during the run`,
    );
  }
  if (abort?.aborted) {
    const finished = [...judgements.values()].filter((j) => j.verdict !== 'NOT-RUN').length;
    incomplete.push(`the run was interrupted (${String(abort.reason)}) after ${finished} of ${baseTotal} vectors`);
    for (const v of order) if (!judgements.has(v.id)) judgements.set(v.id, notRunJudgement(v, interrupted()));
    for (const v of releaseOrder)
      if (!judgements.has(v.id)) judgements.set(v.id, releaseNotRunJudgement(v, interrupted()));
  }
  if (options.hermetic !== undefined && 'session' in options.hermetic) {
    for (const [id, events] of options.hermetic.session.collect().byVector) {
      const judgement = judgements.get(id);
      if (judgement !== undefined) judgements.set(id, withHermeticViolations(judgement, events));
    }
  }
  const ordered = [...judgements.values()].sort((a, b) => cmp(a.id, b.id));
  const applied = applyExpectations(ordered, options.expectations, options.knownIds);
  for (const judgement of applied.judgements) {
    const reproduce = PASSING.has(judgement.verdict) ? undefined : options.reproduce?.(judgement);
    emit({ event: 'vector', judgement: reproduce === undefined ? judgement : { ...judgement, reproduce } });
  }
  const gate = computeGate(applied.judgements, applied.unknown, incomplete);
  const interruptedBy = abort?.aborted ? (String(abort.reason) as InterruptReason) : null;
  emit({
    event: 'run-end',
    gate,
    unknown_expectations: applied.unknown,
    duration_ms: Date.now() - started,
    interrupted_by: interruptedBy,
    ...(options.hermetic === undefined ? {} : { hermetic: hermeticSection(options.hermetic) }),
  });
  return reportFromEvents(events);
}

/** Runs `work` over `items` with one lane (provider instance or build slot) per worker, until `abort` fires. */
async function pool<T, L>(
  abort: AbortSignal | undefined,
  items: readonly T[],
  lanes: readonly L[],
  work: (item: T, lane: L) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      for (;;) {
        if (abort?.aborted) return;
        const i = next++;
        if (i >= items.length) return;
        await work(items[i] as T, lane);
      }
    }),
  );
}

/** Milliseconds since `t0`, to the microsecond (a fast provider answers in well under 1 ms). */
function elapsedMs(t0: number): number {
  return Math.round((performance.now() - t0) * 1000) / 1000;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
