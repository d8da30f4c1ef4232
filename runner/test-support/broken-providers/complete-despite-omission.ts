// Broken provider: calls a result complete although it carries an omission (KD-RES-07, OQ-18).
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('complete with omissions', {
  result: editResult((value) => {
    if (value.status !== 'partial' || (value.omissions as Loose[]).length === 0 || value.truncated === true)
      return false;
    if (value.type?.status !== 'validated' || !rowsOf(value).every((r) => r.status === 'validated')) return false;
    value.status = 'complete';
    return true;
  }),
});
