/**
 * Cases that pin the fail-closed readings of the register and the ordering rules whose
 * byte order differs from UTF-16 code-unit order, across categories: each one rests on a
 * register entry that can change result bytes, so a provider that breaks the entry fails
 * the vector. Every world here has its own source bytes (a trailing comment naming it),
 * so no two of them share an analysis key with each other or with the world they vary
 * (KD-KEY-03, KD-TRUST-08).
 */
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import type { DiscoveryRequestV1 } from '../oracle/records/discovery-records.js';
import type { ExpectedAnswer, QueryCase } from './case-definition.js';
import { LIMITS } from '../oracle/limits.js';
import { bigWorldBuilder, ITEMS_TYPE } from './fixtures/big-world.js';
import { variant } from '../oracle/fixture/fixture-builder.js';
import { t1World } from './fixtures/generic-t1-world.js';
import { HIDDEN_NAMES, hiddenWorld } from './fixtures/hidden-world.js';
import {
  diagnosticId,
  factKey,
  identityOf,
  moduleId,
  packageId,
  semanticDigest,
  symbolId,
} from '../oracle/fixture/fixture-ids.js';
import { LIST_TEXT_TYPE, listTextBuilder, listTextWorld } from './fixtures/list-text-world.js';
import { ownWorld } from './fixtures/own-world.js';
import { requestFor } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

/** The _T1 world with the receiver's type fact at `status` (KIT-02 C). */
function t1WithType(status: 'provisional' | 'error' | 'unavailable'): FixtureV1 {
  return ownWorld(
    variant(t1World(), (f) => {
      const type = f.occurrences[0]?.type;
      if (type === undefined) throw new Error('t1 world has no occurrence 0');
      if (status === 'error') {
        const id = diagnosticId('queue.kf:E0412');
        f.diagnostics.push({
          id,
          code: 'E0412',
          severity: 'error',
          category: 'type',
          template_id: 'E0412.v1',
          primary: null,
          disclose_primary: false,
          fallback_text: 'The type of `first` could not be inferred.',
        });
        Object.assign(type, {
          status: 'error',
          display: '_T1',
          reason: 'rejected-by-diagnostic',
          diagnostic_ids: [id],
        });
      } else if (status === 'unavailable') {
        Object.assign(type, { status: 'unavailable', display: null, reason: 'incomplete-analysis' });
      }
    }),
    `receiver type ${status}`,
  );
}

/** A fail-closed case: its clauses add those every answered result exercises through its shape. */
function failClosedCase(
  id: string,
  expect: ExpectedAnswer,
  intent: string,
  clauses: string[],
  interpretations: string[],
  fixture: FixtureV1,
  request: DiscoveryRequestV1,
): QueryCase {
  return recordCase(
    { id, intent, clauses: [...RESULT_SHAPE_CLAUSES, ...clauses], interpretations, fixture, expect },
    request,
  );
}

/**
 * The fail-closed and ordering cases, of several categories, in their published order (one group per register entry
 * or ordering rule); all-cases.ts files them by category.
 */
export function failClosedCases(): QueryCase[] {
  return [
    ...mismatchUnderUnknownTypeCases(),
    mismatchUnderValidatedTypeCase(),
    ...unvalidatedViewCases(),
    ...hiddenDependencyCases(),
    ...hiddenRequirementAndEffectCases(),
    errorRequirementWithoutDiagnosticCase(),
    reversedSpanBeforeStaleSourceCase(),
    memberBesideExtensionCase(),
    ...applicableCandidatesOfOneSpellingCases(),
    ...nullIdentityRequirementOrderCases(),
    heldNonPublicProvisionalEffectCase(),
    errorRowDiagnosticsCase(),
    operationWithoutSignatureCase(),
    onlyUnsupportedWorkCase(),
    budgetExhaustedBeforeMatchCase(),
    ...unadmittedCandidateStepCases(),
    wrongFileBeforeReversedSpanCase(),
    ...typeFactShapeCases(),
  ];
}

/** KIT-02 C (L231, L250, L289): a type-mismatch against a type that is not known is not definitive. */
function mismatchUnderUnknownTypeCases(): QueryCase[] {
  return (['provisional', 'error', 'unavailable'] as const).map((status) => {
    const fixture = t1WithType(status);
    return failClosedCase(
      `partial/explain-mismatch-under-${status}-type`,
      EXPECT.partial,
      `explain-operation of \`length\` (an operation of List[Text]) on a receiver whose type is ${status}: ` +
        `the mismatch rests on an unknown type, so the row is ${status}, unavailable, ` +
        `with incomplete-analysis beside type-mismatch, never a validated rejection.`,
      ['KD-RES-08', 'KD-RES-18', 'KD-CLOSURE-07', 'KD-CLOSURE-08', 'KD-OP-09', 'KD-OP-12', 'KD-TYPE-02'],
      ['KIT-02', 'KIT-05', 'KIT-08', 'OQ-14', 'OQ-33', 'OQ-44'],
      fixture,
      requestFor(fixture, { kind: 'explain-operation', spelling: 'length' }),
    );
  });
}

/** KIT-02 C's other side (L289, OQ-43 A): a mismatch against a validated receiver type is a definitive rejection. */
function mismatchUnderValidatedTypeCase(): QueryCase {
  const list = listTextWorld();
  return failClosedCase(
    'complete/explain-mismatch-under-validated-type',
    EXPECT.complete,
    'explain-operation of `to_upper` (an operation of Text) on the validated List[Text] receiver: the mismatch rests ' +
      'on a validated type, so the row is a definitive rejection, validated and unavailable with type-mismatch alone ' +
      '(no incomplete-analysis), and the result is complete.',
    ['KD-RES-06', 'KD-RES-18', 'KD-OP-11', 'KD-OP-12', 'KD-REJECT-01'],
    ['KIT-02', 'KIT-05', 'KIT-09', 'OQ-18', 'OQ-33', 'OQ-43'],
    list,
    requestFor(list, { kind: 'explain-operation', spelling: 'to_upper' }),
  );
}

