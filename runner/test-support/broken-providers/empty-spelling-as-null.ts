// Broken provider: takes an empty spelling for no spelling, as a language whose empty string is falsy does, so a
// general query with `"spelling": ""` is answered as if it were null, where a Spelling is 1 to 1,024 bytes and a
// general query's spelling is null (KD-REQ-09, KD-SCALAR-09, L68, L139).
import { encodeLikeCanonical, parseRequest, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('an empty spelling read as null', {
  request: (request) => {
    const value = parseRequest(request);
    if (value?.query?.spelling !== '') return request;
    value.query.spelling = null;
    return encodeLikeCanonical(value);
  },
});
