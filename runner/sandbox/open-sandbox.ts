/**
 * The sandbox of a command that starts providers or builds (`run`, `smoke`, `fuzz`, `repro`, `release-cost`), from
 * its options (`--sandbox on|off`, `--bwrap PATH`, `--pass-env NAME`, `--limits on|off`) and what the provider needs,
 * opened before any provider starts: the launcher resolved, the caps chosen, the view built and checked, every shown
 * folder opened once. Every problem is a usage error (exit 2) naming where and why: an unknown mode, a bind that does
 * not exist, is a link or would show what the sandbox hides, a provider folder that cannot be shown, a program the
 * provider needs that the sandbox would not show, a sandbox asked for that cannot start.
 */
import {
  closeSync,
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { compareUtf8, escapeText } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { UsageError } from '../io/cli-io.js';
import { programVersion, resolveProgram, SYSTEM_PATH } from '../io/host-programs.js';
import { DEFAULT_REPRO_FOLDER, REPRO_FOLDER_MARKER } from '../io/repro-folder-marker.js';
import { RunFolder } from '../io/run-folder.js';
import { Limits, readLimitsPlan, type LimitsPlan } from '../limits/limits.js';
import { BUILD_DEFAULTS, INSTANCE_DEFAULTS, type BuildCaps, type InstanceCaps } from '../limits/resource-limits.js';
import type { Mask } from './bwrap-arguments.js';
import { programVisibility } from './program-visibility.js';
import { passEnvProblem, passedValues } from './sandbox-environment.js';
import { openBind, providerFolderRefusal, validateSandboxBinds, type DeclaredBinds } from './sandbox-binds.js';
import {
  etcAllowed,
  ETC_ALLOWLIST,
  hostPolicyRoots,
  masksWithin,
  SYSTEM_ROOTS,
  within,
  type NamedPath,
  type ViewPolicy,
} from './sandbox-view.js';
import { defaultSandboxMode, emptyView, Sandbox, type SandboxMode, type ShownFolder } from './sandbox.js';

/** The sandbox options as a command hands them over. */
export interface SandboxOptions {
  sandbox?: string;
  bwrap?: string;
  passEnv?: string[];
  limits?: string;
}

/** The sandbox part of a plan: plain data, printed with the plan. */
export interface SandboxPlan {
  mode: SandboxMode;
  /** The bubblewrap program as given (resolved from the runner's own PATH when the sandbox opens). */
  bwrap: string;
  /** Why the mode is off, when it is. */
  offReason?: string;
  /** `--pass-env`: the runner's variables passed to the provider on purpose. */
  passEnv: string[];
  /** `--limits`. */
  limits: LimitsPlan;
}

/**
 * Reads `--sandbox`, `--bwrap`, `--pass-env`, `--limits`; the sandbox is off by default only where bubblewrap cannot
 * run.
 */
export function readSandboxPlan(opts: SandboxOptions, platform: NodeJS.Platform = process.platform): SandboxPlan {
  const bwrap = opts.bwrap ?? 'bwrap';
  const passEnv = [...new Set(opts.passEnv ?? [])];
  const limits = readLimitsPlan(opts.limits, platform);
  if (opts.sandbox === undefined) {
    const mode = defaultSandboxMode(platform);
    return mode === 'on'
      ? { mode, bwrap, passEnv, limits }
      : { mode, bwrap, offReason: `${platform} has no bubblewrap`, passEnv, limits };
  }
  if (opts.sandbox === 'off') return { mode: 'off', bwrap, offReason: '--sandbox off', passEnv, limits };
  if (opts.sandbox !== 'on') throw new UsageError(`--sandbox ${escapeText(opts.sandbox)}: use on or off`);
  if (platform !== 'linux')
    throw new UsageError(`--sandbox on: the sandbox needs Linux and bubblewrap, not ${platform} (use --sandbox off)`);
  return { mode: 'on', bwrap, passEnv, limits };
}

/** What the provider (or the builds) need of the sandbox, and what they must never reach. */
export interface SandboxNeeds {
  /** The configuration's `sandbox` binds and the folder they are relative to; `source` names it in messages. */
  declared?: { declared: DeclaredBinds; baseDir: string; source: string } | undefined;
  /** The provider's own folders (its configuration's, its working directory, its command's), shown read-only. */
  providerFolders?: readonly string[];
  /** The program the provider runs (argv[0], and PATH inside), checked to be visible. */
  program?: { argv0: string; path?: string } | undefined;
  /** Whether provider instances see the kit's shipped code (the reference provider, the module host). */
  kitForInstances?: boolean;
  /** The instance caps (the configuration's `limits`, read already) and the build caps. */
  instanceCaps?: InstanceCaps;
  buildCaps?: BuildCaps;
  /** The vector sets the command reads: hidden. The kit's own set is hidden always. */
  vectorSets: readonly string[];
  /** Folders and files the command writes: never writable by a provider, and hidden where they exist. */
  outputs: readonly NamedPath[];
  /** The command's working directory (where a default repro folder lies). */
  cwd: string;
  /** The command's environment, for the values `--pass-env` names. */
  env: NodeJS.ProcessEnv;
}

/** Opens the sandbox of `plan` for what `needs` says. */
export function openSandbox(plan: SandboxPlan, needs: SandboxNeeds): Sandbox {
  const limits = Limits.open(plan.limits, needs.instanceCaps ?? INSTANCE_DEFAULTS, needs.buildCaps ?? BUILD_DEFAULTS);
  for (const name of plan.passEnv) {
    const problem = passEnvProblem(name, needs.env);
    if (problem !== undefined) throw new UsageError(problem);
  }
  const passed = passedValues(plan.passEnv, needs.env);
  const runFolder = RunFolder.open();
  try {
    return openWith(plan, needs, limits, passed, runFolder);
  } catch (err) {
    runFolder.remove();
    throw err;
  }
}

function openWith(
  plan: SandboxPlan,
  needs: SandboxNeeds,
  limits: Limits,
  passed: Record<string, string>,
  runFolder: RunFolder,
): Sandbox {
  const kit = kitRoot();
  const hidden: NamedPath[] = [
    ...[join(kit, 'vectors'), ...needs.vectorSets].map((path) => ({ path: realOrSelf(path), what: 'a vector set' })),
    ...gitFolders(kit).map((path) => ({ path, what: "the kit's history" })),
    ...needs.outputs.filter((o) => existsSync(o.path)).map((o) => ({ path: realOrSelf(o.path), what: o.what })),
    { path: realOrSelf(runFolder.path), what: "the runner's own folder" },
  ];
  const providerFolders = [...new Set((needs.providerFolders ?? []).map(realOrSelf))];
  hidden.push(...reproFolders([needs.cwd, ...providerFolders]));
  const policy: ViewPolicy = { ...hostPolicyRoots(), hidden: dedupe(hidden) };
  const base = { ...emptyView(), limits, runFolder, passed, hidden: vectorSets(kit, needs) };
  if (plan.mode === 'off') {
    // Validated all the same: a configuration that would be refused with the sandbox on is refused with it off.
    const checked = validateSandboxBinds(
      needs.declared?.declared,
      needs.declared?.baseDir ?? '/',
      policy,
      needs.outputs,
    );
    if (!checked.ok) throw bindError(needs, checked.problem);
    return Sandbox.off(plan.offReason ?? '--sandbox off', base);
  }
  const bwrap = resolveProgram(plan.bwrap);
  if (!bwrap.ok)
    throw new UsageError(
      `the sandbox cannot start: bubblewrap ${bwrap.reason}. Install bubblewrap (Debian: apt-get install ` +
        'bubblewrap), or run with --sandbox off (the report then says the provider was not isolated)',
    );
  refuseProviderFolders(providerFolders, policy);
  const node = nodeFolder();
  const kitFolders = kitView(kit);
  const shown: NamedPath[] = [
    ...providerFolders.map((path) => ({ path, what: "the provider's folder" })),
    ...(node === undefined ? [] : [{ path: node, what: "the runner's Node.js" }]),
    ...kitFolders.map((path) => ({ path, what: "the kit's code" })),
  ];
  const checked = validateSandboxBinds(
    needs.declared?.declared,
    needs.declared?.baseDir ?? '/',
    policy,
    [{ path: kit, what: "the kit's checkout" }, ...needs.outputs, ...hidden],
    shown,
  );
  if (!checked.ok) throw bindError(needs, checked.problem);
  const opened: ShownFolder[] = [];
  const open = (path: string, writable: boolean, what: string): ShownFolder => {
    const bind = openBind(path, writable);
    if ('problem' in bind) {
      for (const f of opened) closeQuietly(f.fd);
      throw new UsageError(`the sandbox cannot show ${what}: ${bind.problem}`);
    }
    const folder = { ...bind, what };
    opened.push(folder);
    return folder;
  };
  const system = systemView();
  const request = {
    ...base,
    mode: 'on' as const,
    bwrap: { path: bwrap.path, version: programVersion(bwrap.path, ['--version'], 'bubblewrap') },
    system,
    ...(node === undefined ? {} : { node: open(node, false, "the runner's Node.js") }),
    kit: kitFolders.map((p) => open(p, false, "the kit's code")),
    kitForInstances: needs.kitForInstances === true,
    provider: providerFolders.map((p) => open(p, false, "the provider's folder")),
    readOnly: checked.binds.readOnly.map((p) => open(p, false, 'a declared read-only bind')),
    writable: checked.binds.writable.map((p) => open(p, true, 'a declared writable bind')),
  };
  const maskRoots = [...(node === undefined ? [] : [node]), ...kitFolders, ...providerFolders];
  const masks: Mask[] = dedupeMasks(maskRoots.flatMap((root) => masksWithin(root, policy)));
  if (needs.program !== undefined) {
    const visible = [
      ...SYSTEM_ROOTS,
      ...system.etc,
      ...(node === undefined ? [] : [node]),
      ...(needs.kitForInstances === true ? kitFolders : []),
      ...providerFolders,
      ...checked.binds.readOnly,
      ...checked.binds.writable,
    ];
    const path = needs.program.path ?? `${SYSTEM_PATH}${node === undefined ? '' : `:${join(node, 'bin')}`}`;
    const problem = programProblem(needs.program.argv0, path, visible, masks);
    if (problem !== undefined) {
      for (const f of opened) closeQuietly(f.fd);
      throw new UsageError(problem);
    }
  }
  // The report names the vector sets (never shown) and what was masked inside a shown folder: what the provider
  // would otherwise have seen. The run's own folders, random per run, are never shown and not named.
  const reported = [...new Set([...vectorSets(kit, needs), ...masks.map((m) => m.path)])].sort(compareUtf8);
  return Sandbox.start({ ...request, masks, hidden: reported });
}

/** Refuses a provider folder the sandbox cannot show (one that holds what must stay hidden, or lies inside it). */
function refuseProviderFolders(providerFolders: readonly string[], policy: ViewPolicy): void {
  for (const folder of providerFolders) {
    const problem = providerFolderRefusal(folder, policy);
    if (problem !== undefined)
      throw new UsageError(
        `the provider's folder ${escapeText(folder)} cannot be shown in the sandbox: ${problem}. Give the provider ` +
          'a folder of its own (a configuration file there, or run from it)',
      );
  }
}

/** Why the provider's program would not be found inside the sandbox (on `path`, among `visible` less `masks`). */
function programProblem(argv0: string, path: string, visible: string[], masks: readonly Mask[]): string | undefined {
  const problem = programVisibility(
    argv0,
    path,
    visible,
    masks.map((m) => m.path),
  );
  return problem === undefined
    ? undefined
    : `${problem}. Declare the folder that holds it in the configuration's sandbox.read_only (PROTOCOL.md, ` +
        '"What a provider sees")';
}

/** The vector sets the command knows of, real paths, sorted. */
function vectorSets(kit: string, needs: SandboxNeeds): string[] {
  return [...new Set([join(kit, 'vectors'), ...needs.vectorSets].map(realOrSelf))].sort(compareUtf8);
}

function bindError(needs: SandboxNeeds, problem: { where: string; message: string }): UsageError {
  const source = needs.declared?.source ?? 'provider configuration';
  return new UsageError(`${source} ${problem.where}: ${problem.message}`);
}

/** The real path of `path`, or `path` itself when it does not exist (yet). */
function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function dedupe(paths: NamedPath[]): NamedPath[] {
  const seen = new Set<string>();
  return paths.filter((p) => (seen.has(p.path) ? false : (seen.add(p.path), true)));
}

function dedupeMasks(paths: NamedPath[]): Mask[] {
  const out: Mask[] = [];
  const seen = new Set<string>();
  for (const p of paths) {
    if (seen.has(p.path)) continue;
    seen.add(p.path);
    let kind: Mask['kind'];
    try {
      const s = lstatSync(p.path);
      kind = s.isDirectory() ? 'dir' : 'file';
    } catch {
      continue;
    }
    out.push({ path: p.path, kind });
  }
  // A mask inside another mask is already hidden.
  return out.filter((m) => !out.some((o) => o !== m && o.kind === 'dir' && within(m.path, o.path)));
}

/** The kit's history: every `.git` from the kit's root up to /, and the folder a `.git` file names. */
function gitFolders(kit: string): string[] {
  const out: string[] = [];
  for (let dir = kit; ; dir = dirname(dir)) {
    const git = join(dir, '.git');
    try {
      const s = lstatSync(git);
      out.push(git);
      if (s.isFile()) {
        const named = /^gitdir: (.+)$/m.exec(readFileSync(git, 'utf8'))?.[1]?.trim();
        if (named !== undefined) out.push(realOrSelf(resolve(dir, named)));
        const common = named === undefined ? undefined : join(realOrSelf(resolve(dir, named)), 'commondir');
        if (common !== undefined && existsSync(common))
          out.push(realOrSelf(resolve(dirname(common), readFileSync(common, 'utf8').trim())));
      }
    } catch {
      // No history here.
    }
    if (dirname(dir) === dir) break;
  }
  return out;
}

/**
 * Repro folders a provider could read the expected answers of: the default folder of repro folders in the command's
 * working directory and in each provider folder, any folder there marked as a repro folder, and a provider folder that
 * lies in a marked one.
 */
function reproFolders(roots: readonly string[]): NamedPath[] {
  const out: NamedPath[] = [];
  for (const root of roots) {
    const defaultFolder = join(root, DEFAULT_REPRO_FOLDER);
    if (existsSync(defaultFolder)) out.push({ path: realOrSelf(defaultFolder), what: 'the repro folders' });
    for (let dir = root; ; dir = dirname(dir)) {
      if (existsSync(join(dir, REPRO_FOLDER_MARKER))) out.push({ path: dir, what: 'a repro folder' });
      if (dirname(dir) === dir) break;
    }
    let names: string[] = [];
    try {
      names = readdirSync(root);
    } catch {
      continue;
    }
    for (const name of names)
      if (existsSync(join(root, name, REPRO_FOLDER_MARKER)))
        out.push({ path: join(root, name), what: 'a repro folder' });
  }
  return out;
}

/** The runner's Node.js installation, when it lies outside the system folders. */
function nodeFolder(): string | undefined {
  const prefix = dirname(dirname(realOrSelf(process.execPath)));
  return SYSTEM_ROOTS.some((root) => within(prefix, root)) ? undefined : prefix;
}

/**
 * The kit's shipped code, shown read-only to the reference provider, the module host and the kit's own builder: its
 * package file, its programs and compiled code, its sources and schemas, the tree the kit's own tests run from, and
 * every node_modules on the way up (an installed kit's dependencies lie beside it). Never its vectors or history.
 */
function kitView(kit: string): string[] {
  const out = ['package.json', 'tsconfig.json', 'bin', 'dist', 'oracle', 'runner', 'node_modules']
    .map((name) => join(kit, name))
    .filter((path) => existsSync(path));
  const running = dirname(new URL(import.meta.url).pathname);
  const tmp = join(kit, '.tmp');
  if (within(running, tmp)) {
    const tree = running.slice(tmp.length + 1).split('/')[0];
    if (tree !== undefined && tree !== '') out.push(join(tmp, tree));
  }
  for (let dir = dirname(kit); dirname(dir) !== dir; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    if (existsSync(modules)) out.push(modules);
  }
  return out.map(realOrSelf);
}

/** The system folders (links kept as links), and the allowlisted entries of /etc that exist here. */
function systemView(): { binds: string[]; links: { target: string; path: string }[]; etc: string[] } {
  const binds: string[] = [];
  const links: { target: string; path: string }[] = [];
  for (const root of SYSTEM_ROOTS) {
    try {
      const s = lstatSync(root);
      if (s.isSymbolicLink()) links.push({ target: readlinkSync(root), path: root });
      else if (s.isDirectory()) binds.push(root);
    } catch {
      // Not on this system.
    }
  }
  const etc: string[] = [];
  const names = new Set<string>();
  for (const entry of ETC_ALLOWLIST) {
    if (entry.endsWith('*')) {
      try {
        for (const name of readdirSync('/etc')) if (etcAllowed(name)) names.add(name);
      } catch {
        // No /etc.
      }
    } else names.add(entry);
  }
  for (const name of [...names].sort()) {
    const path = `/etc/${name}`;
    try {
      statSync(path);
      etc.push(path);
    } catch {
      // Not here, or a dangling link.
    }
  }
  return { binds, links, etc };
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
}
