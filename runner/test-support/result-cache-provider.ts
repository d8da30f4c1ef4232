// A conforming provider with a result cache (KD-TRUST-07): the reference oracle, but every
// complete, partial or invalid answer is kept under the complete analysis key and the canonical
// request bytes, and a later query with that key and those bytes is answered from the cache,
// whatever fixture it is asked on. Currency is checked first, as a provider must before it
// answers anything (KD-POS-03, KD-STALE-06): a stale or unavailable answer (an old key, a
// cancellation, missing current-file facts) is transient, so it is answered fresh and never
// kept (KIT-25). The provider passes every vector only if no analysis key names two worlds.
import { decodeCanonical, encodeCanonicalText, type JsonObject } from '../../oracle/index.js';
import { parseResult, runBrokenProvider } from './broken-providers/broken-provider.js';

const CACHEABLE = new Set(['complete', 'partial', 'invalid']);
const cache = new Map<string, Uint8Array>();

/** The cache key: the canonical analysis key, when the request has one, and the request bytes. */
function keyOf(request: Uint8Array): string {
  const decoded = decodeCanonical(request);
  const analysis = decoded.ok ? decoded.value['analysis'] : undefined;
  const key =
    analysis !== null && typeof analysis === 'object' && !Array.isArray(analysis)
      ? encodeCanonicalText(analysis as JsonObject)
      : '';
  return `${key}\u0000${Buffer.from(request).toString('base64')}`;
}

runBrokenProvider('result cache', {
  result: ({ request, result }) => {
    if (!CACHEABLE.has(String(parseResult(result)['status']))) return result;
    const key = keyOf(request);
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    cache.set(key, result);
    return result;
  },
});
