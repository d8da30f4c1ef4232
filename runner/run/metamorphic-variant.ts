import { sha256Bytes } from '../../oracle/index.js';
/**
 * Metamorphic canonical-order variants (KD-ORDER-12, KD-DIGEST-07, KD-KEY-07): the
 * same fixture with every array shuffled and every object's keys reordered (every
 * fixture array is order-free, oracle/fixture/fixture.ts), laid out differently. A
 * provider must give the same result bytes for it. Everything is derived from a seed,
 * so a failing variant is replayed exactly from the run seed and the vector id (its fixture fixes the rest).
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

/** The variant bytes of fixture bytes under `seed`: arrays shuffled, keys reordered, indentation varied. */
export function fixtureVariant(fixtureBytes: Uint8Array, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return shuffle(v.map(visit), random);
    if (typeof v === 'object' && v !== null) {
      const out: Record<string, unknown> = {};
      for (const key of shuffle(Object.keys(v), random)) out[key] = visit((v as Record<string, unknown>)[key]);
      return out;
    }
    return v;
  };
  const value = visit(JSON.parse(Buffer.from(fixtureBytes).toString('utf8')));
  const indent = Math.floor(random() * 4);
  return new Uint8Array(Buffer.from(`${JSON.stringify(value, null, indent)}\n`, 'utf8'));
}

/** A seeded sample of `count` ids (all when count is `all` or not smaller), in the given order. */
export function sampleIds(ids: readonly string[], count: number | 'all', seed: number): Set<string> {
  if (count === 'all' || count >= ids.length) return new Set(ids);
  const random = seededRandom(seed);
  return new Set(shuffle([...ids], random).slice(0, Math.max(0, count)));
}
