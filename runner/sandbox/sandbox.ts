/**
 * The sandbox every provider process and every declared build runs in, owned by the runner from end to end:
 *
 * - the launcher is the runner's: bubblewrap (and every helper around it) resolved once from the runner's own PATH
 *   to an absolute path and started with an environment the runner builds (host-programs.ts);
 * - the provider's environment is built from an allowlist (sandbox-environment.ts), its view of the file system from
 *   an allowlist (sandbox-view.ts), each declared folder bound from a descriptor opened once (sandbox-binds.ts);
 * - its one writable place is a size-capped tmpfs scratch folder, gone with the instance; the caps of the run
 *   (runner/limits/) are held around every process.
 *
 * It is on by default on Linux; `--sandbox off` turns it off, and the report and the console name that. A run that
 * asked for it and cannot start it stops before any provider starts, with the reason (exit 2): never silently
 * unsandboxed. The I/O shell is here: the probe, the scratch folders, the spawn-time descriptors, the report section.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { escapeBytes, escapeText } from '../../oracle/index.js';
import { parseJsonInput } from '../../oracle/internal.js';
import { UsageError } from '../io/cli-io.js';
import { Limits, type LimitsReport } from '../limits/limits.js';
import type { CapCrossing, Watch, WatchedTmpfs } from '../limits/watchdog.js';
import { bwrapArguments, type FolderBind, type Mask, type SandboxLayout } from './bwrap-arguments.js';
import { launcherEnvironment, SYSTEM_PATH } from '../io/host-programs.js';
import { providerEnvironment } from './sandbox-environment.js';
import type { OpenedBind } from './sandbox-binds.js';
import { within } from './sandbox-view.js';
import { removeTree, RunFolder, writeNewFile } from '../io/run-folder.js';
import { hermeticFilterBytes } from './seccomp-filter.js';

/** How long the start-up probe may take. */
const PROBE_TIMEOUT_MS = 20_000;

/** Whether providers run sandboxed: `on` (the default on Linux) or `off`. */
export type SandboxMode = 'on' | 'off';

/** The mode a run takes when `--sandbox` is not given: on where bubblewrap can run (Linux). */
export function defaultSandboxMode(platform: NodeJS.Platform = process.platform): SandboxMode {
  return platform === 'linux' ? 'on' : 'off';
}

/** The report's `sandbox` section: what isolated the provider, or why nothing did, and where isolation is weaker. */
export interface SandboxReport {
  mode: SandboxMode;
  /** `bubblewrap 0.8.0`, or null when off. */
  facility: string | null;
  /** The launcher's absolute path, resolved from the runner's own PATH. */
  launcher?: string;
  /** Why the sandbox is off (`--sandbox off`, a platform without bubblewrap). */
  reason?: string;
  /** What the sandbox enforces, one line each; empty when off. */
  enforced: string[];
  /** The paths hidden from the provider (vector sets, the kit's history, outputs, repro folders, credentials). */
  hidden: string[];
  /** Extra binds of the provider configuration, absolute. */
  read_only_binds: string[];
  writable_binds: string[];
  /** What the provider sees of the host, one entry each (`/usr (system, read-only)`). */
  view?: string[];
  /** The names in the provider's environment: the allowlist, what the configuration declares, what was passed. */
  environment?: { allowlist: string[]; declared: string[]; passed: string[] };
  /** Where the isolation is weaker than the rest of this section says (a writable bind, the sandbox off). */
  notes: string[];
  /** The caps every instance and build ran within, and what held them (runner/limits/). */
  limits?: LimitsReport;
}

/** A folder the sandbox shows from a descriptor, and what it is for the report. */
export interface ShownFolder extends OpenedBind {
  what: string;
}

