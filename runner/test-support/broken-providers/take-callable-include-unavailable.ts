// Broken provider: only when include_unavailable is true, shows take-only operations callable on a receiver
// that does not permit take (KD-OWN-04, KD-OWN-05).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('take callable when unavailable rows are asked for', {
  result: editResult((value, { query }) => {
    if (query?.include_unavailable !== true) return false;
    let changed = false;
    for (const row of rowsOf(value)) {
      const reasons = row.rejection_reasons as string[];
      if (row.status !== 'validated' || reasons.length !== 1 || reasons[0] !== 'requires-take') continue;
      row.availability = 'callable';
      row.rejection_reasons = [];
      changed = true;
    }
    return changed;
  }),
});
