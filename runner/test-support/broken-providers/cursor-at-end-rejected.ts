// Broken provider: takes the expression span for half-open around the cursor too, so a cursor at the end of its
// expression (byte_offset = expression.end, as in the contract's example request) is rejected with invalid-position,
// where start <= byte_offset <= end (KD-POS-05, L132).
import { LIMIT_PROFILE, RESULT_SCHEMA } from '../../../oracle/index.js';
import { encodeLikeCanonical, parseRequest, parseResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('a cursor at the end of its expression rejected', {
  result: ({ request, result }) => {
    const position = parseRequest(request)?.position;
    const status = parseResult(result).status;
    if (position?.byte_offset !== position?.expression?.end || status === 'stale' || status === 'invalid')
      return result;
    return encodeLikeCanonical({
      analysis: null,
      authoritative: false,
      diagnostics: [],
      limit_profile: LIMIT_PROFILE,
      omissions: [],
      operations: [],
      reason: 'invalid-position',
      schema: RESULT_SCHEMA,
      status: 'invalid',
      truncated: false,
      type: null,
    });
  },
});