/** What the sandbox is asked for, resolved and opened by open-sandbox.ts. */
export interface SandboxRequest {
  mode: SandboxMode;
  /** The bubblewrap program, absolute, and its version (on). */
  bwrap?: { path: string; version: string };
  offReason?: string;
  /** System folders by path, links recreated, allowlisted /etc entries. */
  system: { binds: string[]; links: { target: string; path: string }[]; etc: string[] };
  /** The runner's Node.js, when outside the system folders. */
  node?: ShownFolder;
  /** The kit's shipped code (the reference provider, the module host, the kit's own test providers and builders). */
  kit: ShownFolder[];
  /** Whether provider instances see the kit (builds see it only when they are the kit's reference builder). */
  kitForInstances: boolean;
  /** The provider's own folders. */
  provider: ShownFolder[];
  /** Declared binds. */
  readOnly: ShownFolder[];
  writable: ShownFolder[];
  /** Masks inside shown folders. */
  masks: Mask[];
  /** Paths hidden, for the report. */
  hidden: string[];
  /** Values `--pass-env` passes, by name. */
  passed: Record<string, string>;
  /** The caps of the run. */
  limits: Limits;
  /** The run's private folder (made when first needed when absent); the sandbox removes it when disposed. */
  runFolder?: RunFolder;
}

/** The parts of a request that say what is shown: nothing, the base every view is built on. */
export function emptyView(): Pick<
  SandboxRequest,
  'system' | 'kit' | 'kitForInstances' | 'provider' | 'readOnly' | 'writable' | 'masks' | 'hidden'
> {
  return {
    system: { binds: [], links: [], etc: [] },
    kit: [],
    kitForInstances: false,
    provider: [],
    readOnly: [],
    writable: [],
    masks: [],
    hidden: [],
  };
}

/** A request with nothing shown and nothing passed: the base of a sandbox that is off. */
function emptyRequest(reason: string): Omit<SandboxRequest, 'mode'> {
  return { ...emptyView(), passed: {}, limits: Limits.off(reason) };
}

/** One process, as the sandbox runs it. */
export interface ContainedCommand {
  argv: string[];
  /** Where the launcher starts (the provider's working directory when the sandbox is off). */
  cwd: string | undefined;
  /** The launcher's environment (with the sandbox off, the provider's own). */
  env: Record<string, string>;
  /** Descriptors after stdin, stdout and stderr (3, 4, ...): a number is passed, `pipe` makes a pipe. */
  stdio: (number | 'pipe')[];
  /** True when the operating system contains it: its processes end with it, so no marker scan is needed. */
  contained: boolean;
  /**
   * How many processes of the sandbox itself come before the provider's own (bubblewrap outside, and its first
   * process inside the PID namespace): the hermetic trace does not blame their calls on a query.
   */
  launcherDepth: number;
  /**
   * Called with the spawned launcher: moves it into its cgroup and lets it go on (a subtree cgroup), reads the
   * sandbox's first pid, and starts watching the caps; `crossed` is called once, with the cap reached.
   */
  started(child: ChildProcess, crossed: (c: CapCrossing) => void): Watch;
  /** Removes what the instance left on disk and closes what was opened for it, once its processes are gone. */
  release(): void;
}

/** How one process is placed. */
export interface ContainOptions {
  /** A provider instance: its configured environment and working directory (used with the sandbox off). */
  instance?: {
    env: Readonly<Record<string, string>>;
    cwd?: string | undefined;
    /** One query per instance (one-shot): its CPU cap counts the whole process. */
    oneShot?: boolean;
    /** `run --hermetic`: the seccomp program that enforces KD-TRUST-10 is loaded. */
    hermetic?: boolean;
    /** A one-shot provider's fixture file (in the run folder): shown at a path of its own, appended to argv. */
    fixture?: string;
    /** The start-up probe: rlimits but no cgroup, nothing watched. */
    probe?: boolean;
  };
  /**
   * A build: its working directory (inside `writable`), the folders it may write, the files it must read even where
   * the sandbox hides them (the vector's fixture), and its complete environment. A build whose command names a file
   * of the kit (the kit's reference builder) also sees the kit's code.
   */
  build?: {
    workdir: string;
    writable: readonly string[];
    reads: readonly string[];
    env: Readonly<Record<string, string>>;
  };
  /** A program between the cgroup scope and the launcher (the hermetic trace). */
  wrap?: (argv: readonly string[]) => string[];
}

