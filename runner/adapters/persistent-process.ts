/**
 * The persistent process adapter: one long-lived provider process spoken to over
 * stdin/stdout with the framing of PROTOCOL.md. One call is in flight at a time;
 * each has a timeout; a reply is capped before it is buffered; a provider that
 * crashes, hangs, floods or breaks the protocol is killed with its process group
 * and its call ends in a `ProviderFault`.
 */
import { encodeFrame, FRAME_MAGIC, FrameDecoder, NO_REF, type Frame } from '../protocol/frame.js';
import {
  jsonBody,
  parseProviderHello,
  PROTOCOL_NAME,
  PROVIDER_MESSAGES,
  providerFrameCap,
  RUNNER_MESSAGES,
  type RunnerHello,
} from '../protocol/messages.js';
import { deadline, within, type Deadline } from '../io/deadline.js';
import { spawnGroup, type SpawnedGroup } from '../io/process-group.js';
import type {
  AdapterKind,
  CallOutcome,
  ProviderConnection,
  ProviderFault,
  ProviderIdentity,
  ProviderLauncher,
} from './provider-connection.js';
import { NO_BYTES } from './provider-connection.js';
import { treeResidentBytes } from '../limits/process-tree.js';
import type { Watch } from '../limits/watchdog.js';
import type { QueryWindow } from '../hermetic/attribute-events.js';
import type { HermeticSession, InstanceTrace } from '../hermetic/hermetic-session.js';
import type { ContainedCommand, Sandbox } from '../sandbox/sandbox.js';
import { FORBIDDEN_CALL, SIGSYS_EXIT_STATUS } from '../sandbox/seccomp-filter.js';

/** A provider command: argv (never run through a shell), working directory, extra environment. */
export interface ProcessCommand {
  argv: string[];
  cwd?: string;
  env?: Record<string, string>;
}

/**
 * Watches the wire of one provider process (`kofun-ctk smoke`): every frame header each way, the raw stdout bytes
 * before they are decoded, and the raw stderr bytes. Observing changes nothing about how the provider is judged.
 */
export interface WireObserver {
  /** A frame header line (without its LF), `sent` by the runner or `received` from the provider. */
  frame?(direction: 'sent' | 'received', header: string): void;
  /** The exact bytes of each frame the runner writes to the provider's stdin (`repro`'s transcript). */
  sent?(frame: Uint8Array): void;
  stdout?(chunk: Uint8Array): void;
  stderr?(chunk: Uint8Array): void;
}

/** How long `close` waits for a `bye` before killing the group. */
const SHUTDOWN_GRACE_MS = 1000;
/** How long a crash waits for the provider's last stdout and stderr bytes. */
const EXIT_DRAIN_MS = 100;

/** How often the resident memory of a capped provider is looked at. */
const MEMORY_POLL_MS = 100;

/** How the kit runs a process it owns: the adapter it reports, and a cap on the leader's resident memory. */
export interface PersistentOptions {
  adapter?: AdapterKind;
  maxResidentBytes?: number;
  /** `run --hermetic`: the instance runs under strace and marks each query's window. */
  hermetic?: HermeticSession;
  /** The sandbox the instance runs in (none: a child of the runner, as a test of the adapter itself runs it). */
  sandbox?: Sandbox;
  /** `run --hermetic` in the sandbox: the seccomp program that enforces KD-TRUST-10 is loaded. */
  enforceHermetic?: boolean;
  /** The exact hello frame to send instead of the kit's own (`kofun-ctk replay` sends the recorded one). */
  helloFrame?: Uint8Array;
}

/** Makes a launcher that starts `command` and performs the handshake. */
export function persistentProcessLauncher(
  command: ProcessCommand,
  kitVersion: string,
  options: PersistentOptions = {},
  observer?: WireObserver,
): ProviderLauncher {
  return async ({ cwd, timeoutMs }) => startPersistentWire(command, kitVersion, options, observer, cwd, timeoutMs);
}

/** A persistent instance that also sends frames as given (`kofun-ctk replay`): each one answered by its reply. */
export interface PersistentWire extends ProviderConnection {
  /**
   * Sends `frame` exactly and waits for the reply the protocol gives it (the same id; `fixture-loaded` or `error`
   * to a `load-fixture`, `result` or `error` to a `query`, `bye` to a `shutdown`), returned as received, an `error`
   * frame too; any other frame, a crash or the timeout ends the instance as for any call.
   */
  exchange(frame: Frame, timeoutMs: number): Promise<CallOutcome<Frame>>;
}

