/**
 * canonical-order: every sorted array of a result (rows, dependencies, generic
 * requirements, effects, diagnostics, diagnostic_ids, omissions, rejection
 * reasons) answered from a fixture declared in an unrelated order, then from the
 * same fixture with every array reversed and shuffled. The expected bytes of a
 * group are identical: no input order may change canonical bytes (KD-ORDER-12).
 */
import type { ExpectedAnswer, QueryCase } from './case-definition.js';
import { identityOf, symbolId } from '../oracle/fixture/fixture-ids.js';
import { LIST_TEXT_TYPE, listTextBuilder } from './fixtures/list-text-world.js';
import { orderWorld } from './fixtures/order-world.js';
import { ownWorld } from './fixtures/own-world.js';
import { reorderFixture, type Reordering } from './fixtures/reorder-fixture.js';
import { requestFor, type RequestOptions } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const ORDER = [
  ...RESULT_SHAPE_CLAUSES,
  'KD-ORDER-12',
  'KD-CANON-14',
  'KD-CANON-05',
  'KD-ORDER-11',
  'KD-DIGEST-07',
  'KD-LOOKUP-10',
];

interface Focus {
  slug: string;
  what: string;
  request: RequestOptions;
  clauses: string[];
  interpretations: string[];
  /** The answer for the focus request on the order world, whichever order its arrays are in. */
  expect: ExpectedAnswer;
}

const FOCUS: Focus[] = [
  {
    slug: 'rows',
    what: 'operation rows (SymbolId order, not name or declaration order)',
    request: { includeUnavailable: true },
    clauses: ['KD-ORDER-05', 'KD-ORDER-06', 'KD-ORDER-07'],
    interpretations: ['OQ-28'],
    expect: EXPECT.partial,
  },
  {
    slug: 'dependencies',
    what: "a row's dependencies from live, sidecar and kif sources of several kinds, its origin's included",
    request: { kind: 'explain-operation', spelling: 'render' },
    clauses: [
      'KD-ORDER-01',
      'KD-ORDER-02',
      'KD-CLOSURE-16',
      'KD-CLOSURE-06',
      'KD-CLOSURE-01',
      'KD-CLOSURE-03',
      'KD-SCALAR-13',
    ],
    interpretations: ['OQ-22'],
    expect: EXPECT.partial,
  },
  {
    slug: 'generic-requirements',
    what: 'generic requirements: identities by (kind, value) first, then null identities by kind and display',
    request: { kind: 'explain-operation', spelling: 'merge' },
    clauses: ['KD-ORDER-03', 'KD-ORDER-04', 'KD-OP-15'],
    interpretations: ['OQ-27'],
    expect: EXPECT.partial,
  },
  {
    slug: 'effects',
    what: 'effects named by SymbolId and TypeId',
    request: { kind: 'explain-operation', spelling: 'export' },
    clauses: ['KD-ORDER-03', 'KD-ORDER-04', 'KD-EFFECT-02'],
    interpretations: ['OQ-26', 'OQ-27'],
    expect: EXPECT.partial,
  },
  {
    slug: 'diagnostics',
    what: "the result's diagnostics from several error rows",
    request: { kind: 'operations', includeUnavailable: true },
    clauses: ['KD-ORDER-09', 'KD-DIAG-07', 'KD-DIAG-01', 'KD-DIAG-08'],
    interpretations: ['OQ-30', 'KIT-11'],
    expect: EXPECT.partial,
  },
  {
    slug: 'diagnostic-ids',
    what: "one row's diagnostic_ids (raw decoded ID order) and its diagnostics",
    request: { kind: 'explain-operation', spelling: 'lint' },
    clauses: ['KD-ORDER-10', 'KD-DIAG-09', 'KD-CANON-15', 'KD-CLOSURE-10'],
    interpretations: ['OQ-30', 'OQ-31'],
    expect: EXPECT.partial,
  },
  {
    slug: 'omissions',
    what: 'one omission per reason (hidden-by-visibility, incomplete-analysis, not-imported, unsupported-in-profile)',
    request: {},
    clauses: ['KD-ORDER-08', 'KD-OMIT-02', 'KD-OMIT-06'],
    interpretations: ['KIT-04', 'OQ-29'],
    expect: EXPECT.partial,
  },
  {
    slug: 'rejection-reasons',
    what:
      "one row's rejection reasons (incomplete-analysis, missing-effect, requires-edit, type-mismatch) " +
      'as an ASCII-sorted set',
    request: { kind: 'explain-operation', spelling: 'rewrite' },
    clauses: ['KD-REJECT-02', 'KD-REJECT-03', 'KD-REJECT-04'],
    interpretations: ['OQ-44', 'KIT-06'],
    expect: EXPECT.partial,
  },
];

