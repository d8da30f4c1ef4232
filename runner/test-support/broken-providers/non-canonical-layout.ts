// Broken provider: the right JSON value in a non-canonical layout (four-space indent), KD-CANON-12.
import { parseResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('non-canonical layout', {
  result: ({ result }) => new Uint8Array(Buffer.from(`${JSON.stringify(parseResult(result), null, 4)}\n`, 'utf8')),
});
