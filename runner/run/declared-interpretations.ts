/**
 * What a provider may declare in its hello's `interpretations` (PROTOCOL.md): `<entry>:<reading>` of a reading the
 * interpretations register holds (aliases included), or the name of an acceptable alternative of the vector set. A
 * declaration of anything else (`OQ-99:Z`, `../../etc/passwd`) is refused when the instance starts, naming the
 * nearest known name, so no report shows it as declared and no ACCEPTABLE verdict rests on it.
 */
import { escapeText, registerReadingNames } from '../../oracle/index.js';
import { nearestName } from '../io/suggest-name.js';
import type { VectorSet } from '../vectors/vector-source.js';

/** Every name a provider of `set` may declare. */
export function declarableInterpretations(set: Pick<VectorSet, 'queryVectors'>): ReadonlySet<string> {
  const names = new Set(registerReadingNames());
  for (const v of set.queryVectors) for (const a of v.acceptable) names.add(a.name);
  return names;
}

/** Why `declared` cannot be accepted, or undefined when every name is known. */
export function undeclarableProblem(declared: readonly string[], known: ReadonlySet<string>): string | undefined {
  const unknown = declared.filter((d) => !known.has(d));
  if (unknown.length === 0) return undefined;
  const sorted = [...known];
  const named = unknown.slice(0, 5).map((d) => {
    const nearest = nearestName(d, sorted);
    return `"${escapeText(d)}"${nearest === undefined ? '' : ` (nearest known: ${nearest})`}`;
  });
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
  return (
    `the provider's hello declares interpretations the register does not hold: ${named.join(', ')}${more}; ` +
    'declare <entry>:<reading> of oracle/interpretations.json, or the name of an acceptable alternative'
  );
}
