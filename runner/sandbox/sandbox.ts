/**
 * The sandbox every provider process and every declared build runs in (bwrap-arguments.ts says what it isolates).
 * It is on by default on Linux; `--sandbox off` turns it off, and the report and the console name that. A run that
 * asked for it and cannot start it stops before any provider starts, with the reason (exit 2): never silently
 * unsandboxed.
 *
 * The I/O shell: the probe that shows bubblewrap works here with the run's very layout, the scratch folders (one
 * per instance, its working directory and TMPDIR), and the report section. The binds a provider configuration
 * declares are validated by sandbox-binds.ts before this starts.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeBytes, escapeText } from '../../oracle/index.js';
import { UsageError } from '../io/cli-io.js';
import { bwrapArguments, type SandboxLayout } from './bwrap-arguments.js';
import type { SandboxBinds } from './sandbox-binds.js';

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
  /** Why the sandbox is off (`--sandbox off`, a platform without bubblewrap). */
  reason?: string;
  /** What the sandbox enforces, one line each; empty when off. */
  enforced: string[];
  /** The folders hidden from the provider (the vector sets). */
  hidden: string[];
  /** Extra binds of the provider configuration, absolute. */
  read_only_binds: string[];
  writable_binds: string[];
  /** Where the isolation is weaker than the rest of this section says (a writable bind, the sandbox off). */
  notes: string[];
}

/** What the sandbox is asked for. */
export interface SandboxRequest {
  mode: SandboxMode;
  /** The bubblewrap program (a path, or a name looked up in PATH). */
  bwrap: string;
  /** Why the mode is off when it is (`--sandbox off`, or the platform). */
  offReason?: string;
  /** The validated binds of the provider configuration. */
  binds: SandboxBinds;
  /** Folders the provider must not see (the vector sets). */
  hidden: readonly string[];
}

/** One process, as the sandbox runs it. */
export interface ContainedCommand {
  argv: string[];
  cwd: string | undefined;
  env: NodeJS.ProcessEnv;
  /** True when the operating system contains it: its processes end with it, so no marker scan is needed. */
  contained: boolean;
  /**
   * How many processes of the sandbox itself come before the provider's own (bubblewrap outside, and its first
   * process inside the PID namespace): the hermetic trace does not blame their calls on a query.
   */
  launcherDepth: number;
  /** Removes the instance's scratch folder once its processes are gone. */
  release(): void;
}

/** How one process is placed: a provider instance gets a scratch folder; a build names its own folders. */
export interface ContainOptions {
  cwd?: string | undefined;
  env: NodeJS.ProcessEnv;
  /**
   * A build: its working directory (inside `writable`), the folders it may write, and the files it must read even
   * where the sandbox hides them (the vector's fixture); no scratch is made.
   */
  build?: { workdir: string; writable: readonly string[]; reads: readonly string[] };
}

/** The bubblewrap's own processes before the provider's (see ContainedCommand.launcherDepth). */
const BWRAP_LAUNCHER_DEPTH = 2;

/** The sandbox of one run (or one command that starts providers or builds). */
export class Sandbox {
  private root: string | undefined;
  private instances = 0;

  private constructor(
    private readonly request: SandboxRequest,
    readonly report: SandboxReport,
  ) {}

  /** A sandbox that is off, for `reason`: everything runs as the runner's own children. */
  static off(reason: string, binds?: SandboxBinds): Sandbox {
    const empty: SandboxBinds = binds ?? { readOnly: [], writable: [] };
    return new Sandbox(
      { mode: 'off', bwrap: 'bwrap', offReason: reason, binds: empty, hidden: [] },
      {
        mode: 'off',
        facility: null,
        reason,
        enforced: [],
        hidden: [],
        read_only_binds: [],
        writable_binds: [],
        notes: [
          "the provider ran with the runner's own rights: it could write the kit, its vectors and the report " +
            'folders and reach the network, and a process it detached was found only by its process group and ' +
            'environment marker',
        ],
      },
    );
  }

