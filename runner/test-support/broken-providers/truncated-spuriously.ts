// Broken provider: sets truncated on results where no limit was reached (KD-LIMIT-10).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('truncated without a limit', {
  result: editResult((value) => {
    if (value.status !== 'complete') return false;
    value.truncated = true;
    value.status = 'partial';
    return true;
  }),
});
