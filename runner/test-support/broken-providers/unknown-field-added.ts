// Broken provider: adds a field the result record does not define (KD-RES-01).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('unknown result field', {
  result: editResult((value) => {
    value.cache_hit = false;
    return true;
  }),
});
