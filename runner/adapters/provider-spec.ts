/**
 * Which provider to run and how: from a configuration file (schema
 * oracle/schemas/kofun.ctk.provider-config.v1.schema.json) or from command-line flags.
 * A `--process` command line is split into argv by shell-quote and then used as
 * words only: an operator, glob or comment in it is refused, never interpreted.
 * A configuration's `build` (kofun.ctk.release-build/v1, a file or inline) is read here
 * with the same parser as `release-cost --build-config`, so a bad one is a usage error
 * before anything runs; `--provider reference` declares the kit's reference builder.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCommandLine } from '../io/split-command-line.js';
import { escapeText, kitVersion, schemaViolations, type Feature } from '../../oracle/index.js';
import {
  childPointer,
  describeInputViolations,
  formatJsonInputProblem,
  kitRoot,
  readJsonInputFile,
} from '../../oracle/internal.js';
import { readInstanceCaps, type InstanceCaps } from '../limits/resource-limits.js';
import { declaredEnvironmentProblem } from '../sandbox/sandbox-environment.js';
import { UsageError } from '../io/cli-io.js';
import { parseBuildConfig, readBuildConfigFile, type BuildConfig } from '../release-cost/build-config.js';
import { referenceBuildConfig } from '../release-cost/reference-build.js';
import { moduleThreadLauncher } from './module-adapter.js';
import { moduleProcessLauncher } from './module-process-launcher.js';
import { oneShotProcessLauncher } from './one-shot-process.js';
import { persistentProcessLauncher, type ProcessCommand, type WireObserver } from './persistent-process.js';
import type { ProviderLauncher } from './provider-connection.js';
import { REFERENCE_PROVIDER_NAME } from './reference-provider.js';
import type { HermeticSession } from '../hermetic/hermetic-session.js';
import type { DeclaredBinds } from '../sandbox/sandbox-binds.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { declaredFeatures, undeclarableFeatures } from '../vectors/declared-features.js';

/** A provider configuration is a few lines; anything far larger is not one. */
const MAX_PROVIDER_CONFIG_BYTES = 1024 * 1024;

/** The configuration schema name (its file is in oracle/schemas/). */
export const PROVIDER_CONFIG_SCHEMA = 'kofun.ctk.provider-config/v1';

/** A provider, fully resolved: absolute paths, argv split. */
export type ProviderSpec =
  | {
      kind: 'process';
      mode: 'persistent' | 'one-shot';
      command: ProcessCommand & { cwd: string };
      name: string;
      version: string;
    }
  | { kind: 'module'; modulePath: string; baseDir: string; name: string; inThread?: boolean };

/** The build commands a provider declares for the release-cost vectors (KD-RELEASE-02, KD-RELEASE-03). */
export interface DeclaredBuild {
  /** The parsed kofun.ctk.release-build/v1 configuration (paths absolute). */
  config: BuildConfig;
  /** The kit's reference builder: its artifacts must also equal the vectors' reference digests. */
  reference: boolean;
}

/** What a configuration file gives besides the provider. */
export interface ProviderConfig {
  spec: ProviderSpec;
  /** Absolute path of the expectations file, when the configuration names one. */
  expectations?: string;
  /** The release build (`build` of the configuration; the reference builder for `--provider reference`). */
  build?: DeclaredBuild;
  /** The binds the configuration declares for the sandbox, relative to `baseDir` (validated when the run starts). */
  sandbox?: { declared: DeclaredBinds; baseDir: string; source: string };
  /** The caps of each instance (the configuration's `limits` over the defaults). */
  limits?: InstanceCaps;
  /** The configuration file's folder: the provider's own folder, shown in the sandbox. */
  folder?: string;
  /** The kit's own reference provider: it sees the kit's code, and no folder of its own. */
  builtIn?: boolean;
  /** The features the configuration declares missing (PROTOCOL.md, "Features"), sorted; absent when none. */
  missingFeatures?: Feature[];
}

/** The provider-selecting options of `kofun-ctk run` (and of the commands that drive a provider). */
export interface ProviderOptions {
  config?: string;
  process?: string;
  oneShot?: boolean;
  module?: string;
  provider?: string;
  adapter?: string;
  name?: string;
  /** Load a trusted module in a worker thread of the runner instead of a process of its own. */
  moduleInThread?: boolean;
}

