// Broken provider: "JavaScript-safe JSON": U+2028 and U+2029 written as \u2028 and \u2029, where the canonical
// bytes hold every permitted character but " and \ literally (KD-CANON-09, L363).
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('U+2028 and U+2029 escaped', {
  result: ({ result }) => {
    const text = Buffer.from(result).toString('utf8');
    // Neither character is JSON syntax, so each one stands inside a string.
    const escaped = text.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    return escaped === text ? result : new Uint8Array(Buffer.from(escaped, 'utf8'));
  },
});
