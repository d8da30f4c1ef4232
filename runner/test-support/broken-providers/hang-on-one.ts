// Broken provider: never answers one vector (KCTK_TARGET_REQUEST_SHA256, else the first query).
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('hang', {
  result: ({ result, targeted }) => (targeted ? new Promise<Uint8Array>(() => undefined) : result),
});