/** Starts `command` and performs the handshake (with `options.helloFrame`, when given). */
export async function startPersistentWire(
  command: ProcessCommand,
  kitVersion: string,
  options: PersistentOptions,
  observer: WireObserver | undefined,
  cwd: string | undefined,
  timeoutMs: number,
): Promise<CallOutcome<PersistentWire>> {
  const connection = new PersistentProcessConnection(command, cwd ?? command.cwd, kitVersion, options, observer);
  const started = await connection.start(timeoutMs);
  if (!started.ok) return started;
  return { ok: true, value: connection };
}

/** The provider messages that answer each runner message. */
const REPLIES: Readonly<Record<string, readonly string[]>> = {
  [RUNNER_MESSAGES.hello]: [PROVIDER_MESSAGES.hello, PROVIDER_MESSAGES.error],
  [RUNNER_MESSAGES.loadFixture]: [PROVIDER_MESSAGES.fixtureLoaded, PROVIDER_MESSAGES.error],
  [RUNNER_MESSAGES.query]: [PROVIDER_MESSAGES.result, PROVIDER_MESSAGES.error],
  [RUNNER_MESSAGES.shutdown]: [PROVIDER_MESSAGES.bye],
};

type Waiter = {
  accept: (frame: Frame) => boolean;
  resolve: (outcome: CallOutcome<Frame>) => void;
  deadline: Deadline | undefined;
};

class PersistentProcessConnection implements PersistentWire {
  identity: ProviderIdentity = {
    name: 'unknown',
    version: 'unknown',
    interpretations: [],
    adapter: 'process-persistent',
  };
  private group: SpawnedGroup | undefined;
  private readonly decoder = new FrameDecoder(providerFrameCap);
  private waiter: Waiter | undefined;
  private dead: ProviderFault | undefined;
  /** Set by close: a death then is the runner's doing, never the provider's fault. */
  private closing = false;
  /** The fault of a death while no call was in flight (see ProviderConnection.idleFault). */
  idleFault: ProviderFault | undefined;
  private nextId = 1;
  private memoryWatch: NodeJS.Timeout | undefined;
  private trace: InstanceTrace | undefined;
  private contained: ContainedCommand | undefined;
  /** The caps' watch over the instance (none without a sandbox). */
  private watch: Watch | undefined;
  /** The window of the last query (run --hermetic), for the runner to label with its vector. */
  lastQueryWindow: QueryWindow | undefined;

  constructor(
    private readonly command: ProcessCommand,
    private readonly cwd: string | undefined,
    private readonly kitVersion: string,
    private readonly options: PersistentOptions = {},
    private readonly observer: WireObserver | undefined = undefined,
  ) {
    this.identity.adapter = options.adapter ?? 'process-persistent';
  }

  get alive(): boolean {
    return this.dead === undefined && this.group !== undefined;
  }

  async start(timeoutMs: number): Promise<CallOutcome<void>> {
    const { group, enforced } = this.spawnInstance();
    this.follow(group, enforced);
    return this.greet(timeoutMs);
  }

  /** Starts the provider's process (in the sandbox, under the trace when there is one) and the watches of its caps. */
  private spawnInstance(): { group: SpawnedGroup; enforced: boolean } {
    const sandbox = this.options.sandbox;
    // A trace is made before the process, so it knows how many of the sandbox's own processes precede the provider.
    this.trace = this.options.hermetic?.instance(false, sandbox?.on === true ? 2 : 0);
    const trace = this.trace;
    const contained = sandbox?.contain(this.command.argv, {
      instance: { env: this.command.env ?? {}, cwd: this.cwd, hermetic: this.options.enforceHermetic === true },
      ...(trace === undefined ? {} : { wrap: (argv: readonly string[]) => trace.wrap(argv) }),
    });
    this.contained = contained;
    // Without a sandbox (the adapter's own tests) the process is the runner's plain child.
    const argv = contained?.argv ?? (trace === undefined ? this.command.argv : trace.wrap(this.command.argv));
    const env = contained?.env ?? (this.command.env ? { ...process.env, ...this.command.env } : process.env);
    const cwd = contained === undefined ? this.cwd : contained.cwd;
    const group = spawnGroup(argv, {
      cwd,
      env,
      contained: contained?.contained ?? false,
      stdio: contained?.stdio ?? [],
    });
    this.group = group;
    const enforced = this.options.enforceHermetic === true && sandbox?.enforcesHermetic === true;
    if (contained !== undefined) {
      this.watch = contained.started(group.child, (crossing) =>
        this.die({ kind: 'resource', message: crossing.message, stderrTail: group.stderrTail() }),
      );
    }
    const cap = this.options.maxResidentBytes;
    const pid = group.child.pid;
    if (cap !== undefined && pid !== undefined && contained === undefined) {
      this.memoryWatch = setInterval(() => {
        const resident = treeResidentBytes(pid);
        if (resident === undefined || resident <= cap) return;
        const message = `provider exceeded the memory cap of ${cap} bytes (resident: ${resident} bytes)`;
        this.die({ kind: 'resource', message, stderrTail: group.stderrTail() });
      }, MEMORY_POLL_MS);
      this.memoryWatch.unref();
    }
    return { group, enforced };
  }

