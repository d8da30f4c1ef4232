/**
 * partial: results with at least one useful fact where something non-validated,
 * withheld or unsupported explains the incompleteness (KD-RES-08, KD-RES-09), and
 * the unavailable results where no useful fact exists (OQ-13, OQ-14, OQ-46).
 * Provisional, error and unavailable facts sit at the end of deep chains so the
 * closure must carry them to the top (KIT-07).
 */
import type { ExpectedAnswer, QueryCase } from './case-definition.js';
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import { chainWorld, MIXED_NESTED, MIXED_OPERATIONS } from './fixtures/dependency-chain-world.js';
import { variant } from '../oracle/fixture/fixture-builder.js';
import { t1World } from './fixtures/generic-t1-world.js';
import { hiddenWorld } from './fixtures/hidden-world.js';
import { identityOf } from '../oracle/fixture/fixture-ids.js';
import { LIST_TEXT_TYPE, listTextBuilder, listTextWorld } from './fixtures/list-text-world.js';
import { JS_UNSAFE, markupWorld } from './fixtures/markup-world.js';
import { requestFor, type RequestOptions } from './fixtures/request-for.js';
import { zeroWorld } from './fixtures/zero-world.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const PARTIAL = [...RESULT_SHAPE_CLAUSES, 'KD-RES-08', 'KD-RES-09'];
const CLOSURE = ['KD-CLOSURE-07', 'KD-CLOSURE-08', 'KD-CLOSURE-14', 'KD-CLOSURE-17'];
const OQ = ['OQ-14', 'OQ-15', 'OQ-22', 'OQ-23', 'KIT-07', 'KIT-08', 'KIT-09'];

/**
 * The List[Text] world plus an imported extension, a trait-origin candidate
 * and an unsatisfied trait bound, for the profile's unsupported work (OQ-19).
 */
function unsupportedWorlds() {
  const withExtension = listTextBuilder();
  const fmt = withExtension.b.addInterface({ module: 'textfmt.ext', package: 'textfmt' });
  withExtension.b.addCandidate({
    qualified_name: 'textfmt.ext.join_pretty',
    signature: 'textfmt.ext.join_pretty(read List[Text], Text) -> Text',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: fmt,
    origin: { kind: 'extension', implementation: 'textfmt.ext.impl:JoinPrettyForList' },
  });
  const extension = withExtension.b.build();
  const importRemoved = variant(extension, (f) => {
    for (const i of f.interfaces) if (i.module === 'textfmt.ext') i.names_in_scope = false;
  });

  const withBound = listTextBuilder();
  withBound.b.addCandidate({
    qualified_name: 'std.list.sum',
    signature: 'std.list.sum(read List[Text]) -> Text where Text: Add',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: withBound.std.list,
    generics: [
      { kind: 'trait-bound', identity: identityOf('SymbolId', 'std.ops.Add'), display: 'Text: Add', satisfied: false },
    ],
  });
  const bound = withBound.b.build();

  const withTrait = listTextBuilder();
  withTrait.b.addCandidate({
    qualified_name: 'std.cmp.max_by_key',
    signature: 'std.cmp.max_by_key(read List[Text], read Text -> K) -> Option[Text]',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: withTrait.std.cmp,
    origin: { kind: 'trait', trait: 'Ord', trait_identity: identityOf('SymbolId', 'std.cmp.Ord') },
  });
  const trait = withTrait.b.build();
  return { extension, importRemoved, bound, trait };
}

/** A case on a chain world: facts at the end of chains 24 deep, carried to the top by the closure (KIT-07). */
function chainCase(
  id: string,
  expect: ExpectedAnswer,
  intent: string,
  options: Parameters<typeof chainWorld>[0],
  clauses: string[],
  interpretations: string[],
  request: RequestOptions = { includeUnavailable: true },
): QueryCase {
  const fixture = chainWorld(options);
  return recordCase(
    {
      id,
      intent,
      clauses: [...PARTIAL, ...CLOSURE, ...clauses],
      interpretations: [...OQ, ...interpretations],
      fixture,
      expect,
    },
    requestFor(fixture, request),
  );
}

/** An explanation of `spelling`. */
function explain(spelling: string): RequestOptions {
  return { kind: 'explain-operation', spelling };
}

