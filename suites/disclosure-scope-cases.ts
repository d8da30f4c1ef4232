/**
 * Cases for which identities KIT-08 C withholds (L389, L427; KD-DISCLOSE-03, KD-DISCLOSE-07): the SymbolId and the
 * ImplementationId of every candidate that is not exposed (KIT-03), wherever the candidate comes from, and nothing
 * else. Hidden: every member of a candidate series whose template is hidden, the ImplementationId of a hidden
 * extension, and a candidate whose home module has no view in the query's environment at all. Not hidden, so listed
 * as usual: the members of a series whose template is exposed, a TypeId whose value is a hidden member's SymbolId
 * value (an identity is a kind and a value, L70), a SymbolId that names no candidate, the ImplementationId a series
 * of no members states in its template (it is the identity of no candidate), and a candidate of a view that failed
 * validation (never read, KIT-03 C). Beside them, the exposure rule's own edges: a private declaration of a module
 * seen through its internal view, and a private, admitted declaration of a module whose names are not in scope (not
 * `not-imported`: importing it would not make it visible). Every world here has its own source bytes (KIT-25).
 */
import type { FactKey, FixtureCandidate, FixtureV1 } from '../oracle/fixture/fixture.js';
import { variant } from '../oracle/fixture/fixture-builder.js';
import { implementationId, symbolId } from '../oracle/fixture/fixture-ids.js';
import type { QueryCase } from './case-definition.js';
import { candidateNamed, homeIn, memberSymbolId, seriesLike } from './fixtures/candidate-series.js';
import { HIDDEN_NAMES, hiddenWorld } from './fixtures/hidden-world.js';
import { ownWorld } from './fixtures/own-world.js';
import { requestFor } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

/**
 * The hidden series of the series world: private declarations of the keyring module. Its seed is chosen so that
 * member 1 has the smallest SymbolId of the world, the first position of the canonical order (KIT-10), where a
 * position test of `> 0` instead of `>= 0` would miss it (suites/disclosure-scope-cases.test.ts holds it there).
 */
export const HIDDEN_SERIES = { seed: 'kit-08/sealed-vault-keys-22', count: 2, first: 1 } as const;
/** The visible series of the series world: one public declaration of the keyring module. */
const VISIBLE_SERIES = { seed: 'kit-08/keyring-badges', count: 1 } as const;

/** Adds a kif fact node for `kind` and `value` to `f`, with no dependencies; returns its key. */
function kifFact(f: FixtureV1, kind: FactKey['kind'], value: string, status: 'validated' | 'provisional'): FactKey {
  const key: FactKey = { source: 'kif', kind, value };
  f.facts.push({ ...key, status, depends_on: [], diagnostic_ids: [] });
  return key;
}

/**
 * The hidden world's visible operations beside a hidden series (two private members) and a visible one (one public
 * member): `fingerprint` depends on the hidden member that sorts first; `token_len` on the visible member, on a TypeId
 * sharing that hidden member's SymbolId value, and on the SymbolId of a struct that is no candidate.
 */
function seriesWorld(): FixtureV1 {
  return ownWorld(
    variant(hiddenWorld({ only: [] }), (f) => {
      const fingerprint = candidateNamed(f, 'secretcorp.keyring.fingerprint');
      const tokenLen = candidateNamed(f, 'app.session.token_len');
      f.candidate_series.push(
        seriesLike(
          fingerprint,
          { ...HIDDEN_SERIES, qualifiedNamePrefix: 'secretcorp.keyring.zqSealedVaultKey' },
          { visibility: 'private', signature: 'secretcorp.keyring.zqSealedVaultKey(read Token) -> Key' },
        ),
        seriesLike(
          fingerprint,
          { ...VISIBLE_SERIES, qualifiedNamePrefix: 'secretcorp.keyring.badge' },
          { signature: 'secretcorp.keyring.badge(read Token) -> Badge' },
        ),
      );
      const hiddenMember = memberSymbolId(HIDDEN_SERIES.seed, HIDDEN_SERIES.first);
      fingerprint.dependencies.push(kifFact(f, 'SymbolId', hiddenMember, 'validated'));
      tokenLen.dependencies.push(
        kifFact(f, 'SymbolId', memberSymbolId(VISIBLE_SERIES.seed, 0), 'validated'),
        kifFact(f, 'TypeId', hiddenMember, 'validated'),
        kifFact(f, 'SymbolId', symbolId('secretcorp.keyring.Fingerprint'), 'validated'),
      );
    }),
    'hidden and visible candidate series',
  );
}

/** The ImplementationId a series of no members states in its template: the identity of no candidate. */
const EMPTY_SERIES_IMPLEMENTATION = 'shadowpkg.ext.impl:EchoForToken';
/** A module with no view in the fixture: outside the query's environment (KIT-03). */
const GHOST = { package: 'ghostpkg', module: 'ghostpkg.phantom' } as const;

/**
 * The hidden world's private extension and unvalidated view, with more hidden declarations: a private one of the
 * internally viewed `app.audit`, a private admitted one of the unimported `partnerlib.beacon`, a public admitted one of
 * a module with no view, and a private extension series of no members. `token_len` depends on the unvalidated view's
 * declaration (a provisional kif fact: a view that failed validation cannot validate it, L222) and on the empty
 * series' ImplementationId; `fingerprint` on the private extension's ImplementationId; `audit_tag` on the SymbolId of
 * the declaration with no view.
 */
