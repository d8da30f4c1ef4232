// Broken provider: only when fixture arrays arrive in another order than SymbolId order: loses the last row, as
// a provider that stops at the first candidate out of order would (KD-ORDER-12).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('answer depends on the fixture order', {
  result: editResult((value, { fixture }) => {
    const ids = fixture.candidates.map((c) => c.identity);
    const sorted = ids.every((id, i) => i === 0 || (ids[i - 1] as string) <= id);
    const rows = rowsOf(value);
    if (sorted || rows.length === 0) return false;
    rows.pop();
    return true;
  }),
});
