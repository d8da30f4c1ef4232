/**
 * The interface-set digest of the analysis key (KD-KEY-04): SHA-256 over the #303-style
 * frame of the contract (KD-DIGEST-02..11, kofun-frame.ts).
 *
 *   "KOFUN\0" || domain_length:u16be (32) || "kofun.discovery.interface-set/v1"
 *   || payload_length:u32be || payload
 *   payload = member_count:u32be || member_count x { PackageId:32 || ModuleId:32 ||
 *             authorized_view:u8 || semantic_digest:32 }
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import type { Id } from '../records/discovery-records.js';
import { isId } from '../records/scalar-checks.js';
import { LIMITS } from '../limits.js';
import { violation, type Violation } from '../violation.js';
import { kofunFrame } from './kofun-frame.js';
import { sha256Hex } from './sha256-hex.js';

/** The frame's ASCII domain (KD-DIGEST-02). */
export const INTERFACE_SET_DOMAIN = 'kofun.discovery.interface-set/v1';

/** The KIF view a query is authorized for: authorized_view 1 (public) or 2 (internal) (KD-DIGEST-04). */
export type InterfaceView = 'public' | 'internal';

/** One member of the interface set: an imported module's authorized KIF view. */
export interface InterfaceMember {
  package_id: Id;
  module_id: Id;
  view: InterfaceView;
  semantic_digest: Id;
}

/** The digest and the exact frame it hashes, or the first fault with the index of the member at fault. */
export type InterfaceSetDigest =
  { ok: true; digest: string; frame: Uint8Array } | { ok: false; violation: Violation & { member: number } };

/** Options of {@link interfaceSetDigest}. */
export interface InterfaceSetDigestOptions {
  /**
   * Digest a set of more than 4,096 members instead of rejecting it. The contract forbids
   * such a set (KD-DIGEST-08); this exists only so a fixture over the cap still has a
   * deterministic key to mismatch against (OQ-36: the query answers unavailable).
   */
  ignoreMemberCap?: boolean;
}

const MEMBER_BYTES = 97; // 32 + 32 + 1 + 32 (KD-DIGEST-03)
const VIEW_BYTE: Record<InterfaceView, number> = { public: 1, internal: 2 };
const ID_FIELDS = ['package_id', 'module_id', 'semantic_digest'] as const;

/**
 * Computes the interface-set digest of `members` in any order. Rejects, naming the member
 * index: more than 4,096 members (code `too-many-members`, KD-DIGEST-08, checked before
 * anything is allocated, KD-LIMIT-08); a malformed Id (`malformed-id`, KD-SCALAR-04); a view
 * other than public/internal (`bad-view`, KD-DIGEST-04); a second member for the same
 * (PackageId, ModuleId), with the same view (`duplicate-module`) or the other one
 * (`both-views`), whatever the semantic digests (KD-DIGEST-06).
 */
export function interfaceSetDigest(
  members: readonly InterfaceMember[],
  options: InterfaceSetDigestOptions = {},
): InterfaceSetDigest {
  if (members.length > LIMITS.interfaceSetMembers && options.ignoreMemberCap !== true) {
    return fail(
      LIMITS.interfaceSetMembers,
      'too-many-members',
      'KD-DIGEST-08',
      'The interface set has more than 4,096 members.',
      {
        pointer: `/${LIMITS.interfaceSetMembers}`,
        expected: `at most ${LIMITS.interfaceSetMembers} members`,
        actual: `${members.length} members`,
      },
    );
  }
  const firstIndex = new Map<string, number>();
  const keys: string[] = [];
  for (let i = 0; i < members.length; i++) {
    const m = members[i] as InterfaceMember;
    for (const field of ID_FIELDS) {
      if (!isId(m[field])) {
        return fail(i, 'malformed-id', 'KD-SCALAR-04', `Member ${field} is not an Id.`, {
          pointer: `/${i}/${field}`,
          expected: '64 lowercase hexadecimal characters',
          actual:
            typeof m[field] === 'string'
              ? `${(m[field] as string).length} characters, not all lowercase hex`
              : typeof m[field],
        });
      }
    }
    if (m.view !== 'public' && m.view !== 'internal') {
      return fail(i, 'bad-view', 'KD-DIGEST-04', 'Member view is neither public nor internal.', {
        pointer: `/${i}/view`,
        expected: '"public" | "internal"',
        actual: typeof m.view === 'string' ? JSON.stringify(m.view) : typeof m.view,
      });
    }
    const module = m.package_id + m.module_id;
    const earlier = firstIndex.get(module);
    if (earlier !== undefined) {
      const other = members[earlier] as InterfaceMember;
      const both = other.view !== m.view;
      return fail(
        i,
        both ? 'both-views' : 'duplicate-module',
        'KD-DIGEST-06',
        both ? 'Both views of one module are in the set.' : 'Two members name the same (PackageId, ModuleId).',
        {
          pointer: `/${i}`,
          expected: 'one member per (PackageId, ModuleId)',
          actual: `same module as member ${earlier}`,
        },
      );
    }
    firstIndex.set(module, i);
    // Fixed-width lowercase hex and the view digit sort as their raw bytes (KD-DIGEST-07).
    keys.push(module + String(VIEW_BYTE[m.view]) + m.semantic_digest);
  }
  keys.sort(compareUtf8);
  const frame = encodeFrame(keys);
  return { ok: true, digest: sha256Hex(frame), frame };
}

function encodeFrame(sortedKeys: readonly string[]): Uint8Array {
  const payload = new Uint8Array(4 + sortedKeys.length * MEMBER_BYTES); // KD-DIGEST-11
  new DataView(payload.buffer).setUint32(0, sortedKeys.length);
  let at = 4;
  for (const key of sortedKeys) {
    // key = PackageId hex (64) || ModuleId hex (64) || view digit (1) || semantic_digest hex (64)
    at = writeHex(payload, at, key, 0, 128);
    payload[at++] = key.charCodeAt(128) - 0x30;
    at = writeHex(payload, at, key, 129, 64);
  }
  return kofunFrame(INTERFACE_SET_DOMAIN, payload);
}

function writeHex(out: Uint8Array, at: number, hex: string, from: number, chars: number): number {
  for (let i = from; i < from + chars; i += 2)
    out[at++] = (nibble(hex.charCodeAt(i)) << 4) | nibble(hex.charCodeAt(i + 1));
  return at;
}

function nibble(c: number): number {
  return c <= 0x39 ? c - 0x30 : c - 0x57;
}

function fail(
  member: number,
  code: string,
  clause: string,
  message: string,
  where: { pointer: string; expected: string; actual: string },
): InterfaceSetDigest {
  return { ok: false, violation: { ...violation(code, clause, message, where), member } };
}
