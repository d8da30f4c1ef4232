/**
 * The resident memory of a process, read from /proc/<pid>/status (VmRSS) on Linux. It counts memory of every
 * kind (heap, ArrayBuffers, native allocations), which a V8 heap limit alone does not bound.
 */
import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * Resident bytes of `pid` and every descendant (found through /proc/<pid>/task/<tid>/children): a provider may
 * run below strace and the sandbox's own processes, and what it starts counts against its cap too. Undefined
 * where /proc is missing or the process is gone.
 */
export function treeResidentBytes(pid: number, procRoot = '/proc'): number | undefined {
  const own = residentBytes(pid, procRoot);
  if (own === undefined) return undefined;
  let total = own;
  for (const child of childrenOf(pid, procRoot)) total += treeResidentBytes(child, procRoot) ?? 0;
  return total;
}

function childrenOf(pid: number, procRoot: string): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`${procRoot}/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    try {
      for (const word of readFileSync(`${procRoot}/${pid}/task/${tid}/children`, 'utf8').split(/\s+/))
        if (word !== '') out.push(Number(word));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}
