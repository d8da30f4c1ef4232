/**
 * The caps of a run (`--limits on|off`, the configuration's `limits`, a build's `limits`) and what holds them, chosen
 * once before the first provider starts:
 *
 * - always, where they bind: rlimits set by `prlimit` just before the provider's command (RLIMIT_NOFILE, RLIMIT_FSIZE,
 *   RLIMIT_CORE 0, RLIMIT_NPROC in the sandbox's user namespace: the kernel exempts a runner that is root), and
 *   size-capped tmpfs folders in the sandbox;
 * - a cgroup v2 where one can be had (a delegated subtree, or `systemd-run --scope`): memory.max (tmpfs and page cache
 *   counted, no swap) and pids.max in the kernel;
 * - else the watchdog (watchdog.ts) over each instance's processes, every WATCHDOG_PERIOD_MS.
 *
 * Every report names the mechanism. Caps that cannot be held at all (no /proc, no prlimit) stop the run with the
 * reason (exit 2) unless `--limits off` is given, which every report names.
 */
import { existsSync, readFileSync, rmdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { escapeText } from '../../oracle/index.js';
import { UsageError } from '../io/cli-io.js';
import { launcherEnvironment, resolveProgram } from '../io/host-programs.js';
import {
  cgroupOfProcess,
  findCgroupSubtree,
  makeCgroup,
  moveIntoCgroup,
  removeCgroup,
  systemdRunPrefix,
  type CgroupChoice,
} from './cgroup-limits.js';
import {
  BUILD_DEFAULTS,
  buildCapsJson,
  INSTANCE_DEFAULTS,
  instanceCapsJson,
  type BuildCaps,
  type InstanceCaps,
} from './resource-limits.js';
import { WATCHDOG_PERIOD_MS, watch, type CapCrossing, type Watch, type WatchedTmpfs } from './watchdog.js';

/** `--limits`: whether the caps are held. */
export interface LimitsPlan {
  mode: 'on' | 'off';
  /** Why off, when off. */
  offReason?: string;
}

/** The report's `limits` section. */
export interface LimitsReport {
  mode: 'on' | 'off';
  reason?: string;
  /** `watchdog` or `cgroup`; null when off. */
  mechanism: 'watchdog' | 'cgroup' | null;
  /** What held the caps, in one line. */
  held_by: string;
  /** The instance caps (JSON names of the configuration's `limits`). */
  instance: Record<string, number>;
  /** The caps of declared builds. */
  build: Record<string, number>;
  /** Where a cap is held more weakly than the rest says. */
  notes: string[];
}

/** The `--limits` option read; off by default only where the caps cannot be held (no /proc). */
export function readLimitsPlan(option: string | undefined, platform: NodeJS.Platform = process.platform): LimitsPlan {
  if (option === undefined)
    return platform === 'linux' ? { mode: 'on' } : { mode: 'off', offReason: `${platform} has no /proc to watch` };
  if (option === 'off') return { mode: 'off', offReason: '--limits off' };
  if (option !== 'on') throw new UsageError(`--limits ${escapeText(option)}: use on or off`);
  if (platform !== 'linux')
    throw new UsageError(`--limits on: the caps need Linux (its /proc and rlimits), not ${platform}; add --limits off`);
  return { mode: 'on' };
}

/** How one process is capped: what goes before its launcher, before its command, and how it is watched. */
export interface CappedLaunch {
  /** Before the whole command line (systemd-run's scope). */
  outer: string[];
  /** Just before the provider's own command, inside the sandbox (prlimit). */
  inner: string[];
  /** A subtree cgroup: the process is moved into it before it may go on (the launcher waits on a gate). */
  cgroupFolder?: string;
  /** Starts watching the launched process; `crossed` is called once, with the cap reached. */
  watch(pid: number, sandboxPid: () => number | undefined, crossed: (c: CapCrossing) => void): Watch;
  /** Moves the launched process into its cgroup (subtree mode) and removes the cgroup once it is empty. */
  enter(pid: number): void;
  release(): void;
}

/** What a capped process is: a provider instance (a query at a time) or a declared build. */
export type CappedKind = (
  | { kind: 'instance'; sandboxed: boolean; skip: number; perQuery: boolean }
  | { kind: 'build'; sandboxed: boolean; skip: number; disk: readonly string[] }
) & {
  /** The sandbox's start-up probe: rlimits only, no cgroup. */
  probe?: boolean;
};

/** The caps of a run and what holds them. */
export class Limits {
  private counter = 0;

  private constructor(
    readonly plan: LimitsPlan,
    readonly instance: InstanceCaps,
    readonly build: BuildCaps,
    private readonly prlimit: string | undefined,
    private readonly cgroup: CgroupChoice | undefined,
    readonly report: LimitsReport,
  ) {}

  /** Caps that are off: nothing is wrapped or watched. */
  static off(reason: string, instance: InstanceCaps = INSTANCE_DEFAULTS, build: BuildCaps = BUILD_DEFAULTS): Limits {
    return new Limits({ mode: 'off', offReason: reason }, instance, build, undefined, undefined, {
      mode: 'off',
      reason,
      mechanism: null,
      held_by: 'nothing: the provider could take all of the machine',
      instance: instanceCapsJson(instance),
      build: buildCapsJson(build),
      notes: [`limits off (${reason}): no cap was held; a provider could exhaust the machine's memory, disk or tasks`],
    });
  }

  /**
   * Chooses what holds the caps for `plan`. A UsageError when they are asked for and cannot be held.
   * `probe` names where to look for a cgroup (a test passes a fake folder).
   */
  static open(
    plan: LimitsPlan,
    instance: InstanceCaps,
    build: BuildCaps,
    probe: { cgroupRoot?: string; procSelfCgroup?: string; systemdRun?: string | null } = {},
  ): Limits {
    if (plan.mode === 'off') return Limits.off(plan.offReason ?? '--limits off', instance, build);
    const prlimit = resolveProgram('prlimit');
    if (!prlimit.ok)
      throw new UsageError(
        `the caps cannot be held: prlimit (util-linux) ${prlimit.reason}. Install util-linux, or run with ` +
          '--limits off (every report then says no cap was held)',
      );
    try {
      readFileSync('/proc/self/stat');
    } catch {
      throw new UsageError('the caps cannot be held: /proc is not readable here; run with --limits off');
    }
    const cgroup = chooseCgroup(probe);
    const notes: string[] = [];
    if (process.getuid?.() === 0)
      notes.push('RLIMIT_NPROC does not bind a runner running as root: the watchdog counts tasks instead');
    const heldBy =
      cgroup === undefined
        ? `a watchdog every ${WATCHDOG_PERIOD_MS} ms over each instance's processes (resident memory and tmpfs, ` +
          'tasks, CPU time, descriptors, disk), rlimits (open files, file size, no core dumps, tasks) and ' +
          'size-capped tmpfs folders'
        : `cgroup v2 (${cgroup.kind === 'subtree' ? `subtree ${cgroup.base}` : 'systemd-run scopes'}: memory.max ` +
          'counting tmpfs and page cache, no swap, pids.max), with a watchdog every ' +
          `${WATCHDOG_PERIOD_MS} ms for CPU time, descriptors and disk, rlimits and size-capped tmpfs folders`;
    return new Limits(plan, instance, build, prlimit.path, cgroup, {
      mode: 'on',
      mechanism: cgroup === undefined ? 'watchdog' : 'cgroup',
      held_by: heldBy,
      instance: instanceCapsJson(instance),
      build: buildCapsJson(build),
      notes,
    });
  }

  get on(): boolean {
    return this.plan.mode === 'on';
  }

  /** How to launch and watch one capped process. */
  launch(what: CappedKind, tmpfs: readonly WatchedTmpfs[]): CappedLaunch {
    if (!this.on || this.prlimit === undefined) return NOT_CAPPED;
    const isBuild = what.kind === 'build';
    const caps = isBuild
      ? { memory: this.build.memoryBytes, tasks: this.build.processes, files: this.build.openFiles }
      : { memory: this.instance.memoryBytes, tasks: this.instance.processes, files: this.instance.openFiles };
    const fileSize = isBuild ? this.build.diskBytes : this.instance.scratchBytes;
    const inner = [
      this.prlimit,
      `--nofile=${caps.files}:${caps.files}`,
      `--fsize=${fileSize}:${fileSize}`,
      '--core=0:0',
      // Outside a user namespace RLIMIT_NPROC counts every task of the runner's user, not the provider's.
      ...(what.sandboxed ? [`--nproc=${caps.tasks}:${caps.tasks}`] : []),
      '--',
    ];
    this.counter += 1;
    const unit = `kofun-ctk-${process.pid}-${this.counter}`;
    let outer: string[] = [];
    let cgroupFolder: string | undefined;
    const cgroupCaps = { memoryBytes: caps.memory, tasks: caps.tasks };
    const cgroup = what.probe === true ? undefined : this.cgroup;
    if (cgroup?.kind === 'systemd-run') outer = systemdRunPrefix(cgroup, `${unit}.scope`, cgroupCaps);
    else if (cgroup?.kind === 'subtree') cgroupFolder = makeCgroup(cgroup.base, unit, cgroupCaps);
    let scope: string | undefined = cgroupFolder;
    let launched: number | undefined;
    // A systemd scope is made by systemd-run itself, just before it runs the command: found from the process.
    const findScope = (): string | undefined => {
      if (scope === undefined && cgroup?.kind === 'systemd-run' && launched !== undefined)
        scope = cgroupOfProcess(cgroup.root, launched);
      return scope;
    };
    return {
      outer,
      inner,
      ...(cgroupFolder === undefined ? {} : { cgroupFolder }),
      enter: (pid) => {
        if (cgroupFolder !== undefined) moveIntoCgroup(cgroupFolder, pid);
      },
      watch: (pid, sandboxPid, crossed) => {
        launched = pid;
        return watch(
          {
            pid,
            skip: what.skip,
            memoryBytes: caps.memory,
            tasks: caps.tasks,
            openFiles: caps.files,
            cpuSeconds: isBuild ? this.build.cpuSeconds : this.instance.cpuSecondsPerQuery,
            perQuery: what.kind === 'instance' && what.perQuery,
            tmpfs,
            sandboxPid,
            ...(what.kind === 'build' ? { disk: { folders: what.disk, bytes: this.build.diskBytes } } : {}),
            ...(cgroup === undefined ? {} : { cgroup: findScope }),
          },
          crossed,
        );
      },
      release: () => {
        if (cgroupFolder !== undefined) removeCgroup(cgroupFolder);
      },
    };
  }
}

const NOT_CAPPED: CappedLaunch = {
  outer: [],
  inner: [],
  watch: () => ({ queryStarted() {}, stop() {} }),
  enter() {},
  release() {},
};

/** A cgroup v2 to hold the caps in, if this machine gives one. */
function chooseCgroup(probe: {
  cgroupRoot?: string;
  procSelfCgroup?: string;
  systemdRun?: string | null;
}): CgroupChoice | undefined {
  const root = probe.cgroupRoot ?? '/sys/fs/cgroup';
  let self = probe.procSelfCgroup;
  if (self === undefined) {
    try {
      self = readFileSync('/proc/self/cgroup', 'utf8');
    } catch {
      self = '';
    }
  }
  const base = findCgroupSubtree(root, self);
  if (base !== undefined && subtreeWritable(base)) return { kind: 'subtree', base };
  // sd_booted(): systemd runs the machine only where /run/systemd/system exists; elsewhere systemd-run cannot work.
  if (probe.systemdRun === undefined && !existsSync('/run/systemd/system')) return undefined;
  const program = probe.systemdRun === undefined ? resolveProgram('systemd-run') : probe.systemdRun;
  const path =
    program === null ? undefined : typeof program === 'string' ? program : program.ok ? program.path : undefined;
  if (path === undefined) return undefined;
  const user = process.getuid?.() !== 0;
  return systemdRunWorks(path, user) ? { kind: 'systemd-run', program: path, user, root } : undefined;
}

/** Makes and removes a probe cgroup: the subtree must let the runner make children. */
function subtreeWritable(base: string): boolean {
  const probe = `${base}/kofun-ctk-probe-${process.pid}`;
  try {
    makeCgroup(base, `kofun-ctk-probe-${process.pid}`, { memoryBytes: 1 << 30, tasks: 16 });
  } catch {
    return false;
  }
  try {
    rmdirSync(probe);
  } catch {
    // A fake folder (a test) holds the written files; the real cgroup file system removes them with the folder.
  }
  return true;
}

/** Whether `systemd-run --scope` can make a scope with the caps here (it needs a running systemd). */
function systemdRunWorks(program: string, user: boolean): boolean {
  const run = spawnSync(
    program,
    [
      ...systemdRunPrefix({ program, user }, `kofun-ctk-probe-${process.pid}.scope`, {
        memoryBytes: 1 << 30,
        tasks: 64,
      }).slice(1),
      '/bin/true',
    ],
    { timeout: 10_000, stdio: 'ignore', env: launcherEnvironment() },
  );
  return run.status === 0;
}
