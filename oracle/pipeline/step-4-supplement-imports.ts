/**
 * Contract step 4: supplement imports only from the authorized validated KIF views in
 * the interface-set digest (KD-LOOKUP-07), with the exposure rule of KIT-03 and the
 * omission reasons of KIT-04.
 *
 * - A current-file candidate is exposed when the compiler admits it at the position.
 * - An interface candidate is exposed when its view validated (so it is in the digest,
 *   KD-DIGEST-10), the current file has its names in scope, the compiler admits it, and
 *   the authorized view exposes its visibility: the public view exposes `pub`, the
 *   internal view `pub` and `internal` (KD-DIGEST-04).
 *
 * A candidate that is not exposed is withheld, never disclosed (KD-DISCLOSE-03):
 * `not-imported` when it is a `pub`, admitted candidate of a validated view whose names
 * are not in scope; `hidden-by-visibility` otherwise. A view that did not validate is
 * never searched (KIT-03 C): its candidates are outside the environment, and its mere
 * presence is reported by {@link hasUnvalidatedView}, never through its content.
 */
import type { FixtureCandidate, FixtureInterface, FixtureV1 } from '../fixture/fixture.js';
import type { Id, OmissionReason, Visibility } from '../records/discovery-records.js';
import type { CandidateStage } from './candidate-verdict.js';

function viewExposes(view: FixtureInterface['view'], visibility: Visibility): boolean {
  return visibility === 'pub' || (view === 'internal' && visibility === 'internal');
}

/**
 * The exposure rule of KIT-03 for one candidate: null when
 * exposed, else the omission reason that withholds it (KIT-04).
 */
export type Exposure = (candidate: FixtureCandidate) => OmissionReason | null;

/** The exposure rule over the fixture's interfaces (KIT-03, KIT-04). */
export function exposureRule(fixture: Pick<FixtureV1, 'interfaces'>): Exposure {
  // By PackageId, then ModuleId: a lookup per candidate without building a key string.
  // A later interface with the same pair replaces an earlier one, as a single map would.
  const views = new Map<Id, Map<Id, FixtureInterface>>();
  for (const i of fixture.interfaces) {
    let modules = views.get(i.package_id);
    if (modules === undefined) views.set(i.package_id, (modules = new Map()));
    modules.set(i.module_id, i);
  }
  return (c) => {
    if (c.home.kind === 'current-file') return c.admitted ? null : 'hidden-by-visibility';
    const view = views.get(c.home.package_id)?.get(c.home.module_id);
    // Outside the environment: step 3 never collects such a candidate; fail closed.
    if (view === undefined) return 'hidden-by-visibility';
    if (!view.validated) return 'incomplete-analysis';
    if (!view.names_in_scope) return c.visibility === 'pub' && c.admitted ? 'not-imported' : 'hidden-by-visibility';
    return c.admitted && viewExposes(view.view, c.visibility) ? null : 'hidden-by-visibility';
  };
}

/** The step 4 stage over the fixture's interfaces. */
export function supplementImports(fixture: Pick<FixtureV1, 'interfaces'>): CandidateStage {
  const exposure = exposureRule(fixture);
  return ({ candidate }) => exposure(candidate);
}

/**
 * Whether an authorized view failed validation. Its candidates are never read (step 3
 * leaves them out of the environment), but the candidate set it would have supplied is
 * unknown, so a lookup result carries one aggregate `incomplete-analysis` omission
 * whatever the view holds (KD-LOOKUP-07, KD-DIGEST-10, KIT-03 C).
 */
export function hasUnvalidatedView(fixture: Pick<FixtureV1, 'interfaces'>): boolean {
  return fixture.interfaces.some((i) => !i.validated);
}