/** The bubblewrap's own processes before the provider's (see ContainedCommand.launcherDepth). */
const BWRAP_LAUNCHER_DEPTH = 2;

/** Where a one-shot provider finds its fixture inside the sandbox. */
const FIXTURE_MOUNT = '/kofun-ctk/fixture.json';

/** The sandbox of one run (or one command that starts providers or builds). */
export class Sandbox {
  private instances = 0;
  private filterFile: string | undefined;
  private disposed = false;

  private constructor(
    private readonly request: SandboxRequest,
    readonly report: SandboxReport,
  ) {}

  /**
   * A sandbox that is off, for `reason`: everything runs as the runner's own children, within the caps of `request`
   * (none when it is not given: the kit's own tests of other concerns, and the census of broken providers).
   */
  static off(reason: string, request: Omit<SandboxRequest, 'mode'> = emptyRequest(reason)): Sandbox {
    return new Sandbox(
      { ...request, mode: 'off', offReason: reason },
      {
        mode: 'off',
        facility: null,
        reason,
        enforced: [],
        hidden: [],
        read_only_binds: [],
        writable_binds: [],
        environment: environmentNames(request),
        limits: request.limits.report,
        notes: [
          "the provider ran with the runner's own rights: it could read the runner's files, write the kit, its " +
            'vectors and the report folders and reach the network, and a process it detached was found only by ' +
            'its process group and environment marker',
        ],
      },
    );
  }

  /**
   * Starts the sandbox the request asks for: probes bubblewrap with the run's layout (so a refused namespace or a
   * bad bind shows now), or returns one that is off. A UsageError when it cannot start.
   */
  static start(request: SandboxRequest): Sandbox {
    if (request.mode === 'off' || request.bwrap === undefined)
      return Sandbox.off(request.offReason ?? '--sandbox off', request);
    const shown = (f: ShownFolder): string => `${f.path} (${f.what}, ${f.writable ? 'writable' : 'read-only'})`;
    const report: SandboxReport = {
      mode: 'on',
      facility: request.bwrap.version,
      launcher: request.bwrap.path,
      enforced: [
        `the launcher is the runner's: ${request.bwrap.path}, found in the runner's own PATH and started with an ` +
          'environment the runner builds; nothing in a configuration changes what runs outside the sandbox',
        'a view built from an allowlist: the system folders read-only (/usr, the loader, an allowlist of /etc), ' +
          "the runner's Node.js, the provider's own folders and its declared binds, each bound from a descriptor " +
          "opened once; never the home folder, /root, /run, /tmp, the kit's history, the vectors, the run's " +
          'outputs or a repro folder',
        'writable: only a size-capped tmpfs scratch folder per instance (its working directory, HOME and TMPDIR) ' +
          'and a size-capped /dev/shm, both gone with the instance, and the declared writable binds',
        "an environment built by the runner: PATH, HOME, TMPDIR, LANG, LC_ALL, TZ and the configuration's " +
          "process.env, and the variables --pass-env names; none of the runner's own",
        'no network (a network namespace of its own, with no interface but loopback)',
        'a PID namespace of its own: every process the provider starts ends with its instance and with the run',
        'no capabilities, and a session of its own (no terminal)',
      ],
      hidden: request.hidden,
      read_only_binds: request.readOnly.map((b) => b.path),
      writable_binds: request.writable.map((b) => b.path),
      view: [
        ...request.system.binds.map((p) => `${p} (system, read-only)`),
        ...request.system.etc.map((p) => `${p} (system, read-only)`),
        ...(request.node === undefined ? [] : [shown(request.node)]),
        ...(request.kitForInstances ? request.kit.map(shown) : []),
        ...request.provider.map(shown),
        ...request.readOnly.map(shown),
        ...request.writable.map(shown),
      ],
      environment: environmentNames(request),
      limits: request.limits.report,
      notes: [
        ...request.writable.map(
          (b) => `writable bind ${escapeText(b.path)}: the provider can change what is there, and what it writes stays`,
        ),
        ...Object.keys(request.passed).map(
          (name) => `--pass-env ${name}: the runner's value reaches the provider (and could reach a report)`,
        ),
      ],
    };
    const sandbox = new Sandbox(request, report);
    const probe = sandbox.probe();
    if (!probe.ok) {
      sandbox.dispose();
      throw new UsageError(
        `the sandbox cannot start: ${probe.reason}. Install bubblewrap (Debian: apt-get install bubblewrap), or ` +
          'run with --sandbox off (the report then says the provider was not isolated)',
      );
    }
    return sandbox;
  }

