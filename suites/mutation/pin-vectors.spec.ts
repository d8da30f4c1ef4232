/**
 * The mocha spec StrykerJS runs against each mutant of the oracle (suites/mutation/stryker.config.json, through
 * `npm run mutation`): one test per query vector of the committed set, each the pin of pin-vector.ts, lightest world
 * first. With per-test coverage a mutant runs only the vectors whose evaluation reaches it. Every test reads its
 * fixture file again and loads it again (no cache across tests), so the coverage of a test is what its vector
 * exercises and no mutant is judged by a fixture loaded under another mutant.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PIN_SUITE_TITLE, pinnedVectors, pinTestName, pinVector } from './pin-vector.js';

/** Mocha's globals, which it sets before it loads a spec (the kit's own tests use uvu, so no type package). */
interface MochaGlobals {
  describe(title: string, body: (this: { timeout(ms: number): void }) => void): void;
  it(title: string, body: () => void): void;
}
const { describe, it } = globalThis as unknown as MochaGlobals;

describe(PIN_SUITE_TITLE, function () {
  // StrykerJS bounds each mutant's run itself (timeoutMS, timeoutFactor); mocha's own timeout would cut it short.
  this.timeout(0);
  for (const { vector, fixturePath } of pinnedVectors(join(dirname(fileURLToPath(import.meta.url)), '../../vectors')))
    it(pinTestName(vector), () => {
      const problems = pinVector(vector, new Uint8Array(readFileSync(fixturePath)));
      if (problems.length > 0) throw new Error(`${vector.id}: ${problems.join('; ')}`);
    });
});