/** An unavailable answer: `base` changed by `edit`, queried with a current request (KD-RES-12, KD-RES-13). */
function unavailableCase(
  base: FixtureV1,
  id: string,
  expect: ExpectedAnswer,
  intent: string,
  edit: (f: FixtureV1) => void,
  clauses: string[],
  interpretations: string[],
): QueryCase {
  const fixture = variant(base, edit);
  return recordCase(
    {
      id,
      intent,
      clauses: [...RESULT_SHAPE_CLAUSES, 'KD-RES-12', 'KD-RES-13', ...clauses],
      interpretations: ['OQ-16', 'OQ-17', 'KIT-01', 'KIT-09', ...interpretations],
      fixture,
      expect,
    },
    requestFor(fixture),
  );
}

/** The partial cases, in their published order. */
export function partialCases(): QueryCase[] {
  return [
    ...unconstrainedT1Cases(),
    ...provisionalTypeReasonCases(),
    ...importedExtensionCases(),
    ...traitResolutionCases(),
    ...typeChainCases(),
    ...operationChainCases(),
    ...nestedRecordChainCases(),
    unvalidatedViewCase(),
    ...unavailableResultCases(),
    ...lawCases(),
  ];
}

/** Acceptance example "Incomplete generic value": an unconstrained _T1, its rows and its type (KD-ACCEPT-04, -05). */
function unconstrainedT1Cases(): QueryCase[] {
  const t1 = t1World();
  return [
    recordCase(
      {
        id: 'partial/unconstrained-t1',
        expect: EXPECT.partial,
        intent:
          'Acceptance example "Incomplete generic value": for an unconstrained _T1 the result is partial; ' +
          'only independently validated operations justified by known bounds are callable, ' +
          "and the workspace's List and Text operations are not listed.",
        clauses: [
          ...PARTIAL,
          'KD-ACCEPT-04',
          'KD-ACCEPT-05',
          'KD-ACCEPT-06',
          'KD-TYPE-04',
          'KD-TYPE-08',
          'KD-CLOSURE-13',
          'KD-OP-09',
        ],
        interpretations: [...OQ, 'OQ-32', 'OQ-42', 'KIT-02'],
        fixture: t1,
      },
      requestFor(t1),
    ),
    recordCase(
      {
        id: 'partial/unconstrained-t1-include-unavailable',
        expect: EXPECT.partial,
        intent:
          'With unavailable candidates requested, the _T1 result also shows the operation whose inference ' +
          'requirement is unsettled (provisional, incomplete-analysis) and the one needing take.',
        clauses: [
          ...PARTIAL,
          ...CLOSURE,
          'KD-ACCEPT-05',
          'KD-OP-13',
          'KD-OP-12',
          'KD-CLOSURE-11',
          'KD-OP-15',
          'KD-REJECT-02',
          'KD-REJECT-03',
        ],
        interpretations: [...OQ, 'OQ-24', 'OQ-25', 'OQ-43', 'OQ-44', 'KIT-06'],
        fixture: t1,
      },
      requestFor(t1, { includeUnavailable: true }),
    ),
    recordCase(
      {
        id: 'partial/unconstrained-t1-type',
        expect: EXPECT.partial,
        intent: 'kind type on _T1: a partial result with the provisional placeholder type and no operations.',
        clauses: [...PARTIAL, 'KD-TYPE-04', 'KD-RES-16'],
        interpretations: ['OQ-14', 'OQ-15', 'OQ-40', 'OQ-42'],
        fixture: t1,
      },
      requestFor(t1, { kind: 'type' }),
    ),
  ];
}

/** A provisional type keeps its reason, with or without a placeholder display (KD-TYPE-04, KD-REASON-03). */
function provisionalTypeReasonCases(): QueryCase[] {
  const stage2 = t1World({ reason: 'unsupported-current-stage2-feature' });
  const subset = t1World({ reason: 'type-not-available-in-current-subset', display: null });
  return [
    recordCase(
      {
        id: 'partial/type-reason-unsupported-stage2-feature',
        expect: EXPECT.partial,
        intent: 'A provisional type whose reason is an unsupported stage-2 feature keeps that reason.',
        clauses: [...PARTIAL, 'KD-TYPE-04', 'KD-REASON-03'],
        interpretations: ['OQ-14', 'OQ-40', 'OQ-42'],
        fixture: stage2,
      },
      requestFor(stage2, { kind: 'type' }),
    ),
    recordCase(
      {
        id: 'partial/type-reason-not-in-current-subset',
        expect: EXPECT.partial,
        intent:
          'A provisional type outside the current subset, with no placeholder display, ' +
          'keeps its reason and a null display.',
        clauses: [...PARTIAL, 'KD-TYPE-04', 'KD-REASON-03'],
        interpretations: ['OQ-14', 'OQ-40', 'OQ-42'],
        fixture: subset,
      },
      requestFor(subset, { kind: 'type' }),
    ),
  ];
}

