/**
 * The interface-set digests a provider gets when it builds or frames the set wrongly in one
 * of the ways the contract rules out, each with the clause it breaks (L94-L114):
 * - `input-order`: the members in the order the fixture lists its views, not sorted by raw
 *   (PackageId, ModuleId, authorized_view, semantic_digest) bytes (KD-DIGEST-07);
 * - `views-as-public`: every view digested as the public view, authorized_view 1, though the
 *   query is authorized for a module's internal view, 2 (KD-DIGEST-04);
 * - `unvalidated-included`: views that failed validation digested too (KD-DIGEST-10);
 * - `lengths-little-endian`: domain_length, payload_length and member_count written
 *   little-endian, not as u16be and u32be (KD-DIGEST-02);
 * - `empty-views-left-out`: only the views some candidate lives in, leaving out a view that
 *   yields no candidate (KD-DIGEST-13);
 * - `no-count-for-empty-set`: the empty set as an empty payload, without member_count = 0
 *   (KD-DIGEST-09);
 * - `both-views`: a module authorized for its internal view digested under both its views
 *   (KD-DIGEST-06).
 * The request carries only the hash, so where a provider's stale or current verdict
 * contradicts the fixture, comparing the request's digest with these tells which mistake
 * the verdict follows from (check-fixture-gate.ts). A variant whose digest is the current
 * one on a fixture (no such view, nothing to sort) tells nothing there and is left out.
 * Computed once per fixture.
 */
import { ByteWriter } from '../digest/byte-writer.js';
import { INTERFACE_SET_DOMAIN, type InterfaceMember } from '../digest/interface-set-digest.js';
import { kofunFrame } from '../digest/kofun-frame.js';
import { sha256Hex } from '../digest/sha256-hex.js';
import type { FixtureCandidate, FixtureCandidateSeries, FixtureInterface } from '../fixture/fixture.js';
import { compareUtf8 } from '../canonical-json/compare-utf8.js';

/** A wrong way to build the interface set, and the clause it breaks. */
export interface InterfaceSetVariant {
  name:
    | 'input-order'
    | 'views-as-public'
    | 'unvalidated-included'
    | 'lengths-little-endian'
    | 'empty-views-left-out'
    | 'no-count-for-empty-set'
    | 'both-views';
  clause:
    | 'KD-DIGEST-07'
    | 'KD-DIGEST-04'
    | 'KD-DIGEST-10'
    | 'KD-DIGEST-02'
    | 'KD-DIGEST-13'
    | 'KD-DIGEST-09'
    | 'KD-DIGEST-06';
  /** How the digest was computed, for a message. */
  how: string;
  /** The digest so computed (lowercase hex). */
  digest: string;
}

/** What the variants are computed from: the views, and the candidates that say which views yield any. */
export interface VariantInput {
  interfaces: readonly FixtureInterface[];
  candidates: readonly Pick<FixtureCandidate, 'home'>[];
  candidate_series: readonly Pick<FixtureCandidateSeries, 'template' | 'count'>[];
}

const cache = new WeakMap<object, readonly InterfaceSetVariant[]>();

const memberOf = (i: FixtureInterface): InterfaceMember => ({
  package_id: i.package_id,
  module_id: i.module_id,
  view: i.view,
  semantic_digest: i.semantic_digest,
});

const viewByte = (m: InterfaceMember): number => (m.view === 'internal' ? 2 : 1);

/** Members in raw (PackageId, ModuleId, authorized_view, semantic_digest) order (L112); hex order is byte order. */
function sorted(members: readonly InterfaceMember[]): InterfaceMember[] {
  const key = (m: InterfaceMember): string => `${m.package_id}${m.module_id}${viewByte(m)}${m.semantic_digest}`;
  return [...members].sort((a, b) => compareUtf8(key(a), key(b)));
}

/** The member bytes of L104-L110 in the order given. */
function memberBytes(members: readonly InterfaceMember[]): ByteWriter {
  const w = new ByteWriter();
  for (const m of members) w.id(m.package_id).id(m.module_id).u8(viewByte(m)).id(m.semantic_digest);
  return w;
}

