/**
 * Whether the program a provider runs can be found inside its sandbox: its command (argv[0], a path or a name looked
 * up in PATH inside) and, for a script, the interpreter its `#!` line names (`/usr/bin/env NAME` looked up the same
 * way) must lie in a folder the sandbox shows and not under a mask. A provider whose interpreter lives where the
 * sandbox does not look (a Python under the home folder, a JDK in /opt) is refused before it starts, with the path
 * to declare, instead of failing as a crash of every vector.
 */
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { escapeText } from '../../oracle/index.js';
import { within } from './sandbox-view.js';

/** The executable file `name` names inside: a path as it is, or the first match in `path`'s folders. */
function locate(name: string, path: string): string | undefined {
  const candidates = name.includes('/')
    ? [name]
    : path
        .split(':')
        .filter(isAbsolute)
        .map((dir) => join(dir, name));
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not there.
    }
  }
  return undefined;
}

/** Where a found file really is, or undefined when it is not shown (outside `visible`, or under a mask). */
function shownAt(file: string, visible: readonly string[], masked: readonly string[]): string | undefined {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return undefined;
  }
  const shown = visible.some((root) => within(real, realOr(root)) || within(file, root));
  const hidden = masked.some((m) => within(real, m));
  return shown && !hidden ? real : undefined;
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The interpreter a script's first line names (`#!/usr/bin/env python3` names `python3`), or undefined. */
function interpreterOf(file: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  const head = Buffer.alloc(256);
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] !== 0x23 || head[1] !== 0x21) return undefined;
  const end = head.indexOf(0x0a);
  const words = head
    .subarray(2, end < 0 ? head.length : end)
    .toString('utf8')
    .trim()
    .split(/\s+/);
  const first = words[0];
  if (first === undefined || first === '') return undefined;
  if (first.endsWith('/env')) return words.find((w, i) => i > 0 && !w.startsWith('-')) ?? first;
  return first;
}

/**
 * Why the program `argv0` would not be found inside the sandbox, or undefined when it is. `path` is PATH inside;
 * `visible` the folders the sandbox shows; `masked` the paths hidden among them.
 */
export function programVisibility(
  argv0: string,
  path: string,
  visible: readonly string[],
  masked: readonly string[],
): string | undefined {
  const found = locate(argv0, path);
  const shown = `the provider's program ${escapeText(argv0)}`;
  if (found === undefined)
    return argv0.includes('/')
      ? `${shown} does not exist`
      : `${shown} is not found in the sandbox's PATH (${escapeText(path)})`;
  const real = shownAt(found, visible, masked);
  if (real === undefined) return `${shown} (${escapeText(realOr(found))}) lies in a folder the sandbox does not show`;
  const interpreter = interpreterOf(real);
  if (interpreter === undefined) return undefined;
  const host = locate(interpreter, path);
  if (host === undefined || shownAt(host, visible, masked) === undefined)
    return (
      `the interpreter ${escapeText(interpreter)} of ${shown} ` +
      (host === undefined
        ? 'is not found in the sandbox'
        : `(${escapeText(realOr(host))}) lies in a folder the sandbox does not show`)
    );
  return undefined;
}
