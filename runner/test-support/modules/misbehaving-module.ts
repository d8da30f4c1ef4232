/**
 * A module provider for the module adapter's tests: the reference oracle, except that on
 * the request whose SHA-256 is in KCTK_TARGET_REQUEST_SHA256 it does what
 * KCTK_MODULE_FAULT says: `hang` (a busy loop that never yields), `exit` (process.exit
 * inside the worker), `throw-later` (an uncaught exception while the call is pending),
 * `not-bytes` (returns a string), `kill-self` (SIGKILL to its own process), `fd-write` (terminal
 * escapes written straight to file descriptors 1 and 2), `array-buffers` (keeps allocating
 * ArrayBuffer memory, outside the V8 heap) or `spawn-detached` (starts a detached process, whose pid
 * it writes to KCTK_PID_FILE, and then answers).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, writeSync } from 'node:fs';
import type { DiscoveryModuleProvider } from '../../adapters/module-provider.js';
import { createReferenceProvider } from '../../adapters/reference-provider.js';

export default function create(): DiscoveryModuleProvider {
  const reference = createReferenceProvider();
  const target = process.env.KCTK_TARGET_REQUEST_SHA256;
  const fault = process.env.KCTK_MODULE_FAULT;
  return {
    name: `misbehaving module (${fault ?? 'none'})`,
    version: reference.version,
    loadFixture: (bytes) => reference.loadFixture(bytes),
    query(handle, request) {
      if (createHash('sha256').update(request).digest('hex') === target) {
        if (fault === 'hang') for (;;) Math.random();
        if (fault === 'exit') process.exit(9);
        if (fault === 'throw-later') {
          setTimeout(() => {
            throw new Error('uncaught on purpose');
          }, 0);
          return new Promise<Uint8Array>(() => undefined);
        }
        if (fault === 'not-bytes') return 'not bytes' as unknown as Uint8Array;
        if (fault === 'kill-self') process.kill(process.pid, 'SIGKILL');
        if (fault === 'fd-write') {
          writeSync(2, '\u001b[2J\u001b]0;owned\u0007 on stderr\n');
          writeSync(1, '\u001b[31mred on stdout\n');
        }
        if (fault === 'array-buffers') {
          const held: Uint8Array[] = [];
          return new Promise<Uint8Array>(() => {
            setInterval(() => held.push(new Uint8Array(32 * 1024 * 1024).fill(1)), 5);
          });
        }
        if (fault === 'spawn-detached') {
          const child = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
          appendFileSync(process.env.KCTK_PID_FILE ?? '', `${child.pid}\n`);
          child.unref();
        }
      }
      return reference.query(handle as never, request);
    },
  };
}