/** KIT-03 C (L112, L380): nothing inside a view that failed validation is read (KD-LOOKUP-07, KD-DIGEST-10). */
function unvalidatedViewCases(): QueryCase[] {
  const unvalidated = ownWorld(hiddenWorld({ only: ['unvalidatedView'] }), 'only the unvalidated view');
  const emptied = ownWorld(
    variant(hiddenWorld({ only: ['unvalidatedView'] }), (f) => {
      f.candidates = f.candidates.filter((c) => c.display_name !== HIDDEN_NAMES.unvalidatedView);
    }),
    'unvalidated view without candidates',
  );
  return [
    failClosedCase(
      'hidden/explain-name-of-unvalidated-view',
      EXPECT.partial,
      'Explaining a name that lives only in a KIF view that failed validation answers exactly as for a name that ' +
        'exists nowhere: hidden-by-visibility and incomplete-analysis, echoing the spelling.',
      ['KD-RES-08', 'KD-RES-19', 'KD-LOOKUP-07', 'KD-DIGEST-10', 'KD-DISCLOSE-07', 'KD-OMIT-05'],
      ['KIT-03', 'KIT-04', 'OQ-29', 'OQ-35'],
      unvalidated,
      requestFor(unvalidated, { kind: 'explain-operation', spelling: HIDDEN_NAMES.unvalidatedView }),
    ),
    failClosedCase(
      'hidden/explain-nonexistent-with-unvalidated-view',
      EXPECT.partial,
      'Explaining a name that exists nowhere, next to a KIF view that failed validation: ' +
        'the same answer as for a name that lives only in that view.',
      ['KD-RES-08', 'KD-RES-19', 'KD-LOOKUP-07', 'KD-DISCLOSE-07', 'KD-OMIT-05'],
      ['KIT-03', 'KIT-04', 'OQ-29', 'OQ-35'],
      unvalidated,
      requestFor(unvalidated, { kind: 'explain-operation', spelling: 'zqNoSuchOperationAnywhere' }),
    ),
    failClosedCase(
      'partial/unvalidated-view-without-candidates',
      EXPECT.partial,
      'A KIF view that failed validation and holds no candidate still makes a general query partial with ' +
        'incomplete-analysis: the answer never depends on what the view holds.',
      ['KD-RES-08', 'KD-LOOKUP-07', 'KD-DIGEST-10', 'KD-OMIT-02', 'KD-OMIT-06'],
      ['KIT-03', 'KIT-04', 'KIT-09', 'OQ-18'],
      emptied,
      requestFor(emptied),
    ),
  ];
}

/** The private declaration's SymbolId that the KIT-08 C cases make visible rows depend on. */
const HIDDEN_KEY = {
  source: 'kif' as const,
  kind: 'SymbolId' as const,
  value: symbolId(`secretcorp.keyring.${HIDDEN_NAMES.privateOfInterface}`),
};
/** The same private symbol as an identity, for requirements, effects and capabilities. */
const HIDDEN_IDENTITY = { kind: 'SymbolId' as const, value: HIDDEN_KEY.value };

/**
 * KIT-08 C (L228, L236, L389, L427): what a row withholds still bounds its status; no field carries a hidden identity.
 * The hidden world with the private SymbolId's fact at `status` (in error with a diagnostic of its own), and `edit`
 * applied to the world and its visible `fingerprint` candidate.
 */
function withHiddenSymbol(
  tag: string,
  status: 'validated' | 'error',
  edit: (f: FixtureV1, fingerprint: FixtureV1['candidates'][number]) => void,
): FixtureV1 {
  return ownWorld(
    variant(hiddenWorld({ only: ['privateOfInterface'] }), (f) => {
      const diagnostics: string[] = [];
      if (status === 'error') {
        const id = diagnosticId('keyring.kf:E0999');
        f.diagnostics.push({
          id,
          code: 'E0999',
          severity: 'error',
          category: 'type',
          template_id: 'E0999.v1',
          primary: null,
          disclose_primary: false,
          fallback_text: 'A declaration this operation depends on does not type-check.',
        });
        diagnostics.push(id);
      }
      f.facts.push({ ...HIDDEN_KEY, status, depends_on: [], diagnostic_ids: diagnostics });
      const visible = f.candidates.find((c) => c.qualified_name === 'secretcorp.keyring.fingerprint');
      if (visible === undefined) throw new Error('hidden world has no fingerprint candidate');
      edit(f, visible);
    }),
    tag,
  );
}

