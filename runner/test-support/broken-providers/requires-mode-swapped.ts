// Broken provider: names the wrong receiver mode in a rejection: requires-edit for take and the reverse
// (KD-OWN-03..06).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

const SWAP: Readonly<Record<string, string>> = { 'requires-edit': 'requires-take', 'requires-take': 'requires-edit' };

runBrokenProvider('rejection receiver modes swapped', {
  result: editResult((value) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      const reasons = row.rejection_reasons as string[];
      if (!reasons.some((r) => r in SWAP)) continue;
      row.rejection_reasons = reasons.map((r) => SWAP[r] ?? r).sort();
      changed = true;
    }
    return changed;
  }),
});
