/**
 * The in-thread module adapter, for trusted modules only (`--module-in-thread`): runs a
 * `DiscoveryModuleProvider` module in a worker thread of the runner's own process, so a
 * module that hangs (terminated at the timeout) or throws costs the vector in flight. A
 * worker shares the runner's process: it can end it, write to its file descriptors and
 * start processes the runner does not own. By default a module runs in a process of its
 * own instead (module-process-launcher.ts). Results are checked to be bytes and capped
 * like process replies.
 */
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAX_RESULT_BYTES } from '../protocol/messages.js';
import type { FromWorker, ToWorker } from './module-worker.js';
import type {
  CallOutcome,
  ProviderConnection,
  ProviderFault,
  ProviderIdentity,
  ProviderLauncher,
} from './provider-connection.js';
import { NO_BYTES } from './provider-connection.js';
import { deadline, type Deadline } from '../io/deadline.js';
import { STDERR_TAIL_BYTES } from '../io/process-group.js';

/** Heap ceiling of a provider module, so a runaway module fails alone. */
export const WORKER_HEAP_MB = 2048;

/** The URL of a module named by a path (resolved against `baseDir`) or by a URL. */
export function moduleUrlOf(modulePath: string, baseDir: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(modulePath) && !/^[a-z]:[\\/]/i.test(modulePath)
    ? modulePath
    : pathToFileURL(resolvePath(baseDir, modulePath)).href;
}

/** Makes an in-thread launcher for the provider module at `modulePath` (resolved against `baseDir`). */
export function moduleThreadLauncher(modulePath: string, baseDir: string): ProviderLauncher {
  const moduleUrl = moduleUrlOf(modulePath, baseDir);
  return async ({ timeoutMs }) => {
    const connection = new ModuleConnection(moduleUrl);
    const started = await connection.start(timeoutMs);
    return started.ok ? { ok: true, value: connection } : started;
  };
}

type Waiter = {
  accept: (m: FromWorker) => boolean;
  resolve: (o: CallOutcome<FromWorker>) => void;
  deadline: Deadline;
};

class ModuleConnection implements ProviderConnection {
  identity: ProviderIdentity = { name: 'unknown', version: 'unknown', interpretations: [], adapter: 'module' };
  private worker: Worker | undefined;
  private waiter: Waiter | undefined;
  private dead: ProviderFault | undefined;
  private nextId = 1;
  private stderr = Buffer.alloc(0);

  constructor(private readonly moduleUrl: string) {}

  get alive(): boolean {
    return this.dead === undefined && this.worker !== undefined;
  }

  async start(timeoutMs: number): Promise<CallOutcome<void>> {
    const worker = spawnWorker(this.moduleUrl);
    this.worker = worker;
    // The module's console output must not reach the runner's own stdout.
    worker.stdout.resume();
    worker.stderr.on('data', (chunk: Buffer) => {
      this.stderr = Buffer.concat([this.stderr, chunk]);
      if (this.stderr.length > STDERR_TAIL_BYTES)
        this.stderr = this.stderr.subarray(this.stderr.length - STDERR_TAIL_BYTES);
    });
    worker.on('message', (m: FromWorker) => this.onMessage(m));
    worker.on('error', (err) =>
      this.die({
        kind: 'crash',
        message: `provider module threw: ${err.message.split('\n', 1)[0] ?? ''}`,
        stderrTail: this.tail(),
      }),
    );
    worker.on('exit', (code) =>
      this.die({ kind: 'crash', message: `provider worker exited with status ${code}`, stderrTail: this.tail() }),
    );
    const reply = await this.call(undefined, (m) => m.type === 'hello' || m.type === 'start-error', timeoutMs);
    if (!reply.ok)
      return { ok: false, fault: reply.fault.kind === 'crash' ? { ...reply.fault, kind: 'start' } : reply.fault };
    const m = reply.value;
    if (m.type !== 'hello') {
      const fault: ProviderFault = {
        kind: 'start',
        message: m.type === 'start-error' ? m.message : 'no hello',
        stderrTail: this.tail(),
      };
      this.die(fault);
      return { ok: false, fault };
    }
    this.identity = {
      name: m.name,
      version: m.version,
      interpretations: m.interpretations,
      ...(m.missingFeatures.length === 0 ? {} : { missing_features: m.missingFeatures }),
      adapter: 'module',
    };
    return { ok: true, value: undefined };
  }

