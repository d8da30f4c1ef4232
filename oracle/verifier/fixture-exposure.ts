/**
 * Which fixture candidates a provider may disclose (KIT-03, KD-DISCLOSE-03,
 * KD-LOOKUP-07): a current-file candidate when the compiler admits it; an interface
 * candidate when its home view is in the fixture, validated (so in the interface-set
 * digest), its names are in scope, the compiler admits it, and the authorized view
 * exposes its visibility (public view: pub; internal view: pub and internal). Every
 * other candidate is hidden: no row, and none of its identifying text in the result;
 * a hidden candidate the query collects is withheld with the omission reason of KIT-04.
 */
import type { FixtureCandidate, FixtureInterface } from '../fixture/fixture.js';

/** Why a collected candidate never becomes a row (KIT-04). */
export type Withholding = 'hidden-by-visibility' | 'not-imported' | 'incomplete-analysis' | 'unsupported-in-profile';

function viewExposes(view: FixtureInterface['view'], visibility: string): boolean {
  return visibility === 'pub' || (view === 'internal' && visibility === 'internal');
}

/**
 * Whether `c` is exposed, given the views of its home module (undefined for a current-file
 * candidate), and when it is not, the reason that withholds it.
 */
export function exposure(
  c: FixtureCandidate,
  homeViews: readonly FixtureInterface[] | undefined,
): { exposed: boolean; withheld: Withholding | null } {
  if (homeViews === undefined)
    return c.admitted ? { exposed: true, withheld: null } : { exposed: false, withheld: 'hidden-by-visibility' };
  // Two views of one module cannot both be current (KD-DIGEST-06): fail closed.
  const view = homeViews.length === 1 ? homeViews[0] : undefined;
  if (view === undefined) return { exposed: false, withheld: 'hidden-by-visibility' };
  if (!view.validated) return { exposed: false, withheld: 'incomplete-analysis' };
  if (!view.names_in_scope) {
    return { exposed: false, withheld: c.visibility === 'pub' && c.admitted ? 'not-imported' : 'hidden-by-visibility' };
  }
  return c.admitted && viewExposes(view.view, c.visibility)
    ? { exposed: true, withheld: null }
    : { exposed: false, withheld: 'hidden-by-visibility' };
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
    const views =
      c.home.kind === 'current-file' ? undefined : (byModule.get(`${c.home.package_id}:${c.home.module_id}`) ?? []);
    return exposure(c, views).exposed;
  };
}

/** What the verifier knows of an identity no result field may carry: whether its candidate is an extension. */
export interface HiddenIdentity {
  /** The hidden candidate is an extension (KD-DISCLOSE-08 names its leak). */
  extension: boolean;
}

const hiddenIdentityCache = new WeakMap<object, ReadonlyMap<string, HiddenIdentity>>();

/**
 * The identities no result field may carry, keyed `kind:value` (L389, L427, KIT-08 C): the
 * SymbolId and the ImplementationId of every candidate that is not exposed, except
 * candidates of a view that failed validation, which lookup never reads (KIT-03 C). An
 * identity is its kind and its value (L70): the same value under another kind is another
 * identity and is not withheld. Computed once per fixture.
 */
export function hiddenIdentities(fixture: {
  interfaces: readonly FixtureInterface[];
  candidatesInOrder: Iterable<FixtureCandidate>;
}): ReadonlyMap<string, HiddenIdentity> {
  const cached = hiddenIdentityCache.get(fixture);
  if (cached !== undefined) return cached;
  const exposed = exposureOf(fixture.interfaces);
  const unvalidated = new Set(
    fixture.interfaces.filter((i) => !i.validated).map((i) => `${i.package_id}:${i.module_id}`),
  );
  const out = new Map<string, HiddenIdentity>();
  const hide = (key: string, extension: boolean): void => {
    out.set(key, { extension: extension || (out.get(key)?.extension ?? false) });
  };
  for (const c of fixture.candidatesInOrder) {
    if (exposed(c)) continue;
    if (c.home.kind === 'interface' && unvalidated.has(`${c.home.package_id}:${c.home.module_id}`)) continue;
    const extension = c.origin.kind === 'extension';
    hide(`SymbolId:${c.identity}`, extension);
    if (c.origin.implementation_identity !== null)
      hide(`ImplementationId:${c.origin.implementation_identity}`, extension);
  }
  hiddenIdentityCache.set(fixture, out);
  return out;
}