/** Acceptance example "Imported extension": unsupported in this profile, never made a row (KD-ACCEPT-08, -09). */
function importedExtensionCases(): QueryCase[] {
  const u = unsupportedWorlds();
  return [
    recordCase(
      {
        id: 'partial/imported-extension-unsupported-in-profile',
        expect: EXPECT.partial,
        intent:
          'Acceptance example "Imported extension" before #293: ' +
          'an imported extension candidate is not fabricated as a row; ' +
          'an unsupported-in-profile omission makes the result partial.',
        clauses: [
          ...PARTIAL,
          'KD-ACCEPT-09',
          'KD-LOOKUP-08',
          'KD-LOOKUP-11',
          'KD-LOOKUP-12',
          'KD-ORIGIN-06',
          'KD-ORIGIN-09',
          'KD-OMIT-02',
          'KD-OMIT-06',
        ],
        interpretations: [...OQ, 'OQ-18', 'OQ-19', 'KIT-04'],
        fixture: u.extension,
      },
      requestFor(u.extension),
    ),
    recordCase(
      {
        id: 'partial/imported-extension-import-removed',
        expect: EXPECT.partial,
        intent:
          'Removing the import of the extension module changes the answer deterministically: ' +
          'the public extension is now only not-imported.',
        clauses: [...PARTIAL, 'KD-ACCEPT-08', 'KD-DIGEST-05', 'KD-OMIT-02'],
        interpretations: [...OQ, 'OQ-19', 'OQ-36', 'KIT-03', 'KIT-04'],
        fixture: u.importRemoved,
      },
      requestFor(u.importRemoved),
    ),
    recordCase(
      {
        id: 'partial/explain-imported-extension',
        expect: EXPECT.partial,
        intent:
          "Explaining the imported extension's spelling before #293 gives an unsupported-in-profile omission " +
          'echoing the spelling, not a row.',
        clauses: [...PARTIAL, 'KD-ACCEPT-09', 'KD-LOOKUP-11', 'KD-RES-19', 'KD-OMIT-05'],
        interpretations: ['OQ-19', 'OQ-29', 'KIT-04', 'KIT-05', 'KIT-09'],
        fixture: u.extension,
      },
      requestFor(u.extension, { kind: 'explain-operation', spelling: 'join_pretty' }),
    ),
  ];
}

/** Acceptance example "Unsatisfied trait bound", and a trait-origin candidate: unsupported work (KD-ACCEPT-11). */
function traitResolutionCases(): QueryCase[] {
  const u = unsupportedWorlds();
  return [
    recordCase(
      {
        id: 'partial/unsatisfied-trait-bound-unsupported-in-profile',
        expect: EXPECT.partial,
        intent:
          'Acceptance example "Unsatisfied trait bound" before #316: ' +
          'the operation whose public trait bound does not hold is reported as unsupported-in-profile, ' +
          'not as a validated unsatisfied-bound row.',
        clauses: [...PARTIAL, 'KD-ACCEPT-11', 'KD-LOOKUP-11', 'KD-LOOKUP-09', 'KD-OMIT-02'],
        interpretations: [...OQ, 'OQ-19', 'KIT-04', 'KIT-06'],
        fixture: u.bound,
      },
      requestFor(u.bound, { includeUnavailable: true }),
    ),
    recordCase(
      {
        id: 'partial/explain-unsatisfied-trait-bound',
        expect: EXPECT.partial,
        intent:
          'Explaining the operation with the unsatisfied bound before #316 gives an unsupported-in-profile omission ' +
          'echoing the spelling.',
        clauses: [...PARTIAL, 'KD-ACCEPT-11', 'KD-RES-19', 'KD-OMIT-05'],
        interpretations: ['OQ-19', 'OQ-29', 'KIT-04', 'KIT-05', 'KIT-09'],
        fixture: u.bound,
      },
      requestFor(u.bound, { kind: 'explain-operation', spelling: 'sum' }),
    ),
    recordCase(
      {
        id: 'partial/trait-operation-unsupported-in-profile',
        expect: EXPECT.partial,
        intent:
          'A trait-origin candidate is trait/member-resolution work of #316: no trait row is fabricated, ' +
          'an unsupported-in-profile omission is emitted.',
        clauses: [...PARTIAL, 'KD-LOOKUP-11', 'KD-ORIGIN-10', 'KD-ORIGIN-11'],
        interpretations: [...OQ, 'OQ-19', 'KIT-04'],
        fixture: u.trait,
      },
      requestFor(u.trait),
    ),
  ];
}

