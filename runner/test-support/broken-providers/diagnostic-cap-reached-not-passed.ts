// Broken provider: stops adding rows once the diagnostics they bring would reach the 256-diagnostic cap (`>= 256`),
// not only once they would pass it, so a cut result keeps one row fewer than fits, where the kept rows are the
// canonical prefix that stays within the cap and stop only where the next row would pass it (KD-LIMIT-05, L77;
// OQ-06 A, OQ-08 A).
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

const DIAGNOSTIC_CAP = 256;

runBrokenProvider('the diagnostic cap stops the rows where it is reached', {
  result: editResult((value) => {
    if (value.truncated !== true) return false;
    const rows = rowsOf(value);
    const typeIds = new Set<string>(((value.type as Loose | null)?.diagnostic_ids ?? []) as string[]);
    const cited = new Set<string>(typeIds);
    let kept = 0;
    for (const row of rows) {
      const ids = ((row.diagnostic_ids ?? []) as string[]).filter((id) => !cited.has(id));
      if (cited.size + ids.length >= DIAGNOSTIC_CAP) break;
      for (const id of ids) cited.add(id);
      kept += 1;
    }
    if (kept === rows.length) return false;
    value.operations = rows.slice(0, kept);
    value.diagnostics = ((value.diagnostics ?? []) as Loose[]).filter((d) => cited.has(String(d.id)));
    return true;
  }),
});