/** The canonical-order cases. */
export function canonicalOrderCases(): QueryCase[] {
  const base = orderWorld();
  const cases: QueryCase[] = [];
  cases.push(
    recordCase(
      {
        id: 'canonical-order/as-declared',
        intent: 'The order world as declared: every sorted array of the result in canonical order.',
        clauses: [...ORDER, ...FOCUS.flatMap((f) => f.clauses)],
        interpretations: ['KIT-07', 'KIT-08', ...FOCUS.flatMap((f) => f.interpretations)],
        fixture: base,
        expect: EXPECT.partial,
      },
      requestFor(base, { includeUnavailable: true }),
    ),
  );
  const orders: { name: string; how: (slug: string) => Reordering }[] = [
    { name: 'reversed', how: () => ({ kind: 'reversed' }) },
    { name: 'shuffled', how: (slug) => ({ kind: 'shuffled', seed: `canonical-order/${slug}` }) },
  ];
  for (const focus of FOCUS) {
    for (const order of orders) {
      const fixture = reorderFixture(base, order.how(focus.slug));
      cases.push(
        recordCase(
          {
            id: `canonical-order/${focus.slug}-${order.name}`,
            intent: `Canonical order of ${focus.what}, from a fixture whose every array is ${order.name}.`,
            clauses: [...ORDER, ...focus.clauses],
            interpretations: ['KIT-07', 'KIT-08', ...focus.interpretations],
            fixture,
            expect: focus.expect,
          },
          requestFor(fixture, focus.request),
        ),
      );
    }
  }
  cases.push(...byteOrderCases(), ...equalDisplayCases());
  return cases;
}

/**
 * Identity-less displays whose UTF-8 byte order (L330, L369; OQ-27 A) differs from every order a provider reaches
 * for by habit: `Z` (5A) before `a` (61) and `f` (66) before `é` (C3 A9), which collation (localeCompare, Intl)
 * puts the other way; U+FF61 (EF BD A1) before U+1F600 (F0 9F 98 80), which UTF-16 code units (FF61 against D83D)
 * put the other way. Listed here out of byte order, so declaration order is no help either.
 */
export const BYTE_ORDER_DISPLAYS: readonly string[] = [
  'Mark = \u{1F600}',
  'Mark = f',
  'Mark = \u{FF61}',
  'Mark = a',
  'Mark = \u00e9',
  'Mark = Z',
];

