// Broken provider: never shows a hidden candidate as a row, but its disclosure filter knows hidden candidates by a
// table that lacks their SymbolIds, so wherever the facts name one (the identity of a generic requirement or an
// effect, a dependency of a row or of the type fact) it is listed (KD-DISCLOSE-07, L389; KIT-08 C).
import { createHash } from 'node:crypto';
import { hiddenIn, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('hidden identities listed in nested fields', {
  keepKey: true,
  fixture: (world) => {
    for (const c of (world.candidates ?? []) as Loose[]) {
      if (hiddenIn(world, c) !== true) continue;
      c.identity = createHash('sha256')
        .update(`not the compiler's identity of ${String(c.identity)}`)
        .digest('hex');
    }
  },
});
