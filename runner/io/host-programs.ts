/**
 * The programs the runner starts around a provider (bubblewrap, prlimit, strace, systemd-run, rm): each resolved once,
 * before the first provider starts, from the runner's own PATH to an absolute real path, and started with an
 * environment the runner builds (`launcherEnvironment`). Nothing a provider configuration says (its `process.env`, a
 * build's `env`) reaches these programs or the lookup: a configuration whose PATH names a folder with a fake `bwrap`,
 * or whose LD_PRELOAD would load code into the launcher, changes only what runs inside the sandbox.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { escapeBytes, escapeText } from '../../oracle/index.js';

/**
 * The runner's PATH as it was when this module was loaded (before any configuration was read): the one place a
 * helper program is looked up.
 */
const RUNNER_PATH = process.env.PATH ?? '';

/** A helper program found: its absolute real path. */
export type ProgramLookup = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Resolves `name` (a bare name looked up in `searchPath`, or a path resolved against `cwd`) to the absolute real path
 * of an executable file. Relative and empty PATH entries (which mean the working directory) are skipped: a helper is
 * never taken from whatever folder the runner happens to run in.
 */
export function resolveProgram(
  name: string,
  searchPath: string = RUNNER_PATH,
  cwd: string = process.cwd(),
): ProgramLookup {
  const shown = escapeText(name);
  if (name === '') return { ok: false, reason: 'an empty program name' };
  const candidates = name.includes('/')
    ? [resolve(cwd, name)]
    : searchPath
        .split(delimiter)
        .filter((dir) => dir !== '' && isAbsolute(dir))
        .map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      const real = realpathSync(candidate);
      if (!statSync(real).isFile()) continue;
      accessSync(real, constants.X_OK);
      return { ok: true, path: real };
    } catch {
      // Not here: the next folder of PATH.
    }
  }
  return {
    ok: false,
    reason: name.includes('/') ? `${shown}: no executable file there` : `${shown}: not found in the runner's PATH`,
  };
}

/**
 * The environment every helper program runs with: the system folders for PATH and a fixed locale, nothing of the
 * runner's own (its tokens) and nothing of a configuration's. `extra` adds what the runner itself decides to pass
 * (the variables `--pass-env` names reach bubblewrap this way, and bubblewrap hands them to the provider).
 */
export function launcherEnvironment(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  return { PATH: SYSTEM_PATH, LC_ALL: 'C', ...extra };
}

/** The folders of system programs, as every sandboxed process's PATH starts. */
export const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin';

/** The first line a program prints for `args` (its version), escaped; `fallback` when it prints nothing. */
export function programVersion(path: string, args: readonly string[], fallback: string): string {
  const run = spawnSync(path, [...args], {
    timeout: 20_000,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: launcherEnvironment(),
  });
  const head = Buffer.from(run.stdout ?? Buffer.alloc(0)).subarray(0, 400);
  const end = head.indexOf(0x0a);
  const text = escapeBytes(end < 0 ? head : head.subarray(0, end)).trim();
  return text === '' ? fallback : text;
}
