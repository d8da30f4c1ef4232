/**
 * The cgroup v2 path of the caps, where one can be had: a delegated subtree the runner may write (a container whose
 * entry point moved itself into a leaf and enabled the memory and pids controllers above it), or a transient scope
 * made by `systemd-run --scope` (a GitHub-hosted runner). There the kernel holds memory (memory.max, counting tmpfs and
 * page cache, with no swap) and tasks (pids.max), and the runner reads what crossed them from memory.events and
 * pids.events. Everything here takes the cgroup file system's root as a parameter, so the choice and the files written
 * are tested against a fake folder where no cgroup is delegated.
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the caps of each instance go. */
export type CgroupChoice =
  { kind: 'subtree'; base: string } | { kind: 'systemd-run'; program: string; user: boolean; root: string };

/** The cgroup v2 path of this process (`0::/a/b` in /proc/self/cgroup), or undefined on a v1-only host. */
export function ownCgroupPath(procSelfCgroup: string): string | undefined {
  for (const line of procSelfCgroup.split('\n')) if (line.startsWith('0::')) return line.slice(3).trim() || '/';
  return undefined;
}

/** True when `root` is a cgroup v2 hierarchy's root (it lists its controllers). */
export function isCgroupV2Root(root: string): boolean {
  return existsSync(join(root, 'cgroup.controllers'));
}

function controllersOf(file: string): Set<string> {
  try {
    return new Set(
      readFileSync(file, 'utf8')
        .split(/\s+/)
        .filter((w) => w !== ''),
    );
  } catch {
    return new Set();
  }
}

/**
 * A delegated subtree the runner can make instances' cgroups in: the parent of its own cgroup, when that parent
 * already hands the memory and pids controllers to its children and the runner may write it (the runner's own cgroup
 * cannot have children with controllers while the runner is in it: cgroup v2's no-internal-process rule).
 */
export function findCgroupSubtree(root: string, procSelfCgroup: string): string | undefined {
  if (!isCgroupV2Root(root)) return undefined;
  const own = ownCgroupPath(procSelfCgroup);
  if (own === undefined || own === '/') return undefined;
  const base = join(root, dirname(own));
  const enabled = controllersOf(join(base, 'cgroup.subtree_control'));
  if (!enabled.has('memory') || !enabled.has('pids')) return undefined;
  try {
    accessSync(base, constants.W_OK);
    accessSync(join(base, 'cgroup.procs'), constants.W_OK);
  } catch {
    return undefined;
  }
  return base;
}

/** The caps a cgroup holds. */
export interface CgroupCaps {
  memoryBytes: number;
  tasks: number;
}

/** What a cgroup's files say now. */
export interface CgroupReading {
  memoryBytes: number;
  /** memory.peak where the kernel has it, else memory.current. */
  peakBytes: number;
  tasks: number;
  cpuSeconds: number;
  /** Processes the kernel killed at memory.max (memory.events `oom_kill`). */
  oomKills: number;
  /** Forks refused at pids.max (pids.events `max`). */
  tasksRefused: number;
}

/** Writes the caps into the cgroup folder `folder` (made by the caller or by systemd). */
export function writeCgroupCaps(folder: string, caps: CgroupCaps): void {
  writeFileSync(join(folder, 'memory.max'), String(caps.memoryBytes));
  // Swap would let a provider hold more than memory.max.
  if (existsSync(join(folder, 'memory.swap.max'))) writeFileSync(join(folder, 'memory.swap.max'), '0');
  writeFileSync(join(folder, 'pids.max'), String(caps.tasks));
}

/** Makes the cgroup `name` in the subtree `base` with `caps`; its folder. */
export function makeCgroup(base: string, name: string, caps: CgroupCaps): string {
  const folder = join(base, name);
  mkdirSync(folder);
  writeCgroupCaps(folder, caps);
  return folder;
}

/** Moves process `pid` into the cgroup folder. */
export function moveIntoCgroup(folder: string, pid: number): void {
  writeFileSync(join(folder, 'cgroup.procs'), `${pid}\n`);
}

/** Removes an empty cgroup folder (the kernel refuses while a process is in it); true when gone. */
export function removeCgroup(folder: string): boolean {
  try {
    rmdirSync(folder);
    return true;
  } catch {
    return !existsSync(folder);
  }
}

function keyed(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [key, value] = line.trim().split(/\s+/);
    if (key !== undefined && value !== undefined && /^[0-9]+$/.test(value)) out.set(key, Number(value));
  }
  return out;
}

function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Reads the cgroup folder's usage and events. */
export function readCgroup(folder: string): CgroupReading {
  const num = (name: string): number => Number(readOr(join(folder, name)).trim()) || 0;
  const memoryBytes = num('memory.current');
  const peak = readOr(join(folder, 'memory.peak')).trim();
  return {
    memoryBytes,
    peakBytes: peak === '' ? memoryBytes : Number(peak) || memoryBytes,
    tasks: num('pids.current'),
    cpuSeconds: (keyed(readOr(join(folder, 'cpu.stat'))).get('usage_usec') ?? 0) / 1e6,
    oomKills: keyed(readOr(join(folder, 'memory.events'))).get('oom_kill') ?? 0,
    tasksRefused: keyed(readOr(join(folder, 'pids.events'))).get('max') ?? 0,
  };
}

/** The cgroup folder process `pid` is in (a systemd scope), under `root`. */
export function cgroupOfProcess(root: string, pid: number, procRoot = '/proc'): string | undefined {
  const own = ownCgroupPath(readOr(`${procRoot}/${pid}/cgroup`));
  return own === undefined ? undefined : join(root, own);
}

/** The `systemd-run` argv that runs a command in a transient scope `unit` with `caps`. */
export function systemdRunPrefix(choice: { program: string; user: boolean }, unit: string, caps: CgroupCaps): string[] {
  return [
    choice.program,
    ...(choice.user ? ['--user'] : []),
    '--scope',
    '--quiet',
    '--collect',
    '--unit',
    unit,
    '-p',
    `MemoryMax=${caps.memoryBytes}`,
    '-p',
    'MemorySwapMax=0',
    '-p',
    `TasksMax=${caps.tasks}`,
    '--',
  ];
}
