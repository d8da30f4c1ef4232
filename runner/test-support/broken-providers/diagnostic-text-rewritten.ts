// Broken provider: rewrites the fallback text of every diagnostic (KD-DIAG-04).
import { editResult, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('diagnostic fallback text rewritten', {
  result: editResult((value) => {
    const diagnostics = value.diagnostics as Loose[];
    for (const d of diagnostics) d.fallback_text = `${String(d.fallback_text)} (see the log)`;
    return diagnostics.length > 0;
  }),
});
