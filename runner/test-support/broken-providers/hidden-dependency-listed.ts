// Broken provider: lists a hidden candidate's SymbolId among a row's dependencies (KD-DISCLOSE-07).
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('hidden identity as a dependency', {
  result: editResult((value, { fixture }) => {
    const hidden = fixture.candidatesInOrder.find((c) => !c.admitted);
    const row = rowsOf(value)[0];
    if (hidden === undefined || row === undefined) return false;
    const deps = row.dependencies as Loose[];
    deps.push({ kind: 'SymbolId', source: 'live', status: row.status, value: hidden.identity });
    deps.sort((a, b) =>
      a.source !== b.source
        ? a.source < b.source
          ? -1
          : 1
        : a.kind !== b.kind
          ? a.kind < b.kind
            ? -1
            : 1
          : a.value < b.value
            ? -1
            : 1,
    );
    return true;
  }),
});
