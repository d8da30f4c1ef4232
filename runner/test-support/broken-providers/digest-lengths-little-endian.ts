// Broken provider: the interface-set digest framed with domain_length, payload_length and member_count written
// little-endian (a host-order writer), so every current request with the compiler's digest is answered
// stale-interface-set and the little-endian digest is taken for current (KD-DIGEST-02, L94-L102: u16be, u32be).
import { createHash } from 'node:crypto';
import { compareMembers, runWithOwnDigest, type DigestMember } from './broken-provider-digest.js';

const DOMAIN = Buffer.from('kofun.discovery.interface-set/v1', 'ascii');

function littleEndian(members: readonly DigestMember[]): string {
  const count = Buffer.alloc(4);
  count.writeUInt32LE(members.length);
  const payload = Buffer.concat([
    count,
    ...members.map((m) =>
      Buffer.concat([
        Buffer.from(m.package_id, 'hex'),
        Buffer.from(m.module_id, 'hex'),
        Buffer.from([m.view]),
        Buffer.from(m.semantic_digest, 'hex'),
      ]),
    ),
  ]);
  const domainLength = Buffer.alloc(2);
  domainLength.writeUInt16LE(DOMAIN.length);
  const payloadLength = Buffer.alloc(4);
  payloadLength.writeUInt32LE(payload.length);
  const frame = Buffer.concat([Buffer.from('KOFUN\0', 'ascii'), domainLength, DOMAIN, payloadLength, payload]);
  return createHash('sha256').update(frame).digest('hex');
}

runWithOwnDigest(
  'interface-set digest with little-endian lengths',
  (members) => [...members].sort(compareMembers),
  littleEndian,
);
