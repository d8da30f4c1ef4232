/**
 * Where two byte strings part: the one helper every message that says "differs at byte N" uses (vectors check, the
 * mutation pin, replay), so each names the same offset for the same bytes.
 */

/** The first offset at which `a` and `b` differ; their common length when one is a prefix of the other. */
export function firstDifferingByte(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}
