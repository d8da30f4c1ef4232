// Broken provider: answers a lookup that found no useful fact unavailable with unsupported-in-profile as soon as an
// extension candidate was skipped, without asking whether anything else was withheld (here a view that failed
// validation), where that reason says unsupported work is all the lookup withheld (KD-RES-13, L191; KIT-09 A,
// KIT-18 A).
import { editResult, runBrokenProvider } from './broken-provider.js';

runBrokenProvider('unsupported-in-profile whenever an extension candidate was skipped', {
  result: editResult((value, { fixture, query }) => {
    if (value.status !== 'unavailable' || value.reason !== 'incomplete-current-file-facts') return false;
    if (query === undefined || query.kind === 'type') return false;
    if (!fixture.candidates.some((c) => c.origin.kind === 'extension')) return false;
    value.reason = 'unsupported-in-profile';
    return true;
  }),
});
