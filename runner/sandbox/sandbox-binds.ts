/**
 * The folders a sandbox shows from the host (the provider's own folders, the kit, the runner's Node.js, and the
 * binds a configuration declares in `sandbox.read_only` and `sandbox.writable`): validated before anything starts,
 * then each opened once without following a link and bound from that descriptor for the whole run, so a folder
 * swapped for a link after the check binds nothing new. A declared bind that is a link, does not exist, is named
 * twice, would show what the sandbox hides (sandbox-view.ts), lets a provider write the kit, the vectors or an output,
 * or nests with a writable bind, is refused with its JSON pointer and why.
 */
import { closeSync, constants, lstatSync, openSync, readlinkSync, realpathSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { escapeText } from '../../oracle/index.js';
import {
  declaredBindProblem,
  providerFolderProblem,
  within,
  writableNestingProblem,
  type NamedPath,
  type ViewPolicy,
} from './sandbox-view.js';

/** The declared binds, absolute and real. */
export interface SandboxBinds {
  readOnly: string[];
  writable: string[];
}

/** A folder or file the provider may never write, and what it is (for the message). */
export type ProtectedPath = NamedPath;

/** The binds as a configuration declares them, relative to its folder. */
export interface DeclaredBinds {
  read_only?: readonly string[];
  writable?: readonly string[];
}

/** A refusal: where in the configuration (a JSON pointer, or the option) and why. */
export interface BindProblem {
  where: string;
  message: string;
}

/** The validated declared binds, or the first problem found. */
export function validateSandboxBinds(
  declared: DeclaredBinds | undefined,
  baseDir: string,
  policy: ViewPolicy,
  protectedPaths: readonly ProtectedPath[],
  shown: readonly NamedPath[] = [],
): { ok: true; binds: SandboxBinds } | { ok: false; problem: BindProblem } {
  const binds: SandboxBinds = { readOnly: [], writable: [] };
  const seen = new Map<string, string>();
  const named: NamedPath[] = [];
  const writable: NamedPath[] = [];
  for (const [kind, paths, into] of [
    ['read_only', declared?.read_only ?? [], binds.readOnly],
    ['writable', declared?.writable ?? [], binds.writable],
  ] as const) {
    for (const [i, given] of paths.entries()) {
      const where = `/sandbox/${kind}/${i}`;
      const absolute = resolve(baseDir, given);
      let real: string;
      try {
        if (lstatSync(absolute).isSymbolicLink())
          return fail(
            where,
            `${escapeText(given)} is a link; declare the folder it names (${escapeText(realOr(absolute))})`,
          );
        real = realpathSync(absolute);
      } catch {
        return fail(where, `${escapeText(given)}: no such file or folder`);
      }
      const before = seen.get(real);
      if (before !== undefined) return fail(where, `${escapeText(real)} is bound twice (${before})`);
      seen.set(real, where);
      const hidden = declaredBindProblem(real, policy);
      if (hidden !== undefined) return fail(where, `${escapeText(real)} cannot be bound: ${hidden}`);
      if (kind === 'writable') {
        const clash = protectedPaths.find((p) => within(real, realOr(p.path)) || within(realOr(p.path), real));
        if (clash !== undefined) {
          const how = within(realOr(clash.path), real) ? 'holds' : 'lies inside';
          return fail(
            where,
            `a writable bind ${escapeText(real)} ${how} ${clash.what} (${escapeText(clash.path)}), which a provider ` +
              'may never write',
          );
        }
      }
      const entry = { path: real, what: `the bind at ${where}` };
      named.push(entry);
      if (kind === 'writable') writable.push(entry);
      into.push(real);
    }
  }
  const nested = writableNestingProblem(writable, [...named.filter((n) => !writable.includes(n)), ...shown]);
  if (nested !== undefined) {
    const where = nested.at.what.replace(/^the bind at /, '');
    return fail(where, nested.message);
  }
  return { ok: true, binds };
}

function fail(where: string, message: string): { ok: false; problem: BindProblem } {
  return { ok: false, problem: { where, message } };
}

/** Why the provider's own folder `path` cannot be shown, or undefined (the rules of sandbox-view.ts). */
export function providerFolderRefusal(path: string, policy: ViewPolicy): string | undefined {
  return providerFolderProblem(path, policy);
}

/** O_PATH: a descriptor that names a file or folder without opening its content (Linux, every architecture). */
const O_PATH = 0o10000000;

/** A folder or file opened once, to be bound from its descriptor. */
export interface OpenedBind {
  path: string;
  fd: number;
  writable: boolean;
}

/**
 * Opens `path` (absolute and real) without following a link, and checks that what was opened is what was checked:
 * the descriptor's own path must be `path` (a component swapped for a link in between shows there).
 */
export function openBind(path: string, writable: boolean): OpenedBind | { problem: string } {
  let fd: number;
  try {
    fd = openSync(path, O_PATH | constants.O_NOFOLLOW);
  } catch (err) {
    return { problem: `${escapeText(path)} cannot be opened (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  let opened: string;
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    opened = '';
  }
  if (opened !== path) {
    closeSync(fd);
    return { problem: `${escapeText(path)} changed while it was checked (it now names ${escapeText(opened)})` };
  }
  return { path, fd, writable };
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest (an output not yet made). */
export function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = resolve(path, '..');
    return parent === path ? path : resolve(realOr(parent), relative(parent, path));
  }
}