/** KIT-08 C (L228, L236, L389, L427): a visible row or type depending on a private symbol never lists it. */
function hiddenDependencyCases(): QueryCase[] {
  // KIT-08 C (L389, L427): a visible row never lists a hidden candidate's identity.
  const leaky = ownWorld(
    variant(hiddenWorld({ only: ['privateOfInterface'] }), (f) => {
      const hidden = symbolId(`secretcorp.keyring.${HIDDEN_NAMES.privateOfInterface}`);
      const key = { source: 'kif' as const, kind: 'SymbolId' as const, value: hidden };
      f.facts.push({ ...key, status: 'validated', depends_on: [], diagnostic_ids: [] });
      const visible = f.candidates.find((c) => c.qualified_name === 'secretcorp.keyring.fingerprint');
      if (visible === undefined) throw new Error('hidden world has no fingerprint candidate');
      visible.dependencies.push(key);
    }),
    'visible row depends on a private symbol',
  );
  const cites = withHiddenSymbol('visible error row depends on a private error symbol', 'error', (f, visible) => {
    const warning = diagnosticId('keyring.kf:W0100');
    f.diagnostics.push({
      id: warning,
      code: 'W0100',
      severity: 'warning',
      category: 'style',
      template_id: 'W0100.v1',
      primary: null,
      disclose_primary: false,
      fallback_text: 'fingerprint is computed on every call.',
    });
    visible.diagnostic_ids.push(warning);
    visible.dependencies.push(HIDDEN_KEY);
  });
  const uncited = withHiddenSymbol('visible row depends on a private error symbol', 'error', (_f, visible) => {
    visible.dependencies.push(HIDDEN_KEY);
  });
  const typeDependsOnHidden = (f: FixtureV1): void => {
    const type = f.occurrences[0]?.type;
    if (type === undefined) throw new Error('hidden world has no occurrence 0');
    type.dependencies.push(HIDDEN_KEY);
  };
  const typed = withHiddenSymbol('the type depends on a private symbol', 'validated', typeDependsOnHidden);
  const typedError = withHiddenSymbol('the type depends on a private error symbol', 'error', typeDependsOnHidden);
  return [
    failClosedCase(
      'hidden/explain-row-depending-on-hidden-symbol',
      EXPECT.partial,
      "A visible operation whose compiler facts depend on a private declaration's SymbolId: the dependency is not " +
        'listed and the row is downgraded to unavailable with incomplete-analysis, never callable.',
      ['KD-RES-08', 'KD-RES-18', 'KD-DISCLOSE-03', 'KD-DISCLOSE-07', 'KD-OP-03', 'KD-CLOSURE-11'],
      ['KIT-05', 'KIT-08', 'OQ-25', 'OQ-33'],
      leaky,
      requestFor(leaky, { kind: 'explain-operation', spelling: 'fingerprint' }),
    ),
    failClosedCase(
      'hidden/explain-row-depending-on-hidden-error-symbol',
      EXPECT.partial,
      "A visible operation whose facts depend on a private declaration's SymbolId that is in error: the dependency " +
        'is not listed, yet it still bounds the row, which is error (never unavailable: L228, L236) and cites only ' +
        "its own diagnostic, never the private declaration's.",
      ['KD-RES-08', 'KD-CLOSURE-08', 'KD-CLOSURE-10', 'KD-CLOSURE-14', 'KD-DISCLOSE-03', 'KD-DISCLOSE-07'],
      ['KIT-05', 'KIT-07', 'KIT-08', 'OQ-23', 'OQ-25', 'OQ-33'],
      cites,
      requestFor(cites, { kind: 'explain-operation', spelling: 'fingerprint' }),
    ),
    failClosedCase(
      'hidden/explain-row-withheld-for-hidden-error-symbol',
      EXPECT.partial,
      "A visible operation whose only error is a private declaration's SymbolId it may not list: the row is error " +
        'but has no diagnostic it may cite, so it is withheld with incomplete-analysis (KIT-15), never shown as ' +
        'unavailable.',
      ['KD-RES-08', 'KD-CLOSURE-10', 'KD-CLOSURE-14', 'KD-DISCLOSE-07', 'KD-OMIT-05'],
      ['KIT-08', 'KIT-15', 'OQ-29', 'OQ-33'],
      uncited,
      requestFor(uncited, { kind: 'explain-operation', spelling: 'fingerprint' }),
    ),
    failClosedCase(
      'hidden/type-depending-on-hidden-symbol',
      { status: 'unavailable', reason: 'incomplete-current-file-facts' },
      "The receiver's type fact depends on a private declaration's SymbolId: the type never lists it, so it cannot " +
        'show its closure and is unavailable, without identity or display; with no useful fact left the answer is ' +
        'unavailable.',
      ['KD-RES-10', 'KD-TYPE-05', 'KD-CLOSURE-08', 'KD-DISCLOSE-07'],
      ['KIT-07', 'KIT-08', 'KIT-09', 'OQ-14'],
      typed,
      requestFor(typed, { kind: 'type' }),
    ),
    failClosedCase(
      'hidden/type-depending-on-hidden-error-symbol',
      { status: 'unavailable', reason: 'incomplete-current-file-facts' },
      "The receiver's type fact depends on a private declaration's SymbolId whose fact is an error: the type never " +
        'lists it but is bounded by it, so it is an error with no diagnostic it may cite (the private ' +
        "declaration's is its own); an error fact must cite one, so the type cannot be shown and the answer is " +
        'unavailable with incomplete-current-file-facts (KIT-15), before any lookup.',
      ['KD-RES-12', 'KD-RES-13', 'KD-TYPE-06', 'KD-CLOSURE-08', 'KD-CLOSURE-10', 'KD-DISCLOSE-07'],
      ['KIT-07', 'KIT-08', 'KIT-15', 'OQ-13', 'OQ-17'],
      typedError,
      requestFor(typedError),
    ),
  ];
}

