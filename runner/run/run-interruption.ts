/**
 * Stopping a run early without losing what it learnt: SIGINT, SIGTERM or the `--global-timeout` aborts the run, whose
 * providers are killed at once (their process groups, so nothing is left behind); the gate then judges what finished,
 * marks the rest NOT-RUN and the report incomplete, and the reports are written as for any run. A second signal
 * while the reports are being written exits at once, still killing every provider first.
 */
import { deadline } from '../io/deadline.js';
import { killAllGroups } from '../io/process-group.js';
import type { InterruptReason } from '../report/run-events.js';

/** A run's interruption: an AbortSignal whose reason is the InterruptReason. */
export interface RunInterruption {
  signal: AbortSignal;
  /** What stopped the run, or null while it runs. */
  reason(): InterruptReason | null;
  /** Removes the handlers and the timer. */
  dispose(): void;
}

/** Installs the signal handlers and, when `globalTimeoutMs` is given, the overall time limit. */
export function installRunInterruption(options: {
  globalTimeoutMs?: number | undefined;
  exitCode: number;
  notify: (line: string) => void;
}): RunInterruption {
  const controller = new AbortController();
  let reason: InterruptReason | null = null;
  const stop = (why: InterruptReason, line: string): void => {
    if (reason !== null) return;
    reason = why;
    options.notify(line);
    controller.abort(why);
    killAllGroups();
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (reason !== null) {
      killAllGroups();
      options.notify(`kofun-ctk: ${signal} again: providers stopped, exiting without waiting for the reports`);
      process.exit(options.exitCode);
    }
    stop(
      signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT',
      `kofun-ctk: ${signal}: providers stopped, writing the reports of what ran (incomplete)`,
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const limit = options.globalTimeoutMs;
  const onTimeout = (): void =>
    stop(
      'global-timeout',
      `kofun-ctk: --global-timeout ${limit} ms reached: providers stopped, ` +
        `writing the reports of what ran (incomplete)`,
    );
  const bound = limit === undefined ? undefined : deadline(limit, onTimeout, { unref: true });
  return {
    signal: controller.signal,
    reason: () => reason,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      bound?.cancel();
    },
  };
}
