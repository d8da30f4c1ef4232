// Broken provider: shows unavailable rows although the request did not ask for them (KD-REQ-07, OQ-32).

import { encodeLikeCanonical, parseRequest, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('unavailable rows by default', {
  request: (request) => {
    const value = parseRequest(request);
    if (value?.query?.include_unavailable !== false) return request;
    value.query.include_unavailable = true;
    return encodeLikeCanonical(value);
  },
});
