/**
 * Which query an effect belongs to. The runner marks, per provider instance, a window around each query: it opens
 * just before the runner writes the query and closes just after the reply (or the fault that ends the call) is
 * read; one call is in flight per instance, so windows never overlap. An event inside a window is that query's; an
 * event outside every window (start-up, handshake, fixture load, shutdown) is no query's, so no vector is blamed
 * for it. A window is compared with strace's entry time on the same wall clock.
 */
import { classifyTracedCall, type EffectKind } from './classify-traced-call.js';
import type { TracedCall } from './parse-strace-line.js';

/** One query's window on the wall clock, labelled with the vector it answered once the runner knows it. */
export interface QueryWindow {
  startUs: number;
  endUs?: number;
  label?: string;
}

/** An effect seen in a query's window. */
export interface HermeticEvent {
  kind: EffectKind;
  call: TracedCall;
}

/** How the instance's trace is read. */
export interface AttributionOptions {
  /**
   * A one-shot instance is launched for its one query: the execve calls of the launched process itself (strace
   * starting it, an interpreter line such as `/usr/bin/env node`) are the launch, not an effect of the query.
   */
  oneShot?: boolean;
  /**
   * How many processes of the sandbox come first (bubblewrap outside, and its first process inside the PID
   * namespace): their calls (the namespaces made, the provider started) are the sandbox's, never a query's.
   * They are the first distinct pids of the trace, since each starts the next.
   */
  launcherDepth?: number;
}

/** The events of one instance's calls, by the label of the window each falls in, with the count outside any. */
export function attributeEvents(
  calls: readonly TracedCall[],
  windows: readonly QueryWindow[],
  options: AttributionOptions = {},
): { byLabel: Map<string, HermeticEvent[]>; outside: number } {
  const byLabel = new Map<string, HermeticEvent[]>();
  let outside = 0;
  const launchers = firstPids(calls, options.launcherDepth ?? 0);
  const providerPid = firstPids(calls, (options.launcherDepth ?? 0) + 1).at(-1);
  for (const call of calls) {
    const kind = classifyTracedCall(call);
    if (kind === undefined) continue;
    if (launchers.includes(call.pid)) continue;
    if (options.oneShot === true && call.pid === providerPid && call.syscall.startsWith('execve')) continue;
    const window = windows.find(
      (w) => w.label !== undefined && w.endUs !== undefined && call.timeUs >= w.startUs && call.timeUs <= w.endUs,
    );
    if (window?.label === undefined) {
      outside += 1;
      continue;
    }
    const list = byLabel.get(window.label) ?? [];
    list.push({ kind, call });
    byLabel.set(window.label, list);
  }
  return { byLabel, outside };
}

/** The first `n` distinct pids of a trace, in the order they first appear. */
function firstPids(calls: readonly TracedCall[], n: number): number[] {
  const pids: number[] = [];
  for (const call of calls) {
    if (pids.length >= n) break;
    if (!pids.includes(call.pid)) pids.push(call.pid);
  }
  return pids;
}
