/**
 * The one-shot process adapter (PROTOCOL.md, "One-shot mode"): one process per
 * query, run as `<argv...> <fixture-path>` with the request bytes on stdin and the
 * result bytes expected on stdout, exit status 0. The fixture is written once to a
 * private temporary folder. Output is capped while it is read; each query has a
 * timeout; the process group is killed after every query.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** How long the end of stdout may lag behind the exit of a one-shot provider whose descendants were ended. */
const EXIT_DRAIN_MS = 2000;

/** Makes a launcher for a one-shot provider; `identity` comes from configuration, as there is no handshake. */
export function oneShotProcessLauncher(
  command: ProcessCommand,
  identity: { name: string; version: string },
  hermetic?: HermeticSession,
  sandbox?: Sandbox,
): ProviderLauncher {
  return async ({ cwd }) => {
    const folder = mkdtempSync(join(tmpdir(), 'kofun-ctk-oneshot-'));
    return {
      ok: true,
      value: new OneShotConnection(command, cwd ?? command.cwd, folder, identity, hermetic, sandbox),
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
    identity: { name: string; version: string },
    private readonly hermetic: HermeticSession | undefined = undefined,
    private readonly sandbox: Sandbox | undefined = undefined,
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
      writeFileSync(path, bytes);
      this.fixtures.set(sha256, path);
    }
    return { ok: true, value: undefined };
  }

  query(sha256: string, request: Uint8Array, timeoutMs: number): Promise<CallOutcome<Uint8Array>> {
    const fixturePath = this.fixtures.get(sha256);
    if (fixturePath === undefined) throw new Error('kit fault: query before loadFixture');
    const env = this.command.env ? { ...process.env, ...this.command.env } : process.env;
    // Each one-shot query is an instance of its own (in the sandbox, with a scratch folder of its own); its window
    // opens before the process is started.
    const contained = this.sandbox?.contain([...this.command.argv, fixturePath], { cwd: this.cwd, env });
    const argv = contained?.argv ?? [...this.command.argv, fixturePath];
    const trace = this.hermetic?.instance(true, contained?.launcherDepth ?? 0);
    const window = trace?.begin();
    this.lastQueryWindow = window;
    const cwd = contained === undefined ? this.cwd : contained.cwd;
    const group = spawnGroup(trace === undefined ? argv : trace.wrap(argv), {
      ...(cwd === undefined ? {} : { cwd }),
      env: contained?.env ?? env,
      contained: contained?.contained ?? false,
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
        if (exit.error !== undefined) {
          finish({
            ok: false,
            fault: { kind: 'start', message: `provider could not start: ${exit.error}`, stderrTail: NO_BYTES },
          });
        } else if (exit.code !== 0) {
          const how = exit.signal ? `killed by ${exit.signal}` : `exited with status ${exit.code}`;
          finish({ ok: false, fault: { kind: 'crash', message: `provider ${how}`, stderrTail: group.stderrTail() } });
        } else {
          finish({ ok: true, value: new Uint8Array(Buffer.concat(chunks, size)) });
        }
      };
      group.child.stdout.on('data', (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > MAX_RESULT_BYTES) {
          finish({
            ok: false,
            fault: {
              kind: 'oversize',
              message: `output exceeds the cap of ${MAX_RESULT_BYTES} bytes`,
              stderrTail: group.stderrTail(),
            },
          });
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
    rmSync(this.folder, { recursive: true, force: true });
  }
}
