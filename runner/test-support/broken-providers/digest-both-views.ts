// Broken provider: a module authorized for its package-internal view digested under its public view too, as a provider
// that records every view it can read (KD-DIGEST-06, L112: emitting both views for one module is invalid).
import { compareMembers, runWithOwnDigest } from './broken-provider-digest.js';

runWithOwnDigest('interface-set digest with both views of a module', (members) =>
  [...members, ...members.filter((m) => m.view === 2).map((m) => ({ ...m, view: 1 }))].sort(compareMembers),
);