/** A provisional, error or unavailable fact deep under the type (KD-TYPE-04..07, KD-CLOSURE-09..11). */
function typeChainCases(): QueryCase[] {
  return [
    chainCase(
      'partial/type-chain-provisional',
      EXPECT.partial,
      'A provisional fact 24 links under the type makes the type provisional: no identity, ' +
        'reason incomplete-analysis, and no identity-keyed operations.',
      { typeTail: 'provisional' },
      ['KD-TYPE-04', 'KD-CLOSURE-09'],
      ['KIT-02', 'OQ-42'],
    ),
    chainCase(
      'partial/type-chain-error',
      EXPECT.partial,
      'An error fact 24 links under the type makes the type an error with rejected-by-diagnostic and the diagnostic ' +
        'of the failing node.',
      { typeTail: 'error' },
      [
        'KD-TYPE-05',
        'KD-TYPE-06',
        'KD-CLOSURE-10',
        'KD-DIAG-07',
        'KD-DIAG-01',
        'KD-DIAG-02',
        'KD-DIAG-03',
        'KD-DIAG-04',
      ],
      ['KIT-02', 'KIT-11', 'OQ-30'],
    ),
    chainCase(
      'partial/type-chain-unavailable-no-useful-fact',
      { status: 'unavailable', reason: 'incomplete-current-file-facts' },
      'An unavailable fact under the type leaves no useful fact: ' +
        'the result is unavailable with incomplete-current-file-facts, type null.',
      { typeTail: 'unavailable' },
      ['KD-TYPE-07', 'KD-RES-12', 'KD-RES-13', 'KD-CLOSURE-11'],
      ['OQ-13', 'OQ-16', 'OQ-17', 'KIT-02'],
    ),
  ];
}

/** Provisional, error and unavailable facts deep under operations: each row keeps its own status (KD-OP-13). */
function operationChainCases(): QueryCase[] {
  return [
    chainCase(
      'partial/mixed-rows',
      EXPECT.partial,
      'Mixed rows: one operation with a provisional, one with an error and one with an unavailable fact at the end ' +
        'of its chain, and one validated operation; each row keeps its own status and the validated one stays ' +
        'callable.',
      MIXED_OPERATIONS,
      ['KD-OP-13', 'KD-CLOSURE-13', 'KD-CLOSURE-10', 'KD-OP-12', 'KD-REASON-02', 'KD-DIAG-08'],
      ['OQ-25', 'OQ-30', 'OQ-43', 'KIT-11'],
    ),
    chainCase(
      'partial/operation-chain-provisional',
      EXPECT.partial,
      'A provisional fact deep under an operation makes its row provisional and unavailable with incomplete-analysis.',
      MIXED_OPERATIONS,
      ['KD-OP-13', 'KD-OP-12', 'KD-RES-18'],
      ['OQ-25', 'OQ-33', 'OQ-43', 'KIT-05'],
      explain('get'),
    ),
    chainCase(
      'partial/operation-chain-error',
      EXPECT.partial,
      'An error fact deep under an operation makes its row an error with the diagnostic ID of the failing node and ' +
        'that diagnostic in the result.',
      MIXED_OPERATIONS,
      ['KD-OP-13', 'KD-CLOSURE-10', 'KD-DIAG-07', 'KD-RES-18'],
      ['OQ-25', 'OQ-30', 'OQ-33', 'KIT-05', 'KIT-11'],
      explain('keys'),
    ),
    chainCase(
      'partial/operation-chain-unavailable',
      EXPECT.partial,
      'An unavailable fact deep under an operation makes its row unavailable with null signature and receiver mode.',
      MIXED_OPERATIONS,
      ['KD-OP-13', 'KD-CLOSURE-11', 'KD-OP-14', 'KD-RES-18'],
      ['OQ-24', 'OQ-25', 'OQ-33', 'KIT-05'],
      explain('reload'),
    ),
  ];
}

