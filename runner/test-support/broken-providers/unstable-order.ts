// Broken provider: operation rows in an order that changes from run to run (hash-table order), KD-ORDER-12.
import { encodeLikeCanonical, parseResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('order that changes between runs', {
  result: ({ result }) => {
    const value = parseResult(result);
    const rows = value.operations as unknown[];
    if (rows.length < 2) return result;
    let moved = false;
    while (!moved) {
      for (let i = rows.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        if (i !== j) moved = true;
        [rows[i], rows[j]] = [rows[j], rows[i]];
      }
    }
    return encodeLikeCanonical(value);
  },
});
