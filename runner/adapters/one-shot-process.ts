/**
 * The one-shot process adapter (PROTOCOL.md, "One-shot mode"): one process per
 * query, run as `<argv...> <fixture-path>` with the request bytes on stdin and the
 * result bytes expected on stdout, exit status 0. The fixture is written once to a
 * private temporary folder. Output is capped while it is read; each query has a
 * timeout; the process group is killed after every query.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { writeNewFile } from '../io/run-folder.js';
import type { CapCrossing } from '../limits/watchdog.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_RESULT_BYTES } from '../protocol/messages.js';
import type { ProcessCommand } from './persistent-process.js';
import { deadline } from '../io/deadline.js';
import { spawnGroup } from '../io/process-group.js';
import type { CallOutcome, ProviderConnection, ProviderIdentity, ProviderLauncher } from './provider-connection.js';
import { NO_BYTES } from './provider-connection.js';
import type { QueryWindow } from '../hermetic/attribute-events.js';
import type { HermeticSession } from '../hermetic/hermetic-session.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { FORBIDDEN_CALL, SIGSYS_EXIT_STATUS } from '../sandbox/seccomp-filter.js';

/** How long the end of stdout may lag behind the exit of a one-shot provider whose descendants were ended. */
const EXIT_DRAIN_MS = 2000;

/** Makes a launcher for a one-shot provider; `identity` comes from configuration, as there is no handshake. */
export function oneShotProcessLauncher(
  command: ProcessCommand,
  identity: { name: string; version: string },
  hermetic?: HermeticSession,
  sandbox?: Sandbox,
  enforceHermetic = false,
): ProviderLauncher {
  return async ({ cwd }) => {
    // The fixtures live in the run's own folder, which no provider can see or write; without a sandbox (the adapter's
    // own tests) in a private temporary folder.
    const own = sandbox === undefined ? mkdtempSync(join(tmpdir(), 'kofun-ctk-oneshot-')) : undefined;
    const folder = own ?? (sandbox as Sandbox).runFolder.folder('one-shot');
    return {
      ok: true,
      value: new OneShotConnection(command, cwd ?? command.cwd, folder, own !== undefined, identity, {
        hermetic,
        sandbox,
        enforceHermetic,
      }),
    };
  };
}

class OneShotConnection implements ProviderConnection {
  readonly identity: ProviderIdentity;
  private closed = false;
  private readonly fixtures = new Map<string, string>();
  /** The window of the last query (run --hermetic), for the runner to label with its vector. */
  lastQueryWindow: QueryWindow | undefined;

  constructor(
    private readonly command: ProcessCommand,
    private readonly cwd: string | undefined,
    private readonly folder: string,
    /** Whether the folder is this connection's own to remove (else the run folder removes it). */
    private readonly ownFolder: boolean,
    identity: { name: string; version: string },
    private readonly contain: {
      hermetic: HermeticSession | undefined;
      sandbox: Sandbox | undefined;
      enforceHermetic: boolean;
    },
  ) {
    this.identity = {
      name: identity.name,
      version: identity.version,
      interpretations: [],
      adapter: 'process-one-shot',
    };
  }

  get alive(): boolean {
    return !this.closed;
  }

  async loadFixture(sha256: string, bytes: Uint8Array): Promise<CallOutcome<void>> {
    if (!this.fixtures.has(sha256)) {
      const path = join(this.folder, `${sha256}.json`);
      try {
        // A new file, never through a link, in a folder no provider can write.
        writeNewFile(path, bytes);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? 'error';
        const message = `the fixture could not be written for the provider (${code})`;
        return { ok: false, fault: { kind: 'start', message, stderrTail: NO_BYTES } };
      }
      this.fixtures.set(sha256, path);
    }
    return { ok: true, value: undefined };
  }

