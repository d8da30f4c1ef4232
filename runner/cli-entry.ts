/**
 * The process entry of the `kofun-ctk` command: runs the CLI on this process's arguments and maps a fault of the kit
 * itself to exit 70. `bin/kofun-ctk.js` loads the built copy; the runner starts the source copy through tsx when it
 * runs from a checkout (the reference provider's `serve`).
 */
import { pathToFileURL } from 'node:url';
import { main, type Register } from './cli.js';

/** Runs the CLI with the process's arguments and `extra` commands, setting the exit code. */
export function runCliProcess(extra: Register[] = []): void {
  main(process.argv.slice(2), undefined, extra).then(
    (code) => exitWhenFlushed(code),
    (err: unknown) => {
      process.stderr.write(`kofun-ctk: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      exitWhenFlushed(70);
    },
  );
}

/**
 * Exits with `code` once stdout and stderr have taken what was written. The verdict is final when `main`
 * returns: a provider's orphan that still holds a pipe, or any other handle, must not keep the runner alive.
 */
function exitWhenFlushed(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const done = (): void => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}

// Started directly (`node --import tsx runner/cli-entry.ts serve`) rather than imported by an entry of its own.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) runCliProcess();