  /**
   * Follows the process: its stdout read as frames, its stderr shown to the observer, a closed stdout or an exit
   * ending the instance with the fault it is.
   */
  private follow(group: SpawnedGroup, enforced: boolean): void {
    group.child.stdout.on('data', (chunk: Buffer) => {
      this.observer?.stdout?.(chunk);
      this.onData(chunk);
    });
    const observer = this.observer;
    if (observer?.stderr !== undefined) group.child.stderr.on('data', (chunk: Buffer) => observer.stderr?.(chunk));
    let exitedYet = false;
    group.child.stdout.once('end', () => {
      // A provider that closes stdout cannot answer again: an ERROR now rather than at the timeout. An exit
      // that follows at once is reported as the exit it is.
      deadline(EXIT_DRAIN_MS, () => {
        if (exitedYet) return;
        this.die({
          kind: 'protocol',
          message: 'provider closed its stdout while still running',
          stderrTail: group.stderrTail(),
        });
      });
    });
    void group.exited.then((exit) => {
      exitedYet = true;
      // Let the last bytes of stdout and stderr arrive before calling it a crash.
      deadline(EXIT_DRAIN_MS, () => {
        if (enforced && exit.code === SIGSYS_EXIT_STATUS) {
          this.die({ kind: 'hermetic', message: FORBIDDEN_CALL, stderrTail: group.stderrTail() });
          return;
        }
        const how = exit.error
          ? `could not start: ${exit.error}`
          : exit.signal
            ? `killed by ${exit.signal}`
            : `exited with status ${exit.code}`;
        this.die({ kind: exit.error ? 'start' : 'crash', message: `provider ${how}`, stderrTail: group.stderrTail() });
      });
    });
  }

  /** The hello exchange: the provider's identity, or why it did not start. */
  private async greet(timeoutMs: number): Promise<CallOutcome<void>> {
    const hello: RunnerHello = { protocol: PROTOCOL_NAME, kit: 'kofun-ctk', kit_version: this.kitVersion };
    const reply = await this.call(
      this.options.helloFrame ?? encodeFrame(RUNNER_MESSAGES.hello, 0, NO_REF, jsonBody(hello)),
      (f) => f.type === PROVIDER_MESSAGES.hello || f.type === PROVIDER_MESSAGES.error,
      timeoutMs,
    );
    if (!reply.ok)
      return this.startFailed(
        reply.fault.kind === 'crash' || reply.fault.kind === 'hermetic'
          ? { ...reply.fault, kind: 'start' }
          : reply.fault.kind === 'timeout'
            ? { ...reply.fault, kind: 'start', message: `no hello within ${timeoutMs} ms (--start-timeout-ms)` }
            : reply.fault,
      );
    if (reply.value.type === PROVIDER_MESSAGES.error) {
      return this.startFailed(
        this.violate(
          `provider answered hello with an error: ${Buffer.from(reply.value.body).toString('utf8')}`,
          'start',
        ).fault,
      );
    }
    const parsed = parseProviderHello(reply.value.body);
    if (!parsed.ok) return this.startFailed(this.violate(parsed.message, 'start').fault);
    this.identity = {
      name: parsed.hello.name,
      version: parsed.hello.version,
      interpretations: parsed.hello.interpretations,
      ...(parsed.hello.missing_features === undefined ? {} : { missing_features: parsed.hello.missing_features }),
      adapter: this.options.adapter ?? 'process-persistent',
    };
    return { ok: true, value: undefined };
  }

