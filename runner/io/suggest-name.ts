/**
 * "Did you mean": the known name nearest to a mistyped one by edit distance (fastest-levenshtein), offered only when
 * it is near enough to be a typo rather than another name altogether.
 */
import { closest, distance } from 'fastest-levenshtein';

/**
 * The known name closest to `name`, or undefined when none is within a typo's reach: at most a third of the longer
 * name's length in edits, and at least one (so `stal` finds `stale` but `hidden` does not suggest `invalid`).
 */
export function suggestName(name: string, known: readonly string[]): string | undefined {
  if (known.length === 0 || name === '') return undefined;
  const nearest = closest(name, known);
  const edits = distance(name, nearest);
  const reach = Math.max(1, Math.floor(Math.max(name.length, nearest.length) / 3));
  return edits > 0 && edits <= reach ? nearest : undefined;
}

/** The known name nearest to `name` by edit distance, however far (a refusal names it), or undefined when none. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  return known.length === 0 ? undefined : closest(name, known);
}
