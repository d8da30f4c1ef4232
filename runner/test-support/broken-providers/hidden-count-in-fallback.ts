// Broken provider: a diagnostic's fallback text tells how many candidates were hidden, whenever a result withholds
// something by visibility; an omission and every text of a result must not carry a hidden-candidate count
// (KD-DISCLOSE-07, L339, L389).
import { editResult, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider('hidden-candidate count in fallback text', {
  result: editResult((value, { fixture }) => {
    const omissions = (value.omissions ?? []) as Loose[];
    const diagnostics = (value.diagnostics ?? []) as Loose[];
    if (diagnostics.length === 0 || !omissions.some((o) => o.reason === 'hidden-by-visibility')) return false;
    const hidden = fixture.candidatesInOrder.filter((c) => c.visibility !== 'pub' || !c.admitted).length;
    if (hidden === 0) return false;
    for (const d of diagnostics) d.fallback_text = `${String(d.fallback_text)} (${hidden} hidden candidates)`;
    return true;
  }),
});
