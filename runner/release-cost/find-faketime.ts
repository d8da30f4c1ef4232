/**
 * libfaketime's `faketime` wrapper (Debian package faketime), which the variant build runs
 * under so that a build embedding the current time differs even when both builds run in
 * the same second (as reprotest varies the clock). Where it is missing, the clock is not
 * varied and the report says so; it is never pretended.
 */
import { resolveProgram } from '../io/host-programs.js';

/** The absolute path of an executable `faketime` in `pathEnv` (the runner's own PATH), or null. */
export function findFaketime(pathEnv: string | undefined = process.env['PATH']): string | null {
  const found = resolveProgram('faketime', pathEnv ?? '');
  return found.ok ? found.path : null;
}

/**
 * argv run under a clock shifted by `offsetSeconds` (libfaketime's relative FAKETIME format),
 * or argv unchanged without a wrapper or an offset.
 */
export function withShiftedClock(argv: readonly string[], offsetSeconds: number, faketime: string | null): string[] {
  if (faketime === null || offsetSeconds === 0) return [...argv];
  return [faketime, '-f', `${offsetSeconds > 0 ? '+' : ''}${offsetSeconds}`, ...argv];
}
