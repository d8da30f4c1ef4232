// Broken provider: reports a hidden candidate as not-imported, which discloses more than hidden-by-visibility
// (KD-DISCLOSE-06, KD-DISCLOSE-07).
import { editResult, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('hidden-by-visibility reported as not-imported', {
  result: editResult((value) => {
    const omissions = value.omissions as Loose[];
    const hidden = omissions.find((o) => o.reason === 'hidden-by-visibility');
    if (hidden === undefined || omissions.some((o) => o.reason === 'not-imported')) return false;
    hidden.reason = 'not-imported';
    omissions.sort((a, b) => (a.reason < b.reason ? -1 : 1));
    return true;
  }),
});
