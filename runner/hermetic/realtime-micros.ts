/**
 * The wall clock in microseconds, comparable with strace's `-ttt` entry times (CLOCK_REALTIME). `Date.now()` has
 * only milliseconds; the monotonic clock offset by the process's time origin has microseconds but may drift from
 * the wall clock over a long run, so it is kept within the millisecond `Date.now()` gives.
 */
import { performance } from 'node:perf_hooks';

/** Microseconds since the Unix epoch, now. */
export function realtimeMicros(): number {
  const estimate = Math.round((performance.timeOrigin + performance.now()) * 1000);
  const ms = Date.now() * 1000;
  return Math.min(Math.max(estimate, ms), ms + 999);
}
