// Broken provider: the interface-set digest over only the views some candidate lives in, as a provider that builds the
// set from the candidates it found, so a view that yields no candidate is left out (KD-DIGEST-13, L114: a view that
// yields zero candidates is recorded too).
import { compareMembers, runWithOwnDigest } from './broken-provider-digest.js';

runWithOwnDigest('interface-set digest without empty views', (members, fixture) => {
  const homes = new Set(
    [...fixture.candidates, ...fixture.candidate_series.map((s) => s.template)].flatMap((c) =>
      c.home.kind === 'interface' ? [`${c.home.package_id}:${c.home.module_id}`] : [],
    ),
  );
  return members.filter((m) => homes.has(`${m.package_id}:${m.module_id}`)).sort(compareMembers);
});