  /** True when providers run in the sandbox. */
  get on(): boolean {
    return this.request.mode === 'on';
  }

  /** True when `--hermetic` is enforced by a seccomp program here (the sandbox is on and knows this architecture). */
  get enforcesHermetic(): boolean {
    return this.on && hermeticFilterBytes() !== undefined;
  }

  /** The caps of the run. */
  get limits(): Limits {
    return this.request.limits;
  }

  /** The run's private folder (one-shot fixtures, build folders, scratch folders with the sandbox off). */
  get runFolder(): RunFolder {
    this.request.runFolder ??= RunFolder.open();
    return this.request.runFolder;
  }

  /** The process `argv` as the sandbox runs it. */
  contain(argv: readonly string[], options: ContainOptions): ContainedCommand {
    if (options.build !== undefined) return this.containBuild(argv, options.build, options.wrap);
    const instance = options.instance ?? { env: {} };
    return this.on ? this.containInstance(argv, instance, options.wrap) : this.containOff(argv, instance, options.wrap);
  }

  /** Closes every descriptor the run opened and removes the run folder (its processes are gone by now). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.request.runFolder?.remove();
    for (const f of this.allFolders()) {
      try {
        closeSync(f.fd);
      } catch {
        // Already closed.
      }
    }
  }

  private allFolders(): ShownFolder[] {
    const r = this.request;
    return [...(r.node === undefined ? [] : [r.node]), ...r.kit, ...r.provider, ...r.readOnly, ...r.writable];
  }

  /** A provider instance in the sandbox. */
  private containInstance(
    argv: readonly string[],
    instance: NonNullable<ContainOptions['instance']>,
    wrap: ContainOptions['wrap'],
  ): ContainedCommand {
    const r = this.request;
    this.instances += 1;
    // A new name for every instance: a provider's answers must not depend on its working directory (KD-KEY-07).
    const scratch = `/tmp/kofun-ctk-scratch-${this.instances}-${randomBytes(4).toString('hex')}`;
    const caps = r.limits.instance;
    const folders = [
      ...(r.node === undefined ? [] : [r.node]),
      ...(r.kitForInstances ? r.kit : []),
      ...r.provider,
      ...r.readOnly,
      ...r.writable,
    ];
    const env = providerEnvironment({ path: this.insidePath(), scratch, declared: instance.env, passed: {} });
    const command = instance.fixture === undefined ? [...argv] : [...argv, FIXTURE_MOUNT];
    return this.assemble({
      argv: command,
      folders,
      tmp: { bytes: caps.scratchBytes, scratch },
      shmBytes: caps.shmBytes,
      files: instance.fixture === undefined ? [] : [{ src: instance.fixture, path: FIXTURE_MOUNT }],
      buildFolders: [],
      buildReads: [],
      chdir: scratch,
      env: { clear: false, set: Object.entries(env) },
      launcherEnv: { ...r.passed },
      hermetic: instance.hermetic === true,
      wrap,
      capped: { kind: 'instance', perQuery: instance.oneShot !== true },
      probe: instance.probe === true,
      tmpfs: [
        { cap: 'scratch', mount: '/tmp', bytes: caps.scratchBytes },
        { cap: 'shm', mount: '/dev/shm', bytes: caps.shmBytes },
      ],
      disk: [],
      release: () => undefined,
    });
  }

