// Broken provider: reports provisional facts as validated (KD-CLOSURE-08/09/14).
import { encodeLikeCanonical, parseResult, runBrokenProvider } from './broken-provider.js';

type Fact = { status?: string; availability?: string; rejection_reasons?: string[] };

runBrokenProvider('provisional upgraded to validated', {
  result: ({ result }) => {
    const value = parseResult(result) as { type: Fact | null; operations: Fact[] };
    let changed = false;
    if (value.type?.status === 'provisional') {
      value.type.status = 'validated';
      changed = true;
    }
    for (const row of value.operations) {
      if (row.status !== 'provisional') continue;
      row.status = 'validated';
      changed = true;
    }
    return changed ? encodeLikeCanonical(value) : result;
  },
});
