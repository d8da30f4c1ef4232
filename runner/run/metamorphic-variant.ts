import { sha256Bytes } from '../../oracle/index.js';
import type { VariantKind } from '../judge/verdict.js';
/**
 * Metamorphic canonical-order variants (KD-ORDER-12, KD-DIGEST-07, KD-KEY-07): the same fixture with its arrays and
 * its objects' keys in another order (every fixture array is order-free, oracle/fixture/fixture.ts), laid out
 * differently. A provider must give the same result bytes for each. Every vector is asked against three: every array
 * and every object's keys reversed, the same rotated by one, and a shuffle drawn from the seed. The first two do not
 * depend on the seed, so a provider whose answer follows the input order of any array of two or more elements, or of
 * any object's keys, fails on every seed (a shuffle alone keeps two elements in place half the time); the shuffle
 * reaches the orders neither of them makes. A failing shuffle is replayed exactly from the run seed and the vector id
 * (its fixture fixes the rest).
 */

/** A small deterministic PRNG (mulberry32) over a 32-bit seed: [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seed of one fixture's variant: the first 32 bits of SHA-256 of `<run seed>:<fixture SHA-256>`. Every vector of
 * a fixture is asked against the same variant, so a provider loads each variant once (as it loads each fixture once
 * in the base phase), and a failing variant is replayed from the run seed and the vector id alone.
 */
export function variantSeed(runSeed: number, fixtureSha256: string): number {
  return new DataView(sha256Bytes(`${runSeed}:${fixtureSha256}`).buffer).getUint32(0);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

/** An order of a list's items (a new list or the same one reordered). */
type Arrange = <T>(items: T[]) => T[];

/**
 * The value of fixture bytes with every array in the order `arrays` gives and every object's keys in the order `keys`
 * gives (both `arrays` when `keys` is absent), visited depth first, an array's elements before the array.
 */
function rearranged(fixtureBytes: Uint8Array, arrays: Arrange, keys: Arrange = arrays): unknown {
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return arrays(v.map(visit));
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const key of keys(Object.keys(v))) out[key] = visit((v as Record<string, unknown>)[key]);
      return out;
    }
    return v;
  };
  return visit(JSON.parse(Buffer.from(fixtureBytes).toString('utf8')));
}

/** A value as fixture bytes laid out with `indent` spaces (0: on one line), and a final line feed. */
function laidOut(value: unknown, indent: number): Uint8Array {
  return new Uint8Array(Buffer.from(`${JSON.stringify(value, null, indent)}\n`, 'utf8'));
}

/** The variant bytes of fixture bytes under `seed`: arrays shuffled, keys reordered, indentation varied. */
export function fixtureVariant(fixtureBytes: Uint8Array, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const value = rearranged(fixtureBytes, (items) => shuffle(items, random));
  return laidOut(value, Math.floor(random() * 4));
}

/** The first element last. */
function rotated<T>(items: T[]): T[] {
  return items.length < 2 ? items : [...items.slice(1), items[0] as T];
}

/**
 * A seed-free variant: every array and every object's keys reversed (laid out on one line), or rotated by one, the
 * first element last (laid out with a four-space indent).
 */
export function orderVariant(fixtureBytes: Uint8Array, kind: Exclude<VariantKind, 'shuffled'>): Uint8Array {
  return kind === 'reversed'
    ? laidOut(
        rearranged(fixtureBytes, (items) => items.reverse()),
        0,
      )
    : laidOut(rearranged(fixtureBytes, rotated), 4);
}

/** Fixture bytes with every object's keys reversed and every array as written, laid out on one line. */
export function keysReversed(fixtureBytes: Uint8Array): Uint8Array {
  return laidOut(
    rearranged(
      fixtureBytes,
      (items) => items,
      (items) => items.reverse(),
    ),
    0,
  );
}

/** A seeded sample of `count` ids (all when count is `all` or not smaller), in the given order. */
export function sampleIds(ids: readonly string[], count: number | 'all', seed: number): Set<string> {
  if (count === 'all' || count >= ids.length) return new Set(ids);
  const random = seededRandom(seed);
  return new Set(shuffle([...ids], random).slice(0, Math.max(0, count)));
}