  /** A declared build: in the sandbox, it sees its own folders, the system, its toolchains, and nothing else. */
  private containBuild(
    argv: readonly string[],
    build: NonNullable<ContainOptions['build']>,
    wrap: ContainOptions['wrap'],
  ): ContainedCommand {
    const r = this.request;
    const caps = r.limits.build;
    if (!this.on) {
      const capped = r.limits.launch({ kind: 'build', sandboxed: false, skip: 0, disk: build.writable }, []);
      return this.offCommand([...capped.outer, ...(wrap ?? same)([...capped.inner, ...argv])], {
        cwd: build.workdir,
        env: { ...build.env },
        capped,
        release: () => undefined,
      });
    }
    const namesKit = argv.some((word) => isAbsolute(word) && r.kit.some((k) => within(word, k.path)));
    const folders = [...(r.node === undefined ? [] : [r.node]), ...(namesKit ? r.kit : []), ...r.readOnly];
    return this.assemble({
      argv: [...argv],
      folders,
      tmp: { bytes: caps.tmpBytes, scratch: undefined },
      shmBytes: Math.min(caps.tmpBytes, r.limits.instance.shmBytes),
      files: [],
      buildFolders: [...build.writable],
      buildReads: [...build.reads],
      chdir: build.workdir,
      env: { clear: true, set: Object.entries(build.env) },
      launcherEnv: {},
      hermetic: false,
      wrap,
      capped: { kind: 'build', disk: build.writable },
      tmpfs: [{ cap: 'tmp', mount: '/tmp', bytes: caps.tmpBytes }],
      disk: build.writable,
      release: () => undefined,
    });
  }

  /** A provider instance with the sandbox off: the runner's own child, with a scratch folder on disk, capped. */
  private containOff(
    argv: readonly string[],
    instance: NonNullable<ContainOptions['instance']>,
    wrap: ContainOptions['wrap'],
  ): ContainedCommand {
    const r = this.request;
    const scratch = this.runFolder.folder('scratch');
    const env = providerEnvironment({
      path: process.env.PATH ?? SYSTEM_PATH,
      scratch,
      declared: instance.env,
      passed: r.passed,
    });
    const capped = r.limits.launch(
      { kind: 'instance', sandboxed: false, skip: 0, perQuery: instance.oneShot !== true },
      [],
    );
    const command = instance.fixture === undefined ? [...argv] : [...argv, instance.fixture];
    return this.offCommand([...capped.outer, ...(wrap ?? same)([...capped.inner, ...command])], {
      cwd: instance.cwd,
      env,
      capped,
      release: () => void removeTree(scratch),
    });
  }

  private offCommand(
    argv: string[],
    o: {
      cwd: string | undefined;
      env: Record<string, string>;
      capped: ReturnType<Limits['launch']>;
      release: () => void;
    },
  ): ContainedCommand {
    const gate = o.capped.cgroupFolder !== undefined;
    return {
      argv: gate ? gateArgv(argv) : argv,
      cwd: o.cwd,
      env: o.env,
      stdio: gate ? ['pipe'] : [],
      contained: false,
      launcherDepth: 0,
      started: (child, crossed) => {
        if (gate) openGate(child, o.capped);
        return o.capped.watch(child.pid ?? 0, () => undefined, crossed);
      },
      release: () => {
        o.capped.release();
        o.release();
      },
    };
  }

