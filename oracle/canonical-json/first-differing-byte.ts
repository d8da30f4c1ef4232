/**
 * Where two byte strings part: the one helper the kit's messages that say "differs at byte N" use (vectors check,
 * replay), so each names the same offset for the same bytes. The mutation pin keeps its own, since this one is mutated.
 */

/** The first offset at which `a` and `b` differ; their common length when one is a prefix of the other. */
export function firstDifferingByte(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}
