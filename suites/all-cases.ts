/**
 * Every case of the kit, in category order (KD-ACCEPT-13): the input of
 * `kofun-ctk vectors generate`. Case ids are `<category>/<slug>`, unique, and never
 * change once published; a renamed case is recorded in suites/renames.json.
 */
import { CATEGORIES, type CaseDefinition } from './case-definition.js';
import { canonicalOrderCases } from './canonical-order.js';
import { completeCases } from './complete.js';
import { disclosureScopeCases } from './disclosure-scope-cases.js';
import { effectCases } from './effect.js';
import { endOfSourceCases } from './end-of-source-cases.js';
import { escapedClassCases } from './escaped-classes-cases.js';
import { failClosedCases } from './fail-closed-cases.js';
import { hiddenCases } from './hidden.js';
import { invalidCases } from './invalid.js';
import { limitCases } from './limit.js';
import { ownershipCases } from './ownership.js';
import { partialCases } from './partial.js';
import { releaseCostCases } from './release-cost.js';
import { requestCheckCases } from './request-check-cases.js';
import { seriesCases } from './series-cases.js';
import { staleCases } from './stale.js';

/**
 * The contract's required acceptance examples (section "Required acceptance examples"),
 * each a named vector.
 */
export const ACCEPTANCE_EXAMPLE_IDS = {
  'Complete List[Text]': 'complete/list-text-operations',
  'Incomplete generic value': 'partial/unconstrained-t1',
  'Imported extension': 'partial/imported-extension-unsupported-in-profile',
  'Hidden extension': 'hidden/hidden-extension-no-leak',
  'Unsatisfied trait bound': 'partial/unsatisfied-trait-bound-unsupported-in-profile',
  'read, edit, and take (omitted by default)': 'ownership/sort-in-place-omitted-by-default',
  'read, edit, and take (requires-edit on request)': 'ownership/sort-in-place-requires-edit-on-request',
  'read, edit, and take (take filtered independently)': 'ownership/explain-into-iter-edit-receiver',
  'Effects and capabilities (unavailable)': 'effect/network-authority-missing',
  'Effects and capabilities (explanation)': 'effect/explain-network-authority-missing',
} as const;

let cache: CaseDefinition[] | undefined;

/**
 * Every case, grouped by category in the order of CATEGORIES.
 * Built once per process; callers must not change the cases.
 */
export function allCases(): CaseDefinition[] {
  if (cache === undefined) cache = buildAllCases();
  return cache;
}

/** Every case, built afresh (for checks that two builds give the same vectors). */
export function buildAllCases(): CaseDefinition[] {
  const byCategory: Record<(typeof CATEGORIES)[number], () => CaseDefinition[]> = {
    complete: completeCases,
    partial: partialCases,
    stale: staleCases,
    invalid: invalidCases,
    hidden: hiddenCases,
    ownership: ownershipCases,
    effect: effectCases,
    'canonical-order': canonicalOrderCases,
    limit: limitCases,
    'release-cost': releaseCostCases,
  };
  // The fail-closed, end-of-source, escaped-class, request-check and disclosure-scope cases span categories; each is
  // filed after its category's own cases.
  const across = [
    ...failClosedCases(),
    ...endOfSourceCases(),
    ...escapedClassCases(),
    ...requestCheckCases(),
    ...disclosureScopeCases(),
    ...seriesCases(),
  ];
  return CATEGORIES.flatMap((category) => [
    ...byCategory[category](),
    ...across.filter((c) => c.category === category),
  ]);
}
