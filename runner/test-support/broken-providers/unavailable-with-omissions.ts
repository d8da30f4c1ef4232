// Broken provider: adds an incomplete-analysis omission to unavailable results (KD-RES-12, KIT-09).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('unavailable result with omissions', {
  result: editResult((value) => {
    if (value.status !== 'unavailable') return false;
    value.omissions = [{ reason: 'incomplete-analysis', requested_spelling: null }];
    return true;
  }),
});