  /**
   * Starts the sandbox the request asks for: probes bubblewrap with the run's layout (so a missing program, a
   * refused namespace or a bad bind shows now), or returns one that is off. A UsageError when it cannot start.
   */
  static start(request: SandboxRequest): Sandbox {
    if (request.mode === 'off') return Sandbox.off(request.offReason ?? '--sandbox off', request.binds);
    const report: SandboxReport = {
      mode: 'on',
      facility: 'bubblewrap',
      enforced: [
        'file system read-only but for one scratch folder per instance (its working directory and TMPDIR)',
        'no network (a network namespace of its own, with no interface but loopback)',
        'a PID namespace of its own: every process the provider starts ends with its instance and with the run',
        'no capabilities, and a session of its own (no terminal)',
      ],
      hidden: [...request.hidden],
      read_only_binds: [...request.binds.readOnly],
      writable_binds: [...request.binds.writable],
      notes: request.binds.writable.map(
        (path) => `writable bind ${escapeText(path)}: the provider can change what is there, and what it writes stays`,
      ),
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
    report.facility = probe.version;
    return sandbox;
  }

  /** True when providers run in the sandbox. */
  get on(): boolean {
    return this.request.mode === 'on';
  }

  /** The process `argv` as the sandbox runs it. */
  contain(argv: readonly string[], options: ContainOptions): ContainedCommand {
    if (!this.on) {
      return { argv: [...argv], cwd: options.cwd, env: options.env, contained: false, launcherDepth: 0, release() {} };
    }
    if (options.build !== undefined) {
      const { workdir, writable, reads } = options.build;
      const layout = {
        ...this.layout(workdir),
        readOnly: [...reads, ...this.binds.readOnly],
        writable: [...writable, ...this.binds.writable],
      };
      return {
        argv: bwrapArguments(this.request.bwrap, layout, argv),
        cwd: workdir,
        env: options.env,
        contained: true,
        launcherDepth: BWRAP_LAUNCHER_DEPTH,
        release() {},
      };
    }
    const scratch = this.newScratch();
    return {
      argv: bwrapArguments(this.request.bwrap, this.layout(scratch), argv),
      cwd: scratch,
      env: { ...options.env, TMPDIR: scratch },
      contained: true,
      launcherDepth: BWRAP_LAUNCHER_DEPTH,
      release: () => removeTree(scratch),
    };
  }

  /** Removes every scratch folder. */
  dispose(): void {
    if (this.root !== undefined) removeTree(this.root);
    this.root = undefined;
  }

  private get binds(): SandboxBinds {
    return this.request.binds;
  }

  private layout(scratch: string): SandboxLayout {
    return { scratch, hidden: this.request.hidden, readOnly: this.binds.readOnly, writable: this.binds.writable };
  }

  private newScratch(): string {
    this.root ??= mkdtempSync(join(tmpdir(), 'kofun-ctk-sandbox-'));
    this.instances += 1;
    const scratch = join(this.root, String(this.instances));
    mkdirSync(scratch, { mode: 0o700 });
    return scratch;
  }

  /** Runs this very Node binary in the sandbox with the run's layout; the version of bubblewrap when it works. */
  private probe(): { ok: true; version: string } | { ok: false; reason: string } {
    const scratch = this.newScratch();
    const argv = bwrapArguments(this.request.bwrap, this.layout(scratch), [process.execPath, '-e', '']);
    const run = spawnSync(argv[0] as string, argv.slice(1), {
      cwd: scratch,
      timeout: PROBE_TIMEOUT_MS,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    removeTree(scratch);
    const program = escapeBytes(Buffer.from(this.request.bwrap));
    if (run.error !== undefined) {
      const code = (run.error as NodeJS.ErrnoException).code;
      return { ok: false, reason: `${program} ${code === 'ENOENT' ? 'not found' : `could not run (${code})`}` };
    }
    if (run.status !== 0) {
      const first = firstLine(run.stderr ?? Buffer.alloc(0));
      return { ok: false, reason: `${program} failed: ${first === '' ? `exit status ${run.status}` : first}` };
    }
    const version = spawnSync(this.request.bwrap, ['--version'], {
      timeout: PROBE_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const text = firstLine(version.stdout ?? Buffer.alloc(0));
    return { ok: true, version: text === '' ? 'bubblewrap' : text };
  }
}

function firstLine(bytes: Uint8Array): string {
  const head = Buffer.from(bytes).subarray(0, 400);
  const end = head.indexOf(0x0a);
  return escapeBytes(end < 0 ? head : head.subarray(0, end));
}

/**
 * Removes a scratch tree. A provider may have left folders without write permission, which a user other than root
 * cannot empty: their modes are opened up first. Links are removed, never followed.
 */
function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
    return;
  } catch {
    openUp(path);
  }
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // What cannot be removed stays in the temporary folder; it was never the kit's.
  }
}

function openUp(path: string): void {
  try {
    chmodSync(path, 0o700);
    for (const entry of readdirSync(path, { withFileTypes: true }))
      if (entry.isDirectory()) openUp(join(path, entry.name));
  } catch {
    // Best effort, as above.
  }
}
