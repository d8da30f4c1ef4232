/**
 * The one registry of the process groups the runner starts, so that nothing outlives the run: providers
 * (`spawnGroup`) and the release-cost builds (release-cost/run-build.ts, `registerGroup`) each lead a process group of
 * their own (spawned detached), and every live group is killed with SIGKILL when its instance or build ends, when the
 * runner exits, when a run is interrupted, and on SIGINT/SIGTERM.
 *
 * A provider in the sandbox (runner/sandbox/) is contained by the operating system: its group leader is bubblewrap,
 * whose PID namespace ends every process the provider started when the leader dies. A provider run with the sandbox
 * off also carries a marker in its environment that its descendants inherit, and every process found with its
 * marker (a descendant that left the group through setsid or a double fork) is killed with its group: a heuristic
 * that a descendant replacing its environment escapes, which is why the sandbox is the default. Killing a provider
 * also destroys the runner's ends of the pipes, so an orphan that still holds one never keeps the runner alive. A
 * build gets no marker: its environment is exactly the one its configuration declares (KD-RELEASE-03). Never
 * through a shell.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { killMarkedProcesses, MARKER_VARIABLE } from './marked-processes.js';

/** How much of a provider's stderr is kept for reports (the tail). */
export const STDERR_TAIL_BYTES = 4096;

/** The live groups: process group id, and the marker entry (`NAME=VALUE`) of a provider's group. */
const liveGroups = new Map<number, string | undefined>();
let exitHookInstalled = false;
let spawned = 0;

/** A spawned provider process group. */
export interface SpawnedGroup {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves once the group leader exited (or failed to start). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: string }>;
  /** The last bytes the provider wrote to stderr, at most STDERR_TAIL_BYTES (bytes: a sink escapes them). */
  stderrTail(): Uint8Array;
  /** SIGKILLs the whole group and every process carrying its marker; safe to call more than once. */
  kill(): void;
  /** SIGKILLs the processes as `kill` does but keeps the pipes, so output already written can still be read. */
  killProcesses(): void;
  /** The `NAME=VALUE` marker entry in the environment of this provider and its descendants (none when contained). */
  readonly marker: string | undefined;
}

/**
 * Spawns argv (no shell) as the leader of a new process group. `contained`: the leader is the sandbox, whose end
 * ends everything inside it, so no marker is set and no marker scan is made.
 */
export function spawnGroup(
  argv: readonly string[],
  options: {
    cwd?: string | undefined;
    env?: NodeJS.ProcessEnv;
    contained?: boolean;
    /** Descriptors after stdin, stdout and stderr (3, 4, ...): a number is passed, `pipe` makes a pipe. */
    stdio?: readonly (number | 'pipe')[];
  },
): SpawnedGroup {
  const [command, ...args] = argv;
  if (command === undefined) throw new Error('kit fault: empty argv');
  spawned += 1;
  const markerValue = `${process.pid}-${spawned}`;
  const marker = options.contained === true ? undefined : `${MARKER_VARIABLE}=${markerValue}`;
  const env = options.env ?? process.env;
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: marker === undefined ? env : { ...env, [MARKER_VARIABLE]: markerValue },
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe', ...(options.stdio ?? [])],
    shell: false,
    windowsHide: true,
  }) as ChildProcessWithoutNullStreams;
  const pgid = child.pid;
  const group = pgid === undefined ? undefined : registerGroup(pgid, marker);
  let tail = Buffer.alloc(0);
  child.stderr.on('data', (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > STDERR_TAIL_BYTES) tail = tail.subarray(tail.length - STDERR_TAIL_BYTES);
  });
  // A dead peer must not crash the runner with EPIPE.
  child.stdin.on('error', () => undefined);
  let killed = false;
  const killProcesses = (): void => {
    if (killed) return;
    group?.kill();
  };
  const kill = (): void => {
    if (killed) return;
    killProcesses();
    killed = true;
    group?.release();
    // An orphan may hold a pipe open for ever: the runner lets go of its ends.
    for (const stream of child.stdio) (stream as { destroy?: () => void } | null)?.destroy?.();
  };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: string }>((resolve) => {
    child.once('error', (err) => resolve({ code: null, signal: null, error: err.message }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, exited, stderrTail: () => new Uint8Array(tail), kill, killProcesses, marker };
}

/** A process group in the registry. */
export interface RegisteredGroup {
  /** SIGKILLs the group (and, for a marked group, every process carrying its marker); safe to call more than once. */
  kill(): void;
  /** Takes the group out of the registry once it has ended. */
  release(): void;
}

/**
 * Registers the process group `pgid` (its leader was spawned detached) and, when given, the marker its processes
 * carry, so that it is killed with every other group on exit, interruption and signals.
 */
export function registerGroup(pgid: number, marker?: string): RegisteredGroup {
  installExitHook();
  liveGroups.set(pgid, marker);
  return { kill: () => killGroup(pgid, marker), release: () => void liveGroups.delete(pgid) };
}

/** Kills every live group (providers and builds); used on exit, on an interruption and on signals. */
export function killAllGroups(): void {
  for (const [pgid, marker] of liveGroups) killGroup(pgid, marker);
  liveGroups.clear();
}

/** The number of groups not yet killed or released (tests check it returns to 0). */
export function liveGroupCount(): number {
  return liveGroups.size;
}

/**
 * Makes SIGINT and SIGTERM kill every provider group before the runner exits with
 * `exitCode`. Returns a function that removes the handlers.
 */
export function installSignalCleanup(exitCode: number): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    killAllGroups();
    process.stderr.write(`kofun-ctk: ${signal}: providers stopped, run incomplete\n`);
    process.exit(exitCode);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

function killGroup(pgid: number, marker: string | undefined): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
  if (marker !== undefined) killMarkedProcesses(marker);
}

/**
 * The job-control signals a provider could stop the runner with (one run with the sandbox off may signal it, and a
 * terminal sends SIGTTIN or SIGTTOU to a background reader or writer): ignored from the first provider or build on,
 * so the run never hangs stopped with no report. SIGSTOP cannot be ignored; only a provider outside the sandbox can
 * reach the runner with it.
 */
const STOP_SIGNALS = ['SIGTSTP', 'SIGTTIN', 'SIGTTOU'] as const;
const ignoreSignal = (): void => undefined;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killAllGroups);
  for (const signal of STOP_SIGNALS) process.on(signal, ignoreSignal);
}
