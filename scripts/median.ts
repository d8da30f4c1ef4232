/** The median of `xs` (the upper middle of an even count; NaN when empty), as every bench figure is reported. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}