/** The frame of L94-L110 over `members` in the order given, duplicates and all. */
function framedDigest(members: readonly InterfaceMember[]): string {
  const payload = new ByteWriter().u32(members.length).bytes(memberBytes(members).finish()).finish();
  return sha256Hex(kofunFrame(INTERFACE_SET_DOMAIN, payload));
}

/** The frame with every length little-endian: u16le domain_length, u32le payload_length and member_count. */
function littleEndianDigest(members: readonly InterfaceMember[]): string {
  const body = memberBytes(members).finish();
  const payload = new Uint8Array(4 + body.length);
  new DataView(payload.buffer).setUint32(0, members.length, true);
  payload.set(body, 4);
  const magic = Uint8Array.of(0x4b, 0x4f, 0x46, 0x55, 0x4e, 0x00);
  const frame = new Uint8Array(magic.length + 2 + INTERFACE_SET_DOMAIN.length + 4 + payload.length);
  const view = new DataView(frame.buffer);
  frame.set(magic, 0);
  view.setUint16(magic.length, INTERFACE_SET_DOMAIN.length, true);
  for (let i = 0; i < INTERFACE_SET_DOMAIN.length; i++)
    frame[magic.length + 2 + i] = INTERFACE_SET_DOMAIN.charCodeAt(i);
  view.setUint32(magic.length + 2 + INTERFACE_SET_DOMAIN.length, payload.length, true);
  frame.set(payload, frame.length - payload.length);
  return sha256Hex(frame);
}

/** The variant digests of a fixture's interface set, in the order above; one equal to the current one is left out. */
export function interfaceSetVariants(fixture: VariantInput): InterfaceSetVariant[] {
  const cached = cache.get(fixture);
  if (cached !== undefined) return [...cached];
  const validated = fixture.interfaces.filter((i) => i.validated).map(memberOf);
  const current = framedDigest(sorted(validated));
  const homes = new Set<string>();
  const home = (c: Pick<FixtureCandidate, 'home'>): void => {
    if (c.home.kind === 'interface') homes.add(`${c.home.package_id}:${c.home.module_id}`);
  };
  for (const c of fixture.candidates) home(c);
  for (const s of fixture.candidate_series) if (s.count > 0) home(s.template);
  const variants: InterfaceSetVariant[] = [
    {
      name: 'input-order',
      clause: 'KD-DIGEST-07',
      how: 'with the members in the order the views are listed (not sorted by their raw bytes)',
      digest: framedDigest(validated),
    },
    {
      name: 'views-as-public',
      clause: 'KD-DIGEST-04',
      how: 'with every view as the public view (authorized_view 1, internal views too)',
      digest: framedDigest(sorted(validated.map((m) => ({ ...m, view: 'public' })))),
    },
    {
      name: 'unvalidated-included',
      clause: 'KD-DIGEST-10',
      how: 'with the views that failed validation included',
      digest: framedDigest(sorted(fixture.interfaces.map(memberOf))),
    },
    {
      name: 'lengths-little-endian',
      clause: 'KD-DIGEST-02',
      how: 'with domain_length, payload_length and member_count little-endian',
      digest: littleEndianDigest(sorted(validated)),
    },
    {
      name: 'empty-views-left-out',
      clause: 'KD-DIGEST-13',
      how: 'with only the views some candidate lives in (views that yield no candidate left out)',
      digest: framedDigest(sorted(validated.filter((m) => homes.has(`${m.package_id}:${m.module_id}`)))),
    },
    {
      name: 'no-count-for-empty-set',
      clause: 'KD-DIGEST-09',
      how: 'with the empty set as an empty payload (no member_count)',
      digest: validated.length === 0 ? sha256Hex(kofunFrame(INTERFACE_SET_DOMAIN, new Uint8Array(0))) : current,
    },
    {
      name: 'both-views',
      clause: 'KD-DIGEST-06',
      how: 'with a module authorized for its internal view digested under its public view too',
      digest: framedDigest(
        sorted([
          ...validated,
          ...validated.filter((m) => m.view === 'internal').map((m) => ({ ...m, view: 'public' as const })),
        ]),
      ),
    },
  ];
  const out = variants.filter((v) => v.digest !== current);
  cache.set(fixture, out);
  return [...out];
}
