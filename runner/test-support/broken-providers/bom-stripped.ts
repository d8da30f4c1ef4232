// Broken provider: drops a byte order mark before the request, as a tolerant text reader does, and answers as for the
// request without it, where canonical bytes are UTF-8 without a BOM (KD-CANON-01, L358) and a BOM is no layout a
// lenient reading may pass over (OQ-03).
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('a byte order mark stripped', {
  request: (request) =>
    request.length >= 3 && request[0] === 0xef && request[1] === 0xbb && request[2] === 0xbf
      ? request.subarray(3)
      : request,
});