/** KIT-08 C (L389, L427): a requirement or effect naming a private symbol, alone or in every field of a row. */
function hiddenRequirementAndEffectCases(): QueryCase[] {
  const required = withHiddenSymbol('a requirement names a private symbol', 'validated', (_f, visible) => {
    visible.generic_requirements.push({
      kind: 'equality',
      identity: HIDDEN_IDENTITY,
      display: 'T == Token',
      status: 'validated',
      satisfied: true,
      dependencies: [],
    });
  });
  const effected = withHiddenSymbol('an effect names a private symbol', 'validated', (f, visible) => {
    visible.effects.push({
      identity: HIDDEN_IDENTITY,
      display: 'keyring access',
      status: 'validated',
      public: true,
      dependencies: [],
    });
    f.occurrences[0]?.capabilities.push(HIDDEN_IDENTITY);
  });
  // One hidden identity reused in every field of one row that can carry it: a scrub that stops at the first
  // place it finds the identity still leaks it (KIT-08 C, L389, L427).
  const everywhere = withHiddenSymbol('one private symbol in every field of a row', 'validated', (f, visible) => {
    visible.dependencies.push(HIDDEN_KEY);
    visible.generic_requirements.push({
      kind: 'equality',
      identity: HIDDEN_IDENTITY,
      display: 'T == Token',
      status: 'validated',
      satisfied: true,
      dependencies: [HIDDEN_KEY],
    });
    visible.effects.push({
      identity: HIDDEN_IDENTITY,
      display: 'keyring access',
      status: 'validated',
      public: true,
      dependencies: [HIDDEN_KEY],
    });
    f.occurrences[0]?.capabilities.push(HIDDEN_IDENTITY);
  });
  return [
    failClosedCase(
      'hidden/requirement-naming-hidden-symbol',
      EXPECT.partial,
      "A visible operation with a generic requirement whose identity is a private declaration's SymbolId: the " +
        'requirement is not listed and the row, which cannot show its requirements, is unavailable with ' +
        'incomplete-analysis.',
      ['KD-RES-08', 'KD-ACCEPT-03', 'KD-DISCLOSE-07', 'KD-OP-12'],
      ['KIT-05', 'KIT-08', 'OQ-25', 'OQ-33'],
      required,
      requestFor(required, { kind: 'explain-operation', spelling: 'fingerprint' }),
    ),
    failClosedCase(
      'hidden/effect-naming-hidden-symbol',
      EXPECT.partial,
      "A visible operation with a public effect whose identity is a private declaration's SymbolId, held at the " +
        'position: the effect is not listed and the row is unavailable with incomplete-analysis.',
      ['KD-RES-08', 'KD-EFFECT-07', 'KD-DISCLOSE-07', 'KD-OP-12'],
      ['KIT-05', 'KIT-08', 'KIT-12', 'OQ-25', 'OQ-33'],
      effected,
      requestFor(effected, { kind: 'explain-operation', spelling: 'fingerprint' }),
    ),
    failClosedCase(
      'hidden/hidden-symbol-in-every-field-of-a-row',
      EXPECT.partial,
      "A visible operation that names one private declaration's SymbolId as a dependency, a requirement, an effect " +
        'and (through its dependencies) again in each: no field lists it, and the row is unavailable with ' +
        'incomplete-analysis.',
      ['KD-RES-08', 'KD-DISCLOSE-03', 'KD-DISCLOSE-07', 'KD-ACCEPT-03', 'KD-EFFECT-07', 'KD-OP-12'],
      ['KIT-05', 'KIT-08', 'KIT-12', 'OQ-25', 'OQ-33'],
      everywhere,
      requestFor(everywhere, { kind: 'explain-operation', spelling: 'fingerprint' }),
    ),
  ];
}

/** KIT-15 (L232, L289): an error generic requirement carries no diagnostic, so its row has none to cite. */
function errorRequirementWithoutDiagnosticCase(): QueryCase {
  const errorRequirement = listTextBuilder({ readOnlyOperations: true });
  errorRequirement.b.addCandidate({
    qualified_name: 'std.list.checksum',
    signature: 'std.list.checksum(read List[Text]) -> Int',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: errorRequirement.std.list,
    generics: [{ kind: 'inference', identity: null, display: 'T: Hash', status: 'error', satisfied: true }],
  });
  const uncitable = ownWorld(errorRequirement.b.build(), 'error requirement without diagnostic');
  return failClosedCase(
    'partial/error-requirement-without-diagnostic',
    EXPECT.partial,
    'An operation whose generic requirement is in error closes to error, but neither it nor its requirement has a ' +
      'diagnostic ID to cite: the row is withheld and an incomplete-analysis omission says so.',
    ['KD-RES-08', 'KD-CLOSURE-10', 'KD-CLOSURE-17', 'KD-OP-13', 'KD-OMIT-06'],
    ['KIT-07', 'KIT-09', 'KIT-15', 'OQ-18', 'OQ-23', 'OQ-32'],
    uncitable,
    requestFor(uncitable, { includeUnavailable: true }),
  );
}

/** OQ-12 D, KIT-01 C: a reversed span is judged right after the FileId, before the other key fields. */
function reversedSpanBeforeStaleSourceCase(): QueryCase {
  const order = ownWorld(listTextWorld(), 'reversed span and stale source');
  const reversedSpan = requestFor(order, {
    analysis: { source_sha256: symbolId('another source') },
    expression: { start: 10, end: 5 },
    byteOffset: 7,
  });
  return failClosedCase(
    'invalid/reversed-span-before-stale-source',
    EXPECT.invalidRequest,
    'The right FileId, a stale source digest and an expression span with start > end: invalid-request, since the ' +
      'span order is checked right after the FileId (OQ-12 D), before the source digest.',
    ['KD-SCALAR-11', 'KD-POS-03', 'KD-RES-15', 'KD-STALE-02'],
    ['KIT-01', 'OQ-02', 'OQ-12', 'OQ-17'],
    order,
    reversedSpan,
  );
}

