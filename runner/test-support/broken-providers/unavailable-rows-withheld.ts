// Broken provider: answers include_unavailable true as if it were false: every rejected row is missing
// (KD-REQ-07, KD-OWN-03, KD-EFFECT-06).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('include_unavailable ignored', {
  result: editResult((value, { query }) => {
    if (query?.include_unavailable !== true || query.kind === 'explain-operation') return false;
    const rows = rowsOf(value);
    const kept = rows.filter((r) => r.availability === 'callable');
    if (kept.length === rows.length) return false;
    value.operations = kept;
    return true;
  }),
});
