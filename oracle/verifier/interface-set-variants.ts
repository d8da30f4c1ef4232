/**
 * The interface-set digests a provider gets when it builds the set wrongly in one of the
 * ways the contract rules out, each with the clause it breaks (L112):
 * - `input-order`: the members in the order the fixture lists its views, not sorted by raw
 *   (PackageId, ModuleId, authorized_view, semantic_digest) bytes (KD-DIGEST-07);
 * - `views-as-public`: every view digested as the public view, authorized_view 1, though the
 *   query is authorized for a module's internal view, 2 (KD-DIGEST-04);
 * - `unvalidated-included`: views that failed validation digested too (KD-DIGEST-10).
 * The request carries only the hash, so where a provider's stale or current verdict
 * contradicts the fixture, comparing the request's digest with these tells which mistake
 * the verdict follows from (check-fixture-gate.ts). Computed once per fixture.
 */
import { ByteWriter } from '../digest/byte-writer.js';
import { INTERFACE_SET_DOMAIN, interfaceSetDigest, type InterfaceMember } from '../digest/interface-set-digest.js';
import { kofunFrame } from '../digest/kofun-frame.js';
import { sha256Hex } from '../digest/sha256-hex.js';
import type { FixtureInterface } from '../fixture/fixture.js';

/** A wrong way to build the interface set, and the clause it breaks. */
export interface InterfaceSetVariant {
  name: 'input-order' | 'views-as-public' | 'unvalidated-included';
  clause: 'KD-DIGEST-07' | 'KD-DIGEST-04' | 'KD-DIGEST-10';
  /** How the digest was computed, for a message. */
  how: string;
  /** The digest so computed (lowercase hex). */
  digest: string;
}

const cache = new WeakMap<object, readonly InterfaceSetVariant[]>();

const memberOf = (i: FixtureInterface): InterfaceMember => ({
  package_id: i.package_id,
  module_id: i.module_id,
  view: i.view,
  semantic_digest: i.semantic_digest,
});

/** The digest of `members` in the order given, framed as L94-L110 define it but without the sort of L112. */
function unsortedDigest(members: readonly InterfaceMember[]): string {
  const payload = new ByteWriter().u32(members.length);
  for (const m of members)
    payload
      .id(m.package_id)
      .id(m.module_id)
      .u8(m.view === 'internal' ? 2 : 1)
      .id(m.semantic_digest);
  return sha256Hex(kofunFrame(INTERFACE_SET_DOMAIN, payload.finish()));
}

/** The digest of a set the contract's checks accept, else undefined (two views of one module, KD-DIGEST-06). */
function sortedDigest(members: readonly InterfaceMember[]): string | undefined {
  const d = interfaceSetDigest(members, { ignoreMemberCap: true });
  return d.ok ? d.digest : undefined;
}

/** The variant digests of a fixture's interface set, in the order above; a variant no set can form is left out. */
export function interfaceSetVariants(fixture: { interfaces: readonly FixtureInterface[] }): InterfaceSetVariant[] {
  const cached = cache.get(fixture);
  if (cached !== undefined) return [...cached];
  const validated = fixture.interfaces.filter((i) => i.validated).map(memberOf);
  const out: InterfaceSetVariant[] = [
    {
      name: 'input-order',
      clause: 'KD-DIGEST-07',
      how: 'with the members in the order the views are listed (not sorted by their raw bytes)',
      digest: unsortedDigest(validated),
    },
  ];
  const asPublic = sortedDigest(validated.map((m) => ({ ...m, view: 'public' })));
  if (asPublic !== undefined)
    out.push({
      name: 'views-as-public',
      clause: 'KD-DIGEST-04',
      how: 'with every view as the public view (authorized_view 1, internal views too)',
      digest: asPublic,
    });
  const withUnvalidated = sortedDigest(fixture.interfaces.map(memberOf));
  if (withUnvalidated !== undefined)
    out.push({
      name: 'unvalidated-included',
      clause: 'KD-DIGEST-10',
      how: 'with the views that failed validation included',
      digest: withUnvalidated,
    });
  cache.set(fixture, out);
  return [...out];
}
