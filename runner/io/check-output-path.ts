/**
 * Output paths (`--events`, `--report-dir`, `--out`) are checked before a run starts, so a typo costs a usage
 * error (exit 2, one line) rather than a stack trace, an exit status that reads as a verdict, or a whole run
 * whose reports cannot be written. A path is fit when it is (or can be created as) the kind of entry asked
 * for, below a folder the runner may write; the folders on the way are created later, as the run writes.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { escapeText } from '../../oracle/index.js';

/** Why an output path is unfit, or undefined when it is fit. `option` names the flag in the message. */
export function outputPathProblem(option: string, path: string, kind: 'file' | 'folder'): string | undefined {
  const shown = escapeText(path);
  const existing = statOf(path);
  if (existing !== undefined) {
    if (kind === 'file' && existing.isDirectory()) return `${option} ${shown}: is a folder, not a file`;
    if (kind === 'folder' && !existing.isDirectory()) return `${option} ${shown}: is not a folder`;
    return writable(path) ? undefined : `${option} ${shown}: not writable`;
  }
  // The nearest existing ancestor must be a folder the runner may write into (the rest is created).
  let ancestor = dirname(path);
  for (;;) {
    const s = statOf(ancestor);
    if (s !== undefined) {
      if (!s.isDirectory()) return `${option} ${shown}: ${escapeText(ancestor)} is not a folder`;
      return writable(ancestor)
        ? undefined
        : `${option} ${shown}: cannot create it in ${escapeText(ancestor)} (not writable)`;
    }
    const up = dirname(ancestor);
    if (up === ancestor) return `${option} ${shown}: no existing folder above it`;
    ancestor = up;
  }
}

function statOf(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
