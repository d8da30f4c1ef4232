// Broken provider: reports error diagnostics with severity warning (KD-DIAG-03).
import { editResult, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('diagnostic severity changed', {
  result: editResult((value) => {
    let changed = false;
    for (const d of value.diagnostics as Loose[]) {
      if (d.severity !== 'error') continue;
      d.severity = 'warning';
      changed = true;
    }
    return changed;
  }),
});
