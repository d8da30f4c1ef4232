/**
 * A module provider for the module adapter's tests: the reference oracle, except that on
 * the request whose SHA-256 is in KCTK_TARGET_REQUEST_SHA256 it does what
 * KCTK_MODULE_FAULT says: `hang` (a busy loop that never yields), `exit` (process.exit
 * inside the worker), `throw-later` (an uncaught exception while the call is pending) or
 * `not-bytes` (returns a string).
 */
import { createHash } from 'node:crypto';
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
      }
      return reference.query(handle as never, request);
    },
  };
}
