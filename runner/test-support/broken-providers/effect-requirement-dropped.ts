// Broken provider: drops the first effect requirement of every row that has several (KD-EFFECT-07).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('effect requirement dropped', {
  result: editResult((value) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      if (row.effects.length < 2) continue;
      row.effects.splice(0, 1);
      changed = true;
    }
    return changed;
  }),
});
