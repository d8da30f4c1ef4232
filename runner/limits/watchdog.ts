/**
 * The watchdog over every live provider instance and build: one timer for the whole run that, each period, measures
 * each watched tree (resident memory and tmpfs use, tasks, CPU time, descriptors, disk folders; or the cgroup's own
 * counters where a cgroup holds it) and ends the instance the first time a cap is reached, naming the cap, the limit
 * and what was measured. It works everywhere /proc does, root or not, with no cgroup delegated; a cgroup, where one
 * is had, holds memory and tasks in the kernel and the watchdog reads what it refused.
 */
import { lstatSync, readdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { readCgroup } from './cgroup-limits.js';
import { treeUsage } from './process-tree.js';
import { formatBytes } from './resource-limits.js';

/** How often the watchdog measures. */
export const WATCHDOG_PERIOD_MS = 100;

/** The most entries of a disk folder the watchdog walks; a tree larger than that is over its cap (fails closed). */
export const MAX_WALKED_ENTRIES = 100_000;

/** Which cap was reached. */
export type CapName = 'memory' | 'processes' | 'scratch' | 'shm' | 'tmp' | 'open files' | 'cpu' | 'disk';

/** A cap reached: the ERROR `resource` of the vector in flight says it as `message`. */
export interface CapCrossing {
  cap: CapName;
  message: string;
}

/** A size-capped tmpfs inside a sandbox, measured through the sandbox's first process. */
export interface WatchedTmpfs {
  cap: 'scratch' | 'shm' | 'tmp';
  /** The mount point inside the sandbox (`/tmp`, `/dev/shm`). */
  mount: string;
  bytes: number;
}

/** What one watch measures and against what. */
export interface WatchTarget {
  /** The process the runner started (the launcher, or the provider itself with the sandbox off). */
  pid: number;
  /** The launcher's own processes before the provider's (left out of task and descriptor counts). */
  skip: number;
  memoryBytes: number;
  tasks: number;
  openFiles: number;
  /** CPU seconds: per query (`perQuery`) or over the whole watch. */
  cpuSeconds: number;
  perQuery: boolean;
  tmpfs: readonly WatchedTmpfs[];
  /** The sandbox's first process (bubblewrap's `--info-fd`), through whose root its tmpfs folders are measured. */
  sandboxPid?: () => number | undefined;
  /** Folders on the host disk the watched processes write (a build's), and their cap. */
  disk?: { folders: readonly string[]; bytes: number };
  /** The cgroup folder holding memory and tasks, when a cgroup does (found once the process is in it). */
  cgroup?: () => string | undefined;
}

/** A live watch. */
export interface Watch {
  /** A query begins: its CPU time counts from here. */
  queryStarted(): void;
  /** Stops watching (the instance ended). */
  stop(): void;
}

interface Live {
  target: WatchTarget;
  crossed: (c: CapCrossing) => void;
  cpuAtQueryStart: number;
  lastCpu: number;
  stopped: boolean;
}

const live = new Set<Live>();
let timer: NodeJS.Timeout | undefined;
let cpuMicros = 0;

/** Starts watching `target`; `crossed` is called once, when the first cap is reached. */
export function watch(target: WatchTarget, crossed: (c: CapCrossing) => void): Watch {
  const entry: Live = { target, crossed, cpuAtQueryStart: 0, lastCpu: 0, stopped: false };
  live.add(entry);
  timer ??= setInterval(tick, WATCHDOG_PERIOD_MS).unref();
  return {
    queryStarted: () => {
      entry.cpuAtQueryStart = entry.lastCpu;
    },
    stop: () => stopEntry(entry),
  };
}

/** The CPU time the watchdog itself has used (microseconds), for the bench. */
export function watchdogCpuMicros(): number {
  return cpuMicros;
}

/** The number of live watches (tests check it returns to 0). */
export function liveWatchCount(): number {
  return live.size;
}

function stopEntry(entry: Live): void {
  entry.stopped = true;
  live.delete(entry);
  if (live.size === 0 && timer !== undefined) {
    clearInterval(timer);
    timer = undefined;
  }
}

function tick(): void {
  const before = process.cpuUsage();
  for (const entry of [...live]) {
    if (entry.stopped) continue;
    const crossing = measure(entry);
    if (crossing === undefined) continue;
    stopEntry(entry);
    entry.crossed(crossing);
  }
  const spent = process.cpuUsage(before);
  cpuMicros += spent.user + spent.system;
}

/** Measures one watch now: the first cap reached, or undefined. */
export function measure(entry: {
  target: WatchTarget;
  cpuAtQueryStart: number;
  lastCpu: number;
}): CapCrossing | undefined {
  const t = entry.target;
  const tree = treeUsage(t.pid, { countFiles: true, skip: t.skip });
  if (tree === undefined) return undefined;
  const folder = t.cgroup?.();
  const group = folder === undefined ? undefined : readCgroup(folder);
  const cpu = group?.cpuSeconds ?? tree.cpuSeconds;
  entry.lastCpu = cpu;
  const tmpfsUsed = t.tmpfs.map((f) => ({ f, used: tmpfsBytes(t.sandboxPid?.(), f.mount, f.bytes) }));
  if (group !== undefined) {
    // The kernel holds memory.max (reclaiming page cache first): only a kill at the cap is a crossing.
    if (group.oomKills > 0)
      return memoryCrossing(t.memoryBytes, group.peakBytes, 'in its cgroup, tmpfs and page cache included');
  } else {
    const memory = tree.residentBytes + tmpfsUsed.reduce((s, x) => s + (x.used ?? 0), 0);
    if (memory >= t.memoryBytes) return memoryCrossing(t.memoryBytes, memory, 'resident and tmpfs');
  }
  const tasks = group?.tasks ?? tree.tasks;
  if ((group !== undefined && group.tasksRefused > 0) || tasks >= t.tasks)
    return {
      cap: 'processes',
      message:
        `processes cap ${t.tasks} tasks reached (${tasks} processes and threads` +
        `${group !== undefined && group.tasksRefused > 0 ? `, ${group.tasksRefused} forks refused` : ''})`,
    };
  for (const { f, used } of tmpfsUsed)
    if (used !== undefined && used >= f.bytes)
      return { cap: f.cap, message: `${f.cap} cap ${formatBytes(f.bytes)} reached (${f.mount} is full)` };
  if (tree.maxOpenFiles >= t.openFiles)
    return {
      cap: 'open files',
      message: `open files cap ${t.openFiles} reached (a process holds ${tree.maxOpenFiles})`,
    };
  const spent = t.perQuery ? cpu - entry.cpuAtQueryStart : cpu;
  if (spent >= t.cpuSeconds)
    return {
      cap: 'cpu',
      message:
        `cpu cap ${t.cpuSeconds} s${t.perQuery ? ' per query' : ''} exceeded ` + `(${spent.toFixed(1)} s of CPU time)`,
    };
  if (t.disk !== undefined) {
    const held = folderBytes(t.disk.folders);
    if (held.over !== undefined) return { cap: 'disk', message: `disk cap ${formatBytes(t.disk.bytes)}: ${held.over}` };
    if (held.bytes >= t.disk.bytes)
      return {
        cap: 'disk',
        message: `disk cap ${formatBytes(t.disk.bytes)} reached (${formatBytes(held.bytes)} held)`,
      };
  }
  return undefined;
}

function memoryCrossing(cap: number, measured: number, how: string): CapCrossing {
  return { cap: 'memory', message: `memory cap ${formatBytes(cap)} exceeded (${formatBytes(measured)} ${how})` };
}

/** The file system type of a tmpfs (statfs f_type). */
const TMPFS_MAGIC = 0x01021994;

/**
 * Bytes used by the tmpfs at `mount` inside the sandbox whose first process is `pid`, or undefined until that tmpfs
 * is there: until bubblewrap has set the sandbox up, the path still leads to the host's folder, which is never
 * counted (it is told by its type and its size, `bytes` rounded up to a page).
 */
export function tmpfsBytes(pid: number | undefined, mount: string, bytes?: number): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const s = statfsSync(`/proc/${pid}/root${mount}`);
    if (s.type !== TMPFS_MAGIC) return undefined;
    if (bytes !== undefined && Math.abs(s.blocks * s.bsize - bytes) >= s.bsize) return undefined;
    return (s.blocks - s.bfree) * s.bsize;
  } catch {
    return undefined;
  }
}

/**
 * What `folders` hold on disk, walked without following links; `over` says why the walk stopped when the tree is
 * larger or deeper than the kit measures (which counts as over the cap).
 */
export function folderBytes(folders: readonly string[]): { bytes: number; over?: string } {
  let bytes = 0;
  let entries = 0;
  const stack = [...folders];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENAMETOOLONG') return { bytes, over: 'a tree deeper than a path can name' };
      continue;
    }
    for (const name of names) {
      entries += 1;
      if (entries > MAX_WALKED_ENTRIES) return { bytes, over: `more than ${MAX_WALKED_ENTRIES} entries` };
      const path = join(dir, name);
      try {
        const s = lstatSync(path);
        bytes += s.blocks * 512;
        if (s.isDirectory()) stack.push(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENAMETOOLONG')
          return { bytes, over: 'a tree deeper than a path can name' };
      }
    }
  }
  return { bytes };
}