/** OQ-19 A (L387): an explanation never claims a complete extension/trait candidate set. */
function memberBesideExtensionCase(): QueryCase {
  const sameSpelling = listTextBuilder({ readOnlyOperations: true });
  const fmt = sameSpelling.b.addInterface({ module: 'textfmt.ext', package: 'textfmt' });
  sameSpelling.b.addCandidate({
    qualified_name: 'textfmt.ext.length',
    signature: 'textfmt.ext.length(read List[Text]) -> Int',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: fmt,
    origin: { kind: 'extension', implementation: 'textfmt.ext.impl:LengthForList' },
  });
  const extension = ownWorld(sameSpelling.b.build(), 'extension named length');
  return failClosedCase(
    'partial/explain-member-beside-extension-of-same-spelling',
    EXPECT.partial,
    'Explaining `length` when an imported extension also spells `length`: the member row is shown, ' +
      'and an unsupported-in-profile omission echoing the spelling keeps the explanation from claiming completeness.',
    ['KD-RES-08', 'KD-RES-18', 'KD-LOOKUP-08', 'KD-LOOKUP-11', 'KD-OMIT-05', 'KD-ACCEPT-09'],
    ['OQ-18', 'OQ-19', 'OQ-29', 'KIT-04', 'KIT-05'],
    extension,
    requestFor(extension, { kind: 'explain-operation', spelling: 'length' }),
  );
}

/** OQ-34 A, KIT-13: two visible applicable candidates of one spelling; one of another type does not count. */
function applicableCandidatesOfOneSpellingCases(): QueryCase[] {
  const twice = listTextBuilder({ readOnlyOperations: true });
  twice.b.addCandidate({
    qualified_name: 'std.cmp.length',
    signature: 'std.cmp.length(read List[Text]) -> Int',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: twice.std.cmp,
  });
  const ambiguous = ownWorld(twice.b.build(), 'two applicable length operations');
  const otherType = listTextBuilder({ readOnlyOperations: true });
  otherType.b.addCandidate({
    qualified_name: 'std.map.length',
    signature: 'std.map.length(read Map[K, V]) -> Int',
    receiver: 'std.map.Map',
    mode: 'read',
    home: otherType.std.map,
  });
  const notAmbiguous = ownWorld(otherType.b.build(), 'length of another type');
  return [
    failClosedCase(
      'canonical-order/explain-two-applicable-candidates',
      EXPECT.complete,
      'Explaining `length` when two visible operations of List[Text] spell it: one row, ' +
        'the first in canonical SymbolId order, unavailable with ambiguous.',
      ['KD-RES-18', 'KD-ORDER-05', 'KD-ORDER-06', 'KD-REJECT-01'],
      ['OQ-28', 'OQ-34', 'OQ-43', 'KIT-05', 'KIT-13'],
      ambiguous,
      requestFor(ambiguous, { kind: 'explain-operation', spelling: 'length' }),
    ),
    failClosedCase(
      'canonical-order/explain-applicable-beside-other-type',
      EXPECT.complete,
      'Explaining `length` when a second `length` applies to another type: the applicable row is shown, callable; ' +
        'the other does not make it ambiguous.',
      ['KD-RES-18', 'KD-ORDER-06'],
      ['OQ-34', 'KIT-05', 'KIT-13'],
      notAmbiguous,
      requestFor(notAmbiguous, { kind: 'explain-operation', spelling: 'length' }),
    ),
  ];
}

/** OQ-27 A, KD-ORDER-04: null-identity requirements ordered by display bytes, where UTF-8 and UTF-16 order disagree. */
function nullIdentityRequirementOrderCases(): QueryCase[] {
  // OQ-27 A, KD-ORDER-04: null-identity requirements ordered by display bytes, where UTF-8
  // order (U+FF5E: EF BD 9E) and UTF-16 order (U+1F600: D83D DE00) disagree.
  const astral = listTextBuilder({ readOnlyOperations: true });
  astral.b.addCandidate({
    qualified_name: 'std.list.tag_with',
    signature: 'std.list.tag_with(read List[Text], Mark) -> List[Text]',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: astral.std.list,
    generics: [
      { kind: 'inference', identity: null, display: 'Mark = \u{1F600}' },
      { kind: 'inference', identity: null, display: 'Mark = \u{FF5E}' },
    ],
  });
  const astralWorld = ownWorld(astral.b.build(), 'astral and private-use-area displays');
  // KD-ORDER-04 at the edges of the ranges where UTF-16 and code point order part: U+D7A3 (the last code unit below
  // the surrogates), U+E000 (the first above them), U+FF21, and U+10000 (high surrogate D800, low DC00). UTF-8 byte
  // order is code point order: ED 9E A3 < EE 80 80 < EF BC A1 < F0 90 80 80.
  const edges = listTextBuilder({ readOnlyOperations: true });
  edges.b.addCandidate({
    qualified_name: 'std.list.tag_with',
    signature: 'std.list.tag_with(read List[Text], Mark) -> List[Text]',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: edges.std.list,
    generics: [
      { kind: 'inference', identity: null, display: 'Mark = \u{10000}' },
      { kind: 'inference', identity: null, display: 'Mark = \u{D7A3}' },
      { kind: 'inference', identity: null, display: 'Mark = \u{FF21}' },
      { kind: 'inference', identity: null, display: 'Mark = \u{E000}' },
    ],
  });
  const edgesWorld = ownWorld(edges.b.build(), 'displays at the surrogate range edges');
  return [
    failClosedCase(
      'canonical-order/null-identity-requirements-utf8-not-utf16',
      EXPECT.complete,
      'Two identity-less inference requirements whose displays differ at U+FF5E against U+1F600: ' +
        'UTF-8 byte order puts U+FF5E first, UTF-16 code-unit order would not.',
      ['KD-ORDER-03', 'KD-ORDER-04', 'KD-CANON-10', 'KD-ACCEPT-03'],
      ['OQ-27'],
      astralWorld,
      requestFor(astralWorld, { kind: 'explain-operation', spelling: 'tag_with' }),
    ),
    failClosedCase(
      'canonical-order/null-identity-requirements-surrogate-range-edges',
      EXPECT.complete,
      'Four identity-less inference requirements whose displays differ at U+10000, U+D7A3, U+FF21 and U+E000: ' +
        'UTF-8 byte order lists them U+D7A3, U+E000, U+FF21, U+10000.',
      ['KD-ORDER-03', 'KD-ORDER-04', 'KD-CANON-10', 'KD-ACCEPT-03'],
      ['OQ-27'],
      edgesWorld,
      requestFor(edgesWorld, { kind: 'explain-operation', spelling: 'tag_with' }),
    ),
  ];
}

