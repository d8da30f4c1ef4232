// Broken provider: only on the second query of a fixture: drops the first row (KD-LOOKUP-06).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

const queries = new Map<string, number>();

runBrokenProvider('second query of a fixture loses a row', {
  result: editResult((value, { fixture }) => {
    const n = (queries.get(fixture.fixtureSha256) ?? 0) + 1;
    queries.set(fixture.fixtureSha256, n);
    const rows = rowsOf(value);
    if (n !== 2 || rows.length === 0) return false;
    rows.shift();
    return true;
  }),
});
