// Broken provider: a result cache keyed by the fixture and the request with include_unavailable left out, so the
// second of two requests that differ only there gets the first one's answer: unavailable rows listed, or withheld,
// against the request (KD-KEY-07, KD-REQ-07). Which vector shows it depends on the order they are asked in.
import { parseRequest, parseResult, runBrokenProvider } from './broken-provider.js';

const cache = new Map<string, Uint8Array>();

runBrokenProvider('result cache keyed without include_unavailable', {
  result: ({ fixture, request, result }) => {
    const parsed = parseRequest(request);
    if (parsed === undefined || typeof parsed.query !== 'object' || parsed.query === null) return result;
    const { include_unavailable: _left, ...query } = parsed.query as Record<string, unknown>;
    const key = `${fixture.fixtureSha256}\u0000${JSON.stringify({ ...parsed, query })}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const status = parseResult(result)['status'];
    if (status === 'complete' || status === 'partial') cache.set(key, result);
    return result;
  },
});
