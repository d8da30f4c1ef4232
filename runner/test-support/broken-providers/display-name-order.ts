// Broken provider: operation rows alphabetized by display name instead of SymbolId order, KD-ORDER-06/07.
import { encodeLikeCanonical, parseResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('display-name order', {
  result: ({ result }) => {
    const value = parseResult(result);
    const rows = value.operations as { display_name: string }[];
    rows.sort((a, b) => (a.display_name < b.display_name ? -1 : a.display_name > b.display_name ? 1 : 0));
    return encodeLikeCanonical(value);
  },
});