  query(sha256: string, request: Uint8Array, timeoutMs: number): Promise<CallOutcome<Uint8Array>> {
    const fixturePath = this.fixtures.get(sha256);
    if (fixturePath === undefined) throw new Error('kit fault: query before loadFixture');
    // Each one-shot query is an instance of its own (in the sandbox, with a scratch folder of its own); its window
    // opens before the process is started.
    const trace = this.contain.hermetic?.instance(true, this.contain.sandbox?.on === true ? 2 : 0);
    const contained = this.contain.sandbox?.contain(this.command.argv, {
      instance: {
        env: this.command.env ?? {},
        cwd: this.cwd,
        oneShot: true,
        hermetic: this.contain.enforceHermetic,
        fixture: fixturePath,
      },
      ...(trace === undefined ? {} : { wrap: (argv: readonly string[]) => trace.wrap(argv) }),
    });
    const plain = [...this.command.argv, fixturePath];
    const argv = contained?.argv ?? (trace === undefined ? plain : trace.wrap(plain));
    const env = contained?.env ?? (this.command.env ? { ...process.env, ...this.command.env } : process.env);
    const window = trace?.begin();
    this.lastQueryWindow = window;
    const cwd = contained === undefined ? this.cwd : contained.cwd;
    const group = spawnGroup(argv, {
      cwd,
      env,
      contained: contained?.contained ?? false,
      stdio: contained?.stdio ?? [],
    });
    const enforced = this.contain.enforceHermetic && this.contain.sandbox?.enforcesHermetic === true;
    let crossing: CapCrossing | undefined;
    const watch = contained?.started(group.child, (c) => {
      crossing = c;
      group.killProcesses();
    });
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      let stdoutEnded = false;
      let exit: { code: number | null; signal: NodeJS.Signals | null; error?: string } | undefined;
      const finish = (outcome: CallOutcome<Uint8Array>): void => {
        if (settled) return;
        settled = true;
        bound.cancel();
        watch?.stop();
        group.kill();
        if (window !== undefined) trace?.end(window);
        void group.exited.then(() => contained?.release());
        resolve(outcome);
      };
      const bound = deadline(timeoutMs, () =>
        finish({
          ok: false,
          fault: { kind: 'timeout', message: `no answer within ${timeoutMs} ms`, stderrTail: group.stderrTail() },
        }),
      );
      const maybeDone = (): void => {
        if (exit === undefined || !stdoutEnded) return;
        finish(exitOutcome(exit, { enforced, crossing, stderrTail: () => group.stderrTail() }, chunks, size));
      };
      group.child.stdout.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > MAX_RESULT_BYTES) {
          const message = `output exceeds the cap of ${MAX_RESULT_BYTES} bytes`;
          finish({ ok: false, fault: { kind: 'oversize', message, stderrTail: group.stderrTail() } });
          return;
        }
        chunks.push(chunk);
      });
      group.child.stdout.on('end', () => {
        stdoutEnded = true;
        maybeDone();
      });
      void group.exited.then((e) => {
        exit = e;
        // A process that failed to spawn never opens stdout.
        if (e.error !== undefined) stdoutEnded = true;
        // The answer is what the provider wrote before it exited; a descendant that outlives it (detached or
        // not) is ended now, which closes the pipe it may hold, so the end of stdout follows at once.
        group.killProcesses();
        deadline(
          EXIT_DRAIN_MS,
          () => {
            if (stdoutEnded) return;
            const message =
              'provider exited but its stdout stays open (a process that replaced its environment holds it)';
            finish({ ok: false, fault: { kind: 'protocol', message, stderrTail: group.stderrTail() } });
          },
          { unref: true },
        );
        maybeDone();
      });
      group.child.stdin.end(Buffer.from(request.buffer, request.byteOffset, request.length));
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ownFolder) rmSync(this.folder, { recursive: true, force: true });
  }
}

/**
 * What a one-shot query's process answered once it exited and its stdout ended: a start failure, a forbidden call
 * (under an enforced hermetic run), a cap crossed, a crash, or its stdout as the answer.
 */
function exitOutcome(
  exit: { code: number | null; signal: NodeJS.Signals | null; error?: string },
  seen: { enforced: boolean; crossing: CapCrossing | undefined; stderrTail: () => Uint8Array },
  chunks: Buffer[],
  size: number,
): CallOutcome<Uint8Array> {
  if (exit.error !== undefined)
    return {
      ok: false,
      fault: { kind: 'start', message: `provider could not start: ${exit.error}`, stderrTail: NO_BYTES },
    };
  if (seen.enforced && exit.code === SIGSYS_EXIT_STATUS)
    return { ok: false, fault: { kind: 'hermetic', message: FORBIDDEN_CALL, stderrTail: seen.stderrTail() } };
  if (seen.crossing !== undefined)
    return { ok: false, fault: { kind: 'resource', message: seen.crossing.message, stderrTail: seen.stderrTail() } };
  if (exit.code !== 0) {
    const how = exit.signal ? `killed by ${exit.signal}` : `exited with status ${exit.code}`;
    return { ok: false, fault: { kind: 'crash', message: `provider ${how}`, stderrTail: seen.stderrTail() } };
  }
  return { ok: true, value: new Uint8Array(Buffer.concat(chunks, size)) };
}
