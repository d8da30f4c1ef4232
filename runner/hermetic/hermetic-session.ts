/**
 * The I/O shell of `run --hermetic`: every provider instance the run starts (a persistent process, a module host,
 * each one-shot query) runs under `strace -f` writing its own trace file, the adapters mark each query's window on
 * the wall clock, and after the instances are closed the traces are read and each effect attributed to the query
 * whose window holds it (attribute-events.ts). strace leads the provider's process group and carries its
 * containment marker, so it ends with the provider.
 */
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attributeEvents, type HermeticEvent, type QueryWindow } from './attribute-events.js';
import { TRACED_SYSCALLS } from './classify-traced-call.js';
import { parseStraceLine, type TracedCall } from './parse-strace-line.js';
import { realtimeMicros } from './realtime-micros.js';

/** The options of every traced instance (the probe uses them too). */
export const STRACE_OPTIONS: readonly string[] = [
  '-f',
  '-qq',
  '-ttt',
  '--seccomp-bpf',
  '-e',
  `trace=${TRACED_SYSCALLS.join(',')}`,
  '-e',
  'signal=none',
];

/** The most bytes of one instance's trace that are read; a provider flooding it cannot exhaust the runner. */
export const MAX_TRACE_BYTES = 64 * 1024 * 1024;

/** One traced provider instance: its trace file and its query windows. */
export class InstanceTrace {
  readonly windows: QueryWindow[] = [];

  constructor(
    private readonly strace: string,
    readonly file: string,
    readonly oneShot: boolean,
    /** The sandbox's own processes before the provider's (attribute-events.ts). */
    readonly launcherDepth: number,
  ) {}

  /**
   * argv run under strace: every descendant followed (-f), entry times in microseconds (-ttt), no signal lines, and
   * a seccomp filter so that only the traced calls stop the provider (without it every call would).
   */
  wrap(argv: readonly string[]): string[] {
    return [this.strace, ...STRACE_OPTIONS, '-o', this.file, '--', ...argv];
  }

  /** Opens a query window, just before the query is written. */
  begin(): QueryWindow {
    const window: QueryWindow = { startUs: realtimeMicros() };
    this.windows.push(window);
    return window;
  }

  /** Closes a window, just after the reply or the fault that ended the call. */
  end(window: QueryWindow): void {
    window.endUs ??= realtimeMicros();
  }
}

/** The effects of a run, by vector id. */
export interface HermeticFindings {
  byVector: Map<string, HermeticEvent[]>;
  outside: number;
  instances: number;
  /** Traces cut at MAX_TRACE_BYTES (their later events are not observed). */
  truncated: number;
}

/** The traces of one run. */
export class HermeticSession {
  private readonly folder = mkdtempSync(join(tmpdir(), 'kofun-ctk-hermetic-'));
  private readonly instances: InstanceTrace[] = [];
  /** What the last `collect` found. */
  findings: HermeticFindings | undefined;

  constructor(
    readonly strace: string,
    readonly facility: string,
  ) {}

  /** A trace for a new provider instance, started by `launcherDepth` processes of the sandbox before its own. */
  instance(oneShot: boolean, launcherDepth = 0): InstanceTrace {
    const file = join(this.folder, `${this.instances.length + 1}.trace`);
    const trace = new InstanceTrace(this.strace, file, oneShot, launcherDepth);
    this.instances.push(trace);
    return trace;
  }

  /** Reads every trace (after its instance closed) and attributes its effects. */
  collect(): HermeticFindings {
    const byVector = new Map<string, HermeticEvent[]>();
    let outside = 0;
    let truncated = 0;
    for (const trace of this.instances) {
      const read = readTrace(trace.file);
      if (read.truncated) truncated += 1;
      const found = attributeEvents(read.calls, trace.windows, {
        oneShot: trace.oneShot,
        launcherDepth: trace.launcherDepth,
      });
      outside += found.outside;
      for (const [label, events] of found.byLabel) byVector.set(label, [...(byVector.get(label) ?? []), ...events]);
    }
    this.findings = { byVector, outside, instances: this.instances.length, truncated };
    return this.findings;
  }

  /** Removes the trace files. */
  dispose(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}

function readTrace(file: string): { calls: TracedCall[]; truncated: boolean } {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    // strace never wrote it: the provider did not start under it.
    return { calls: [], truncated: false };
  }
  let text: string;
  let truncated: boolean;
  try {
    const size = fstatSync(fd).size;
    truncated = size > MAX_TRACE_BYTES;
    const buffer = Buffer.alloc(Math.min(size, MAX_TRACE_BYTES));
    let at = 0;
    while (at < buffer.length) {
      const n = readSync(fd, buffer, at, buffer.length - at, at);
      if (n === 0) break;
      at += n;
    }
    // strace prints arguments in ASCII with its own escapes; latin1 keeps any other byte as one character.
    text = buffer.subarray(0, at).toString('latin1');
  } finally {
    closeSync(fd);
  }
  const calls: TracedCall[] = [];
  for (const line of text.split('\n')) {
    const call = parseStraceLine(line);
    if (call !== undefined) calls.push(call);
  }
  return { calls, truncated };
}
