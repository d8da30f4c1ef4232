/**
 * The default module adapter: a module provider runs in a process the kit owns (module-host.ts), spoken to
 * over the persistent protocol, so everything that contains a process provider contains it too: its own
 * process group and containment marker, the reply caps and timeouts, the stderr tail, and a cap on its
 * resident memory of every kind (heap, ArrayBuffers, native). A crash, `process.exit` or a signal ends that
 * process, never the runner, and is an ERROR with its cause.
 */
import { kitVersion } from '../../oracle/index.js';
import {
  persistentProcessLauncher,
  type PersistentOptions,
  type ProcessCommand,
  type WireObserver,
} from './persistent-process.js';
import { moduleUrlOf, WORKER_HEAP_MB } from './module-adapter.js';
import type { ProviderLauncher } from './provider-connection.js';
import type { HermeticSession } from '../hermetic/hermetic-session.js';
import type { Sandbox } from '../sandbox/sandbox.js';

/** The argv that runs the module host with this very kit (the built copy, or the sources through tsx). */
export function moduleHostArgv(moduleUrl: string): string[] {
  const heap = `--max-old-space-size=${WORKER_HEAP_MB}`;
  if (import.meta.url.endsWith('.ts')) {
    const host = new URL('./module-host.ts', import.meta.url).pathname;
    return [process.execPath, heap, '--import', import.meta.resolve('tsx'), host, moduleUrl];
  }
  return [process.execPath, heap, new URL('./module-host.js', import.meta.url).pathname, moduleUrl];
}

/** The process that hosts the module at `modulePath` (resolved against `baseDir`), and how the kit runs it. */
export function moduleHostProcess(
  modulePath: string,
  baseDir: string,
): { command: ProcessCommand; options: PersistentOptions } {
  return {
    command: { argv: moduleHostArgv(moduleUrlOf(modulePath, baseDir)) },
    options: { adapter: 'module', maxResidentBytes: WORKER_HEAP_MB * 1024 * 1024 },
  };
}

/**
 * Makes a launcher that runs the module at `modulePath` (resolved against `baseDir`) in a process of its own;
 * `observer` watches its wire as a persistent process's (`repro`'s transcript).
 */
export function moduleProcessLauncher(
  modulePath: string,
  baseDir: string,
  version = kitVersion(),
  hermetic?: HermeticSession,
  sandbox?: Sandbox,
  observer?: WireObserver,
  enforceHermetic = false,
): ProviderLauncher {
  const host = moduleHostProcess(modulePath, baseDir);
  return persistentProcessLauncher(
    host.command,
    version,
    {
      ...host.options,
      enforceHermetic,
      ...(hermetic === undefined ? {} : { hermetic }),
      ...(sandbox === undefined ? {} : { sandbox }),
    },
    observer,
  );
}
