/**
 * The resident memory of a process, read from /proc/<pid>/status (VmRSS) on Linux. It counts memory of every
 * kind (heap, ArrayBuffers, native allocations), which a V8 heap limit alone does not bound.
 */
import { readFileSync } from 'node:fs';

/** Resident bytes of `pid`, or undefined where /proc is missing or the process is gone. */
export function residentBytes(pid: number, procRoot = '/proc'): number | undefined {
  let status: string;
  try {
    status = readFileSync(`${procRoot}/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}