function byteOrderCases(): QueryCase[] {
  const world = listTextBuilder({ readOnlyOperations: true });
  world.b.addCandidate({
    qualified_name: 'std.list.mark_all',
    signature: 'std.list.mark_all(read List[Text], Mark) -> List[Text]',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: world.std.list,
    generics: BYTE_ORDER_DISPLAYS.map((display) => ({ kind: 'inference' as const, identity: null, display })),
  });
  const fixture = ownWorld(world.b.build(), 'displays whose byte, collation and UTF-16 orders differ');
  const clauses = [...ORDER, 'KD-ORDER-03', 'KD-ORDER-04', 'KD-ORDER-11', 'KD-OP-15', 'KD-ACCEPT-03'];
  return [
    recordCase(
      {
        id: 'canonical-order/null-identity-requirements-bytes-not-collation',
        intent:
          'Six identity-less inference requirements sorted by display bytes: Z before a and f before é (collation ' +
          'puts them the other way), U+FF61 before U+1F600 (UTF-16 code units put them the other way).',
        clauses,
        interpretations: ['OQ-27', 'KIT-05'],
        fixture,
        expect: EXPECT.complete,
      },
      requestFor(fixture, { kind: 'explain-operation', spelling: 'mark_all' }),
    ),
    recordCase(
      {
        id: 'canonical-order/null-identity-requirements-bytes-not-collation-general',
        intent:
          'The same six identity-less requirements in a general query of the same world: a row among others keeps ' +
          'its requirements in display byte order, not collation or UTF-16 order.',
        clauses: [...clauses, 'KD-ORDER-05', 'KD-ORDER-06'],
        interpretations: ['OQ-27'],
        fixture,
        expect: EXPECT.complete,
      },
      requestFor(fixture, {}),
    ),
  ];
}

/**
 * Different identities with equal displays, and one identity value under two kinds: records are unique by identity
 * (kind, value) and sorted by it before any display (L330, L369), so none of them may be merged or reordered by its
 * display, and a value is never an identity without its kind (L70).
 */
function equalDisplayCases(): QueryCase[] {
  const world = listTextBuilder({ readOnlyOperations: true });
  const shared = symbolId('std.cmp.Same');
  const network = identityOf('SymbolId', 'std.net.Network');
  world.b.addCandidate({
    qualified_name: 'std.list.dedupe',
    signature: 'std.list.dedupe(read List[Text]) -> List[Text] where Text: Same',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: world.std.list,
    generics: [
      { kind: 'trait-bound', identity: identityOf('SymbolId', 'std.cmp.Eq'), display: 'Text: Same' },
      { kind: 'trait-bound', identity: { kind: 'TypeId', value: shared }, display: 'Text: Same' },
      { kind: 'trait-bound', identity: { kind: 'SymbolId', value: shared }, display: 'Text: Same' },
      { kind: 'inference', identity: null, display: 'Text: Same' },
    ],
    effects: [
      { identity: { kind: 'TypeId', value: network.value }, display: 'net.Network' },
      { identity: network, display: 'net.Network' },
    ],
  });
  // A second row spelled like the first, with the same signature text: another SymbolId, another row.
  world.b.addCandidate({
    qualified_name: 'std.list.dedupe',
    symbol: 'std.list.dedupe#2',
    signature: 'std.list.dedupe(read List[Text]) -> List[Text] where Text: Same',
    receiver: LIST_TEXT_TYPE,
    mode: 'read',
    home: world.std.list,
  });
  const base = world.b.build();
  const fixture = ownWorld(
    {
      ...base,
      occurrences: base.occurrences.map((o, i) =>
        i === 0 ? { ...o, capabilities: [network, { kind: 'TypeId' as const, value: network.value }] } : o,
      ),
    },
    'equal displays of different identities',
  );
  return [
    recordCase(
      {
        id: 'canonical-order/equal-displays-of-different-identities',
        intent:
          'Two rows spelled and signed alike, requirements displayed alike under four identities (one value as ' +
          'SymbolId and as TypeId, one null) and two effects displayed alike under one value of two kinds: ' +
          'every record kept, sorted by identity (kind, value), never merged by display.',
        clauses: [
          ...ORDER,
          'KD-ORDER-03',
          'KD-ORDER-04',
          'KD-ORDER-05',
          'KD-ORDER-06',
          'KD-ORDER-07',
          'KD-EFFECT-02',
          'KD-EFFECT-05',
          'KD-SCALAR-12',
          'KD-ORDER-11',
        ],
        interpretations: ['OQ-26', 'OQ-27', 'OQ-28', 'KIT-20'],
        fixture,
        expect: EXPECT.complete,
      },
      requestFor(fixture, {}),
    ),
  ];
}