  /** The bubblewrap command line of one sandboxed process, with its descriptors numbered from 3. */
  private assemble(a: {
    argv: string[];
    folders: ShownFolder[];
    tmp: SandboxLayout['tmp'];
    shmBytes: number;
    files: SandboxLayout['files'];
    buildFolders: string[];
    buildReads: string[];
    chdir: string;
    env: { clear: boolean; set: (readonly [string, string])[] };
    launcherEnv: Record<string, string>;
    hermetic: boolean;
    wrap: ContainOptions['wrap'];
    capped: { kind: 'instance'; perQuery: boolean } | { kind: 'build'; disk: readonly string[] };
    probe?: boolean;
    tmpfs: WatchedTmpfs[];
    disk: readonly string[];
    release: () => void;
  }): ContainedCommand {
    const r = this.request;
    const bwrap = r.bwrap as { path: string };
    const skip = BWRAP_LAUNCHER_DEPTH + (a.wrap === undefined ? 0 : 1);
    const capped = r.limits.launch(
      a.capped.kind === 'instance'
        ? { kind: 'instance', sandboxed: true, skip, perQuery: a.capped.perQuery, probe: a.probe === true }
        : { kind: 'build', sandboxed: true, skip, disk: a.capped.disk },
      a.tmpfs,
    );
    // Descriptors in the order the launcher gets them, from 3: the gate, bubblewrap's info pipe, the seccomp
    // program, then the folders (the gate first, as `sh` names a descriptor by one digit).
    const gate = capped.cgroupFolder !== undefined;
    const stdio: (number | 'pipe')[] = [];
    if (gate) stdio.push('pipe');
    const infoFd = 3 + stdio.length;
    stdio.push('pipe');
    let seccompFd: number | undefined;
    let seccompHandle: number | undefined;
    if (a.hermetic && this.enforcesHermetic) {
      seccompHandle = openSync(this.seccompFile(), 'r');
      seccompFd = 3 + stdio.length;
      stdio.push(seccompHandle);
    }
    const folders: FolderBind[] = a.folders.map((f) => {
      const bind = { fd: 3 + stdio.length, path: f.path, writable: f.writable };
      stdio.push(f.fd);
      return bind;
    });
    const layout: SandboxLayout = {
      systemBinds: r.system.binds,
      systemLinks: r.system.links,
      etc: r.system.etc,
      folders,
      buildFolders: a.buildFolders,
      buildReads: a.buildReads,
      masks: r.masks,
      tmp: a.tmp,
      shmBytes: a.shmBytes,
      files: a.files,
      chdir: a.chdir,
      env: { clear: a.env.clear, set: a.env.set },
      infoFd,
      ...(seccompFd === undefined ? {} : { seccompFd }),
    };
    const inner = bwrapArguments(bwrap.path, layout, [...capped.inner, ...a.argv]);
    const wrapped = [...capped.outer, ...(a.wrap ?? same)(inner)];
    return {
      argv: gate ? gateArgv(wrapped) : wrapped,
      cwd: '/',
      env: a.launcherEnv,
      stdio,
      contained: true,
      launcherDepth: BWRAP_LAUNCHER_DEPTH,
      started: (child, crossed) => {
        if (seccompHandle !== undefined) closeQuietly(seccompHandle);
        seccompHandle = undefined;
        let sandboxPid: number | undefined;
        readInfo(child.stdio[infoFd] as Readable | null | undefined, (pid) => (sandboxPid = pid));
        if (gate) openGate(child, capped);
        return capped.watch(child.pid ?? 0, () => sandboxPid, crossed);
      },
      release: () => {
        if (seccompHandle !== undefined) closeQuietly(seccompHandle);
        capped.release();
        a.release();
      },
    };
  }

  /** PATH inside the sandbox: the system folders, and the runner's Node.js when it lives elsewhere. */
  private insidePath(): string {
    const node = this.request.node;
    return node === undefined ? SYSTEM_PATH : `${SYSTEM_PATH}:${join(node.path, 'bin')}`;
  }

