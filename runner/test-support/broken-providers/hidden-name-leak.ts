// Broken provider: discloses a hidden candidate's name and identity in a row, or its name in an
// omission when there is no row (KD-DISCLOSE-03, KD-OMIT-07).
import type { LoadedFixture, FixtureCandidate } from '../../../oracle/index.js';
import { encodeLikeCanonical, parseResult, runBrokenProvider } from './broken-provider.js';

/** A candidate the query must never disclose: not admitted, or behind a view that does not expose it. */
function hiddenCandidate(fixture: LoadedFixture): FixtureCandidate | undefined {
  return fixture.candidatesInOrder.find((c) => {
    if (!c.admitted) return true;
    if (c.home.kind !== 'interface') return false;
    const home = c.home;
    const view = fixture.interfaces.find((i) => i.package_id === home.package_id && i.module_id === home.module_id);
    if (view === undefined || !view.validated) return false;
    return view.view === 'public' ? c.visibility !== 'pub' : c.visibility !== 'pub' && c.visibility !== 'internal';
  });
}

runBrokenProvider('hidden name leaked', {
  result: ({ result, fixture }) => {
    const hidden = hiddenCandidate(fixture);
    if (hidden === undefined) return result;
    const value = parseResult(result);
    const rows = value.operations as { display_name: string; qualified_name: string; identity: { value: string } }[];
    const omissions = value.omissions as { requested_spelling: string | null }[];
    const row = rows[0];
    if (row !== undefined) {
      row.display_name = hidden.display_name;
      row.qualified_name = hidden.qualified_name;
      row.identity.value = hidden.identity;
    } else if (omissions[0] !== undefined) {
      omissions[0].requested_spelling = hidden.display_name;
    } else {
      return result;
    }
    return encodeLikeCanonical(value);
  },
});
