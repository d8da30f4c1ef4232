/**
 * libfaketime's `faketime` wrapper (Debian package faketime), which the variant build runs
 * under so that a build embedding the current time differs even when both builds run in
 * the same second (as reprotest varies the clock). Where it is missing, the clock is not
 * varied and the report says so; it is never pretended.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The path of an executable `faketime` on `pathEnv`, or null. */
export function findFaketime(pathEnv: string | undefined = process.env['PATH']): string | null {
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'faketime');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

/**
 * argv run under a clock shifted by `offsetSeconds` (libfaketime's relative FAKETIME format),
 * or argv unchanged without a wrapper or an offset.
 */
export function withShiftedClock(argv: readonly string[], offsetSeconds: number, faketime: string | null): string[] {
  if (faketime === null || offsetSeconds === 0) return [...argv];
  return [faketime, '-f', `${offsetSeconds > 0 ? '+' : ''}${offsetSeconds}`, ...argv];
}
