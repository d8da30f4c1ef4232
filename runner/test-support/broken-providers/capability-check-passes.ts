// Broken provider: the capability check always passes, as if every effect an operation requires were held at the
// position (KD-EFFECT-05, KD-EFFECT-06, L421).
import { effectsOf, holdAlso, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('capability check always passes', {
  fixture: (world) => holdAlso(world, effectsOf(world)),
});
