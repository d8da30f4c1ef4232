/**
 * The worker-thread side of the module adapter: imports the provider module named by
 * `workerData.moduleUrl`, then answers the parent's load and query messages with it.
 * Any throw is answered as a provider error; anything worse (an uncaught exception,
 * process.exit, a hang) ends the worker, which the parent reports as one fault.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  errorCodeOf,
  errorMessage,
  providerFromModule,
  resultBytes,
  type DiscoveryModuleProvider,
} from './module-provider.js';

/** Messages the parent sends. */
export type ToWorker =
  | { type: 'load'; id: number; sha256: string; bytes: Uint8Array }
  | { type: 'query'; id: number; sha256: string; bytes: Uint8Array }
  | { type: 'close' };

/** Messages the worker sends. */
export type FromWorker =
  | { type: 'hello'; name: string; version: string; interpretations: string[]; missingFeatures: string[] }
  | { type: 'start-error'; message: string }
  | { type: 'loaded'; id: number }
  | { type: 'result'; id: number; bytes: unknown }
  | { type: 'error'; id: number; code: string; message: string }
  | { type: 'closed' };

const port = parentPort;
if (port === null) throw new Error('kit fault: module-worker runs only as a worker thread');
const { moduleUrl } = workerData as { moduleUrl: string };
const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

let provider: DiscoveryModuleProvider | undefined;
const handles = new Map<string, unknown>();

try {
  const resolved = await providerFromModule((await import(moduleUrl)) as Record<string, unknown>);
  if (resolved.ok) {
    provider = resolved.provider;
    post({
      type: 'hello',
      name: provider.name,
      version: provider.version,
      interpretations: [...(provider.interpretations ?? [])],
      missingFeatures: [...(provider.missingFeatures ?? [])],
    });
  } else {
    post({ type: 'start-error', message: resolved.message });
  }
} catch (err) {
  post({ type: 'start-error', message: `cannot import the provider module: ${errorMessage(err)}` });
}

// Messages are handled one at a time, in order, as the process protocol does.
let queue: Promise<void> = Promise.resolve();
port.on('message', (message: ToWorker) => {
  queue = queue.then(() => handle(message));
});

async function handle(message: ToWorker): Promise<void> {
  const p = provider;
  if (p === undefined) return;
  switch (message.type) {
    case 'load':
      try {
        handles.set(message.sha256, await p.loadFixture(message.bytes));
        post({ type: 'loaded', id: message.id });
      } catch (err) {
        post({ type: 'error', id: message.id, code: 'bad-fixture', message: errorMessage(err) });
      }
      return;
    case 'query': {
      if (!handles.has(message.sha256)) {
        post({
          type: 'error',
          id: message.id,
          code: 'unknown-fixture',
          message: 'no fixture with that sha256 was loaded',
        });
        return;
      }
      try {
        const returned: unknown = await p.query(handles.get(message.sha256), message.bytes);
        post({ type: 'result', id: message.id, bytes: resultBytes(returned) ?? returned });
      } catch (err) {
        post({ type: 'error', id: message.id, code: errorCodeOf(err), message: errorMessage(err) });
      }
      return;
    }
    case 'close':
      try {
        await p.close?.();
      } catch {
        // As in the module host: a throw from close changes no verdict.
      } finally {
        post({ type: 'closed' });
      }
      return;
  }
}
