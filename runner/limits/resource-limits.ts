/**
 * The caps every provider instance and every declared build runs within (memory, tasks, scratch or disk, open files,
 * CPU time), their documented defaults, and how a configuration's `limits` section is read: a size as a whole number
 * of bytes or with a binary unit (`"512 MiB"`, `"2GiB"`), a count as a whole number, each positive and none above
 * what the machine has. A bad value is refused with its JSON pointer before anything starts.
 *
 * The defaults fit a 2-core, 7 GiB CI runner: at the default `--jobs 2` a run has two base instances and, at most,
 * one metamorphic or fresh instance besides, so three instances at their memory cap still leave the runner room.
 */
import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { escapeText } from '../../oracle/index.js';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

/** The caps of one provider instance. */
export interface InstanceCaps {
  /** Resident memory of all its processes plus what its tmpfs folders hold. */
  memoryBytes: number;
  /** Tasks (processes and their threads, as the kernel counts them for RLIMIT_NPROC and pids.max). */
  processes: number;
  /** The scratch folder's tmpfs (its working directory, HOME, TMPDIR; also the largest file it may write). */
  scratchBytes: number;
  /** /dev/shm's tmpfs. */
  shmBytes: number;
  /** Open descriptors per process (RLIMIT_NOFILE). */
  openFiles: number;
  /** CPU time of all its processes during one query (beside the wall-clock `--timeout-ms`). */
  cpuSecondsPerQuery: number;
}

/** The caps of one declared build. */
export interface BuildCaps {
  memoryBytes: number;
  processes: number;
  /** What its build folders (source copy, output, HOME) hold on disk. */
  diskBytes: number;
  /** Its /tmp tmpfs. */
  tmpBytes: number;
  openFiles: number;
  /** CPU time of all its processes over the whole build (beside the build's `timeout_ms`). */
  cpuSeconds: number;
}

/** The instance defaults (README, PROTOCOL.md "Limits"). */
export const INSTANCE_DEFAULTS: InstanceCaps = {
  memoryBytes: 2 * GIB,
  processes: 256,
  scratchBytes: 512 * MIB,
  shmBytes: 64 * MIB,
  openFiles: 1024,
  cpuSecondsPerQuery: 60,
};

/** The build defaults: a release build compiles, so it gets more tasks, files and CPU than a query. */
export const BUILD_DEFAULTS: BuildCaps = {
  memoryBytes: 2 * GIB,
  processes: 512,
  diskBytes: 1 * GIB,
  tmpBytes: 512 * MIB,
  openFiles: 4096,
  cpuSeconds: 600,
};

/** The JSON names of the caps in a configuration's `limits`, and which are sizes. */
const INSTANCE_FIELDS = {
  memory: ['memoryBytes', 'size'],
  processes: ['processes', 'count'],
  scratch: ['scratchBytes', 'size'],
  shm: ['shmBytes', 'size'],
  open_files: ['openFiles', 'count'],
  cpu_seconds_per_query: ['cpuSecondsPerQuery', 'count'],
} as const;

const BUILD_FIELDS = {
  memory: ['memoryBytes', 'size'],
  processes: ['processes', 'count'],
  disk: ['diskBytes', 'size'],
  tmp: ['tmpBytes', 'size'],
  open_files: ['openFiles', 'count'],
  cpu_seconds: ['cpuSeconds', 'count'],
} as const;

/** A refusal of a `limits` value: its JSON pointer and why. */
export interface LimitProblem {
  where: string;
  message: string;
}

/** What the machine has, for the "not above the machine" check (read from the kernel; a test passes its own). */
export interface MachineCeilings {
  memoryBytes: number;
  /** /proc/sys/kernel/threads-max. */
  tasks: number;
  /** /proc/sys/fs/nr_open. */
  openFiles: number;
}