/** Non-validated facts under an origin, a requirement, an effect or a sidecar NodeId (KD-CLOSURE-16, KD-CLOSURE-02). */
function nestedRecordChainCases(): QueryCase[] {
  return [
    chainCase(
      'partial/mixed-nested-records',
      EXPECT.partial,
      'Non-validated facts under an origin, a generic requirement and an effect each force their row to a ' +
        'non-validated, unavailable state; every nested record keeps its own status.',
      MIXED_NESTED,
      ['KD-ORIGIN-02', 'KD-ORIGIN-13', 'KD-CLOSURE-16', 'KD-EFFECT-03'],
      ['OQ-23', 'OQ-24', 'KIT-11'],
    ),
    chainCase(
      'partial/origin-chain-provisional',
      EXPECT.partial,
      "A provisional fact under an operation's origin makes the origin provisional, " +
        'which forces the row non-validated and unavailable.',
      MIXED_NESTED,
      ['KD-ORIGIN-02', 'KD-ORIGIN-13', 'KD-CLOSURE-16', 'KD-RES-18'],
      ['OQ-23', 'OQ-24', 'KIT-05'],
      explain('validate'),
    ),
    chainCase(
      'partial/requirement-chain-error',
      EXPECT.partial,
      'An error under a generic requirement makes the requirement an error and the row at least as restrictive.',
      MIXED_NESTED,
      ['KD-CLOSURE-16', 'KD-OP-15', 'KD-CLOSURE-10', 'KD-RES-18'],
      ['OQ-23', 'KIT-05', 'KIT-11'],
      explain('keys'),
    ),
    chainCase(
      'partial/effect-chain-provisional',
      EXPECT.partial,
      'A provisional fact under an effect requirement makes the effect provisional and its row non-validated, ' +
        'although the capability is held.',
      MIXED_NESTED,
      ['KD-EFFECT-03', 'KD-CLOSURE-16', 'KD-RES-18'],
      ['OQ-23', 'OQ-24', 'KIT-05'],
      explain('reload'),
    ),
    chainCase(
      'partial/sidecar-chain-provisional',
      EXPECT.partial,
      "A provisional sidecar NodeId keeps its status through the sidecar's dependency closure.",
      { chainSource: 'sidecar', currentFileFacts: 'sidecar', operationTails: { validate: 'provisional' } },
      ['KD-CLOSURE-02', 'KD-LOOKUP-01'],
      ['OQ-25'],
    ),
  ];
}

/** A KIF view that did not validate: no row, no dependency, an incomplete-analysis omission (KD-LOOKUP-07). */
function unvalidatedViewCase(): QueryCase {
  const unvalidated = hiddenWorld({ only: ['unvalidatedView'] });
  return recordCase(
    {
      id: 'partial/unvalidated-view-incomplete-analysis',
      expect: EXPECT.partial,
      intent:
        'A declaration of a KIF view that did not validate is neither a row nor a dependency; ' +
        'an incomplete-analysis omission makes the result partial.',
      clauses: [...PARTIAL, 'KD-CLOSURE-04', 'KD-LOOKUP-07', 'KD-DIGEST-10', 'KD-OMIT-02'],
      interpretations: ['KIT-03', 'KIT-04', 'KIT-09', 'OQ-18'],
      fixture: unvalidated,
    },
    requestFor(unvalidated),
  );
}