/** KIT-12: a held non-public effect is not listed, but its status bounds the row (KD-EFFECT-07). */
function heldNonPublicProvisionalEffectCase(): QueryCase {
  const heldSecret = listTextBuilder({ readOnlyOperations: true });
  const audit = heldSecret.b.addFact(factKey('kif', 'SymbolId', 'std.audit.Trace'), 'provisional');
  heldSecret.b.addCandidate({
    qualified_name: 'std.list.traced_length',
    signature: 'std.list.traced_length(read List[Text]) -> Int',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: heldSecret.std.list,
    effects: [{ identity: 'std.audit.Trace', display: 'audit trace', public: false, dependencies: [audit] }],
  });
  const heldWorld = variant(ownWorld(heldSecret.b.build(), 'held provisional non-public effect'), (f) => {
    for (const o of f.occurrences) o.capabilities.push(identityOf('SymbolId', 'std.audit.Trace'));
  });
  return failClosedCase(
    'effect/explain-held-non-public-provisional-effect',
    EXPECT.partial,
    'A held non-public effect whose facts are provisional: it is not listed, nor its dependency, ' +
      'but the row is provisional and unavailable.',
    ['KD-RES-18', 'KD-EFFECT-03', 'KD-EFFECT-07', 'KD-CLOSURE-08', 'KD-CLOSURE-17'],
    ['KIT-05', 'KIT-08', 'KIT-12'],
    heldWorld,
    requestFor(heldWorld, { kind: 'explain-operation', spelling: 'traced_length' }),
  );
}

/** KD-CLOSURE-10: an error row cites the diagnostics of the error facts it depends on. */
function errorRowDiagnosticsCase(): QueryCase {
  const failing = listTextBuilder({ readOnlyOperations: true });
  const d1 = failing.b.addDiagnostic({
    label: 'languages.kf:E0308',
    code: 'E0308',
    fallback_text: 'Mismatched element type.',
  });
  const d2 = failing.b.addDiagnostic({
    label: 'languages.kf:E0599',
    code: 'E0599',
    fallback_text: 'No such element operation.',
  });
  const e1 = failing.b.addFact(factKey('live', 'NodeId', 'languages.kf:elem:0'), 'error', [], [d2]);
  const e2 = failing.b.addFact(factKey('live', 'NodeId', 'languages.kf:elem:1'), 'validated', [e1]);
  const e3 = failing.b.addFact(factKey('live', 'NodeId', 'languages.kf:elem:2'), 'error', [], [d1]);
  failing.b.addCandidate({
    qualified_name: 'std.list.first_text',
    signature: 'std.list.first_text(read List[Text]) -> Text',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: failing.std.list,
    dependencies: [e2, e3],
  });
  const failingWorld = ownWorld(failing.b.build(), 'error row from two error facts');
  return failClosedCase(
    'partial/error-row-diagnostics-from-error-facts',
    EXPECT.partial,
    'A row that depends on two error facts (one of them transitively) ' +
      'is an error row whose diagnostic IDs are exactly those of the two error facts, sorted by ID bytes, ' +
      'each with its diagnostic in the result.',
    ['KD-RES-08', 'KD-CLOSURE-10', 'KD-OP-13', 'KD-DIAG-07', 'KD-ORDER-10'],
    ['KIT-07', 'KIT-08', 'KIT-11', 'OQ-22', 'OQ-23'],
    failingWorld,
    requestFor(failingWorld, { includeUnavailable: true }),
  );
}

/** KIT-16: a compiler fact more permissive than the contract allows is made more restrictive. */
function operationWithoutSignatureCase(): QueryCase {
  const unsigned = listTextBuilder({ readOnlyOperations: true });
  unsigned.b.addCandidate({
    qualified_name: 'std.list.unsigned_length',
    signature: null,
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: unsigned.std.list,
  });
  const unsignedWorld = ownWorld(unsigned.b.build(), 'validated operation without signature');
  return failClosedCase(
    'partial/explain-validated-operation-without-signature',
    EXPECT.partial,
    'An operation the compiler marks validated but gives no signature cannot be a validated callable row: ' +
      'it is provisional, unavailable with incomplete-analysis, and its signature stays null.',
    ['KD-RES-08', 'KD-RES-18', 'KD-OP-09', 'KD-OP-12', 'KD-OP-16'],
    ['KIT-05', 'KIT-08', 'KIT-16'],
    unsignedWorld,
    requestFor(unsignedWorld, { kind: 'explain-operation', spelling: 'unsigned_length' }),
  );
}

