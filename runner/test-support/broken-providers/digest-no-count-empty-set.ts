// Broken provider: the empty interface set framed as an empty payload, without member_count, as a writer that emits
// the count only with the first member does (KD-DIGEST-09, L112: the empty set is encoded with member_count = 0).
import { createHash } from 'node:crypto';
import { compareMembers, frameDigest, runWithOwnDigest, type DigestMember } from './broken-provider-digest.js';

function countless(members: readonly DigestMember[]): string {
  if (members.length > 0) return frameDigest(members);
  const domain = Buffer.from('kofun.discovery.interface-set/v1', 'ascii');
  const header = Buffer.from([0x00, domain.length]);
  const frame = Buffer.concat([Buffer.from('KOFUN\0', 'ascii'), header, domain, Buffer.alloc(4)]);
  return createHash('sha256').update(frame).digest('hex');
}

runWithOwnDigest(
  'interface-set digest without a count for the empty set',
  (members) => [...members].sort(compareMembers),
  countless,
);
