/**
 * What the gate varied between two of its builds, as cause-hints.ts needs it: the named
 * values that differ (build path, HOME, time-zone and locale names), each build's clock
 * window and both umasks. Values equal on both sides are left out, since an equal value
 * cannot explain a difference.
 */
import type { BuildOutcome } from './build-once.js';
import type { BuildDifferences, VariedValue } from './cause-hints.js';

/** The differences between two matrix or vector builds. */
export function buildDifferences(a: BuildOutcome, b: BuildOutcome): BuildDifferences {
  const va = a.variation;
  const vb = b.variation;
  const candidates: VariedValue[] = [
    { variation: 'build path', a: va.buildRoot, b: vb.buildRoot },
    { variation: 'HOME', a: va.home, b: vb.home },
    { variation: 'time zone', a: va.tz, b: vb.tz },
    { variation: 'locale', a: va.locale, b: vb.locale },
  ];
  return {
    values: candidates.filter((c) => c.a !== c.b),
    clockA: a.clock,
    clockB: b.clock,
    umask: { a: va.umask, b: vb.umask },
  };
}
