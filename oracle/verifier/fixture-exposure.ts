/**
 * Which fixture candidates a provider may disclose (KIT-03, KD-DISCLOSE-03,
 * KD-LOOKUP-07): a current-file candidate when the compiler admits it; an interface
 * candidate when its home view is in the fixture, validated (so in the interface-set
 * digest), its names are in scope, the compiler admits it, and the authorized view
 * exposes its visibility (public view: pub; internal view: pub and internal). Every
 * other candidate is hidden: no row, and none of its identifying text in the result.
 */
import type { FixtureCandidate, FixtureInterface } from '../fixture/fixture.js';
import type { Visibility } from '../records/discovery-records.js';

function viewExposes(view: FixtureInterface['view'], visibility: Visibility): boolean {
  return visibility === 'pub' || (view === 'internal' && visibility === 'internal');
}

/** A predicate telling whether a candidate is exposed under KIT-03. */
export function exposureOf(interfaces: readonly FixtureInterface[]): (c: FixtureCandidate) => boolean {
  const byModule = new Map<string, FixtureInterface[]>();
  for (const i of interfaces) {
    const k = `${i.package_id}:${i.module_id}`;
    const list = byModule.get(k);
    if (list === undefined) byModule.set(k, [i]);
    else list.push(i);
  }
  return (c) => {
    if (!c.admitted) return false;
    if (c.home.kind === 'current-file') return true;
    const views = byModule.get(`${c.home.package_id}:${c.home.module_id}`) ?? [];
    // Two views of one module cannot both be current (KD-DIGEST-06); fail closed.
    if (views.length !== 1) return false;
    const view = views[0] as FixtureInterface;
    return view.validated && view.names_in_scope && viewExposes(view.view, c.visibility);
  };
}

const hiddenIdentityCache = new WeakMap<object, ReadonlySet<string>>();

/**
 * The identities no result field may carry, as `kind:value` (L389, L427, KIT-08 C): the
 * SymbolId and the ImplementationId of every candidate that is not exposed, except
 * candidates of a view that failed validation, which lookup never reads (KIT-03 C).
 * Computed once per fixture.
 */
export function hiddenIdentities(fixture: {
  interfaces: readonly FixtureInterface[];
  candidatesInOrder: Iterable<FixtureCandidate>;
}): ReadonlySet<string> {
  const cached = hiddenIdentityCache.get(fixture);
  if (cached !== undefined) return cached;
  const exposed = exposureOf(fixture.interfaces);
  const unvalidated = new Set(
    fixture.interfaces.filter((i) => !i.validated).map((i) => `${i.package_id}:${i.module_id}`),
  );
  const out = new Set<string>();
  for (const c of fixture.candidatesInOrder) {
    if (exposed(c)) continue;
    if (c.home.kind === 'interface' && unvalidated.has(`${c.home.package_id}:${c.home.module_id}`)) continue;
    out.add(`SymbolId:${c.identity}`);
    if (c.origin.implementation_identity !== null) out.add(`ImplementationId:${c.origin.implementation_identity}`);
  }
  hiddenIdentityCache.set(fixture, out);
  return out;
}