  async loadFixture(sha256: string, bytes: Uint8Array, timeoutMs: number): Promise<CallOutcome<void>> {
    const id = this.takeId();
    const reply = await this.call(
      encodeFrame(RUNNER_MESSAGES.loadFixture, id, sha256, bytes),
      (f) => f.id === id && (f.type === PROVIDER_MESSAGES.fixtureLoaded || f.type === PROVIDER_MESSAGES.error),
      timeoutMs,
    );
    if (!reply.ok) return reply;
    if (reply.value.type === PROVIDER_MESSAGES.error) return { ok: false, fault: providerError(reply.value) };
    if (reply.value.ref !== sha256) return this.violate('fixture-loaded names another fixture');
    return { ok: true, value: undefined };
  }

  async query(sha256: string, request: Uint8Array, timeoutMs: number): Promise<CallOutcome<Uint8Array>> {
    const id = this.takeId();
    const frame = encodeFrame(RUNNER_MESSAGES.query, id, sha256, request);
    const window = this.trace?.begin();
    this.lastQueryWindow = window;
    this.watch?.queryStarted();
    const reply = await this.call(
      frame,
      (f) => f.id === id && (f.type === PROVIDER_MESSAGES.result || f.type === PROVIDER_MESSAGES.error),
      timeoutMs,
    );
    if (window !== undefined) this.trace?.end(window);
    if (!reply.ok) return reply;
    if (reply.value.type === PROVIDER_MESSAGES.error) return { ok: false, fault: providerError(reply.value) };
    return { ok: true, value: reply.value.body };
  }

  async exchange(frame: Frame, timeoutMs: number): Promise<CallOutcome<Frame>> {
    const replies = REPLIES[frame.type] ?? [];
    // Ids the runner has sent are what a reply to another id is told apart by (unexpected, below).
    if (frame.id >= this.nextId) this.nextId = frame.id + 1;
    return this.call(
      encodeFrame(frame.type, frame.id, frame.ref, frame.body),
      (f) => f.id === frame.id && replies.includes(f.type),
      timeoutMs,
    );
  }

  async close(): Promise<void> {
    const group = this.group;
    if (group === undefined) return;
    this.closing = this.dead === undefined;
    if (this.alive) {
      await this.call(
        encodeFrame(RUNNER_MESSAGES.shutdown, 0, NO_REF),
        (f) => f.type === PROVIDER_MESSAGES.bye,
        SHUTDOWN_GRACE_MS,
      );
    }
    this.die({ kind: 'crash', message: 'provider closed', stderrTail: NO_BYTES });
    group.kill();
    await within(group.exited, SHUTDOWN_GRACE_MS);
    this.watch?.stop();
    this.contained?.release();
  }

  /**
   * A provider that cannot start is diagnosed from its stderr, which often arrives just after the fault (a start-up
   * error printed while exiting): wait for the killed group to exit and its stderr to close, briefly, then take it.
   */
  private async startFailed(fault: ProviderFault): Promise<{ ok: false; fault: ProviderFault }> {
    const group = this.group;
    if (group === undefined || fault.kind === 'provider-error') return { ok: false, fault };
    const stderrClosed = new Promise<void>((resolve) => {
      if (group.child.stderr.closed) resolve();
      else group.child.stderr.once('close', () => resolve());
    });
    await within(Promise.all([group.exited, stderrClosed]), SHUTDOWN_GRACE_MS);
    return { ok: false, fault: { ...fault, stderrTail: group.stderrTail() } };
  }

  private takeId(): number {
    const id = this.nextId;
    this.nextId = this.nextId >= 4_294_967_295 ? 1 : this.nextId + 1;
    return id;
  }

  private call(frame: Uint8Array, accept: (f: Frame) => boolean, timeoutMs: number): Promise<CallOutcome<Frame>> {
    if (this.dead) return Promise.resolve({ ok: false, fault: this.dead });
    if (this.waiter) throw new Error('kit fault: two calls in flight on one provider');
    return new Promise((resolve) => {
      const waiter: Waiter = { accept, resolve, deadline: undefined };
      waiter.deadline = deadline(timeoutMs, () => {
        this.die({
          kind: 'timeout',
          message: `no answer within ${timeoutMs} ms`,
          stderrTail: this.group?.stderrTail() ?? NO_BYTES,
        });
      });
      this.waiter = waiter;
      if (this.observer?.frame !== undefined)
        this.observer.frame('sent', Buffer.from(frame.subarray(0, frame.indexOf(0x0a))).toString('ascii'));
      this.observer?.sent?.(frame);
      this.group?.child.stdin.write(frame);
    });
  }

