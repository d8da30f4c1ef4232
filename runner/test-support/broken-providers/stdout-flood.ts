// Broken provider: floods stdout with unframed bytes on one vector (KCTK_TARGET_REQUEST_SHA256, else the first query).
import { writeSync } from 'node:fs';
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('stdout flood', {
  result: ({ result, targeted }) => {
    if (targeted) {
      const junk = Buffer.alloc(1 << 16, 0x41);
      // Blocks on a full pipe until the runner gives up and kills the process group.
      for (;;) writeSync(1, junk);
    }
    return result;
  },
});
