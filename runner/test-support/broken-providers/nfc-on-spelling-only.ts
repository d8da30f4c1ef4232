// Broken provider: checks that request texts are NFC on the spelling only, so a semantic_compatibility in decomposed
// form passes and is compared byte for byte: answered stale-semantic-compatibility instead of invalid-request, where
// every Name is NFC (KD-SCALAR-05, KD-CANON-08, L64, L363).
import { encodeLikeCanonical, parseRequest, runBrokenProvider, type Loose } from './broken-provider.js';

let asked: string | undefined;

runBrokenProvider('NFC checked on the spelling only', {
  request: (request, fixture) => {
    asked = undefined;
    const value = parseRequest(request);
    const compat = (value?.analysis as Loose | undefined)?.semantic_compatibility;
    if (value === undefined || typeof compat !== 'string' || compat === compat.normalize('NFC')) return request;
    asked = compat;
    // Byte for byte, a decomposed value differs from whatever the world holds.
    value.analysis.semantic_compatibility = `${fixture.currentKey.semantic_compatibility}~`;
    return encodeLikeCanonical(value);
  },
  result: ({ result }) => {
    if (asked === undefined) return result;
    const value = JSON.parse(Buffer.from(result).toString('utf8')) as Loose;
    if (value.analysis !== null) value.analysis.semantic_compatibility = asked;
    return encodeLikeCanonical(value);
  },
});
