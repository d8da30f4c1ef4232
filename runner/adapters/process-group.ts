/**
 * Spawning untrusted provider processes so that nothing outlives the run: each
 * provider leads its own process group (spawned detached), the runner keeps a
 * registry of live groups, and every group is killed with SIGKILL when its instance
 * closes, when the runner exits, and on SIGINT/SIGTERM. Never through a shell.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** How much of a provider's stderr is kept for reports (the tail). */
export const STDERR_TAIL_BYTES = 4096;

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/** A spawned provider process group. */
export interface SpawnedGroup {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves once the group leader exited (or failed to start). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: string }>;
  /** The last bytes the provider wrote to stderr, at most STDERR_TAIL_BYTES. */
  stderrTail(): string;
  /** SIGKILLs the whole group; safe to call more than once. */
  kill(): void;
}

/** Spawns argv (no shell) as the leader of a new process group. */
export function spawnGroup(argv: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): SpawnedGroup {
  installExitHook();
  const [command, ...args] = argv;
  if (command === undefined) throw new Error('kit fault: empty argv');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    shell: false,
    windowsHide: true,
  });
  const pgid = child.pid;
  if (pgid !== undefined) liveGroups.add(pgid);
  let tail = Buffer.alloc(0);
  child.stderr.on('data', (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk]);
    if (tail.length > STDERR_TAIL_BYTES) tail = tail.subarray(tail.length - STDERR_TAIL_BYTES);
  });
  // A dead peer must not crash the runner with EPIPE.
  child.stdin.on('error', () => undefined);
  let killed = false;
  const kill = (): void => {
    if (killed) return;
    killed = true;
    if (pgid === undefined) return;
    killGroup(pgid);
    liveGroups.delete(pgid);
  };
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: string }>((resolve) => {
    child.once('error', (err) => resolve({ code: null, signal: null, error: err.message }));
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, exited, stderrTail: () => tail.toString('utf8'), kill };
}

/** Kills every live provider group; used on exit and on signals. */
export function killAllGroups(): void {
  for (const pgid of liveGroups) killGroup(pgid);
  liveGroups.clear();
}

/** The number of provider groups not yet killed (tests check it returns to 0). */
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

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', killAllGroups);
}
