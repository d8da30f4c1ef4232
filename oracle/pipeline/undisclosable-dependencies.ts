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
import type { CandidateList } from '../fixture/candidate-list.js';
import type { FixtureCandidate, FixtureV1 } from '../fixture/fixture.js';
import type { Undisclosable } from './build-operation-row.js';
import { exposureRule } from './step-4-supplement-imports.js';

/**
 * The predicate over dependency keys, built once per fixture from its candidates. A series is judged on one member,
 * since exposure reads only the template (KIT-03): the SymbolId of a member of a hidden series is found by looking
 * the key up among the candidates, never by listing the members.
 */
export function undisclosableDependencies(
  fixture: Pick<FixtureV1, 'interfaces' | 'candidates' | 'candidate_series'>,
  list: CandidateList,
): Undisclosable {
  const exposure = exposureRule(fixture);
  const unvalidated = new Set(
    fixture.interfaces.filter((i) => !i.validated).map((i) => `${i.package_id}:${i.module_id}`),
  );
  const hides = (c: FixtureCandidate): boolean =>
    !(c.home.kind === 'interface' && unvalidated.has(`${c.home.package_id}:${c.home.module_id}`)) &&
    exposure(c) !== null;
  const hidden = new Set<string>();
  const hiddenSeries = new Set<number>();
  const hideImplementation = (c: FixtureCandidate): void => {
    if (c.origin.implementation_identity !== null) hidden.add(`ImplementationId:${c.origin.implementation_identity}`);
  };
  for (const c of fixture.candidates) {
    if (!hides(c)) continue;
    hidden.add(`SymbolId:${c.identity}`);
    hideImplementation(c);
  }
  fixture.candidate_series.forEach((s, n) => {
    if (s.count === 0) return;
    const member = list.member(n, 0);
    if (!hides(member)) return;
    hiddenSeries.add(n);
    hideImplementation(member);
  });
  if (hidden.size === 0 && hiddenSeries.size === 0) return () => false;
  return (key) => {
    if (hidden.has(`${key.kind}:${key.value}`)) return true;
    if (key.kind !== 'SymbolId' || hiddenSeries.size === 0) return false;
    const k = list.positionOf(key.value);
    // An explicit candidate's position gives -1: its own key was checked above.
    return k >= 0 && hiddenSeries.has(list.seriesAt(k));
  };
}
