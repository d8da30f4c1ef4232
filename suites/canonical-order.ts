/**
 * canonical-order: every sorted array of a result (rows, dependencies, generic
 * requirements, effects, diagnostics, diagnostic_ids, omissions, rejection
 * reasons) answered from a fixture declared in an unrelated order, then from the
 * same fixture with every array reversed and shuffled. The expected bytes of a
 * group are identical: no input order may change canonical bytes (KD-ORDER-12).
 */
import type { ExpectedAnswer, QueryCase } from './case-definition.js';
import { orderWorld } from './fixtures/order-world.js';
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
  return cases;
}
