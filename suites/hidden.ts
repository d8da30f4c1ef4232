/**
 * hidden: safe disclosure (KD-DISCLOSE-*). Private, internal, restricted,
 * unimported and private-extension declarations with distinctive names and
 * identities must never become rows or leave a trace beyond an aggregate omission
 * or the spelling the user supplied; include_unavailable never weakens this.
 */
import type { QueryCase } from './case-definition.js';
import { fileId } from '../oracle/fixture/fixture-ids.js';
import { HIDDEN_NAMES, hiddenWorld, TOKEN_TYPE } from './fixtures/hidden-world.js';
import { FixtureBuilder } from '../oracle/fixture/fixture-builder.js';
import { factKey } from '../oracle/fixture/fixture-ids.js';
import { requestFor } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const HIDDEN = [
  ...RESULT_SHAPE_CLAUSES,
  'KD-DISCLOSE-03',
  'KD-DISCLOSE-07',
  'KD-DISCLOSE-11',
  'KD-OMIT-01',
  'KD-OMIT-07',
];
const GENERAL = [...HIDDEN, 'KD-DISCLOSE-09', 'KD-OMIT-03', 'KD-OMIT-06', 'KD-ORDER-08', 'KD-ORIGIN-04'];
const EXPLAIN = [
  ...HIDDEN,
  'KD-DISCLOSE-02',
  'KD-DISCLOSE-06',
  'KD-DISCLOSE-10',
  'KD-RES-18',
  'KD-RES-19',
  'KD-OMIT-03',
  'KD-OMIT-04',
  'KD-OMIT-05',
];
const OQ = ['KIT-03', 'KIT-04', 'KIT-09', 'OQ-18'];
const OQ_EXPLAIN = [...OQ, 'KIT-05', 'OQ-29', 'OQ-33', 'OQ-35'];

/** Each kind of hidden declaration alone: its name in the hidden world, what it is, and the clauses that hide it. */
const HIDDEN_KINDS: { key: keyof typeof HIDDEN_NAMES; slug: string; what: string; clauses: string[] }[] = [
  {
    key: 'privateCurrentFile',
    slug: 'private-current-file',
    what: 'a private current-file declaration outside the admitted scope',
    clauses: ['KD-LOOKUP-06'],
  },
  {
    key: 'internalOfPublicView',
    slug: 'internal-under-public-view',
    what: 'an internal declaration of a module imported through its public view',
    clauses: ['KD-DIGEST-04', 'KD-OP-05'],
  },
  { key: 'restricted', slug: 'restricted', what: 'a restricted declaration', clauses: ['KD-OP-05'] },
  {
    key: 'privateOfInterface',
    slug: 'private-of-interface',
    what: 'a private declaration of an imported interface',
    clauses: ['KD-OP-05'],
  },
  {
    key: 'unimported',
    slug: 'unimported',
    what: 'a public declaration of a validated module whose names are not imported',
    clauses: ['KD-DIGEST-12', 'KD-LOOKUP-07'],
  },
  {
    key: 'privateExtension',
    slug: 'private-extension',
    what: 'a private cross-package extension',
    clauses: ['KD-DISCLOSE-08'],
  },
];

/** The hidden cases, in their published order. */
export function hiddenCases(): QueryCase[] {
  return [
    ...everyHiddenKindCases(),
    ...eachHiddenKindCases(),
    ...hiddenExtensionCases(),
    ...explainAndTypeInHiddenWorldCases(),
    locationDisclosureCase(),
    diagnosticWithoutLocationCase(),
  ];
}

/** A general query beside every kind of hidden declaration, with and without unavailable rows (KD-DISCLOSE-01). */
function everyHiddenKindCases(): QueryCase[] {
  const all = hiddenWorld();
  return [
    recordCase(
      {
        id: 'hidden/general-query-every-hidden-kind',
        expect: EXPECT.partial,
        intent:
          'A general query next to private, internal, restricted, unimported, ' +
          'private-extension and unvalidated-view declarations lists only the visible rows, ' +
          'with one aggregate omission per reason and no hidden name, identity, count or location.',
        clauses: [...GENERAL, 'KD-DISCLOSE-08', 'KD-LOOKUP-06', 'KD-LOOKUP-07', 'KD-LOOKUP-10'],
        interpretations: [...OQ, 'OQ-32'],
        fixture: all,
      },
      requestFor(all),
    ),
    recordCase(
      {
        id: 'hidden/include-unavailable-does-not-weaken-visibility',
        expect: EXPECT.partial,
        intent:
          'include_unavailable true on the same world adds no hidden row: ' +
          'it includes only visible rejected candidates.',
        clauses: [...GENERAL, 'KD-DISCLOSE-01', 'KD-REQ-07', 'KD-DISCLOSE-08'],
        interpretations: [...OQ, 'OQ-32'],
        fixture: all,
      },
      requestFor(all, { includeUnavailable: true }),
    ),
  ];
}

