// Broken provider: shows documentation links the compiler does not mark disclosable (KD-DISCLOSE-04).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('undisclosable documentation shown', {
  result: editResult((value, { fixture }) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      const c = fixture.candidatesInOrder.find((x) => x.identity === row.identity.value);
      if (c === undefined || c.documentation === null || c.disclose_documentation || row.documentation !== null)
        continue;
      row.documentation = `kofun-doc:${c.documentation}`;
      changed = true;
    }
    return changed;
  }),
});
