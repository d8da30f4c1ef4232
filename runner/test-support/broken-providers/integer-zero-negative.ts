// Broken provider: integer zero written as -0 (a signed-zero formatter), where integers have no sign
// (KD-CANON-10, L364).
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('integer zero as -0', {
  result: ({ result }) => {
    const text = Buffer.from(result).toString('utf8');
    // In the canonical layout a number is a whole line's value: `"key": 0` or an array item `0`.
    const signed = text.replace(/^(\s*(?:"[^"\n]*": )?)0(,?)$/gm, '$1-0$2');
    return signed === text ? result : new Uint8Array(Buffer.from(signed, 'utf8'));
  },
});
