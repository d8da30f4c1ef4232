// Broken provider: lists several rejection reasons in reverse order (KD-REJECT-03).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('rejection reasons unsorted', {
  result: editResult((value) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      const reasons = row.rejection_reasons as string[];
      if (reasons.length < 2) continue;
      reasons.reverse();
      changed = true;
    }
    return changed;
  }),
});
