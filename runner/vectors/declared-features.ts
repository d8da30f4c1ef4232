/**
 * The features a provider declares it does not implement (PROTOCOL.md, "Features"), in its hello's
 * `missing_features` or its configuration's: checked against the kit's feature names, so a misspelt one is refused
 * when the provider starts (the hello) or before anything runs (the configuration), naming the nearest known name,
 * and never leaves a vector NOT-APPLICABLE by accident.
 */
import { escapeText, FEATURES, isFeature, type Feature } from '../../oracle/index.js';
import { sortedFeatures } from '../../oracle/internal.js';
import { nearestName } from '../io/suggest-name.js';

/** Why `declared` cannot be accepted (`who` says where it was declared), or undefined when every name is known. */
export function undeclarableFeatures(declared: readonly string[], who: string): string | undefined {
  const unknown = declared.filter((d) => !isFeature(d));
  if (unknown.length === 0) return undefined;
  const named = unknown.slice(0, 5).map((d) => `"${escapeText(d)}" (nearest known: ${nearestName(d, FEATURES)})`);
  const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
  return (
    `${who} declares missing features the kit does not know: ${named.join(', ')}${more}; ` +
    `the features are ${FEATURES.join(', ')}`
  );
}

/** The features of `declared`, every name known (see {@link undeclarableFeatures}), sorted and without duplicates. */
export function declaredFeatures(declared: readonly string[]): Feature[] {
  return sortedFeatures(declared.filter(isFeature));
}

/** The features a vector needs that `missing` holds, in FEATURES order: empty when it is to be judged. */
export function missingFeaturesOf(needs: readonly string[], missing: ReadonlySet<string>): Feature[] {
  return sortedFeatures(needs.filter((f): f is Feature => isFeature(f) && missing.has(f)));
}
