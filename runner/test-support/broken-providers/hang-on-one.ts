// Broken provider: never answers one vector (KCTK_TARGET_REQUEST_SHA256, else the first query). When
// KCTK_HANG_NOTICE names a file, it is written as the hang begins, so a test can act while the vector is in flight.
import { writeFileSync } from 'node:fs';
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('hang', {
  result: ({ result, targeted }) => {
    if (!targeted) return result;
    const notice = process.env.KCTK_HANG_NOTICE;
    if (notice !== undefined) writeFileSync(notice, 'hanging\n');
    return new Promise<Uint8Array>(() => undefined);
  },
});
