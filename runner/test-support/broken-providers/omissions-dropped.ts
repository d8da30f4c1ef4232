// Broken provider: drops every omission of a general query and calls the result complete when its facts are
// validated (KD-DISCLOSE-09, KD-LOOKUP-11, KD-RES-07).
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('omissions dropped', {
  result: editResult((value, { query }) => {
    if (query?.kind === 'explain-operation' || (value.omissions as Loose[]).length === 0 || value.truncated === true)
      return false;
    value.omissions = [];
    const validated = value.type?.status === 'validated' && rowsOf(value).every((r) => r.status === 'validated');
    if (validated && (value.diagnostics as Loose[]).length === 0) value.status = 'complete';
    return true;
  }),
});
