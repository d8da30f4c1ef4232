/**
 * Runs one declared build command: argv exactly as given, never through a shell
 * (a shell only when the configuration itself says `["sh", "-c", …]`), in its own
 * process group, with a timeout, a controlled environment and umask. The whole group
 * is killed when the build ends, when it times out, and when this process exits or the
 * run is interrupted (the runner's one registry of process groups, io/process-group.ts),
 * so no build leaves a process behind. Output is kept only as a bounded tail.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { deadline } from '../io/deadline.js';
import { registerGroup } from '../io/process-group.js';
import type { Sandbox } from '../sandbox/sandbox.js';

export interface BuildSpec {
  argv: readonly string[];
  cwd: string;
  /** The complete environment of the build (nothing is inherited implicitly). */
  env: Record<string, string>;
  timeoutMs: number;
  /** File-creation mask of the build process, inherited by the child at spawn; this process's own when absent. */
  umask?: number;
  /** Bytes of stdout and stderr tail kept for the report. */
  maxOutputBytes?: number;
  /**
   * The sandbox the build runs in, the folders it may write (its build folder and HOME) and the files it must read
   * where the sandbox hides them (the vector's fixture). Without it the build runs as a child of the runner.
   */
  sandbox?: { sandbox: Sandbox; writable: readonly string[]; reads: readonly string[] };
}

export interface BuildRun {
  argv: readonly string[];
  ok: boolean;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Why it could not start (e.g. ENOENT), when it could not. */
  spawnError: string | null;
  /** The cap it reached, when the caps ended it (runner/limits/). */
  resource?: string;
  stdoutTail: string;
  stderrTail: string;
}

/** Runs a build to completion; never rejects for a failure of the build itself. */
export function runBuild(spec: BuildSpec): Promise<BuildRun> {
  return new Promise((resolve) => {
    const contained = spec.sandbox?.sandbox.contain(spec.argv, {
      build: {
        workdir: spec.cwd,
        writable: spec.sandbox.writable,
        reads: spec.sandbox.reads,
        env: spec.env,
      },
    });
    const [command, ...args] = spec.argv.length === 0 ? [] : (contained?.argv ?? spec.argv);
    if (command === undefined) {
      resolve(notStarted(spec, 'empty command'));
      return;
    }
    const child = spawnWithUmask(spec, command, args, contained);
    if (typeof child === 'string') resolve(notStarted(spec, child));
    else watchBuild(spec, child, contained, resolve);
  });
}

/** The run of a build that never started, and why. */
function notStarted(spec: BuildSpec, why: string): BuildRun {
  return {
    argv: spec.argv,
    ok: false,
    exitCode: null,
    signal: null,
    timedOut: false,
    spawnError: why,
    stdoutTail: '',
    stderrTail: '',
  };
}

type Contained = ReturnType<Sandbox['contain']> | undefined;
type BuildChild = ChildProcessByStdio<null, Readable, Readable>;

/**
 * Starts the build's process under the build's umask, or says why the umask cannot be set. process.umask is per
 * process; the child copies it at spawn, so it is set and restored around the synchronous spawn call. Worker threads
 * cannot set it: that is reported as a failed build, never silently skipped.
 */
function spawnWithUmask(spec: BuildSpec, command: string, args: string[], contained: Contained): BuildChild | string {
  let previous: number | undefined;
  try {
    previous = spec.umask === undefined ? undefined : process.umask(spec.umask);
  } catch {
    return 'umask cannot be set here (run the gate on the main thread)';
  }
  try {
    return spawn(command, args, {
      cwd: contained?.cwd ?? spec.cwd,
      env: contained?.env ?? spec.env,
      detached: true,
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe', ...(contained?.stdio ?? [])],
    }) as BuildChild;
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
}

/**
 * Follows a started build to its end: the tails of its output kept, its process group registered and ended with it,
 * the timeout and the caps each ending it early; `resolve` gets its run once.
 */
function watchBuild(spec: BuildSpec, child: BuildChild, contained: Contained, resolve: (run: BuildRun) => void): void {
  const maxOut = spec.maxOutputBytes ?? 8192;
  let stdout: Buffer = Buffer.alloc(0);
  let stderr: Buffer = Buffer.alloc(0);
  const keep = (buf: Buffer, chunk: Buffer): Buffer => {
    const joined = Buffer.concat([buf, chunk]);
    return joined.length > maxOut ? joined.subarray(joined.length - maxOut) : joined;
  };
  child.stdout.on('data', (c: Buffer) => (stdout = keep(stdout, c)));
  child.stderr.on('data', (c: Buffer) => (stderr = keep(stderr, c)));
  let timedOut = false;
  let spawnError: string | null = null;
  const pid = child.pid;
  const group = pid === undefined ? undefined : registerGroup(pid);
  const bound = deadline(spec.timeoutMs, () => {
    timedOut = true;
    group?.kill();
  });
  let resource: string | undefined;
  const watch = contained?.started(child, (c) => {
    resource = c.message;
    group?.kill();
  });
  let settled = false;
  const finish = (code: number | null, signal: string | null): void => {
    if (settled) return;
    settled = true;
    bound.cancel();
    watch?.stop();
    group?.kill();
    group?.release();
    contained?.release();
    resolve({
      argv: spec.argv,
      ok: !timedOut && spawnError === null && resource === undefined && code === 0,
      ...(resource === undefined ? {} : { resource }),
      exitCode: code,
      signal,
      timedOut,
      spawnError,
      stdoutTail: stdout.toString('utf8'),
      stderrTail: stderr.toString('utf8'),
    });
  };
  child.on('error', (err: NodeJS.ErrnoException) => {
    spawnError = err.code ?? err.message;
    if (pid === undefined) finish(null, null);
  });
  // When the build's own process exits, grandchildren left in its group end with it, which
  // also closes any pipe they held open.
  child.on('exit', () => group?.kill());
  child.on('close', (code, signal) => finish(code, signal));
}

/** One line saying why a build failed, without its output. */
export function buildFailure(run: BuildRun): string {
  if (run.spawnError !== null) return `could not start (${run.spawnError})`;
  if (run.resource !== undefined) return `was ended at a cap: ${run.resource}`;
  if (run.timedOut) return 'timed out and was killed';
  if (run.signal !== null) return `killed by ${run.signal}`;
  return `exited with status ${run.exitCode ?? 'unknown'}`;
}
