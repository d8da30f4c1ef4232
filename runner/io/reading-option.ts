/**
 * `--reading ENTRY:LABEL` of `query` and `serve`: answer under another reading of the interpretations register than its
 * choice, one the oracle runs (a switch, or a member of an acceptance rule as `ENTRY:LABEL/MEMBER`). Repeatable.
 */
import { kitReadings, readingsNamed, type Readings } from '../../oracle/index.js';

/** The commander option: flags, description, collector, default. */
export const readingOption = [
  '--reading <entry:label>',
  'follow this reading of the interpretations register instead of its choice (repeatable; e.g. KIT-12:A)',
  (value: string, previous: string[]) => [...previous, value],
  [] as string[],
] as const;

/** The readings named, over the register's choices; undefined readings when none is named. */
export function readingsFromOption(
  names: readonly string[],
): { ok: true; readings: Readings | undefined } | { ok: false; message: string } {
  if (names.length === 0) return { ok: true, readings: undefined };
  return readingsNamed(kitReadings(), names);
}
