// Broken provider: answers a request for another file as stale-source instead of wrong-file (KD-POS-03,
// KD-RES-11).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('wrong-file reported as stale-source', {
  result: editResult((value) => {
    if (value.reason !== 'wrong-file') return false;
    value.reason = 'stale-source';
    return true;
  }),
});
