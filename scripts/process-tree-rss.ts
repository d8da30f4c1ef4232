// Peak resident memory of a process tree, for the benchmark only (Linux): every process under a root is found from
// /proc/<pid>/stat (its parent) and its VmHWM, the kernel's own high-water mark of resident memory, is read from
// /proc/<pid>/status. VmHWM only grows, so sampling every few milliseconds misses at most what a process gains in
// the moments before it exits. Elsewhere (no /proc) the sampler reports nothing.
import { readdirSync, readFileSync } from 'node:fs';

/** One process seen under the root: its command line and the largest VmHWM read. */
export interface SampledProcess {
  pid: number;
  argv: string[];
  peakKiB: number;
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  const stat = readOr(`/proc/${pid}/stat`);
  // The command name, in parentheses, may itself hold spaces or parentheses: fields follow the last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields?.[1]);
  return Number.isInteger(ppid) ? ppid : undefined;
}

function hwmKiB(pid: number): number | undefined {
  const m = /^VmHWM:\s+(\d+) kB$/m.exec(readOr(`/proc/${pid}/status`) ?? '');
  return m === null ? undefined : Number(m[1]);
}

/** Samples the tree under `rootPid` every `intervalMs` until `stop` is called; `stop` returns every process seen. */
export function sampleProcessTree(rootPid: number, intervalMs = 20): { stop: () => SampledProcess[] } {
  const seen = new Map<number, SampledProcess>();
  const sample = (): void => {
    let pids: number[];
    try {
      pids = readdirSync('/proc')
        .filter((n) => /^\d+$/.test(n))
        .map(Number);
    } catch {
      return;
    }
    const parent = new Map(pids.map((p) => [p, parentOf(p)]));
    const inTree = (pid: number): boolean => {
      for (let p: number | undefined = pid, hops = 0; p !== undefined && hops < 64; p = parent.get(p), hops++)
        if (p === rootPid) return true;
      return false;
    };
    for (const pid of pids) {
      if (!inTree(pid)) continue;
      const hwm = hwmKiB(pid);
      if (hwm === undefined) continue;
      // A child is seen between fork and exec with its parent's command line and memory: the command line of the
      // last sample is the one kept, and VmHWM restarts with the exec'd program, so the peak is that program's.
      const argv = (readOr(`/proc/${pid}/cmdline`) ?? '').split('\0').filter((a) => a !== '');
      const known = seen.get(pid);
      if (known === undefined) seen.set(pid, { pid, argv, peakKiB: hwm });
      else if (argv.join('\0') !== known.argv.join('\0')) seen.set(pid, { pid, argv, peakKiB: hwm });
      else known.peakKiB = Math.max(known.peakKiB, hwm);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return [...seen.values()];
    },
  };
}
