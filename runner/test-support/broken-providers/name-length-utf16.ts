// Broken provider: the request's Name and Spelling caps counted in UTF-16 code units (String.length), not UTF-8
// bytes, so a semantic_compatibility of 129 two-byte characters (258 bytes) or a spelling of 257 four-byte
// characters (1,028 bytes) is accepted instead of rejected (KD-SCALAR-05, KD-SCALAR-09, L64, L68, OQ-37).
import { encodeLikeCanonical, parseRequest, runBrokenProvider, type Loose } from './broken-provider.js';

const NAME_BYTES = 256;
const SPELLING_BYTES = 1024;
/** What the provider accepted past the byte caps, to echo as it was asked. */
let asked: { compatibility?: string; spelling?: string } = {};

/** Within `cap` counted in UTF-16 code units, over it counted in UTF-8 bytes. */
const overOnlyInBytes = (text: unknown, cap: number): text is string =>
  typeof text === 'string' && text.length <= cap && Buffer.byteLength(text, 'utf8') > cap;

runBrokenProvider('Name lengths in UTF-16 code units', {
  request: (request) => {
    asked = {};
    const value = parseRequest(request);
    const analysis = value?.analysis as Loose | undefined;
    const query = value?.query as Loose | undefined;
    if (value === undefined) return request;
    if (overOnlyInBytes(analysis?.semantic_compatibility, NAME_BYTES)) {
      asked.compatibility = analysis.semantic_compatibility as string;
      // Answered as for any other version string: stale, echoing what was asked.
      analysis.semantic_compatibility = 'utf16-length-accepted';
    }
    if (overOnlyInBytes(query?.spelling, SPELLING_BYTES)) {
      asked.spelling = query.spelling as string;
      query.spelling = 'utf16LengthAccepted';
    }
    return asked.compatibility === undefined && asked.spelling === undefined ? request : encodeLikeCanonical(value);
  },
  result: ({ result }) => {
    if (asked.compatibility === undefined && asked.spelling === undefined) return result;
    const value = JSON.parse(Buffer.from(result).toString('utf8')) as Loose;
    if (asked.compatibility !== undefined && value.analysis !== null)
      value.analysis.semantic_compatibility = asked.compatibility;
    if (asked.spelling !== undefined) {
      for (const o of (value.omissions ?? []) as Loose[])
        if (o.requested_spelling !== null) o.requested_spelling = asked.spelling;
    }
    return encodeLikeCanonical(value);
  },
});
