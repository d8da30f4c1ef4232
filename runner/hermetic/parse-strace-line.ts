/**
 * One line of a trace written by `strace -f -ttt` (one process and its descendants, every line prefixed with the
 * pid and the wall-clock time of the call's entry in seconds with microseconds). Lines that are not the start of a
 * call (`<... clone resumed>`, signal and exit notes) carry nothing a hermetic check needs: the entry part of a call
 * holds its arguments and its time.
 */

/** A traced system call: who made it, when it was entered, and its argument text as strace printed it. */
export interface TracedCall {
  pid: number;
  /** Entry time, microseconds since the Unix epoch (CLOCK_REALTIME, as strace -ttt prints it). */
  timeUs: number;
  syscall: string;
  /** Everything after the opening parenthesis, as strace printed it (provider-controlled: escape before showing). */
  args: string;
}

const CALL_LINE = /^(\d+)\s+(\d+)\.(\d{6})\s+([a-z0-9_]+)\((.*)$/;

/** The call a trace line starts, or undefined for a line that starts none. */
export function parseStraceLine(line: string): TracedCall | undefined {
  const m = CALL_LINE.exec(line);
  if (m === null) return undefined;
  const [, pid, seconds, micros, syscall, args] = m as unknown as [string, string, string, string, string, string];
  return { pid: Number(pid), timeUs: Number(seconds) * 1_000_000 + Number(micros), syscall, args };
}
