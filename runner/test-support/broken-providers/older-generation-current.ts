// Broken provider: the generation compared with `>` only, so a request from an older document generation is
// answered as current, facts and all; a newer one is still stale (KD-STALE-04, KD-STALE-06, L89, L425).
import { encodeLikeCanonical, parseRequest, runBrokenProvider, type Loose } from './broken-provider.js';

let asked: number | undefined;

runBrokenProvider('older generation answered as current', {
  request: (request, fixture) => {
    asked = undefined;
    const value = parseRequest(request);
    const analysis = value?.analysis as Loose | undefined;
    if (value === undefined || typeof analysis?.generation !== 'number') return request;
    if (analysis.generation >= fixture.generation) return request;
    asked = analysis.generation as number;
    analysis.generation = fixture.generation;
    return encodeLikeCanonical(value);
  },
  result: ({ result }) => {
    if (asked === undefined) return result;
    const value = JSON.parse(Buffer.from(result).toString('utf8')) as Loose;
    if (value.analysis !== null) value.analysis.generation = asked;
    return encodeLikeCanonical(value);
  },
});