/** Resolves the options to a provider; a conflict or a bad file is a UsageError (exit 2). */
export function resolveProvider(options: ProviderOptions, cwd: string): ProviderConfig {
  const given = [options.config, options.process, options.module, options.provider].filter((v) => v !== undefined);
  if (given.length !== 1)
    throw new UsageError('give exactly one of --config, --process, --module, --provider reference');
  if (options.oneShot && options.process === undefined) throw new UsageError('--one-shot applies to --process only');
  if (options.adapter !== undefined && options.provider === undefined)
    throw new UsageError('--adapter applies to --provider reference only');
  if (options.config !== undefined)
    return withModuleInThread(loadProviderConfig(resolve(cwd, options.config)), options);
  if (options.process !== undefined) {
    const split = splitCommandLine(options.process);
    if (!split.ok) throw new UsageError(`--process: ${split.message}`);
    const argv = split.argv;
    return {
      spec: {
        kind: 'process',
        mode: options.oneShot ? 'one-shot' : 'persistent',
        command: { argv, cwd },
        name: options.name ?? argv[0] ?? 'provider',
        version: 'unknown',
      },
    };
  }
  if (options.module !== undefined) {
    return withModuleInThread(
      { spec: { kind: 'module', modulePath: options.module, baseDir: cwd, name: options.name ?? options.module } },
      options,
    );
  }
  if (options.provider !== 'reference')
    throw new UsageError(`unknown --provider "${String(options.provider)}" (only "reference" is built in)`);
  return {
    spec: referenceSpec(options.adapter ?? 'process'),
    build: { config: referenceBuildConfig(), reference: true },
    builtIn: true,
  };
}

/** `--module-in-thread`: only for a module provider, whose spec then says so. */
function withModuleInThread(config: ProviderConfig, options: ProviderOptions): ProviderConfig {
  if (options.moduleInThread !== true) return config;
  if (config.spec.kind !== 'module') throw new UsageError('--module-in-thread applies to a module provider only');
  return { ...config, spec: { ...config.spec, inThread: true } };
}

/** The reference oracle through the process adapter (`kofun-ctk serve`) or the module adapter. */
export function referenceSpec(adapter: string): ProviderSpec {
  if (adapter === 'module') {
    return { kind: 'module', modulePath: referenceModuleUrl(), baseDir: kitRoot(), name: REFERENCE_PROVIDER_NAME };
  }
  if (adapter !== 'process' && adapter !== 'one-shot')
    throw new UsageError(`unknown --adapter "${adapter}" (process, one-shot or module)`);
  const serve = referenceServeArgv();
  return {
    kind: 'process',
    mode: adapter === 'one-shot' ? 'one-shot' : 'persistent',
    command: { argv: adapter === 'one-shot' ? [...serve, '--one-shot'] : serve, cwd: kitRoot() },
    name: REFERENCE_PROVIDER_NAME,
    version: kitVersion(),
  };
}

/**
 * The argv that runs `kofun-ctk serve` with this very copy of the kit: the compiled entry beside this module when
 * the kit runs compiled (dist/, whose freshness bin/kofun-ctk.js checked when it chose it), the TypeScript source
 * through an absolute tsx loader (so any working directory works) when it runs from source.
 */