function sourcesWorld(): FixtureV1 {
  return ownWorld(
    variant(hiddenWorld({ only: ['privateExtension', 'unvalidatedView'] }), (f) => {
      const tokenLen = candidateNamed(f, 'app.session.token_len');
      const fingerprint = candidateNamed(f, 'secretcorp.keyring.fingerprint');
      const auditTag = candidateNamed(f, 'app.audit.audit_tag');
      const extension = candidateNamed(f, `shadowpkg.ext.${HIDDEN_NAMES.privateExtension}`);
      const vendor = candidateNamed(f, `vendorlib.trace.${HIDDEN_NAMES.unvalidatedView}`);
      const declared = (base: FixtureCandidate, qualified: string, changes: Partial<FixtureCandidate>) => {
        const { dependencies: _d, diagnostic_ids: _g, ...rest } = structuredClone(base);
        f.candidates.push({
          ...rest,
          identity: symbolId(qualified),
          display_name: qualified.slice(qualified.lastIndexOf('.') + 1),
          qualified_name: qualified,
          signature: `${qualified}(read Token) -> Unit`,
          dependencies: [],
          diagnostic_ids: [],
          ...changes,
        });
        return symbolId(qualified);
      };
      declared(auditTag, 'app.audit.zqAuditTrailWipe', { visibility: 'private' });
      declared(fingerprint, 'partnerlib.beacon.zqBeaconPrivateJam', {
        visibility: 'private',
        ...homeIn({ package: 'partnerlib', module: 'partnerlib.beacon' }, fingerprint),
      });
      const ghost = declared(fingerprint, `${GHOST.module}.zqGhostPhantomCall`, homeIn(GHOST, fingerprint));
      f.candidate_series.push(
        seriesLike(
          extension,
          { seed: 'kit-08/empty-shadow-series', count: 0, qualifiedNamePrefix: 'shadowpkg.ext.zqEmptyShadowEcho' },
          {
            origin: { ...extension.origin, implementation_identity: implementationId(EMPTY_SERIES_IMPLEMENTATION) },
            signature: 'shadowpkg.ext.zqEmptyShadowEcho(read Token) -> Echo',
          },
        ),
      );
      const glow = extension.origin.implementation_identity;
      if (glow === null) throw new Error('the private extension has no implementation identity');
      tokenLen.dependencies.push(
        kifFact(f, 'SymbolId', vendor.identity, 'provisional'),
        kifFact(f, 'ImplementationId', implementationId(EMPTY_SERIES_IMPLEMENTATION), 'validated'),
      );
      fingerprint.dependencies.push(kifFact(f, 'ImplementationId', glow, 'validated'));
      auditTag.dependencies.push(kifFact(f, 'SymbolId', ghost, 'validated'));
    }),
    'hidden identities from every source',
  );
}

/** The disclosure-scope cases, in their published order; all-cases.ts files them by category. */
export function disclosureScopeCases(): QueryCase[] {
  const series = seriesWorld();
  const sources = sourcesWorld();
  return [
    recordCase(
      {
        id: 'hidden/rows-depending-on-series-members',
        expect: EXPECT.partial,
        intent:
          "A visible operation that depends on a hidden series member's SymbolId (the first candidate in canonical " +
          'order) does not list it and is unavailable with incomplete-analysis; one that depends on a visible ' +
          "series member's SymbolId, on a TypeId sharing the hidden member's value and on a SymbolId that names no " +
          'candidate lists all three and stays callable; the hidden series adds one hidden-by-visibility omission.',
        clauses: [
          ...RESULT_SHAPE_CLAUSES,
          'KD-RES-08',
          'KD-DISCLOSE-03',
          'KD-DISCLOSE-07',
          'KD-DISCLOSE-09',
          'KD-CLOSURE-16',
          'KD-OP-12',
          'KD-SCALAR-12',
        ],
        interpretations: ['KIT-03', 'KIT-04', 'KIT-08', 'KIT-10', 'OQ-22', 'OQ-25', 'OQ-32'],
        fixture: series,
      },
      requestFor(series, { includeUnavailable: true }),
    ),
    recordCase(
      {
        id: 'hidden/rows-depending-on-identities-from-every-source',
        expect: EXPECT.partial,
        intent:
          "Visible operations that depend on a hidden extension's ImplementationId and on the SymbolId of a " +
          'declaration whose module has no view do not list them and are unavailable; one that depends on a ' +
          'declaration of a view that failed validation (never read) and on the ImplementationId of a series of no ' +
          'members lists both, provisional. A private declaration under an internal view and a private admitted one ' +
          'of an unimported module are hidden-by-visibility, never rows and never not-imported.',
        clauses: [
          ...RESULT_SHAPE_CLAUSES,
          'KD-RES-08',
          'KD-DISCLOSE-03',
          'KD-DISCLOSE-07',
          'KD-DISCLOSE-08',
          'KD-DISCLOSE-09',
          'KD-DIGEST-04',
          'KD-LOOKUP-07',
          'KD-CLOSURE-16',
          'KD-OMIT-06',
          'KD-OP-12',
        ],
        interpretations: ['KIT-03', 'KIT-04', 'KIT-08', 'OQ-22', 'OQ-25', 'OQ-32'],
        fixture: sources,
      },
      requestFor(sources, { includeUnavailable: true }),
    ),
  ];
}