/** Each hidden kind alone: a general query and an explanation of its spelling (KD-DISCLOSE-07, KD-OMIT-05). */
function eachHiddenKindCases(): QueryCase[] {
  const all = hiddenWorld();
  return HIDDEN_KINDS.flatMap((s) => {
    const only = hiddenWorld({ only: [s.key] });
    return [
      recordCase(
        {
          id: `hidden/general-${s.slug}`,
          intent: `A general query next to ${s.what} discloses only an aggregate omission for it.`,
          clauses: [...GENERAL, ...s.clauses],
          interpretations: OQ,
          fixture: only,
          expect: EXPECT.partial,
        },
        requestFor(only, { includeUnavailable: true }),
      ),
      recordCase(
        {
          id: `hidden/explain-${s.slug}`,
          intent:
            `explain-operation with the spelling of ${s.what} echoes only that spelling in an omission: ` +
            `no identity, path, signature, documentation, location or count.`,
          clauses: [...EXPLAIN, ...s.clauses],
          interpretations: OQ_EXPLAIN,
          fixture: all,
          // No row may be disclosed, so an omission says the answer is incomplete (L208, L189).
          expect: EXPECT.partial,
        },
        requestFor(all, { kind: 'explain-operation', spelling: HIDDEN_NAMES[s.key] }),
      ),
    ];
  });
}

/** Acceptance example "Hidden extension": a private cross-package extension, listed and explained (KD-DISCLOSE-08). */
function hiddenExtensionCases(): QueryCase[] {
  const extensionOnly = hiddenWorld({ only: ['privateExtension'], noVisible: true });
  return [
    recordCase(
      {
        id: 'hidden/hidden-extension-no-leak',
        expect: EXPECT.partial,
        intent:
          'Acceptance example "Hidden extension": with only a private cross-package extension applicable, ' +
          'the general query has the type and an aggregate hidden-by-visibility omission, ' +
          'and neither the name nor the identity of the extension.',
        clauses: [...GENERAL, 'KD-DISCLOSE-08', 'KD-LOOKUP-11'],
        interpretations: [...OQ, 'OQ-19', 'OQ-14'],
        fixture: extensionOnly,
      },
      requestFor(extensionOnly, { includeUnavailable: true }),
    ),
    recordCase(
      {
        id: 'hidden/explain-hidden-extension-include-unavailable',
        expect: EXPECT.partial,
        intent: 'Explaining the hidden extension with include_unavailable true still echoes only the spelling.',
        clauses: [...EXPLAIN, 'KD-DISCLOSE-01', 'KD-DISCLOSE-08'],
        interpretations: OQ_EXPLAIN,
        fixture: extensionOnly,
      },
      requestFor(extensionOnly, {
        kind: 'explain-operation',
        spelling: HIDDEN_NAMES.privateExtension,
        includeUnavailable: true,
      }),
    ),
  ];
}

/** In the hidden world: a spelling naming nothing, a visible spelling, and a type query (KD-RES-16..19). */
function explainAndTypeInHiddenWorldCases(): QueryCase[] {
  const all = hiddenWorld();
  return [
    recordCase(
      {
        id: 'hidden/explain-nonexistent-spelling',
        expect: EXPECT.partial,
        intent:
          'A spelling that names nothing is answered exactly like a hidden one (hidden-by-visibility with the ' +
          'echo), so a result never reveals whether a hidden declaration exists.',
        clauses: [...EXPLAIN],
        interpretations: OQ_EXPLAIN,
        fixture: all,
      },
      requestFor(all, { kind: 'explain-operation', spelling: 'zqNoSuchOperationAnywhere' }),
    ),
    recordCase(
      {
        id: 'hidden/explain-visible-among-hidden',
        // The hidden world holds a view that failed validation: KIT-03 C makes every answer in it incomplete.
        expect: EXPECT.partial,
        intent:
          'Explaining a visible operation in the hidden world shows its row and nothing about its hidden neighbours.',
        clauses: [...HIDDEN, 'KD-RES-18'],
        interpretations: ['KIT-05', 'OQ-33'],
        fixture: all,
      },
      requestFor(all, { kind: 'explain-operation', spelling: 'token_len' }),
    ),
    recordCase(
      {
        id: 'hidden/type-query-looks-nothing-up',
        expect: EXPECT.complete,
        intent: 'kind type on the hidden world looks no candidate up, so it carries no omission at all.',
        clauses: [...HIDDEN, 'KD-RES-16'],
        interpretations: ['KIT-02', 'KIT-09'],
        fixture: all,
      },
      requestFor(all, { kind: 'type' }),
    ),
  ];
}

