// Broken provider: marks the result truncated for every row a nested cap cut, shown or not, so a general query without
// include_unavailable is truncated by a cut row it drops although that row is unavailable anyway (an error row, or one
// whose receiver rejects it): the cut loses nothing the result would show (KD-LIMIT-10, L79; OQ-32 D).
import { evaluateQuery } from '../../../oracle/index.js';
import {
  editResult,
  encodeLikeCanonical,
  parseRequest,
  parseResult,
  rowsOf,
  runBrokenProvider,
} from './broken-provider.js';

runBrokenProvider('truncated for every cut row, dropped ones too', {
  result: editResult((value, { fixture, request }) => {
    const asked = parseRequest(request);
    const query = asked?.query;
    if (asked === undefined || query === undefined || query.include_unavailable !== false) return false;
    if (query.kind !== 'operations' && query.kind !== 'type-and-operations') return false;
    if (value.truncated !== false || (value.status !== 'complete' && value.status !== 'partial')) return false;
    // The rows the lookup built before include_unavailable false dropped the unavailable ones.
    query.include_unavailable = true;
    const built = rowsOf(parseResult(evaluateQuery(encodeLikeCanonical(asked), fixture)));
    if (!built.some((row) => ((row.rejection_reasons ?? []) as string[]).includes('limit-exhausted'))) return false;
    value.truncated = true;
    value.status = 'partial';
    return true;
  }),
});
