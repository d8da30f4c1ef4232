// Broken provider: adds an aggregate hidden-by-visibility omission to general results that withheld nothing
// (KD-DISCLOSE-09).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('hidden-by-visibility invented', {
  result: editResult((value, { query }) => {
    if (query?.kind !== 'operations' && query?.kind !== 'type-and-operations') return false;
    if (value.status !== 'complete') return false;
    value.omissions = [{ reason: 'hidden-by-visibility', requested_spelling: null }];
    value.status = 'partial';
    return true;
  }),
});
