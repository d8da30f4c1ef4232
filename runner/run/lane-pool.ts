/**
 * Provider instances for the phases of a gate run: a lane is one instance slot, started when first used and
 * restarted after a death within the budget the whole run shares (so two phases on two pools still spend one
 * budget); a pool hands its items to its lanes until they are done or the run is interrupted. Every lane is closed,
 * and its process group killed, when its pool closes.
 */
import { performance } from 'node:perf_hooks';
import type {
  CallOutcome,
  ProviderConnection,
  ProviderFault,
  ProviderIdentity,
  ProviderLauncher,
} from '../adapters/provider-connection.js';
import { declaredFeatures, undeclarableFeatures } from '../vectors/declared-features.js';
import type { EventSink } from '../report/run-events.js';
import type { SetRead } from '../vectors/vector-source.js';
import { describeFault } from './describe-fault.js';
import { undeclarableProblem } from './declared-interpretations.js';
import type { WorkSlots } from './work-slots.js';

/** What every lane of a run shares: the restart budget, the event sink, the timeouts, whether the identity is out. */
export interface InstanceBudget {
  restartsLeft: number;
  emit: EventSink;
  startTimeoutMs: number;
  timeoutMs: number;
  identityEmitted: boolean;
  /** What a provider may declare in its hello (declared-interpretations.ts); anything else refuses the instance. */
  declarable: ReadonlySet<string>;
  /**
   * Why the provider could not be started, once it could not: no lane of any phase tries again, so a provider that
   * never answers its hello costs one start timeout per run, not one per phase and instance.
   */
  unstartable?: LaneReady & { ok: false };
  /** The features the configuration declares missing, reported with the hello's in the provider's identity. */
  configuredFeatures: readonly string[];
}

/** A call's outcome, or why the vector was not sent (`changedFile` when a file of the set changed after the check). */
export type LaneOutcome = CallOutcome<Uint8Array> | { notRun: string; changedFile?: string };

/** An instance, or why it cannot be had (with the provider's stderr, said once by the run, not in every vector). */
export type LaneReady = { ok: true; connection: ProviderConnection } | { ok: false; why: string; stderrTail?: string };

/** One provider instance slot: started lazily, restarted within the shared budget. */
export class Lane {
  private connection: ProviderConnection | undefined;
  private loaded = new Set<string>();
  private everStarted = false;
  /** The instance whose death between calls was charged to a vector already. */
  private charged: ProviderConnection | undefined;
  /** Why the provider is refused for good (its hello declared what the register does not hold). */
  private refused: string | undefined;
  /** The last vector sent on this lane, to which a fault after its answer is charged when no vector follows. */
  private lastSent: string | undefined;

  constructor(
    private readonly index: number,
    private readonly launcher: ProviderLauncher,
    private readonly budget: InstanceBudget,
    private readonly cwd: string | undefined,
  ) {}

  /** Starts the instance; the fault when it cannot. */
  async ensure(): Promise<LaneReady> {
    if (this.refused !== undefined) return { ok: false, why: this.refused };
    if (this.connection?.alive) return { ok: true, connection: this.connection };
    if (this.budget.unstartable !== undefined) return this.budget.unstartable;
    if (this.everStarted) {
      if (this.budget.restartsLeft <= 0) return { ok: false, why: 'the provider died and the restart budget is spent' };
      this.budget.restartsLeft -= 1;
      const cause = this.connection?.deathFault;
      const reason =
        cause === undefined ? 'the provider instance died' : `the provider instance died: ${describeFault(cause)}`;
      this.budget.emit({ event: 'provider-restart', lane: this.index, reason });
    }
    this.everStarted = true;
    await this.connection?.close();
    this.loaded = new Set();
    const started = await this.launcher(
      this.cwd === undefined
        ? { timeoutMs: this.budget.startTimeoutMs }
        : { cwd: this.cwd, timeoutMs: this.budget.startTimeoutMs },
    );
    if (!started.ok) {
      this.connection = undefined;
      // The stderr tail travels apart from the reason, so the gate says it once (with the reason), not twice.
      const fault = started.fault;
      const why =
        `the provider could not start: ` + `${fault.kind === 'provider-error' ? describeFault(fault) : fault.message}`;
      const tail = 'stderrTail' in fault ? Buffer.from(fault.stderrTail).toString('utf8').trim() : '';
      const failed: LaneReady & { ok: false } = tail === '' ? { ok: false, why } : { ok: false, why, stderrTail: tail };
      this.budget.unstartable = failed;
      return failed;
    }
    const refused =
      undeclarableProblem(started.value.identity.interpretations, this.budget.declarable) ??
      undeclarableFeatures(started.value.identity.missing_features ?? [], "the provider's hello");
    if (refused !== undefined) {
      await started.value.close();
      this.refused = refused;
      return { ok: false, why: refused };
    }
    this.connection = started.value;
    if (!this.budget.identityEmitted) {
      this.budget.identityEmitted = true;
      this.budget.emit({ event: 'provider', identity: withConfiguredFeatures(started.value.identity, this.budget) });
    }
    return { ok: true, connection: started.value };
  }