/** Disclosure of source locations, documentation and diagnostic locations (KD-DISCLOSE-04, KD-DISCLOSE-05). */
function locationDisclosureCase(): QueryCase {
  const b = new FixtureBuilder({
    description:
      'Visible operations whose source, documentation and diagnostic locations are disclosable for some and ' +
      'withheld for others.',
    fileLabel: 'app/src/session.kf',
    path: 'app/src/session.kf',
    source: 'let token = session.token(); token',
  });
  const tokenNode = b.addFact(factKey('live', 'NodeId', 'session.kf:binding:token'));
  b.addOccurrence({ text: 'token', nth: 2, type: { type: TOKEN_TYPE, display: 'Token', dependencies: [tokenNode] } });
  const here = { file_id: b.fileId, span: { start: 4, end: 9 } };
  const secretFile = { file_id: fileId('zq/secret/location.kf'), span: { start: 100, end: 140 } };
  b.addCandidate({
    qualified_name: 'app.session.token_len',
    signature: 'app.session.token_len(read Token) -> Int',
    receiver: TOKEN_TYPE,
    mode: 'read',
    home: 'current-file',
    source: here,
    disclose_source: true,
    documentation: 'token_len-docs',
    disclose_documentation: true,
  });
  b.addCandidate({
    qualified_name: 'app.session.token_kind',
    signature: 'app.session.token_kind(read Token) -> Kind',
    receiver: TOKEN_TYPE,
    mode: 'read',
    home: 'current-file',
    source: secretFile,
    disclose_source: false,
    documentation: 'zq-withheld-docs',
    disclose_documentation: false,
  });
  const shown = b.addDiagnostic({
    label: 'token_scope:shown',
    code: 'E0500',
    fallback_text: 'token used after scope end',
    primary: here,
    disclose_primary: true,
  });
  const withheld = b.addDiagnostic({
    label: 'token_scope:withheld',
    code: 'E0501',
    fallback_text: 'token borrowed by another module',
    primary: secretFile,
    disclose_primary: false,
  });
  const bad1 = b.addFact(factKey('live', 'NodeId', 'session.kf:bad:shown'), 'error', [], [shown]);
  const bad2 = b.addFact(factKey('live', 'NodeId', 'session.kf:bad:withheld'), 'error', [], [withheld]);
  b.addCandidate({
    qualified_name: 'app.session.token_refresh',
    signature: 'app.session.token_refresh(read Token) -> Token',
    receiver: TOKEN_TYPE,
    mode: 'read',
    home: 'current-file',
    dependencies: [bad1, bad2],
  });
  const disclosure = b.build();
  return recordCase(
    {
      id: 'hidden/source-documentation-and-locations',
      expect: EXPECT.partial,
      intent:
        'source, documentation and diagnostic primary locations appear only where their disclosure was validated; ' +
        'withheld ones are null.',
      clauses: [
        ...HIDDEN,
        'KD-DISCLOSE-04',
        'KD-DISCLOSE-05',
        'KD-DISCLOSE-12',
        'KD-OP-07',
        'KD-DIAG-04',
        'KD-DIAG-05',
        'KD-DIAG-07',
      ],
      interpretations: ['KIT-08', 'KIT-11', 'OQ-30'],
      fixture: disclosure,
    },
    requestFor(disclosure, { includeUnavailable: true }),
  );
}

/**
 * A diagnostic marked safe to disclose that has no primary location (KD-DIAG-04: a Location or null): there is
 * nothing to disclose, so its primary is null, whatever the flag says (KD-DISCLOSE-05).
 */
function diagnosticWithoutLocationCase(): QueryCase {
  const b = new FixtureBuilder({
    description: 'An error operation citing a diagnostic that is safe to disclose but has no primary location.',
    fileLabel: 'app/src/session.kf',
    path: 'app/src/session.kf',
    source: 'let token = session.token(); token',
  });
  const tokenNode = b.addFact(factKey('live', 'NodeId', 'session.kf:binding:token'));
  b.addOccurrence({ text: 'token', nth: 2, type: { type: TOKEN_TYPE, display: 'Token', dependencies: [tokenNode] } });
  const unplaced = b.addDiagnostic({
    label: 'token_scope:unplaced',
    code: 'E0502',
    fallback_text: 'token scope could not be placed',
    primary: null,
    disclose_primary: true,
  });
  b.addCandidate({
    qualified_name: 'app.session.token_seal',
    signature: 'app.session.token_seal(read Token) -> Token',
    receiver: TOKEN_TYPE,
    mode: 'read',
    home: 'current-file',
    status: 'error',
    diagnostic_ids: [unplaced],
  });
  const world = b.build();
  return recordCase(
    {
      id: 'hidden/diagnostic-safe-without-location',
      expect: EXPECT.partial,
      intent:
        'an error operation citing one diagnostic whose primary location the compiler marks safe to disclose but ' +
        'which has none: the row is shown, unavailable, and the diagnostic is listed with a null primary.',
      clauses: [...HIDDEN, 'KD-DISCLOSE-05', 'KD-DIAG-04', 'KD-DIAG-07'],
      interpretations: ['KIT-11'],
      fixture: world,
    },
    requestFor(world, { includeUnavailable: true }),
  );
}
