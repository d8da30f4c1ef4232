/**
 * Features: the parts of the contract a provider may declare it does not implement yet, as test262 lists the
 * language features each test needs. Each is a whole capability the contract names, never a rule of one result, so a
 * provider that declares one missing still owes every other answer exactly, and a gate run says "conformant except
 * features X, Y" about it (PROTOCOL.md, "Features"):
 *
 * - `explain-operation`: the contract's third question, "Why is an expected operation unavailable?" (L13), the query
 *   kind `explain-operation` with its spelling (L137, L139; KD-REQ-06, KD-REQ-08, KD-RES-18, KD-RES-19);
 * - `include-unavailable`: `include_unavailable: true` on a general query, which "includes only visible rejected
 *   candidates" (L138; KD-REQ-07, KD-OWN-03): rows with availability `unavailable` shown on request;
 * - `release-cost`: the release build the gate compares (L434; KD-RELEASE-02, KD-RELEASE-03): a provider's declared
 *   build commands;
 * - `step-budget`: the 1,000,000 candidate/filter steps of one query (L77; KD-LIMIT-07), counted by the kit's step
 *   model (OQ-07 A, KIT-10), which a provider with another step model cannot match at the boundary.
 *
 * Which features a vector needs is derived by code from what it exercises (query-features.ts), never written by hand.
 */

/** Every feature, in UTF-8 byte order (the order every list of features is written in). */
export const FEATURES = ['explain-operation', 'include-unavailable', 'release-cost', 'step-budget'] as const;
export type Feature = (typeof FEATURES)[number];

/** What each feature is, in one line, with the clauses that define it (for help texts and reports). */
export const FEATURE_TEXT: Readonly<Record<Feature, string>> = {
  'explain-operation': 'the query kind explain-operation (KD-REQ-06, KD-RES-18, KD-RES-19)',
  'include-unavailable': 'include_unavailable: true on a general query (KD-REQ-07, KD-OWN-03)',
  'release-cost': 'the declared release builds the byte-identity gate compares (KD-RELEASE-02, KD-RELEASE-03)',
  'step-budget': 'the 1,000,000 candidate/filter steps of one query, counted as KIT-10 does (KD-LIMIT-07)',
};

/** Whether `name` is a feature. */
export function isFeature(name: string): name is Feature {
  return (FEATURES as readonly string[]).includes(name);
}

/** `features` without duplicates, in the order of {@link FEATURES}. */
export function sortedFeatures(features: Iterable<Feature>): Feature[] {
  const present = new Set(features);
  return FEATURES.filter((f) => present.has(f));
}
