// Broken provider: keeps each complete or partial answer under its fixture and its query (the request without its
// analysis key) and answers a later request with the same query from that cache before it checks the key, so a stale
// request asked after a current one gets the current answer (KD-KEY-07, KD-STALE-*, KD-POS-03). Which vectors
// show it depends on the order they are asked in, in one instance.
import { parseRequest, parseResult, runBrokenProvider } from './broken-provider.js';

const cache = new Map<string, Uint8Array>();

runBrokenProvider('answers from a cache before the currency check', {
  result: ({ fixture, request, result }) => {
    const query = parseRequest(request)?.query;
    if (query === undefined) return result;
    const key = `${fixture.fixtureSha256}\u0000${JSON.stringify(query)}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const status = parseResult(result)['status'];
    if (status === 'complete' || status === 'partial') cache.set(key, result);
    return result;
  },
});
