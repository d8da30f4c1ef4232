/**
 * The kit-owned process a module provider runs in (PROTOCOL.md, "Module mode"): imports the module named by
 * argv[2] and serves it over the persistent protocol on stdin/stdout, so a crash, `process.exit`, a signal, a
 * write to a file descriptor, memory of any kind and child processes are contained as for a process provider.
 * Console output of the module is discarded except console.error and console.warn, which go to stderr (kept
 * for crash reports); a write straight to file descriptor 1 breaks the framing and ends the provider with a
 * protocol ERROR, as it would for any process provider.
 */
import { errorMessage, providerFromModule } from './module-provider.js';
import { serveProvider } from './serve-provider.js';

const moduleUrl = process.argv[2];
const discard = (): void => undefined;
console.log = discard;
console.info = discard;
console.debug = discard;
console.trace = discard;
console.dir = discard;
console.table = discard;

async function main(): Promise<void> {
  if (moduleUrl === undefined) throw new Error('kit fault: module-host needs a module URL');
  let imported: Record<string, unknown>;
  try {
    imported = (await import(moduleUrl)) as Record<string, unknown>;
  } catch (err) {
    process.stderr.write(`cannot import the provider module: ${errorMessage(err)}\n`);
    process.exit(2);
  }
  const resolved = await providerFromModule(imported);
  if (!resolved.ok) {
    process.stderr.write(`${resolved.message}\n`);
    process.exit(2);
  }
  const end = await serveProvider(process.stdin, process.stdout, resolved.provider);
  process.exit(end.kind === 'protocol' ? 3 : 0);
}

void main();