/** The machine's ceilings, read once. */
export function machineCeilings(): MachineCeilings {
  const read = (path: string, fallback: number): number => {
    try {
      const n = Number(readFileSync(path, 'utf8').trim());
      return Number.isSafeInteger(n) && n > 0 ? n : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    memoryBytes: totalmem(),
    tasks: read('/proc/sys/kernel/threads-max', 4_194_304),
    openFiles: read('/proc/sys/fs/nr_open', 1_048_576),
  };
}

const UNITS: Readonly<Record<string, number>> = { B: 1, KiB: 1024, MiB: MIB, GiB: GIB, TiB: 1024 * GIB };

/** A size: a positive whole number of bytes, or such a number with a binary unit. */
export function parseSize(value: unknown): number | string {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : 'not a positive size';
  if (typeof value !== 'string') return 'not a size (a number of bytes, or a string such as "512 MiB")';
  const m = /^([0-9]{1,15}) ?(B|KiB|MiB|GiB|TiB)$/.exec(value);
  if (m === null) return `"${escapeText(value)}" is not a size (a number of bytes, or such as "512 MiB", "2 GiB")`;
  const n = Number(m[1]) * (UNITS[m[2] as string] as number);
  return Number.isSafeInteger(n) && n > 0 ? n : `"${escapeText(value)}" is not a positive size`;
}

function parseCount(value: unknown): number | string {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 'not a positive whole number';
}

/** The ceiling a field may not exceed, and what it is. */
function ceilingOf(field: string, machine: MachineCeilings): [number, string] | undefined {
  if (field === 'memoryBytes' || field === 'scratchBytes' || field === 'shmBytes' || field === 'tmpBytes')
    return [machine.memoryBytes, `the machine's memory (${formatBytes(machine.memoryBytes)})`];
  if (field === 'processes') return [machine.tasks, `the machine's task limit (${machine.tasks})`];
  if (field === 'openFiles') return [machine.openFiles, `the machine's descriptor limit (${machine.openFiles})`];
  return undefined;
}

function readCaps<T extends object>(
  fields: Readonly<Record<string, readonly [string, 'size' | 'count']>>,
  defaults: T,
  given: unknown,
  base: string,
  machine: MachineCeilings,
): { ok: true; caps: T } | { ok: false; problem: LimitProblem } {
  const caps = { ...defaults } as Record<string, number>;
  if (given === undefined) return { ok: true, caps: caps as T };
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    return { ok: false, problem: { where: base, message: 'not an object' } };
  for (const [name, value] of Object.entries(given)) {
    const where = `${base}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const field = fields[name];
    if (field === undefined)
      return {
        ok: false,
        problem: { where, message: `unknown limit ${escapeText(name)} (known: ${Object.keys(fields).join(', ')})` },
      };
    const [key, kind] = field;
    const parsed = kind === 'size' ? parseSize(value) : parseCount(value);
    if (typeof parsed === 'string') return { ok: false, problem: { where, message: parsed } };
    const ceiling = ceilingOf(key, machine);
    if (ceiling !== undefined && parsed > ceiling[0])
      return { ok: false, problem: { where, message: `${parsed} is above ${ceiling[1]}` } };
    caps[key] = parsed;
  }
  return { ok: true, caps: caps as T };
}

/** The instance caps of a configuration's `limits` (`/limits`), over the defaults. */
export function readInstanceCaps(
  given: unknown,
  machine: MachineCeilings = machineCeilings(),
  base = '/limits',
): { ok: true; caps: InstanceCaps } | { ok: false; problem: LimitProblem } {
  return readCaps(INSTANCE_FIELDS, INSTANCE_DEFAULTS, given, base, machine);
}

/** The build caps of a release build's `limits`, over the build defaults. */
export function readBuildCaps(
  given: unknown,
  machine: MachineCeilings = machineCeilings(),
  base = '/limits',
): { ok: true; caps: BuildCaps } | { ok: false; problem: LimitProblem } {
  return readCaps(BUILD_FIELDS, BUILD_DEFAULTS, given, base, machine);
}

/** Bytes for people: `2 GiB`, `512 MiB`, `1.5 GiB`, `300 B`. */
export function formatBytes(n: number): string {
  for (const [unit, size] of [
    ['TiB', 1024 * GIB],
    ['GiB', GIB],
    ['MiB', MIB],
    ['KiB', 1024],
  ] as const) {
    if (n >= size) {
      const v = n / size;
      return `${Number.isInteger(v) ? v : v.toFixed(1)} ${unit}`;
    }
  }
  return `${n} B`;
}

/** The caps as the report's JSON shows them. */
export function instanceCapsJson(c: InstanceCaps): Record<string, number> {
  return {
    memory_bytes: c.memoryBytes,
    processes: c.processes,
    scratch_bytes: c.scratchBytes,
    shm_bytes: c.shmBytes,
    open_files: c.openFiles,
    cpu_seconds_per_query: c.cpuSecondsPerQuery,
  };
}

/** The build caps as the report's JSON shows them. */
export function buildCapsJson(c: BuildCaps): Record<string, number> {
  return {
    memory_bytes: c.memoryBytes,
    processes: c.processes,
    disk_bytes: c.diskBytes,
    tmp_bytes: c.tmpBytes,
    open_files: c.openFiles,
    cpu_seconds: c.cpuSeconds,
  };
}
