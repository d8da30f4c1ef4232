/**
 * What a process and every descendant use, read from /proc: resident memory (VmRSS, memory of every kind: heap,
 * ArrayBuffers, native), tasks (processes and their threads), CPU time (including that of descendants already
 * reaped), and the largest number of descriptors one of them holds. A provider may run below strace and the
 * sandbox's own processes, and what it starts counts against its caps too; descendants are found through
 * /proc/<pid>/task/<tid>/children, so an orphan reparented to the sandbox's first process is still found.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The kernel's clock ticks per second for /proc times (USER_HZ, 100 on every Linux ABI Node.js runs on). */
const USER_HZ = 100;

/** What a tree uses at one moment. */
export interface TreeUsage {
  /** Resident bytes, summed over the processes. */
  residentBytes: number;
  /** Tasks: the processes and their threads. */
  tasks: number;
  processes: number;
  /** CPU seconds of the tree, its reaped descendants included. */
  cpuSeconds: number;
  /** The most descriptors one process of the tree holds (counted only when `countFiles`). */
  maxOpenFiles: number;
}

/** Resident bytes of `pid`, or undefined where /proc is missing or the process is gone. */
export function residentBytes(pid: number, procRoot = '/proc'): number | undefined {
  let status: string;
  try {
    status = readFileSync(`${procRoot}/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  // A zombie has no VmRSS line: it holds no memory.
  return kb === undefined ? 0 : Number(kb) * 1024;
}

/** The fields of /proc/<pid>/stat the caps need, or undefined when the process is gone. */
function statOf(pid: number, procRoot: string): { cpuTicks: number; threads: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`${procRoot}/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold anything: the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime 14, stime 15, cutime 16, cstime 17, num_threads 20.
  const n = (field: number): number => Number(fields[field - 3] ?? 0);
  return { cpuTicks: n(14) + n(15) + n(16) + n(17), threads: n(20) };
}

/** The child processes of `pid`. */
export function childrenOf(pid: number, procRoot = '/proc'): number[] {
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

function openFiles(pid: number, procRoot: string): number {
  try {
    return readdirSync(`${procRoot}/${pid}/fd`).length;
  } catch {
    return 0;
  }
}

/**
 * What `pid` and its descendants use, or undefined when `pid` is gone. `skip` leaves the first processes of the
 * chain out of the task and descriptor counts (the sandbox's own launcher processes), never out of memory or CPU.
 */
export function treeUsage(
  pid: number,
  options: { procRoot?: string; countFiles?: boolean; skip?: number } = {},
): TreeUsage | undefined {
  const procRoot = options.procRoot ?? '/proc';
  const top = statOf(pid, procRoot);
  if (top === undefined) return undefined;
  const usage: TreeUsage = { residentBytes: 0, tasks: 0, processes: 0, cpuSeconds: 0, maxOpenFiles: 0 };
  const visit = (p: number, depth: number, stat: { cpuTicks: number; threads: number }): void => {
    usage.residentBytes += residentBytes(p, procRoot) ?? 0;
    usage.cpuSeconds += stat.cpuTicks / USER_HZ;
    if (depth >= (options.skip ?? 0)) {
      usage.tasks += stat.threads;
      usage.processes += 1;
      if (options.countFiles === true) usage.maxOpenFiles = Math.max(usage.maxOpenFiles, openFiles(p, procRoot));
    }
    for (const child of childrenOf(p, procRoot)) {
      const s = statOf(child, procRoot);
      if (s !== undefined) visit(child, depth + 1, s);
    }
  };
  visit(pid, 0, top);
  return usage;
}

/** Resident bytes of `pid` and every descendant, or undefined where /proc is missing or the process is gone. */
export function treeResidentBytes(pid: number, procRoot = '/proc'): number | undefined {
  return treeUsage(pid, { procRoot })?.residentBytes;
}
