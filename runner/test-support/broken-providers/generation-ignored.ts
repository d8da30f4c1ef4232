// Broken provider: ignores the request's generation, so an old generation is answered as current
// instead of stale (KD-STALE-01, KD-KEY-05, OQ-38).
import { encodeLikeCanonical, parseResult, runBrokenProvider } from './broken-provider.js';

let asked: number | undefined;

runBrokenProvider('generation ignored', {
  request: (request, fixture) => {
    asked = undefined;
    try {
      const value = parseResult(request) as { analysis?: { generation?: unknown } };
      if (typeof value.analysis?.generation !== 'number' || value.analysis.generation === fixture.generation)
        return request;
      asked = value.analysis.generation;
      value.analysis.generation = fixture.generation;
      return encodeLikeCanonical(value);
    } catch {
      return request;
    }
  },
  result: ({ result }) => {
    if (asked === undefined) return result;
    // Echo the request's own key, as a provider that never looked at the generation would.
    const value = parseResult(result) as { analysis: { generation: number } | null };
    if (value.analysis !== null) value.analysis.generation = asked;
    return encodeLikeCanonical(value);
  },
});
