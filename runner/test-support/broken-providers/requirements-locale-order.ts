// Broken provider: identity-less generic requirements ordered by kind, then display with localeCompare (Intl
// collation), instead of display bytes (KD-ORDER-04, L330, L369).
import { editResult, type Loose, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('identity-less requirements in collation order', {
  result: editResult((value) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      const requirements = Array.isArray(row.generic_requirements) ? (row.generic_requirements as Loose[]) : [];
      const named = requirements.filter((r) => r.identity !== null);
      const anonymous = requirements.filter((r) => r.identity === null);
      anonymous.sort(
        (a, b) => String(a.kind).localeCompare(String(b.kind)) || String(a.display).localeCompare(String(b.display)),
      );
      const sorted = [...named, ...anonymous];
      if (sorted.some((r, i) => r !== requirements[i])) {
        row.generic_requirements = sorted;
        changed = true;
      }
    }
    return changed;
  }),
});
