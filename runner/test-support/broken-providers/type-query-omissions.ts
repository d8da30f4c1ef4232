// Broken provider: adds a hidden-by-visibility omission to type queries, which look nothing up (KD-RES-16,
// OQ-40).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('type query with omissions', {
  result: editResult((value, { query }) => {
    if (query?.kind !== 'type' || (value.status !== 'complete' && value.status !== 'partial')) return false;
    value.omissions = [{ reason: 'hidden-by-visibility', requested_spelling: null }];
    value.status = 'partial';
    return true;
  }),
});
