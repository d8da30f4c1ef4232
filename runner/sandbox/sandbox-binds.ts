/**
 * The binds a provider configuration declares for the sandbox (`sandbox.read_only`, `sandbox.writable`: a toolchain
 * folder, a writable cache), validated before anything starts: each path exists, is named once, and no writable
 * bind is, holds or lies inside a folder the kit must keep out of the provider's reach (its checkout, the vector
 * set, the report and output folders). A bind that fails is a usage error naming the path and why.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { escapeText } from '../../oracle/index.js';

/** The declared binds, absolute and real (links resolved). */
export interface SandboxBinds {
  readOnly: string[];
  writable: string[];
}

/** A folder or file the provider may never write, and what it is (for the message). */
export interface ProtectedPath {
  path: string;
  what: string;
}

/** The binds as a configuration declares them, relative to `baseDir`. */
export interface DeclaredBinds {
  read_only?: readonly string[];
  writable?: readonly string[];
}

/** The validated binds, or the first problem found (`where` is the JSON pointer in the configuration). */
export function validateSandboxBinds(
  declared: DeclaredBinds | undefined,
  baseDir: string,
  protectedPaths: readonly ProtectedPath[],
): { ok: true; binds: SandboxBinds } | { ok: false; where: string; message: string } {
  const binds: SandboxBinds = { readOnly: [], writable: [] };
  const seen = new Map<string, string>();
  const kinds = [
    ['read_only', declared?.read_only ?? [], binds.readOnly],
    ['writable', declared?.writable ?? [], binds.writable],
  ] as const;
  for (const [kind, paths, into] of kinds) {
    for (const [i, given] of paths.entries()) {
      const where = `/sandbox/${kind}/${i}`;
      let real: string;
      try {
        real = realpathSync(resolve(baseDir, given));
      } catch {
        return { ok: false, where, message: `${escapeText(given)}: no such file or folder` };
      }
      const before = seen.get(real);
      if (before !== undefined) return { ok: false, where, message: `${escapeText(real)} is bound twice (${before})` };
      seen.set(real, where);
      if (kind === 'writable') {
        const clash = protectedPaths.find((p) => overlaps(real, realOr(p.path)));
        if (clash !== undefined) {
          const how = within(realOr(clash.path), real) ? 'holds' : 'lies inside';
          return {
            ok: false,
            where,
            message:
              `a writable bind ${escapeText(real)} ${how} ${clash.what} (${escapeText(clash.path)}), ` +
              'which a provider may never write',
          };
        }
      }
      into.push(real);
    }
  }
  return { ok: true, binds };
}

/** True when `inner` is `outer` or lies inside it. */
function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function overlaps(a: string, b: string): boolean {
  return within(a, b) || within(b, a);
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest (an output not yet made). */
function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = resolve(path, '..');
    return parent === path ? path : resolve(realOr(parent), relative(parent, path));
  }
}
