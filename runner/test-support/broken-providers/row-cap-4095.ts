// Broken provider: the 4,096-row cap checked as `rows >= 4095`, so a lawful result of 4,096 rows is cut to 4,095
// and called truncated (KD-LIMIT-05, KD-LIMIT-10, L77, L79).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

const CAP_AS_CHECKED = 4095;

runBrokenProvider('row cap checked as >= 4095', {
  result: editResult((value) => {
    const rows = rowsOf(value);
    if (rows.length <= CAP_AS_CHECKED) return false;
    value.operations = rows.slice(0, CAP_AS_CHECKED);
    value.truncated = true;
    value.status = 'partial';
    const omissions = (value.omissions ?? []) as { reason: string; requested_spelling: string | null }[];
    if (!omissions.some((o) => o.reason === 'limit-exhausted'))
      value.omissions = [...omissions, { reason: 'limit-exhausted', requested_spelling: null }].sort((a, b) =>
        a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0,
      );
    return true;
  }),
});