/** The _T1 world with an unavailable type whose only candidates are extensions over any receiver (KIT-18). */
function onlyExtensionsWorld(): FixtureV1 {
  const onlyExtension = t1WithType('unavailable');
  return ownWorld(
    variant(onlyExtension, (f) => {
      f.candidates = f.candidates
        .filter((c) => c.receiver_type === null)
        .map((c) => ({
          ...c,
          origin: {
            ...c.origin,
            kind: 'extension' as const,
            implementation_identity: symbolId(`impl:${c.qualified_name}`),
          },
        }));
    }),
    'only extensions over any receiver',
  );
}

/** KIT-18: the unavailable reason names the profile only when unsupported work is all there was. */
function onlyUnsupportedWorkCase(): QueryCase {
  const extOnly = onlyExtensionsWorld();
  return failClosedCase(
    'partial/unavailable-only-unsupported-work',
    { status: 'unavailable', reason: 'unsupported-in-profile' },
    'With no useful fact (the type is unavailable) and only extension candidates over any receiver, ' +
      'the result is unavailable with unsupported-in-profile.',
    ['KD-RES-12', 'KD-RES-13', 'KD-LOOKUP-11', 'KD-ACCEPT-09'],
    ['KIT-09', 'KIT-18', 'OQ-14', 'OQ-16', 'OQ-19'],
    extOnly,
    requestFor(extOnly),
  );
}

/** KIT-14: the budget runs out before the explanation reaches any candidate with the spelling (KD-LIMIT-07). */
function budgetExhaustedBeforeMatchCase(): QueryCase {
  const late = bigWorldBuilder({
    description: 'An explanation whose only matching candidate sorts last, after 999,999 others.',
  });
  late.addSeries({ seed: 'kit-14/others', count: LIMITS.steps - 1 });
  late.b.addCandidate({
    qualified_name: 'm.zq_last',
    signature: 'm.zq_last(read Items)',
    receiver: ITEMS_TYPE,
    mode: 'read',
    home: late.m,
  });
  const lateWorld = ownWorld(
    variant(late.b.build(), (f) => {
      // The greatest SymbolId there is, so the match is visited after every series member.
      for (const c of f.candidates) if (c.display_name === 'zq_last') c.identity = 'f'.repeat(64);
    }),
    'match visited last',
  );
  return recordCase(
    {
      id: 'limit/explain-budget-exhausted-before-match',
      expect: EXPECT.partial,
      intent:
        'explain-operation whose only matching candidate is visited after 999,999 others (one step each): ' +
        'its collection takes step 1,000,000 and its next stage would exceed the budget, ' +
        'so nothing about the spelling is known; only limit-exhausted is reported, no hidden-by-visibility. ' +
        'The step count rests on KIT-10 (the contract defines no unit, OQ-07).',
      clauses: [...RESULT_SHAPE_CLAUSES, 'KD-LIMIT-07', 'KD-LIMIT-10', 'KD-RES-08', 'KD-RES-19', 'KD-OMIT-05'],
      interpretations: ['KIT-10', 'KIT-14', 'KIT-17', 'OQ-07', 'OQ-29'],
      fixture: lateWorld,
    },
    requestFor(lateWorld, { kind: 'explain-operation', spelling: 'zq_last' }),
  );
}

/** KIT-19 A: a candidate the compiler does not admit, imported or in the current file, costs two steps. */
function unadmittedCandidateStepCases(): QueryCase[] {
  // KIT-19: a candidate the compiler does not admit costs two steps (collection, then exposure).
  const unadmitted = bigWorldBuilder({
    description: 'Half a million candidates the compiler does not admit, and one of another type.',
  });
  unadmitted.addSeries({ seed: 'kit-19/unadmitted', count: LIMITS.steps / 2, template: { admitted: false } });
  unadmitted.addSeries({ seed: 'kit-19/other', count: 1, template: { receiver: 'app.store.Other' } });
  const unadmittedWorld = ownWorld(unadmitted.b.build(), 'unadmitted candidates at the budget edge');
  // KIT-19 A: a current-file candidate the compiler does not admit costs two steps as well (KIT-19 B would judge its
  // admission at collection, one step, and the budget would then hold).
  const unadmittedHere = bigWorldBuilder({
    description: 'Half a million current-file candidates the compiler does not admit, and one of another type.',
  });
  unadmittedHere.addSeries({
    seed: 'kit-19/unadmitted-current-file',
    count: LIMITS.steps / 2,
    template: { admitted: false, home: 'current-file' },
  });
  unadmittedHere.addSeries({ seed: 'kit-19/other', count: 1, template: { receiver: 'app.store.Other' } });
  const unadmittedHereWorld = ownWorld(
    unadmittedHere.b.build(),
    'unadmitted current-file candidates at the budget edge',
  );
  return [
    recordCase(
      {
        id: 'limit/step-budget-unadmitted-candidates',
        expect: EXPECT.partial,
        intent:
          '500,000 candidates the compiler does not admit cost two steps each (collection and exposure, KIT-19), ' +
          'and one candidate of another type one more: 1,000,001 steps, so the budget runs out; ' +
          'the result is partial and truncated, with hidden-by-visibility and limit-exhausted. ' +
          'The step count rests on KIT-10 (the contract defines no unit, OQ-07).',
        clauses: [...RESULT_SHAPE_CLAUSES, 'KD-LIMIT-07', 'KD-LIMIT-10', 'KD-RES-08', 'KD-DISCLOSE-09', 'KD-OMIT-06'],
        interpretations: ['KIT-03', 'KIT-04', 'KIT-10', 'KIT-17', 'KIT-19', 'OQ-07'],
        fixture: unadmittedWorld,
      },
      requestFor(unadmittedWorld),
    ),
    recordCase(
      {
        id: 'limit/step-budget-unadmitted-current-file-candidates',
        expect: EXPECT.partial,
        intent:
          '500,000 current-file candidates the compiler does not admit cost two steps each, admission being judged ' +
          'at exposure like every other candidate (KIT-19 A), and one candidate of another type one more: ' +
          '1,000,001 steps, so the budget runs out; the result is partial and truncated, with hidden-by-visibility ' +
          'and limit-exhausted. The step count rests on KIT-10 (the contract defines no unit, OQ-07).',
        clauses: [...RESULT_SHAPE_CLAUSES, 'KD-LIMIT-07', 'KD-LIMIT-10', 'KD-RES-08', 'KD-DISCLOSE-09', 'KD-OMIT-06'],
        interpretations: ['KIT-03', 'KIT-04', 'KIT-10', 'KIT-17', 'KIT-19', 'OQ-07'],
        fixture: unadmittedHereWorld,
      },
      requestFor(unadmittedHereWorld),
    ),
  ];
}

