// Broken provider: applies the 4,096-row cap to every applicable candidate before the unavailable rows are dropped, so
// a general query without include_unavailable keeps only the callable rows among the first 4,096 candidates and says
// it was cut, where the cap counts the rows the result shows (KD-LIMIT-05, L77; OQ-06 A, OQ-32 A).
import { evaluateQuery } from '../../../oracle/index.js';
import {
  editResult,
  encodeLikeCanonical,
  parseRequest,
  parseResult,
  rowsOf,
  runBrokenProvider,
} from './broken-provider.js';

const CAP = 4096;

runBrokenProvider('the row cap counted before unavailable rows are dropped', {
  result: editResult((value, { fixture, request }) => {
    const asked = parseRequest(request);
    const query = asked?.query;
    if (asked === undefined || query === undefined || query.include_unavailable !== false) return false;
    if (query.kind !== 'operations' && query.kind !== 'type-and-operations') return false;
    if (value.status !== 'complete' && value.status !== 'partial') return false;
    // Every applicable candidate in canonical order, unavailable ones too, cut at the cap.
    query.include_unavailable = true;
    const all = rowsOf(parseResult(evaluateQuery(encodeLikeCanonical(asked), fixture)));
    if (all.length < CAP) return false;
    value.operations = all.filter((row) => row.availability === 'callable');
    value.truncated = true;
    value.status = 'partial';
    const omissions = (value.omissions ?? []) as { reason: string; requested_spelling: null }[];
    if (!omissions.some((o) => o.reason === 'limit-exhausted'))
      omissions.push({ reason: 'limit-exhausted', requested_spelling: null });
    value.omissions = omissions.sort((a, b) => (a.reason < b.reason ? -1 : 1));
    return true;
  }),
});