export function referenceServeArgv(): string[] {
  const entry = fileURLToPath(
    new URL(`../cli-entry.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
  );
  if (entry.endsWith('.ts')) return [process.execPath, '--import', import.meta.resolve('tsx'), entry, 'serve'];
  return [process.execPath, entry, 'serve'];
}

function referenceModuleUrl(): string {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./reference-provider.${ext}`, import.meta.url).href;
}

/** Reads and validates a configuration file. */
export function loadProviderConfig(path: string): ProviderConfig {
  const read = readJsonInputFile(path, { maxBytes: MAX_PROVIDER_CONFIG_BYTES });
  if (!read.ok)
    throw new UsageError(`provider configuration ${escapeText(path)}: ${formatJsonInputProblem(read.problem)}`);
  const value = read.value;
  // A misspelt feature is named with the nearest known one, which the schema's enum cannot say.
  const declared = (value as { missing_features?: unknown } | null)?.missing_features;
  if (Array.isArray(declared) && declared.every((d): d is string => typeof d === 'string')) {
    const refused = undeclarableFeatures(declared, `provider configuration ${escapeText(path)}`);
    if (refused !== undefined) throw new UsageError(refused);
  }
  const problems = schemaViolations(PROVIDER_CONFIG_SCHEMA, value);
  if (problems.length > 0) {
    const why = escapeText(describeInputViolations(problems));
    throw new UsageError(`provider configuration ${escapeText(path)} does not match ${PROVIDER_CONFIG_SCHEMA}: ${why}`);
  }
  const base = dirname(path);
  const config = value as {
    name: string;
    version?: string;
    process?: { argv: string[]; cwd?: string; env?: Record<string, string>; mode?: 'persistent' | 'one-shot' };
    module?: string;
    expectations?: string;
    build?: string | Record<string, unknown>;
    sandbox?: DeclaredBinds;
    limits?: unknown;
    missing_features?: string[];
  };
  const where = `provider configuration ${escapeText(path)}`;
  for (const name of Object.keys(config.process?.env ?? {})) {
    const problem = declaredEnvironmentProblem(name);
    if (problem !== undefined) throw new UsageError(`${where} ${childPointer('/process/env', name)}: ${problem}`);
  }
  const limits = readInstanceCaps(config.limits);
  if (!limits.ok) throw new UsageError(`${where} ${limits.problem.where}: ${limits.problem.message}`);
  let spec: ProviderSpec;
  if (config.process !== undefined) {
    const command: ProcessCommand & { cwd: string } = {
      argv: config.process.argv,
      cwd: resolve(base, config.process.cwd ?? '.'),
    };
    if (config.process.env !== undefined) command.env = config.process.env;
    spec = {
      kind: 'process',
      mode: config.process.mode ?? 'persistent',
      command,
      name: config.name,
      version: config.version ?? 'unknown',
    };
  } else {
    spec = { kind: 'module', modulePath: config.module ?? '', baseDir: base, name: config.name };
  }
  const out: ProviderConfig = { spec, limits: limits.caps, folder: base };
  if (config.missing_features !== undefined && config.missing_features.length > 0)
    out.missingFeatures = declaredFeatures(config.missing_features);
  if (config.expectations !== undefined) out.expectations = resolve(base, config.expectations);
  if (config.sandbox !== undefined) out.sandbox = { declared: config.sandbox, baseDir: base, source: where };
  if (config.build !== undefined) {
    // One format, one parser: a file here is read exactly as `release-cost --build-config` reads it.
    const parsed =
      typeof config.build === 'string'
        ? readBuildConfigFile(resolve(base, config.build))
        : parseBuildConfig(config.build, base);
    if (!parsed.ok) throw new UsageError(`provider configuration ${path}: build: ${escapeText(parsed.message)}`);
    out.build = { config: parsed.config, reference: false };
  }
  return out;
}

/** How a launcher runs its provider: the kit's version (for the hello), the sandbox, and what watches it. */
export interface LaunchOptions {
  kitVersion: string;
  /** Every provider process runs in it (an in-thread module cannot, and is refused with the sandbox on). */
  sandbox: Sandbox;
  /** Watches the wire of a persistent process or a module's host process (`kofun-ctk smoke`, `repro`). */
  observer?: WireObserver;
  /** `run --hermetic` with the sandbox off: every instance runs under strace (an in-thread module has none). */
  hermetic?: HermeticSession;
  /** `run --hermetic` in the sandbox: every instance runs under the seccomp program that enforces KD-TRUST-10. */
  enforceHermetic?: boolean;
}

/** The launcher for a spec. */
export function launcherFor(spec: ProviderSpec, options: LaunchOptions): ProviderLauncher {
  const { kitVersion, sandbox, observer, hermetic } = options;
  const enforce = options.enforceHermetic === true;
  if (spec.kind === 'module') {
    if (spec.inThread === true && hermetic !== undefined)
      throw new Error('kit fault: --hermetic with an in-thread module reached the launcher');
    if (spec.inThread === true && sandbox.on)
      throw new UsageError(
        '--module-in-thread loads the module inside the runner, which no sandbox can isolate: add --sandbox off',
      );
    return spec.inThread === true
      ? moduleThreadLauncher(spec.modulePath, spec.baseDir)
      : moduleProcessLauncher(spec.modulePath, spec.baseDir, kitVersion, hermetic, sandbox, observer, enforce);
  }
  if (spec.mode === 'one-shot')
    return oneShotProcessLauncher(spec.command, { name: spec.name, version: spec.version }, hermetic, sandbox, enforce);
  return persistentProcessLauncher(
    spec.command,
    kitVersion,
    { sandbox, enforceHermetic: enforce, ...(hermetic === undefined ? {} : { hermetic }) },
    observer,
  );
}

/**
 * The same provider started from another working directory (the metamorphic
 * check, KD-KEY-07, KD-ORDER-12): arguments naming an existing path relative to the
 * configured working directory are made absolute, so only the directory changes.
 */
export function relocatedSpec(spec: ProviderSpec): ProviderSpec {
  if (spec.kind !== 'process') return spec;
  const base = spec.command.cwd;
  const argv = spec.command.argv.map((arg, i) => {
    if (isAbsolute(arg) || arg.startsWith('-')) return arg;
    if (i === 0 && !arg.includes('/')) return arg;
    const candidate = resolve(base, arg);
    return existsSync(candidate) ? candidate : arg;
  });
  return { ...spec, command: { ...spec.command, argv } };
}

/** For messages: a file URL shown as a path. */
export function displayModule(modulePath: string): string {
  return modulePath.startsWith('file:') ? fileURLToPath(modulePath) : modulePath;
}