/** OQ-12 D (L132): the FileId is compared before anything about the position. */
function wrongFileBeforeReversedSpanCase(): QueryCase {
  const hidden = ownWorld(hiddenWorld({ only: [] }), 'plain token receiver');
  const reversed = requestFor(hidden, { analysis: { file_id: symbolId('some other file') } });
  const { start, end } = reversed.position.expression;
  reversed.position = { byte_offset: reversed.position.byte_offset, expression: { start: end, end: start } };
  return failClosedCase(
    'stale/wrong-file-before-reversed-span',
    { status: 'stale', reason: 'wrong-file' },
    'A request whose FileId is wrong and whose expression span has start > end: the FileId is compared first, ' +
      'so the answer is stale wrong-file, not invalid.',
    ['KD-POS-03', 'KD-STALE-01', 'KD-RES-10', 'KD-RES-11'],
    ['KIT-01', 'OQ-12'],
    hidden,
    reversed,
  );
}

/**
 * The type fact's shape after closure (L228, L232, L250), each shown where it changes the answer: a type downgraded by
 * a dependency beside rows over any receiver (KIT-07 A), an error type whose only error it may not cite (KIT-08 C,
 * KIT-15 A), and unsupported work beside a view that failed validation with no useful fact (KIT-18 A).
 */
function typeFactShapeCases(): QueryCase[] {
  // KIT-07 A (L228, L250): the compiler's stage-2 type rests on an inference node that is unavailable.
  const inferKey = factKey('live', 'NodeId', 'queue.kf:infer:_T1');
  const downgraded = ownWorld(
    variant(t1World({ reason: 'unsupported-current-stage2-feature' }), (f) => {
      const infer = f.facts.find((n) => n.kind === inferKey.kind && n.value === inferKey.value);
      if (infer === undefined) throw new Error('t1 world has no inference node');
      infer.status = 'unavailable';
    }),
    'stage-2 type over an unavailable inference node',
  );
  // KIT-18 A, KIT-03 C (L112, L380, L387): a view that failed validation (holding nothing) beside extension work.
  const unvalidated = ownWorld(
    variant(onlyExtensionsWorld(), (f) => {
      f.interfaces.push({
        package_id: packageId('vendorlib'),
        module_id: moduleId('vendorlib.trace'),
        module: 'vendorlib.trace',
        view: 'public',
        semantic_digest: semanticDigest('vendorlib/vendorlib.trace@1'),
        validated: false,
        names_in_scope: true,
      });
    }),
    'and a view that failed validation',
  );
  return [
    failClosedCase(
      'partial/type-downgraded-to-unavailable-beside-rows',
      EXPECT.partial,
      'A provisional _T1 type whose compiler reason is unsupported-current-stage2-feature rests on an inference node ' +
        'that is unavailable: closed, the type is unavailable, so it drops its placeholder display and takes ' +
        'incomplete-analysis (the downgrade, not the compiler reason, explains it); the operations over any receiver ' +
        'are still shown, the validated ones callable.',
      ['KD-RES-08', 'KD-RES-09', 'KD-TYPE-05', 'KD-TYPE-07', 'KD-CLOSURE-08', 'KD-CLOSURE-11', 'KD-CLOSURE-13'],
      ['KIT-02', 'KIT-07', 'OQ-14', 'OQ-32', 'OQ-42'],
      downgraded,
      requestFor(downgraded),
    ),
    failClosedCase(
      'partial/unavailable-unsupported-work-beside-unvalidated-view',
      { status: 'unavailable', reason: 'incomplete-current-file-facts' },
      'With no useful fact (the type is unavailable), only extension candidates over any receiver and a view that ' +
        'failed validation: more than unsupported work was withheld, so the result is unavailable with ' +
        'incomplete-current-file-facts, never unsupported-in-profile.',
      ['KD-RES-12', 'KD-RES-13', 'KD-LOOKUP-07', 'KD-LOOKUP-11', 'KD-DIGEST-10'],
      ['KIT-03', 'KIT-09', 'KIT-18', 'OQ-14', 'OQ-19'],
      unvalidated,
      requestFor(unvalidated),
    ),
  ];
}
