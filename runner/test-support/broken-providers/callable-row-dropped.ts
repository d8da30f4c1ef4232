// Broken provider: drops the last callable row of a general query (KD-LOOKUP-06).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('callable row dropped', {
  result: editResult((value, { query }) => {
    if (query?.kind === 'explain-operation') return false;
    const rows = rowsOf(value);
    const last = rows.map((r) => r.availability).lastIndexOf('callable');
    if (last < 0) return false;
    rows.splice(last, 1);
    return true;
  }),
});
