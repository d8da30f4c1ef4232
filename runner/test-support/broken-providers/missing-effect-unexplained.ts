// Broken provider: keeps a row unavailable for a missing effect but drops the missing-effect reason
// (KD-EFFECT-05, KD-OP-12).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('missing-effect reason dropped', {
  result: editResult((value) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      const reasons = row.rejection_reasons as string[];
      if (!reasons.includes('missing-effect')) continue;
      row.rejection_reasons = reasons.filter((r) => r !== 'missing-effect');
      changed = true;
    }
    return changed;
  }),
});
