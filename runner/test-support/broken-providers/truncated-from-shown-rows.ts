// Broken provider: decides `truncated` from what the result shows (a limit-exhausted row or omission, or a cut type
// fact), so a row that a nested cap made unavailable, and include_unavailable false then dropped, leaves the result
// complete and not truncated, where that cut hid an operation that would be callable (KD-LIMIT-10, L79; KIT-17 A).
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('truncated decided from the rows shown', {
  result: editResult((value) => {
    if (value.truncated !== true) return false;
    const omissions = (value.omissions ?? []) as Loose[];
    const marked =
      omissions.some((o) => o.reason === 'limit-exhausted') ||
      rowsOf(value).some((row) => ((row.rejection_reasons ?? []) as string[]).includes('limit-exhausted')) ||
      (value.type as Loose | null)?.reason === 'limit-exhausted';
    if (marked) return false;
    value.truncated = false;
    // Nothing else is shown as missing: the answer is called complete.
    if (omissions.length === 0 && value.type?.status === 'validated') value.status = 'complete';
    return true;
  }),
});
