// Broken provider: memoises each operation's rejection reasons by SymbolId and adds every later query's reasons to the
// same list in place, so a row carries the reasons of earlier queries (KD-KEY-07: one request under one key has one
// result; KD-REJECT-*). Asked alone, every query is right; only the order of what it was asked before shows it.
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

const memo = new Map<string, string[]>();

runBrokenProvider('rejection reasons memoised and mutated in place', {
  result: editResult((value) => {
    let changed = false;
    for (const row of rowsOf(value)) {
      const id = (row.identity as Loose | undefined)?.value;
      if (typeof id !== 'string' || !Array.isArray(row.rejection_reasons)) continue;
      const kept = memo.get(id) ?? [];
      memo.set(id, kept);
      for (const r of row.rejection_reasons as string[]) if (!kept.includes(r)) kept.push(r);
      const sorted = [...kept].sort();
      changed ||= JSON.stringify(sorted) !== JSON.stringify(row.rejection_reasons);
      row.rejection_reasons = sorted;
    }
    return changed;
  }),
});