  /** The seccomp program of `--hermetic`, written once into the run folder. */
  private seccompFile(): string {
    if (this.filterFile !== undefined) return this.filterFile;
    const bytes = hermeticFilterBytes();
    if (bytes === undefined) throw new Error(`kit fault: no seccomp program for ${process.arch} reached the sandbox`);
    const path = join(this.runFolder.folder('seccomp'), 'hermetic.bpf');
    writeNewFile(path, bytes);
    this.filterFile = path;
    return path;
  }

  /** Runs this very Node binary in the sandbox with an instance's layout; whether it works. */
  private probe(): { ok: true } | { ok: false; reason: string } {
    const contained = this.contain([process.execPath, '-e', ''], { instance: { env: {}, probe: true } });
    const stdio = ['ignore', 'ignore', 'pipe', ...contained.stdio];
    const run = spawnSync(contained.argv[0] as string, contained.argv.slice(1), {
      cwd: contained.cwd,
      env: contained.env,
      timeout: PROBE_TIMEOUT_MS,
      stdio: stdio as ('ignore' | 'pipe' | number)[],
    });
    contained.release();
    const program = escapeBytes(Buffer.from(this.request.bwrap?.path ?? 'bwrap'));
    if (run.error !== undefined) {
      const code = (run.error as NodeJS.ErrnoException).code;
      return { ok: false, reason: `${program} ${code === 'ENOENT' ? 'not found' : `could not run (${code})`}` };
    }
    if (run.status !== 0) {
      const first = firstLine(run.stderr ?? Buffer.alloc(0));
      return { ok: false, reason: `${program} failed: ${first === '' ? `exit status ${run.status}` : first}` };
    }
    return { ok: true };
  }
}

const same = (argv: readonly string[]): string[] => [...argv];

function environmentNames(request: Pick<SandboxRequest, 'passed'>): {
  allowlist: string[];
  declared: string[];
  passed: string[];
} {
  return {
    allowlist: ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ'],
    declared: [],
    passed: Object.keys(request.passed).sort(),
  };
}

/**
 * The launcher waits on descriptor 3 until the runner has moved it into its cgroup, so nothing it starts runs outside
 * the cgroup even for an instant (the cgroup of a process is set for what it forks from then on).
 */
function gateArgv(argv: readonly string[]): string[] {
  return [GATE_SHELL, '-c', 'read -r _ <&3; exec 3<&-; exec "$@"', 'kofun-ctk-gate', ...argv];
}

/** The shell that runs the gate: the system's, by absolute path. */
const GATE_SHELL = '/bin/sh';

function openGate(child: ChildProcess, capped: ReturnType<Limits['launch']>): void {
  const pid = child.pid;
  const gate = child.stdio[3] as Writable | null | undefined;
  if (pid === undefined || gate === null || gate === undefined) return;
  try {
    capped.enter(pid);
    gate.end('go\n');
  } catch {
    // Not moved: the launcher is ended rather than run outside its cgroup.
    child.kill('SIGKILL');
  }
}

/** Reads bubblewrap's `--info-fd` JSON (`{"child-pid": N, ...}`) and hands over the pid. */
function readInfo(stream: Readable | null | undefined, found: (pid: number) => void): void {
  if (stream === null || stream === undefined) return;
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= 4096) chunks.push(c);
  });
  stream.on('error', () => undefined);
  stream.on('end', () => {
    const read = parseJsonInput(new Uint8Array(Buffer.concat(chunks)), { maxBytes: 4096 });
    if (!read.ok || read.value === null || typeof read.value !== 'object') return;
    const pid = (read.value as Record<string, unknown>)['child-pid'];
    if (typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0) found(pid);
  });
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
}

function firstLine(bytes: Uint8Array): string {
  const head = Buffer.from(bytes).subarray(0, 400);
  const end = head.indexOf(0x0a);
  return escapeBytes(end < 0 ? head : head.subarray(0, end));
}

/** The launcher environment of a helper outside the sandbox (re-exported for the commands that start one). */
export { launcherEnvironment };
