/**
 * The interface-set digest framed by hand from the contract (L94-L112), apart from the kit's digest code, for the
 * verifier's tests of the digests a provider gets wrong.
 */
import { createHash } from 'node:crypto';
import type { FixtureInterface } from '../fixture/fixture.js';

/** One member: a view and the authorized_view byte it is digested with (1 public, 2 internal, L112). */
export type HandMember = readonly [
  view: Pick<FixtureInterface, 'package_id' | 'module_id' | 'semantic_digest'>,
  byte: number,
];

/**
 * The digest of `members` in the order given: SHA-256 of "KOFUN\0", u16be 32, the domain, u32be payload length,
 * then the payload: u32be count and per member PackageId, ModuleId (32 raw bytes each), the view byte and the
 * semantic digest (32 raw bytes). `wrong` frames it the ways a provider gets wrong: every length little-endian, or
 * no member count at all.
 */
export function handDigest(
  members: readonly HandMember[],
  wrong: { littleEndian?: boolean; noCount?: boolean } = {},
): string {
  const le = wrong.littleEndian === true;
  const domain = Buffer.from('kofun.discovery.interface-set/v1', 'ascii');
  const count = Buffer.alloc(wrong.noCount === true ? 0 : 4);
  if (count.length > 0) (le ? count.writeUInt32LE.bind(count) : count.writeUInt32BE.bind(count))(members.length);
  const body = members.map(([m, view]) =>
    Buffer.concat([
      Buffer.from(m.package_id, 'hex'),
      Buffer.from(m.module_id, 'hex'),
      Buffer.from([view]),
      Buffer.from(m.semantic_digest, 'hex'),
    ]),
  );
  const payload = Buffer.concat([count, ...body]);
  const domainLength = Buffer.alloc(2);
  if (le) domainLength.writeUInt16LE(domain.length);
  else domainLength.writeUInt16BE(domain.length);
  const payloadLength = Buffer.alloc(4);
  if (le) payloadLength.writeUInt32LE(payload.length);
  else payloadLength.writeUInt32BE(payload.length);
  const frame = Buffer.concat([Buffer.from('KOFUN\0', 'latin1'), domainLength, domain, payloadLength, payload]);
  return createHash('sha256').update(frame).digest('hex');
}

/** `members` sorted by their raw (PackageId, ModuleId, view byte, semantic digest) bytes (L112). */
export function sortedMembers(members: readonly HandMember[]): HandMember[] {
  // Lowercase hex of fixed width and one view digit sort as the raw bytes they spell.
  const key = ([m, v]: HandMember): string => `${m.package_id}${m.module_id}${v}${m.semantic_digest}`;
  return [...members].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