  /** Sends one query (loading its fixture first when this instance has not); `vectorId` labels its hermetic window. */
  async send(
    fixtureSha: string,
    fixtureBytes: () => SetRead<Uint8Array>,
    request: Uint8Array,
    vectorId: string,
  ): Promise<LaneOutcome> {
    // A death between calls (an unsolicited frame, an exit after the last answer) is this vector's ERROR: it is the
    // next the instance would have answered, so the fault and its reason reach every report.
    const idle = this.connection !== undefined && !this.connection.alive ? this.connection.idleFault : undefined;
    if (idle !== undefined && this.charged !== this.connection && idle.kind !== 'provider-error') {
      this.charged = this.connection;
      return { ok: false, fault: { ...idle, message: `while no query was in flight: ${idle.message}` } };
    }
    const ready = await this.ensure();
    if (!ready.ok) return { notRun: ready.why };
    const { connection } = ready;
    this.lastSent = vectorId;
    if (!this.loaded.has(fixtureSha)) {
      const bytes = fixtureBytes();
      if (!bytes.ok) return { notRun: bytes.reason, changedFile: bytes.file };
      const loaded = await connection.loadFixture(fixtureSha, bytes.value, this.budget.timeoutMs);
      if (!loaded.ok)
        return { ok: false, fault: { ...loaded.fault, message: `loading the fixture: ${loaded.fault.message}` } };
      this.loaded.add(fixtureSha);
    }
    const outcome = await connection.query(fixtureSha, request, this.budget.timeoutMs);
    // The hermetic trace blames a vector only for effects inside the window of its own query.
    const window = connection.lastQueryWindow;
    if (window !== undefined) window.label = vectorId;
    return outcome;
  }

  /** The interpretations the running instance declared in its handshake. */
  identity(): string[] {
    return this.connection?.identity.interpretations ?? [];
  }

  /**
   * Closes the instance. A death between calls that no later vector was charged with (an unsolicited frame after
   * the lane's last answer) is returned with the last vector sent, which the phase then judges ERROR: a late frame
   * breaks the protocol as surely as one in flight, and is never lost.
   */
  async close(): Promise<LateFault | undefined> {
    const connection = this.connection;
    const idle = connection !== undefined && !connection.alive ? connection.idleFault : undefined;
    await connection?.close();
    this.connection = undefined;
    if (idle === undefined || this.charged === connection || this.lastSent === undefined) return undefined;
    return { vectorId: this.lastSent, fault: { ...idle, message: `after its answer: ${idle.message}` } };
  }
}

/** `identity` with the configuration's missing features beside the hello's, as every report names the provider. */
function withConfiguredFeatures(identity: ProviderIdentity, budget: InstanceBudget): ProviderIdentity {
  const missing = declaredFeatures([...(identity.missing_features ?? []), ...budget.configuredFeatures]);
  const { missing_features: _hello, ...rest } = identity;
  return missing.length === 0 ? rest : { ...rest, missing_features: missing };
}

/** A fault between calls after a lane's last answer, charged to the last vector it sent. */
export interface LateFault {
  vectorId: string;
  fault: ProviderFault;
}

/** `size` lanes of one launcher (and working directory), numbered from 1. */
export class LanePool {
  readonly lanes: readonly Lane[];

  constructor(size: number, launcher: ProviderLauncher, budget: InstanceBudget, cwd?: string) {
    this.lanes = Array.from({ length: Math.max(1, size) }, (_, i) => new Lane(i + 1, launcher, budget, cwd));
  }

  /** The first lane (started alone first: if it cannot start, no other will). */
  get first(): Lane {
    return this.lanes[0] as Lane;
  }

  /**
   * Runs `work` over `items`, one lane per worker, until done or `abort` fires; with `slots`, each item waits for a
   * slot of the run's work (work-slots.ts) too.
   */
  each<T>(
    abort: AbortSignal | undefined,
    items: readonly T[],
    work: (item: T, lane: Lane) => Promise<void>,
    slots?: WorkSlots,
  ) {
    return pool(abort, items, this.lanes, work, slots);
  }

  /** Closes every lane; the faults after a lane's last answer (see Lane.close). */
  async close(): Promise<LateFault[]> {
    const late = await Promise.all(this.lanes.map((l) => l.close()));
    return late.filter((f): f is LateFault => f !== undefined);
  }
}

/**
 * Runs `work` over `items` with one worker per element of `workers` (a lane, a build worker), until `abort` fires;
 * with `slots`, a worker takes its next item only once it holds a slot of the run's work, and gives the slot back when
 * the item is done. An item is taken after the slot, so an interruption while waiting sends nothing more.
 */
export async function pool<T, W>(
  abort: AbortSignal | undefined,
  items: readonly T[],
  workers: readonly W[],
  work: (item: T, worker: W) => Promise<void>,
  slots?: WorkSlots,
): Promise<void> {
  let next = 0;
  await Promise.all(
    workers.map(async (worker) => {
      for (;;) {
        if (abort?.aborted || next >= items.length) return;
        const release = await slots?.acquire();
        try {
          if (abort?.aborted) return;
          const i = next++;
          if (i >= items.length) return;
          await work(items[i] as T, worker);
        } finally {
          release?.();
        }
      }
    }),
  );
}

/** Milliseconds since `t0` (performance.now()), to the microsecond (a fast provider answers in well under 1 ms). */
export function elapsedMs(t0: number): number {
  return Math.round((performance.now() - t0) * 1000) / 1000;
}
