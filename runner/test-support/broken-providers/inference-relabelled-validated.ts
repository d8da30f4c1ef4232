// Broken provider: relabels a row validated whose provisional status comes from an unresolved inference
// requirement (KD-OP-11, OQ-43).
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('inference rows relabelled validated', {
  result: editResult((value) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      const reqs = row.generic_requirements as Loose[];
      if (row.status !== 'provisional' || !reqs.some((g) => g.kind === 'inference')) continue;
      row.status = 'validated';
      for (const g of reqs) g.status = 'validated';
      for (const d of row.dependencies as Loose[]) d.status = 'validated';
      changed = true;
    }
    if (
      changed &&
      value.status === 'partial' &&
      value.type?.status === 'validated' &&
      rowsOf(value).every((r) => r.status === 'validated')
    ) {
      value.status = (value.omissions as Loose[]).length === 0 && value.truncated === false ? 'complete' : 'partial';
    }
    return changed;
  }),
});
