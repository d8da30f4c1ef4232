/**
 * Writing the kit's outputs (reports, the expectations file, the event stream) without following a link: a
 * provider run with the sandbox off can plant a symbolic link at a report path, and a plain write would send the
 * report over whatever file the link names. Each output goes to a new temporary file in its folder, created
 * exclusively and never through a link (`O_CREAT | O_EXCL | O_NOFOLLOW`), and is then renamed over the path, which
 * replaces a link there rather than following it. A link found at an output path before the run is refused.
 */
import {
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { escapeText } from '../../oracle/index.js';

/** Writes `data` to `path` (its folders created) through a new file renamed into place; never follows a link. */
export function writeOutputFile(path: string, data: string | Uint8Array): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
  const temporary = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o644,
  );
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(temporary, path);
  } catch (err) {
    rmSync(temporary, { force: true });
    throw err;
  }
}

/** Opens `path` for appending or writing from its start, failing (ELOOP) where it is a link: never through one. */
export function openOutputNoFollow(path: string, how: 'append' | 'truncate'): number {
  const mode = how === 'append' ? constants.O_APPEND : constants.O_TRUNC;
  return openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | mode, 0o644);
}

/** Why an output path cannot be written safely (a link is there), or undefined. `option` names the flag. */
export function linkedOutputProblem(option: string, path: string): string | undefined {
  try {
    if (lstatSync(path).isSymbolicLink())
      return `${option} ${escapeText(path)}: is a symbolic link; the kit never writes an output through a link`;
  } catch {
    // Nothing there yet: it is created.
  }
  return undefined;
}
