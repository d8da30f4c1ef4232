// Broken provider: exits abruptly on one vector (KCTK_TARGET_REQUEST_SHA256, else the first query).
import { runBrokenProvider } from './broken-provider.js';

runBrokenProvider('crash on one vector', {
  result: ({ result, targeted }) => {
    if (targeted) {
      process.stderr.write('broken provider: crashing on purpose\n');
      process.exit(70);
    }
    return result;
  },
});
