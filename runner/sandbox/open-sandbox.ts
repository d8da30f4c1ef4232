/**
 * The sandbox of a command that starts providers or builds (`run`, `smoke`, `fuzz`, `repro`, `release-cost`), from
 * its options (`--sandbox on|off`, `--bwrap PATH`) and what the provider configuration declares, opened before any
 * provider starts. Every problem is a usage error (exit 2): an unknown mode, a bind that does not exist or would
 * make the kit writable, a sandbox asked for that cannot start.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { escapeText } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { UsageError } from '../io/cli-io.js';
import { validateSandboxBinds, type DeclaredBinds, type ProtectedPath } from './sandbox-binds.js';
import { defaultSandboxMode, Sandbox, type SandboxMode } from './sandbox.js';

/** The sandbox options as a command hands them over. */
export interface SandboxOptions {
  sandbox?: string;
  bwrap?: string;
}

/** The sandbox part of a plan: plain data, printed with the plan. */
export interface SandboxPlan {
  mode: SandboxMode;
  bwrap: string;
  /** Why the mode is off, when it is. */
  offReason?: string;
}

/** Reads `--sandbox` and `--bwrap`; off by default only where bubblewrap cannot run. */
export function readSandboxPlan(opts: SandboxOptions, platform: NodeJS.Platform = process.platform): SandboxPlan {
  const bwrap = opts.bwrap ?? 'bwrap';
  if (opts.sandbox === undefined) {
    const mode = defaultSandboxMode(platform);
    return mode === 'on' ? { mode, bwrap } : { mode, bwrap, offReason: `${platform} has no bubblewrap` };
  }
  if (opts.sandbox === 'off') return { mode: 'off', bwrap, offReason: '--sandbox off' };
  if (opts.sandbox !== 'on') throw new UsageError(`--sandbox ${escapeText(opts.sandbox)}: use on or off`);
  if (platform !== 'linux')
    throw new UsageError(`--sandbox on: the sandbox needs Linux and bubblewrap, not ${platform} (use --sandbox off)`);
  return { mode: 'on', bwrap };
}

/** What the provider needs and what it must never reach. */
export interface SandboxNeeds {
  /** The configuration's `sandbox` binds and the folder they are relative to. */
  declared?: { declared: DeclaredBinds; baseDir: string } | undefined;
  /** Paths no writable bind may touch: the kit, the vector set, report and output folders. */
  protect: readonly ProtectedPath[];
  /** Folders hidden from the provider (the vector sets); those that do not exist are left out. */
  hidden: readonly string[];
}

/** Opens the sandbox of `plan` for a provider with `needs`. */
export function openSandbox(plan: SandboxPlan, needs: SandboxNeeds): Sandbox {
  const checked = validateSandboxBinds(needs.declared?.declared, needs.declared?.baseDir ?? '/', needs.protect);
  if (!checked.ok) throw new UsageError(`provider configuration ${checked.where}: ${checked.message}`);
  const hidden = needs.hidden
    .filter((path) => existsSync(path) && statSync(path).isDirectory())
    .map((path) => realpathSync(path));
  return Sandbox.start({
    mode: plan.mode,
    bwrap: plan.bwrap,
    ...(plan.offReason === undefined ? {} : { offReason: plan.offReason }),
    binds: checked.binds,
    hidden: [...new Set(hidden)],
  });
}

/**
 * The sandbox of a command driving a provider over the vector set in `vectorsFolder` (`smoke`, `fuzz`, `repro`; `run`
 * reads its part of the plan instead): the kit and the set protected and the set hidden, and `outputs`, the folders
 * the command writes, protected too.
 */
export function openProviderSandbox(
  opts: SandboxOptions,
  declared: SandboxNeeds['declared'],
  vectorsFolder: string,
  outputs: readonly ProtectedPath[],
): Sandbox {
  return openSandbox(readSandboxPlan(opts), {
    declared,
    protect: [...kitPaths(vectorsFolder), ...outputs],
    hidden: [vectorsFolder],
  });
}

/** The kit's checkout and the vector set: never writable by a provider. */
export function kitPaths(vectorsFolder: string): ProtectedPath[] {
  return [
    { path: kitRoot(), what: "the kit's checkout" },
    { path: vectorsFolder, what: 'the vector set' },
  ];
}
