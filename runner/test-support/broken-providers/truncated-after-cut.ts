// Broken provider: `truncated` computed after the rows were cut to the 4,096-row cap (`rows.length > 4096` on the
// kept rows), so a result that lost rows says truncated: false (KD-LIMIT-10, L79).
import { editResult, rowsOf, runBrokenProvider } from './broken-provider.js';

const ROW_CAP = 4096;

runBrokenProvider('truncated computed after the cut', {
  result: editResult((value) => {
    if (value.truncated !== true) return false;
    value.truncated = rowsOf(value).length > ROW_CAP;
    return value.truncated !== true;
  }),
});
