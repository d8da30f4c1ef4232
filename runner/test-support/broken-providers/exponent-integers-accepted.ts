// Broken provider: reads the request with a JSON parser that takes any number spelling for the integer it denotes
// (an exponent in either case, a fraction, a plus sign, a leading zero: `17E0`, `170E-1`, `17.0`, `+17`, `017` are 17),
// where canonical integers have none of them (KD-CANON-03, KD-CANON-10, L359, L364).
import { runBrokenProvider } from './broken-provider.js';

/** A JSON number token after a colon or at the start of an array item line. */
const NUMBER = /(:\s*|^\s*)([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,}\]\n])/gm;

runBrokenProvider('integers in any number spelling', {
  request: (request) => {
    const text = Buffer.from(request).toString('utf8');
    const respelled = text.replace(NUMBER, (whole, before: string, spelled: string) => {
      const value = Number(spelled);
      return Number.isSafeInteger(value) && value >= 0 ? `${before}${String(Math.abs(value))}` : whole;
    });
    return respelled === text ? request : new Uint8Array(Buffer.from(respelled, 'utf8'));
  },
});