  async loadFixture(sha256: string, bytes: Uint8Array, timeoutMs: number): Promise<CallOutcome<void>> {
    const id = this.nextId++;
    const reply = await this.call(
      { type: 'load', id, sha256, bytes: bytes.slice() },
      (m) => 'id' in m && m.id === id,
      timeoutMs,
    );
    if (!reply.ok) return reply;
    const m = reply.value;
    if (m.type === 'error') return { ok: false, fault: { kind: 'provider-error', code: m.code, message: m.message } };
    return { ok: true, value: undefined };
  }

  async query(sha256: string, request: Uint8Array, timeoutMs: number): Promise<CallOutcome<Uint8Array>> {
    const id = this.nextId++;
    const reply = await this.call(
      { type: 'query', id, sha256, bytes: request.slice() },
      (m) => 'id' in m && m.id === id,
      timeoutMs,
    );
    if (!reply.ok) return reply;
    const m = reply.value;
    if (m.type === 'error') return { ok: false, fault: { kind: 'provider-error', code: m.code, message: m.message } };
    if (m.type !== 'result' || !(m.bytes instanceof Uint8Array)) {
      return {
        ok: false,
        fault: {
          kind: 'provider-error',
          code: 'bad-message',
          message: 'query returned something other than a Uint8Array',
        },
      };
    }
    if (m.bytes.length > MAX_RESULT_BYTES) {
      const fault: ProviderFault = {
        kind: 'oversize',
        message: `result of ${m.bytes.length} bytes exceeds the cap of ${MAX_RESULT_BYTES} bytes`,
        stderrTail: this.tail(),
      };
      this.die(fault);
      return { ok: false, fault };
    }
    return { ok: true, value: m.bytes };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (worker === undefined) return;
    if (this.alive) await this.call({ type: 'close' }, (m) => m.type === 'closed', 1000);
    this.die({ kind: 'crash', message: 'provider closed', stderrTail: NO_BYTES });
    await worker.terminate();
  }

  private tail(): Uint8Array {
    return new Uint8Array(this.stderr);
  }

  private call(
    message: ToWorker | undefined,
    accept: (m: FromWorker) => boolean,
    timeoutMs: number,
  ): Promise<CallOutcome<FromWorker>> {
    if (this.dead) return Promise.resolve({ ok: false, fault: this.dead });
    if (this.waiter) throw new Error('kit fault: two calls in flight on one provider');
    return new Promise((resolve) => {
      const bound = deadline(timeoutMs, () =>
        this.die({ kind: 'timeout', message: `no answer within ${timeoutMs} ms`, stderrTail: this.tail() }),
      );
      this.waiter = { accept, resolve, deadline: bound };
      if (message !== undefined) {
        const transfer = message.type === 'close' ? [] : [message.bytes.buffer as ArrayBuffer];
        this.worker?.postMessage(message, transfer);
      }
    });
  }

  private onMessage(m: FromWorker): void {
    const waiter = this.waiter;
    if (waiter === undefined || !waiter.accept(m)) {
      this.die({
        kind: 'protocol',
        message: `unexpected ${m.type} message from the provider worker`,
        stderrTail: this.tail(),
      });
      return;
    }
    this.waiter = undefined;
    waiter.deadline.cancel();
    waiter.resolve({ ok: true, value: m });
  }

  private die(fault: ProviderFault): void {
    if (this.dead === undefined) this.dead = fault;
    void this.worker?.terminate();
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.deadline.cancel();
      waiter.resolve({ ok: false, fault: this.dead });
    }
  }
}

/**
 * Starts the worker entry. When the kit runs from its TypeScript sources, the worker
 * first registers the same TypeScript loader, since workers do not inherit it.
 */
function spawnWorker(moduleUrl: string): Worker {
  const options = {
    workerData: { moduleUrl },
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./module-worker.js', import.meta.url), options);
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./module-worker.ts', import.meta.url).href;
  const boot =
    `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return ` +
    `import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