/** No useful fact: a cancelled query, KIF-only current-file facts, a rejected sidecar (KD-RES-12, KD-RES-13). */
function unavailableResultCases(): QueryCase[] {
  const base = listTextWorld();
  const cancelled = variant(base, (f) => (f.cancelled = true));
  const occurrence = cancelled.occurrences[0]?.span;
  if (occurrence === undefined) throw new Error('the List[Text] world has no occurrence');
  return [
    unavailableCase(
      base,
      'partial/cancelled-before-analysis',
      { status: 'unavailable', reason: 'cancelled-before-analysis' },
      'A query cancelled before analysis is unavailable with cancelled-before-analysis, whatever its request.',
      (f) => (f.cancelled = true),
      ['KD-REASON-01'],
      ['OQ-46'],
    ),
    // KIT-01 C: cancellation is reported before the span is matched against the parsed occurrences (KIT-01 B would
    // answer invalid-position first). The span is a valid position, one byte shorter than the parsed occurrence.
    recordCase(
      {
        id: 'partial/cancelled-before-span-check',
        intent:
          'A cancelled query whose span is a valid position but no parsed occurrence is unavailable with ' +
          'cancelled-before-analysis: cancellation is reported before the span is matched (KIT-01 C).',
        clauses: [...RESULT_SHAPE_CLAUSES, 'KD-RES-12', 'KD-RES-13', 'KD-REASON-01', 'KD-POS-07'],
        interpretations: ['OQ-16', 'OQ-17', 'OQ-46', 'KIT-01', 'KIT-09'],
        fixture: cancelled,
        expect: { status: 'unavailable', reason: 'cancelled-before-analysis' },
      },
      requestFor(cancelled, {
        expression: { start: occurrence.start + 1, end: occurrence.end },
        byteOffset: occurrence.end,
      }),
    ),
    unavailableCase(
      base,
      'partial/kif-only-current-file',
      { status: 'unavailable', reason: 'incomplete-current-file-facts' },
      'KIF alone cannot recover expression types or positions: unavailable with incomplete-current-file-facts.',
      (f) => (f.current_file_facts = 'kif-only'),
      ['KD-LOOKUP-03', 'KD-LOOKUP-01'],
      ['OQ-13'],
    ),
    unavailableCase(
      base,
      'partial/sidecar-rejected-by-codec',
      { status: 'unavailable', reason: 'incomplete-current-file-facts' },
      'A current-file sidecar rejected by its codec gives no facts: unavailable with incomplete-current-file-facts.',
      (f) => (f.current_file_facts = 'sidecar-rejected'),
      ['KD-STALE-07', 'KD-TRUST-11', 'KD-LOOKUP-01'],
      ['OQ-13'],
    ),
  ];
}

/** Partial answers holding strings a JavaScript-safe encoder escapes, and integer zero in a diagnostic. */
function lawCases(): QueryCase[] {
  const markup = markupWorld();
  const zero = zeroWorld();
  const diagnostics = ['KD-DIAG-01', 'KD-DIAG-03', 'KD-DIAG-04', 'KD-DIAG-07', 'KD-CLOSURE-10'];
  return [
    recordCase(
      {
        id: 'partial/javascript-unsafe-characters-in-diagnostic',
        intent:
          'An error row whose diagnostic has U+2028, U+2029, <, >, &, apostrophe, </script>, U+FEFF and U+200B in ' +
          'its code, category, template and fallback text, beside a row and type holding them too: every one ' +
          'emitted literally.',
        clauses: [...PARTIAL, ...CLOSURE, ...diagnostics, 'KD-CANON-09', 'KD-CANON-08', 'KD-SCALAR-05', 'KD-REQ-07'],
        interpretations: [...OQ, 'OQ-30', 'OQ-32', 'OQ-37', 'KIT-11'],
        fixture: markup,
        expect: EXPECT.partial,
      },
      requestFor(markup, { includeUnavailable: true }),
    ),
    recordCase(
      {
        id: 'partial/javascript-unsafe-characters-echoed-spelling',
        intent:
          'An explanation spelling holding U+2028, U+2029, <, >, &, apostrophe, / , U+FEFF and U+200B that names ' +
          'nothing: the hidden-by-visibility omission echoes it byte for byte, unescaped.',
        clauses: [...PARTIAL, 'KD-OMIT-04', 'KD-OMIT-05', 'KD-CANON-09', 'KD-SCALAR-09'],
        interpretations: [...OQ, 'OQ-35', 'OQ-37', 'KIT-04'],
        fixture: markup,
        expect: EXPECT.partial,
      },
      requestFor(markup, { kind: 'explain-operation', spelling: `absent${JS_UNSAFE}` }),
    ),
    recordCase(
      {
        id: 'partial/integer-zero-diagnostic-primary',
        intent:
          'Generation 0 and an error row whose disclosed diagnostic primary starts at byte 0: every integer zero ' +
          'of the result is written 0, never -0.',
        clauses: [...PARTIAL, ...CLOSURE, ...diagnostics, 'KD-CANON-10', 'KD-SCALAR-02', 'KD-DISCLOSE-05'],
        interpretations: [...OQ, 'OQ-30', 'KIT-05', 'KIT-11'],
        fixture: zero,
        expect: EXPECT.partial,
      },
      requestFor(zero, { kind: 'explain-operation', spelling: 'last' }),
    ),
  ];
}
