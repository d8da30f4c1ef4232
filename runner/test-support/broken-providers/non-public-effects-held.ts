// Broken provider: a non-public effect assumed held wherever it is required, so an operation whose only missing
// effect is non-public is callable instead of unavailable with missing-effect (KD-EFFECT-05, KD-EFFECT-06, KIT-06 B:
// a public or non-public effect that is not held rejects).
import { effectsOf, holdAlso, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('non-public effects assumed held', {
  fixture: (world) =>
    holdAlso(
      world,
      effectsOf(world).filter((e: Loose) => e.public !== true),
    ),
});
