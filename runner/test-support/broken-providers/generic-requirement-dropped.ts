// Broken provider: drops the generic requirements of every row (KD-ACCEPT-03).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('generic requirements dropped', {
  result: editResult((value) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      if (row.generic_requirements.length === 0) continue;
      row.generic_requirements = [];
      changed = true;
    }
    return changed;
  }),
});
