// Broken provider: canonical bytes without the final LF, KD-CANON-02.
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('final LF missing', { result: ({ result }) => result.subarray(0, result.length - 1) });
