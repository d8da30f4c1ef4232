// Broken provider: the interface-set digest computed with every view as the public one (authorized_view 1), so a
// query authorized for a package-internal view is answered stale-interface-set (KD-DIGEST-04, L112).
import { compareMembers, runWithOwnDigest } from './broken-provider-digest.js';

runWithOwnDigest('interface-set digest with every view public', (members) =>
  members.map((m) => ({ ...m, view: 1 })).sort(compareMembers),
);
