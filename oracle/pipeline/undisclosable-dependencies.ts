/**
 * Which identities no result field may carry (KD-DISCLOSE-03, KD-DISCLOSE-07, L389, L427,
 * KIT-08 C): the SymbolId and the ImplementationId of every candidate that is not exposed
 * by the rule of step 4 (KIT-03), whether as a dependency of the type fact or of a row, or
 * as the identity of a generic requirement or an effect. Part of contract step 9's
 * disclosure filter.
 *
 * Decision: candidates of a view that failed validation are left out, because nothing
 * inside such a view is ever read (KIT-03 C); their facts reach a row only through the
 * fact graph, whose statuses already keep the row from being validated (KD-CLOSURE-04).
 */
import type { FixtureCandidate, FixtureV1 } from '../fixture/fixture.js';
import type { Undisclosable } from './build-operation-row.js';
import { exposureRule } from './step-4-supplement-imports.js';

/** The predicate over dependency keys, built once per fixture from its candidates in any order. */
export function undisclosableDependencies(
  fixture: Pick<FixtureV1, 'interfaces'>,
  candidates: readonly FixtureCandidate[],
): Undisclosable {
  const exposure = exposureRule(fixture);
  const unvalidated = new Set(
    fixture.interfaces.filter((i) => !i.validated).map((i) => `${i.package_id}:${i.module_id}`),
  );
  const hidden = new Set<string>();
  for (const c of candidates) {
    if (c.home.kind === 'interface' && unvalidated.has(`${c.home.package_id}:${c.home.module_id}`)) continue;
    if (exposure(c) === null) continue;
    hidden.add(`SymbolId:${c.identity}`);
    if (c.origin.implementation_identity !== null) hidden.add(`ImplementationId:${c.origin.implementation_identity}`);
  }
  if (hidden.size === 0) return () => false;
  return (key) => hidden.has(`${key.kind}:${key.value}`);
}