  private onData(chunk: Buffer): void {
    if (this.dead) return;
    const { frames, fault } = this.decoder.push(chunk);
    for (const frame of frames) {
      this.observer?.frame?.('received', `${FRAME_MAGIC} ${frame.type} ${frame.id} ${frame.ref} ${frame.body.length}`);
      const waiter = this.waiter;
      if (waiter === undefined || !waiter.accept(frame)) {
        this.die({
          kind: 'protocol',
          message: this.unexpected(frame, waiter !== undefined),
          stderrTail: this.group?.stderrTail() ?? NO_BYTES,
        });
        return;
      }
      this.waiter = undefined;
      waiter.deadline?.cancel();
      waiter.resolve({ ok: true, value: frame });
    }
    if (fault) {
      const stderrTail = this.group?.stderrTail() ?? NO_BYTES;
      const evidence = fault.stray === undefined ? { stderrTail } : { stderrTail, strayStdout: fault.stray };
      this.die({ kind: fault.kind, message: fault.message, ...evidence });
    }
  }

  /**
   * Names the provider message at fault, so a reply to an id not in flight (a second reply to a query already
   * answered, or an id never sent) is blamed on that message rather than on the call that happens to follow.
   */
  private unexpected(frame: Frame, callInFlight: boolean): string {
    const what = `${frame.type} message for id ${frame.id}`;
    const answered = frame.id >= 1 && frame.id < this.nextId && !(callInFlight && frame.id === this.nextId - 1);
    if (answered) return `${what}, a query or fixture already answered (a second reply)`;
    if (frame.id >= this.nextId) return `${what}, an id the runner never sent`;
    return callInFlight
      ? `unexpected ${what} while another call was in flight`
      : `unexpected ${what} while no call was in flight`;
  }

  /** Why the instance died, once it has. */
  get deathFault(): ProviderFault | undefined {
    return this.dead;
  }

  private violate(message: string, kind: 'protocol' | 'start' = 'protocol'): { ok: false; fault: ProviderFault } {
    const fault: ProviderFault = { kind, message, stderrTail: this.group?.stderrTail() ?? NO_BYTES };
    this.die(fault);
    return { ok: false, fault };
  }

  /** Marks the instance dead, kills its group, and fails the call in flight. */
  private die(fault: ProviderFault): void {
    const first = this.dead === undefined;
    if (first) this.dead = fault;
    if (first && this.waiter === undefined && !this.closing && fault.kind !== 'provider-error') this.idleFault = fault;
    if (this.memoryWatch !== undefined) clearInterval(this.memoryWatch);
    this.watch?.stop();
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.deadline?.cancel();
    const group = this.group;
    if (group === undefined || !first || fault.kind === 'provider-error') {
      group?.kill();
      waiter?.resolve({ ok: false, fault: this.dead ?? fault });
      return;
    }
    // What the provider wrote to stderr just before the fault showed on stdout may still be in the other pipe: the
    // processes are ended first and stderr read to its end (bounded) before the pipes are let go, so the fault
    // carries those bytes as evidence.
    group.killProcesses();
    void drained(group.child.stderr, STDERR_DRAIN_MS).then(() => {
      if (this.dead === fault) this.dead = { ...fault, stderrTail: group.stderrTail() };
      if (this.idleFault === fault) this.idleFault = this.dead;
      group.kill();
      waiter?.resolve({ ok: false, fault: this.dead ?? fault });
    });
  }
}

function providerError(frame: Frame): ProviderFault {
  const body = frame.body;
  return { kind: 'provider-error', code: frame.ref, message: Buffer.from(body).toString('utf8'), body };
}

/** How long a dying provider's stderr is read for its last bytes. */
const STDERR_DRAIN_MS = 500;

/** Resolves when `stream` has ended or closed, or after `ms`. */
async function drained(
  stream: NodeJS.ReadableStream & { readableEnded?: boolean; destroyed?: boolean },
  ms: number,
): Promise<void> {
  if (stream.readableEnded === true || stream.destroyed === true) return;
  await within(
    new Promise<void>((resolve) => {
      stream.once('end', () => resolve());
      stream.once('close', () => resolve());
    }),
    ms,
  );
}
