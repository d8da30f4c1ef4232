/**
 * A module provider for the module adapter's tests: the reference oracle, except that on
 * the request whose SHA-256 is in KCTK_TARGET_REQUEST_SHA256 it does what
 * KCTK_MODULE_FAULT says: `hang` (a busy loop that never yields), `exit` (process.exit
 * inside the worker), `throw-later` (an uncaught exception while the call is pending),
 * `not-bytes` (returns a string), `kill-self` (SIGKILL to its own process), `fd-write` (terminal
 * escapes written straight to file descriptors 1 and 2), `array-buffers` (keeps allocating
 * ArrayBuffer memory, outside the V8 heap) or `spawn-detached` (starts a detached process, whose pid
 * it writes to KCTK_PID_FILE, and then answers). And values no kit code may trust: `throw-getters` (throws an object
 * whose `code` and `message` getters throw), `throw-revoked` (throws a revoked Proxy), `throw-symbol` (throws a
 * Symbol, which String() cannot convert implicitly), `thenable-throws` (returns a thenable whose `then` getter
 * throws) and `proxy-bytes` (returns a Proxy of a Uint8Array that claims a length of 1e9).
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
        if (fault === 'throw-getters') throw hostileError();
        if (fault === 'throw-revoked') {
          const { proxy, revoke } = Proxy.revocable({}, {});
          revoke();
          throw proxy;
        }
        if (fault === 'throw-symbol') throw Symbol('\u001b[2J');
        if (fault === 'thenable-throws') return hostileThenable() as unknown as Uint8Array;
        if (fault === 'proxy-bytes') {
          const claims = new Proxy(new Uint8Array(4), {
            get: (target, key) => (key === 'length' || key === 'byteLength' ? 1e9 : Reflect.get(target, key)),
          });
          return claims;
        }
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

/** An object whose every property a handler would read throws. */
function hostileError(): object {
  return Object.defineProperties(
    {},
    {
      code: {
        get() {
          throw new Error('code getter');
        },
      },
      message: {
        get() {
          throw new Error('message getter');
        },
      },
      [Symbol.toPrimitive]: {
        value() {
          throw new Error('toPrimitive');
        },
      },
    },
  );
}

/** A value `await` takes for a promise, whose `then` getter throws. */
function hostileThenable(): object {
  return Object.defineProperty({}, 'then', {
    get() {
      throw hostileError();
    },
  });
}
