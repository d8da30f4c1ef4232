// Broken provider: caches results by the analysis key alone, so another query with the same key gets the first
// query's answer (KD-LOOKUP-06, KD-REQ-07, KD-OMIT-06).

import { parseRequest, runBrokenProvider } from './broken-provider.js';

const cache = new Map<string, Uint8Array>();

runBrokenProvider('result cache keyed by the analysis key', {
  result: ({ result, request, fixture }) => {
    const analysis = parseRequest(request)?.analysis;
    if (analysis === undefined) return result;
    const key = `${fixture.fixtureSha256}:${JSON.stringify(analysis)}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    cache.set(key, result);
    return result;
  },
});
