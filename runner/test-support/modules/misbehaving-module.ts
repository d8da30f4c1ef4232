/**
 * A module provider for the module adapter's tests: the reference oracle, except that on
 * the request whose SHA-256 is in KCTK_TARGET_REQUEST_SHA256 it does what
 * KCTK_MODULE_FAULT says (or, on each request KCTK_MODULE_FAULTS names, the fault it names
 * there): `hang` (a busy loop that never yields, at the lowest CPU priority), `exit` (process.exit
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
import { setPriority } from 'node:os';
import type { DiscoveryModuleProvider } from '../../adapters/module-provider.js';
import { createReferenceProvider } from '../../adapters/reference-provider.js';

export default function create(): DiscoveryModuleProvider {
  const reference = createReferenceProvider();
  const faults = faultsByRequest();
  return {
    name: `misbehaving module (${[...new Set(faults.values())].join(', ') || 'none'})`,
    version: reference.version,
    loadFixture: (bytes) => reference.loadFixture(bytes),
    query(handle, request) {
      const fault = faults.get(createHash('sha256').update(request).digest('hex'));
      if (fault !== undefined) {
        if (fault === 'hang') {
          // The loop never yields until the runner ends it at the timeout; at the lowest priority of its thread
          // (Linux: of the spinning thread alone), the rest of the machine's work runs first meanwhile.
          try {
            setPriority(19);
          } catch {
            // A loop at the usual priority hangs the same.
          }
          for (;;) Math.random();
        }
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

/**
 * The fault for each target request: KCTK_MODULE_FAULT on the request KCTK_TARGET_REQUEST_SHA256, and each
 * `SHA256=FAULT` of the comma-separated KCTK_MODULE_FAULTS, so one run can aim a different fault at each of its
 * vectors.
 */
function faultsByRequest(): Map<string, string> {
  const faults = new Map<string, string>();
  const { KCTK_TARGET_REQUEST_SHA256: target, KCTK_MODULE_FAULT: fault, KCTK_MODULE_FAULTS: many } = process.env;
  if (target !== undefined && fault !== undefined) faults.set(target, fault);
  for (const pair of (many ?? '').split(',').filter((p) => p !== '')) {
    const [sha, aimed] = pair.split('=');
    if (sha !== undefined && aimed !== undefined) faults.set(sha, aimed);
  }
  return faults;
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
