/**
 * A broken provider that computes the interface-set digest of the analysis key itself, wrongly: the reference
 * oracle, with the request's digest compared against the provider's own. Where the two digests differ, the digest
 * the compiler issued is answered stale-interface-set and the provider's own is answered as current, each echoing
 * the digest it was asked with (KD-KEY-04, KD-DIGEST-02..11, L94-L112).
 */
import { createHash } from 'node:crypto';
import type { LoadedFixture } from '../../../oracle/index.js';
import { encodeLikeCanonical, parseRequest, runBrokenProvider, type Loose } from './broken-provider.js';

/** One member of the frame's payload (L104-L110). */
export interface DigestMember {
  package_id: string;
  module_id: string;
  /** authorized_view: 1 public, 2 internal (L112). */
  view: number;
  semantic_digest: string;
}

const DOMAIN = 'kofun.discovery.interface-set/v1';

/** The #303-style frame's SHA-256 over `members` in the order given (L94-L112). */
export function frameDigest(members: readonly DigestMember[]): string {
  const payload = Buffer.concat([
    u32(members.length),
    ...members.map((m) =>
      Buffer.concat([
        Buffer.from(m.package_id, 'hex'),
        Buffer.from(m.module_id, 'hex'),
        Buffer.from([m.view]),
        Buffer.from(m.semantic_digest, 'hex'),
      ]),
    ),
  ]);
  const domain = Buffer.from(DOMAIN, 'ascii');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(domain.length);
  const frame = Buffer.concat([Buffer.from('KOFUN\0', 'ascii'), length, domain, u32(payload.length), payload]);
  return createHash('sha256').update(frame).digest('hex');
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** The validated views of a world, as the workspace lists them. */
export function membersOf(fixture: LoadedFixture): DigestMember[] {
  return fixture.interfaces
    .filter((i) => i.validated)
    .map((i) => ({
      package_id: i.package_id,
      module_id: i.module_id,
      view: i.view === 'internal' ? 2 : 1,
      semantic_digest: i.semantic_digest,
    }));
}

/** Raw member bytes order (L112). */
export function compareMembers(a: DigestMember, b: DigestMember): number {
  return (
    cmp(a.package_id, b.package_id) ||
    cmp(a.module_id, b.module_id) ||
    a.view - b.view ||
    cmp(a.semantic_digest, b.semantic_digest)
  );
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Serves the oracle with the provider's own digest in place of the compiler's: `frame` over `wrong(members)`, the
 * members the provider takes for the set.
 */
export function runWithOwnDigest(
  name: string,
  wrong: (members: readonly DigestMember[], fixture: LoadedFixture) => DigestMember[],
  frame: (members: readonly DigestMember[]) => string = frameDigest,
): void {
  let asked: string | undefined;
  runBrokenProvider(name, {
    request: (request, fixture) => {
      asked = undefined;
      const own = frame(wrong(membersOf(fixture), fixture));
      const issued = fixture.currentKey.interface_set_sha256;
      const value = parseRequest(request);
      const analysis = value?.analysis as Loose | undefined;
      if (value === undefined || own === issued || typeof analysis?.interface_set_sha256 !== 'string') return request;
      if (analysis.interface_set_sha256 === issued) analysis.interface_set_sha256 = own;
      else if (analysis.interface_set_sha256 === own) analysis.interface_set_sha256 = issued;
      else return request;
      asked = issued === analysis.interface_set_sha256 ? own : issued;
      return encodeLikeCanonical(value);
    },
    result: ({ result }) => {
      if (asked === undefined) return result;
      const value = JSON.parse(Buffer.from(result).toString('utf8')) as Loose;
      if (value.analysis !== null) value.analysis.interface_set_sha256 = asked;
      return encodeLikeCanonical(value);
    },
  });
}
