/**
 * limit: every count cap at N and N+1 (4,096 rows, 256 diagnostics, 64
 * dependencies, generic requirements and effects, 256 diagnostic IDs per fact),
 * the 4 MiB result cap one byte over 4,194,304, the
 * 1,000,000-step budget at its edge and exhausted before and after the first
 * useful fact (KIT-10), the interface-set member cap, and requests at and over
 * 64 KiB and depth 16 (KD-LIMIT-*).
 */
import { compareUtf8 } from '../oracle/canonical-json/compare-utf8.js';
import { encodeCanonical, encodeCanonicalText } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonObject, JsonValue } from '../oracle/canonical-json/json-value.js';
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import { LIMITS } from '../oracle/limits.js';
import { evaluateQuery } from '../oracle/pipeline/evaluate-query.js';
import type { DiscoveryRequestV1 } from '../oracle/records/discovery-records.js';
import type { ExpectedAnswer, QueryCase } from './case-definition.js';
import { bigWorld, bigWorldBuilder, ITEMS_TYPE } from './fixtures/big-world.js';
import { FixtureBuilder } from '../oracle/fixture/fixture-builder.js';
import { factKey, identityOf, symbolId } from '../oracle/fixture/fixture-ids.js';
import { listTextWorld } from './fixtures/list-text-world.js';
import { loaded, requestFor } from './fixtures/request-for.js';
import { bytesCase, EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const LIMIT = [...RESULT_SHAPE_CLAUSES, 'KD-LIMIT-03'];
const TRUNCATION = ['KD-LIMIT-10', 'KD-RES-08', 'KD-RES-09'];
const OQ = ['KIT-09', 'KIT-17', 'OQ-06'];

/** One world with a count of something at a cap, built for N and N+1. */
interface CapCase {
  slug: string;
  cap: number;
  what: string;
  world: (n: number) => FixtureV1;
  request?: (f: FixtureV1) => DiscoveryRequestV1;
  clauses: string[];
  interpretations: string[];
  /**
   * The answer at the cap and one over it: over a cap the result
   * must stay within it and say it is incomplete (L79, L189).
   */
  atCap: ExpectedAnswer;
  over: ExpectedAnswer;
  /** What the world one over the cap shows beyond the cap itself, added to its intent. */
  overNote?: string;
}

/**
 * The qualified names of the diagnostics world's rows: `m.e<row>` for the rows within the 256-diagnostic cap, and for
 * the one row past it the first `m.e<j>` (j counting on from there) whose SymbolId sorts after every row within the
 * cap, so that row is the canonical tail (KD-ORDER-06).
 */
function diagnosticRowNames(n: number): (row: number) => string {
  const within = LIMITS.diagnostics / 8;
  if (n > LIMITS.diagnostics + 8) throw new Error('the diagnostics world holds at most one row past the cap');
  let last = '';
  for (let row = 0; row < within; row++) {
    const id = symbolId(`m.e${row}`);
    if (compareUtf8(id, last) > 0) last = id;
  }
  let tail = within;
  while (compareUtf8(symbolId(`m.e${tail}`), last) <= 0) tail += 1;
  return (row) => (row < within ? `m.e${row}` : `m.e${tail}`);
}

/** The count caps of a result, each built at N and N+1. */
const COUNT_CAPS: CapCase[] = [
  {
    slug: 'rows',
    atCap: EXPECT.complete,
    over: EXPECT.partial,
    cap: LIMITS.operations,
    what: 'applicable callable candidates (the operation row cap)',
    world: (n) => bigWorld(`${n} applicable callable operations.`, [{ seed: 'limit/rows', count: n }]),
    clauses: ['KD-LIMIT-05'],
    interpretations: ['OQ-06'],
  },
  {
    slug: 'diagnostics',
    // The diagnostics belong to error rows, so the result is partial at the cap too (L189, L289).
    atCap: EXPECT.partial,
    over: EXPECT.partial,
    cap: LIMITS.diagnostics,
    what: 'diagnostics referenced by error rows of eight diagnostics each (the result diagnostic cap)',
    overNote:
      'The diagnostic past the cap belongs to the row that sorts last, so the rows that fit hold exactly 256 ' +
      'diagnostics: the cap is reached, not passed, and only the last row is dropped (OQ-06 A, OQ-08 A).',
    world: (n) => {
      const { b, m } = bigWorldBuilder({
        description:
          `${n} diagnostics referenced by error operations, eight per operation` +
          (n > LIMITS.diagnostics ? '; those past the cap on an operation that sorts after every other.' : '.'),
      });
      const rowName = diagnosticRowNames(n);
      for (let row = 0; row * 8 < n; row++) {
        const ids: string[] = [];
        for (let i = row * 8; i < Math.min(n, row * 8 + 8); i++)
          ids.push(b.addDiagnostic({ label: `limit/diagnostics:${i}`, code: 'E0001', fallback_text: `rejected ${i}` }));
        b.addCandidate({
          qualified_name: rowName(row),
          signature: `${rowName(row)}(read Items)`,
          receiver: ITEMS_TYPE,
          mode: 'read',
          home: m,
          status: 'error',
          diagnostic_ids: ids,
        });
      }
      return b.build();
    },
    request: (f) => requestFor(f, { includeUnavailable: true }),
    clauses: ['KD-LIMIT-05', 'KD-DIAG-07', 'KD-DIAG-09'],
    interpretations: ['OQ-08', 'KIT-11'],
  },
  {
    slug: 'row-dependencies',
    atCap: EXPECT.complete,
    over: EXPECT.partial,
    cap: LIMITS.dependenciesPerFact,
    what: 'direct dependencies of one operation',
    world: rowDependenciesWorld,
    request: (f) => requestFor(f, { includeUnavailable: true }),
    clauses: ['KD-LIMIT-06', 'KD-ORDER-01', 'KD-ORDER-02'],
    interpretations: ['OQ-09', 'OQ-22'],
  },
  {
    slug: 'type-dependencies',
    // Over the cap the type cannot be shown in its shape; with
    // no useful fact the answer is unavailable (L79, KIT-15).
    atCap: EXPECT.complete,
    over: { status: 'unavailable', reason: 'limit-exhausted' },
    cap: LIMITS.dependenciesPerFact,
    what: 'direct dependencies of the type fact',
    world: typeDependenciesWorld,
    request: (f) => requestFor(f, { kind: 'type' }),
    clauses: ['KD-LIMIT-06', 'KD-TYPE-01'],
    interpretations: ['OQ-09', 'OQ-14', 'KIT-07'],
  },
  {
    slug: 'generic-requirements',
    atCap: EXPECT.complete,
    over: EXPECT.partial,
    cap: LIMITS.genericRequirementsPerOperation,
    what: 'generic requirements of one operation',
    world: (n) => {
      const { b, m } = bigWorldBuilder({ description: `One operation with ${n} satisfied trait bounds.` });
      b.addCandidate({
        qualified_name: 'm.bounded',
        signature: 'm.bounded(read Items)',
        receiver: ITEMS_TYPE,
        mode: 'read',
        home: m,
        generics: Array.from({ length: n }, (_, i) => ({
          kind: 'trait-bound' as const,
          identity: identityOf('SymbolId', `m.Bound${i}`),
          display: `Items: Bound${i}`,
        })),
      });
      return b.build();
    },
    request: (f) => requestFor(f, { includeUnavailable: true }),
    clauses: ['KD-LIMIT-06', 'KD-ORDER-03', 'KD-ORDER-04'],
    interpretations: ['OQ-09', 'OQ-27'],
  },
  {
    slug: 'effects',
    atCap: EXPECT.complete,
    over: EXPECT.partial,
    cap: LIMITS.effectsPerOperation,
    what: 'effects of one operation, every one held at the position',
    world: effectsWorld,
    request: (f) => requestFor(f, { includeUnavailable: true }),
    clauses: ['KD-LIMIT-06', 'KD-EFFECT-01'],
    interpretations: ['OQ-09', 'OQ-26', 'OQ-27'],
  },
  {
    slug: 'row-diagnostic-ids',
    // An error row is never validated, so the result is partial at the cap too (L189, L289).
    atCap: EXPECT.partial,
    over: EXPECT.partial,
    cap: LIMITS.diagnosticIdsPerFact,
    what: 'diagnostic IDs of one error operation',
    world: diagnosticIdsWorld,
    request: (f) => requestFor(f, { includeUnavailable: true }),
    clauses: ['KD-DIAG-09', 'KD-LIMIT-05', 'KD-CLOSURE-10'],
    interpretations: ['OQ-08', 'OQ-09', 'KIT-11'],
  },
];

/** One operation with `n` effects, every one held at the position, so only the count can reject the row. */
function effectsWorld(n: number): FixtureV1 {
  const { b, m } = bigWorldBuilder({ description: `One operation with ${n} held effects.` });
  const effects = Array.from({ length: n }, (_, i) => identityOf('SymbolId', `m.Effect${i}`));
  b.addCandidate({
    qualified_name: 'm.effectful',
    signature: 'm.effectful(read Items)',
    receiver: ITEMS_TYPE,
    mode: 'read',
    home: m,
    effects: effects.map((identity, i) => ({ identity, display: `Effect${i}` })),
  });
  const fixture = b.build();
  for (const o of fixture.occurrences) o.capabilities = effects;
  return fixture;
}

/**
 * A type fact with `n` dependencies (KD-LIMIT-06), and one validated operation over any receiver (KIT-02), so a
 * general query has a useful fact whatever becomes of the type and shows the type as it is cut.
 */
function typeDependenciesWorld(n: number): FixtureV1 {
  const { b, m } = bigWorldBuilder({
    description: `A type fact with ${n} dependencies, and an operation over any receiver.`,
    typeDependencies: n,
  });
  b.addCandidate({
    qualified_name: 'm.describe',
    signature: 'm.describe(read T) -> Text',
    receiver: null,
    mode: 'read',
    home: m,
  });
  return b.build();
}

/**
 * One error operation citing `n` diagnostics (KD-DIAG-09), and the call `store.all()` whose type fact cites the same
 * `n`: within the cap an unavailable type, over it a provisional one (a useful fact the cap cuts). A type query on
 * either answers unavailable without showing the type; `besideRow` adds an operation over any receiver, so a lookup
 * at the call shows the cut type with the first 256 of its diagnostics.
 */
function diagnosticIdsWorld(n: number, besideRow = false): FixtureV1 {
  const { b, m } = bigWorldBuilder({
    description:
      `One error operation with ${n} diagnostics, and a type fact citing them all` +
      (besideRow ? ', and an operation over any receiver.' : '.'),
  });
  if (besideRow)
    b.addCandidate({
      qualified_name: 'm.describe',
      signature: 'm.describe(read T) -> Text',
      receiver: null,
      mode: 'read',
      home: m,
    });
  const ids = Array.from({ length: n }, (_, i) =>
    b.addDiagnostic({ label: `limit/row-diagnostic-ids:${i}`, code: 'E0002', fallback_text: `reason ${i}` }),
  );
  b.addCandidate({
    qualified_name: 'm.noisy',
    signature: 'm.noisy(read Items)',
    receiver: ITEMS_TYPE,
    mode: 'read',
    home: m,
    status: 'error',
    diagnostic_ids: ids,
  });
  const over = n > LIMITS.diagnosticIdsPerFact;
  b.addOccurrence({
    text: 'store.all()',
    type: {
      status: over ? 'provisional' : 'unavailable',
      type: null,
      display: over ? 'Items' : null,
      reason: 'incomplete-analysis',
      diagnostic_ids: ids,
    },
  });
  return b.build();
}

/**
 * The type fact's caps where they change the answer (KD-LIMIT-06, KD-DIAG-09, OQ-09 A): cut at 64 dependencies and
 * shown beside a row, and its diagnostic IDs at 256 and 257. Each reuses the fixture of the count cap it shares.
 */
function typeFactCapCases(): QueryCase[] {
  const deps = typeDependenciesWorld(LIMITS.dependenciesPerFact + 1);
  const atCap = diagnosticIdsWorld(LIMITS.diagnosticIdsPerFact);
  const over = diagnosticIdsWorld(LIMITS.diagnosticIdsPerFact + 1);
  const overBesideRow = diagnosticIdsWorld(LIMITS.diagnosticIdsPerFact + 1, true);
  const call = (f: FixtureV1): DiscoveryRequestV1 => requestFor(f, { occurrence: 1, kind: 'type' });
  return [
    recordCase(
      {
        id: 'limit/type-dependencies-65-beside-row',
        expect: EXPECT.partial,
        intent:
          'A validated type fact with 65 direct dependencies, beside a validated operation over any receiver: the ' +
          'type cannot list its closure, so it is unavailable with limit-exhausted, without identity or display, ' +
          'listing the first 64 dependencies in canonical order; the operation is shown, callable, and the result ' +
          'is partial and truncated.',
        clauses: [...LIMIT, 'KD-LIMIT-06', 'KD-TYPE-05', 'KD-TYPE-07', 'KD-ORDER-01', ...TRUNCATION],
        interpretations: [...OQ, 'OQ-09', 'OQ-14', 'OQ-22', 'KIT-02', 'KIT-07'],
        fixture: deps,
      },
      requestFor(deps),
    ),
    recordCase(
      {
        id: 'limit/type-diagnostic-ids-256',
        expect: { status: 'unavailable', reason: 'incomplete-current-file-facts' },
        intent:
          'An unavailable type fact citing exactly 256 diagnostic IDs, the cap: no limit is exhausted, so the type ' +
          'query (no useful fact) is unavailable with incomplete-current-file-facts, not limit-exhausted.',
        clauses: [...LIMIT, 'KD-DIAG-09', 'KD-RES-12', 'KD-RES-13', 'KD-TYPE-07'],
        interpretations: [...OQ, 'OQ-09', 'OQ-14', 'OQ-16'],
        fixture: atCap,
      },
      call(atCap),
    ),
    recordCase(
      {
        id: 'limit/type-diagnostic-ids-257',
        expect: { status: 'unavailable', reason: 'limit-exhausted' },
        intent:
          'A provisional type fact citing 257 diagnostic IDs, one over the cap: it cannot be shown in its shape, so ' +
          'it is cut to unavailable with limit-exhausted, and with no other useful fact the type query is ' +
          'unavailable with limit-exhausted (exhaustion before any useful fact).',
        clauses: [...LIMIT, 'KD-DIAG-09', 'KD-LIMIT-11', 'KD-RES-12', 'KD-RES-13'],
        interpretations: [...OQ, 'OQ-09', 'OQ-14', 'OQ-16'],
        fixture: over,
      },
      call(over),
    ),
    recordCase(
      {
        id: 'limit/type-diagnostic-ids-257-beside-row',
        expect: EXPECT.partial,
        intent:
          'A provisional type fact citing 257 diagnostic IDs, beside a validated operation over any receiver: the ' +
          'type is cut to unavailable with limit-exhausted, without display, citing the first 256 IDs in canonical ' +
          'order (and only their diagnostics); the operation is shown, callable, and the result is partial and ' +
          'truncated.',
        clauses: [...LIMIT, 'KD-DIAG-09', 'KD-LIMIT-11', 'KD-TYPE-05', 'KD-TYPE-07', ...TRUNCATION],
        interpretations: [...OQ, 'OQ-09', 'OQ-14'],
        fixture: overBesideRow,
      },
      requestFor(overBesideRow, { occurrence: 1 }),
    ),
  ];
}

/** The diagnostics each row of the reached-diagnostics world cites itself. */
const OWN_DIAGNOSTICS_PER_ROW = 7;
/** The diagnostics the one error fact each row depends on cites. */
const REACHED_DIAGNOSTICS_PER_ROW = 1;
/** Rows enough that the own diagnostics alone pass the cap too: 37 x 7 = 259, where 36 x 7 = 252 fit. */
const REACHED_WORLD_ROWS = 37;

/**
 * Error operations of the big world, each citing seven diagnostics of its own and depending on an error fact of its
 * own that cites one more (KD-CLOSURE-10): each row carries all eight (KIT-11), so the rows' diagnostics reach the
 * 256-diagnostic cap after 32 rows, where their own diagnostics alone would pass it only at the 37th.
 */
function reachedDiagnosticsWorld(): FixtureV1 {
  const { b, m } = bigWorldBuilder({
    description:
      `${REACHED_WORLD_ROWS} error operations, each with ${OWN_DIAGNOSTICS_PER_ROW} diagnostics of its own and an ` +
      `error fact it depends on that cites ${REACHED_DIAGNOSTICS_PER_ROW} more.`,
  });
  for (let row = 0; row < REACHED_WORLD_ROWS; row++) {
    const diagnostic = (label: string, code: string): string =>
      b.addDiagnostic({ label: `limit/reached-diagnostics:${row}:${label}`, code, fallback_text: `${label} ${row}` });
    const own = Array.from({ length: OWN_DIAGNOSTICS_PER_ROW }, (_, i) => diagnostic(`rejected-${i}`, 'E0001'));
    const reached = Array.from({ length: REACHED_DIAGNOSTICS_PER_ROW }, (_, i) => diagnostic(`failed-${i}`, 'E0003'));
    const fact = b.addFact(factKey('kif', 'SymbolId', `m.failed${row}`), 'error', [], reached);
    b.addCandidate({
      qualified_name: `m.r${row}`,
      signature: `m.r${row}(read Items)`,
      receiver: ITEMS_TYPE,
      mode: 'read',
      home: m,
      status: 'error',
      diagnostic_ids: own,
      dependencies: [fact],
    });
  }
  return b.build();
}

/**
 * The 256-diagnostic cap counts the diagnostics a row brings with the error facts it reaches, not only its own
 * (KD-LIMIT-05, KD-CLOSURE-10, KIT-11, OQ-08 A): the canonical prefix of 32 rows holds 32 x 8 = 256 diagnostics and a
 * 33rd would bring 264, so 32 rows are kept; counting own diagnostics alone would keep 36 (252) and emit 288.
 */
function reachedDiagnosticsCapCase(): QueryCase {
  const world = reachedDiagnosticsWorld();
  return recordCase(
    {
      id: 'limit/diagnostics-reached-from-error-facts',
      expect: EXPECT.partial,
      intent:
        '37 error operations, each citing 7 diagnostics of its own and depending on an error fact that cites one ' +
        'more, so each row carries 8 (296 in all): the rows that fit are the canonical prefix of 32, holding ' +
        'exactly 256 diagnostics, since a 33rd row would bring 264; the result is partial, truncated, with a ' +
        'limit-exhausted omission. Counted by own diagnostics alone the cut would fall after 36 rows (252, a 37th ' +
        'making 259), and those 36 rows would bring 288 diagnostics.',
      clauses: [...LIMIT, 'KD-LIMIT-05', 'KD-CLOSURE-10', 'KD-OP-13', 'KD-DIAG-07', 'KD-DIAG-09', ...TRUNCATION],
      interpretations: [...OQ, 'OQ-08', 'KIT-11'],
      fixture: world,
    },
    requestFor(world, { includeUnavailable: true }),
  );
}

/** The diagnostics the type fact of the shared-diagnostics world cites, and its error operations. */
const SHARED_TYPE_DIAGNOSTICS = 15;
const SHARED_WORLD_ROWS = 31;

/**
 * A provisional type fact at `store.all()` citing 15 diagnostics, and 31 error operations over any receiver, each
 * citing the type's first diagnostic, one diagnostic common to every operation, and 8 of its own: 15 + 1 + 31 x 8 =
 * 264 distinct diagnostics in all.
 */
function sharedDiagnosticsWorld(): FixtureV1 {
  const { b, m } = bigWorldBuilder({
    description:
      `A type fact citing ${SHARED_TYPE_DIAGNOSTICS} diagnostics, and ${SHARED_WORLD_ROWS} error operations over ` +
      'any receiver, each citing the first of them, one common to every operation and 8 of its own.',
  });
  const typeIds = Array.from({ length: SHARED_TYPE_DIAGNOSTICS }, (_, i) =>
    b.addDiagnostic({ label: `limit/shared-diagnostics:type:${i}`, code: 'E0003', fallback_text: `type ${i}` }),
  );
  const common = b.addDiagnostic({ label: 'limit/shared-diagnostics:common', code: 'E0004', fallback_text: 'common' });
  for (let row = 0; row < SHARED_WORLD_ROWS; row++) {
    const own = Array.from({ length: 8 }, (_, i) =>
      b.addDiagnostic({
        label: `limit/shared-diagnostics:${row}:${i}`,
        code: 'E0001',
        fallback_text: `rejected ${row}`,
      }),
    );
    b.addCandidate({
      qualified_name: `m.s${row}`,
      signature: `m.s${row}(read T)`,
      receiver: null,
      mode: 'read',
      home: m,
      status: 'error',
      diagnostic_ids: [typeIds[0] as string, common, ...own],
    });
  }
  b.addOccurrence({
    text: 'store.all()',
    type: {
      status: 'provisional',
      type: null,
      display: 'Items',
      reason: 'incomplete-analysis',
      diagnostic_ids: typeIds,
    },
  });
  return b.build();
}

/**
 * The 256-diagnostic cap counts each distinct diagnostic once, the type fact's among them (KD-DIAG-07, KD-LIMIT-05,
 * KIT-11, OQ-08 A): the type's 15 and the common one, then 8 new per row, so 30 rows hold exactly 256 (15 + 1 + 240)
 * and a 31st would bring 264.
 */
function sharedDiagnosticsCapCase(): QueryCase {
  const world = sharedDiagnosticsWorld();
  return recordCase(
    {
      id: 'limit/diagnostics-shared-with-type',
      expect: EXPECT.partial,
      intent:
        'A provisional type fact citing 15 diagnostics, and 31 error operations over any receiver, each citing the ' +
        "type's first diagnostic, one diagnostic common to every operation and 8 of its own (264 distinct in all): " +
        "each diagnostic counts once toward the 256 cap, the type's with them, so the canonical prefix of 30 rows " +
        'is kept, with exactly 256 diagnostics (15 + 1 + 30 x 8), and the result is partial, truncated, with a ' +
        'limit-exhausted omission. Counting the shared diagnostics again with each row would keep 24 rows, ' +
        "counting the type's first again with the rows 29, and leaving out the type's own all 31 (264).",
      clauses: [...LIMIT, 'KD-LIMIT-05', 'KD-DIAG-07', 'KD-DIAG-09', 'KD-TYPE-07', ...TRUNCATION],
      interpretations: [...OQ, 'OQ-08', 'KIT-11'],
      fixture: world,
    },
    requestFor(world, { occurrence: 1, includeUnavailable: true }),
  );
}

/** The limit cases, in their published order. */
export function limitCases(): QueryCase[] {
  return [
    ...countCapCases(),
    reachedDiagnosticsCapCase(),
    sharedDiagnosticsCapCase(),
    resultBytesOverCapCase(),
    ...stepBudgetCases(),
    interfaceSetOverCapCase(),
    ...requestCapCases(),
    ...textCapsInAsciiAndThreeByteCases(),
    ...textCapsInTwoAndFourByteCases(),
    textScalarsAtByteCapsCase(),
    explainAmongManyOperationsCase(),
    explainOverNestedCapCase(),
    ...cutRowsDroppedByDefaultCases(),
    ...typeFactCapCases(),
  ];
}

/** Each count cap at N and N+1: at the cap answered in full, over it within the cap and incomplete (KD-LIMIT-03). */
function countCapCases(): QueryCase[] {
  return COUNT_CAPS.flatMap((c) =>
    [c.cap, c.cap + 1].map((n) => {
      const fixture = c.world(n);
      const over = n > c.cap;
      return recordCase(
        {
          id: `limit/${c.slug}-${n}`,
          intent:
            `${n} ${c.what}: ` +
            (over
              ? 'one over the cap of ' + c.cap + ', so the result must stay within it and say it is incomplete'
              : 'exactly the cap, answered in full') +
            '.' +
            (over && c.overNote !== undefined ? ` ${c.overNote}` : ''),
          clauses: [...LIMIT, ...c.clauses, ...(over ? TRUNCATION : ['KD-LIMIT-12'])],
          interpretations: [...OQ, ...c.interpretations],
          fixture,
          expect: over ? c.over : c.atCap,
        },
        (c.request ?? ((f: FixtureV1) => requestFor(f)))(fixture),
      );
    }),
  );
}

/** The 4 MiB result cap one byte over (KD-LIMIT-04). */
function resultBytesOverCapCase(): QueryCase {
  // The 4 MiB result cap: rows whose complete result would be 4,194,305 bytes, one over.
  // (The exactly-4-MiB world is fitted and checked too, but not kept as a vector: it
  // would cost another 4 MiB of the vector set's 24 MiB.)
  const exact = exactByteCapWorld();
  return recordCase(
    {
      id: 'limit/result-bytes-4194305',
      expect: EXPECT.partial,
      intent:
        'Rows with long signatures whose complete result would be 4,194,305 bytes, ' +
        'one byte over 4 MiB (the same rows with one signature a byte shorter give exactly 4,194,304): ' +
        'rows are dropped from the canonical tail and the result is partial and truncated.',
      clauses: [...LIMIT, 'KD-LIMIT-04', 'KD-SCALAR-08', ...TRUNCATION],
      interpretations: [...OQ, 'OQ-04'],
      fixture: exact.over,
    },
    requestFor(exact.over),
  );
}

/**
 * The step budget (KD-LIMIT-07, KIT-10): 166,666 candidates that pass six stages and are
 * then dropped (edit required at a read-only position, unavailable rows not requested),
 * plus k candidates of another receiver type that cost one step each.
 */
function stepWorld(k: number, typeStatus: 'validated' | 'unavailable', receiverNull: boolean): FixtureV1 {
  const { b, addSeries } = bigWorldBuilder({
    description: `Candidates costing ${6 * 166_666 + k} candidate/filter steps.`,
    typeStatus,
  });
  addSeries({
    seed: 'limit/steps/edit',
    count: 166_666,
    template: { mode: 'edit', receiver: receiverNull ? null : ITEMS_TYPE },
  });
  addSeries({ seed: 'limit/steps/other', count: k, template: { receiver: 'app.store.Other' } });
  return b.build();
}

/**
 * A step-budget case. The contract defines no step unit (L77, OQ-07): these vectors rest on the kit's own (KIT-10)
 * and say so. No alternative bytes are carried: the other side of the edge is another world, with another analysis
 * key (KIT-25).
 */
function stepCase(
  slug: string,
  expect: ExpectedAnswer,
  intent: string,
  fixture: FixtureV1,
  clauses: string[],
  interpretations: string[] = [],
): QueryCase {
  return recordCase(
    {
      id: `limit/${slug}`,
      intent:
        `${intent} The step count rests on KIT-10 (the contract defines no unit, OQ-07): ` +
        `a provider counting otherwise may answer on the other side of this edge, ` +
        `and names KIT-10 as the reading it departs from.`,
      clauses: [...LIMIT, 'KD-LIMIT-07', ...clauses],
      interpretations: ['KIT-10', 'OQ-07', ...OQ, ...interpretations],
      fixture,
      expect,
    },
    requestFor(fixture),
  );
}

/** The step budget at its edge, and exhausted after and before the first useful fact (KD-LIMIT-07, KD-LIMIT-11). */
function stepBudgetCases(): QueryCase[] {
  return [
    stepCase(
      'step-budget-1000000',
      EXPECT.complete,
      'Exactly 1,000,000 candidate/filter steps: the budget is not exhausted and the result is complete.',
      stepWorld(4, 'validated', false),
      ['KD-LIMIT-12'],
      ['OQ-32'],
    ),
    stepCase(
      'step-budget-1000001-after-useful-fact',
      EXPECT.partial,
      'One step more than the budget after the validated type committed: partial, truncated, ' +
        'with a limit-exhausted omission.',
      stepWorld(5, 'validated', false),
      TRUNCATION,
      ['OQ-14'],
    ),
    stepCase(
      'step-budget-exhausted-before-useful-fact',
      { status: 'unavailable', reason: 'limit-exhausted' },
      'The budget runs out while no useful fact exists (the type is unavailable): unavailable with limit-exhausted.',
      stepWorld(6, 'unavailable', true),
      ['KD-LIMIT-11', 'KD-RES-12', 'KD-RES-13'],
      ['OQ-14', 'OQ-16', 'OQ-17'],
    ),
  ];
}

/** `n` validated imported views, for the interface-set member cap (KD-DIGEST-08, OQ-36). */
function manyViewsWorld(n: number): FixtureV1 {
  const b = new FixtureBuilder({
    description: `${n} validated imported views.`,
    fileLabel: 'app/src/store.kf',
    path: 'app/src/store.kf',
    source: 'let items = store.all(); items',
  });
  for (let i = 0; i < n; i++) b.addInterface({ module: `v${i}`, package: 'p' });
  b.addOccurrence({ text: 'items', nth: 1, type: { type: ITEMS_TYPE, display: 'Items' } });
  return b.build();
}

/** The interface-set member cap one over: no current key can be formed (KD-DIGEST-08). */
function interfaceSetOverCapCase(): QueryCase {
  const views = manyViewsWorld(LIMITS.interfaceSetMembers + 1);
  return recordCase(
    {
      id: 'limit/interface-set-4097-members',
      expect: { status: 'unavailable', reason: 'limit-exhausted' },
      intent:
        'An environment of 4,097 validated views exceeds the 4,096-member interface set: ' +
        'no valid current key can be formed, so the query is unavailable with limit-exhausted.',
      clauses: [...LIMIT, 'KD-DIGEST-08', 'KD-RES-12', 'KD-RES-13'],
      interpretations: ['OQ-36', 'KIT-01', 'KIT-09'],
      fixture: views,
    },
    requestFor(views),
  );
}

/** Request caps (KD-LIMIT-02, KD-LIMIT-09): bytes 65,536 and 65,537, depth 16 and 17. */
function requestCapCases(): QueryCase[] {
  const cases: QueryCase[] = [];
  const list = listTextWorld();
  const explain = requestFor(list, { kind: 'explain-operation', spelling: 'length' });
  for (const size of [LIMITS.requestBytes, LIMITS.requestBytes + 1]) {
    const json = JSON.parse(JSON.stringify(explain)) as JsonObject;
    const overhead = encodeCanonical({ ...json, query: { ...(json['query'] as JsonObject), spelling: '' } }).length;
    (json['query'] as JsonObject)['spelling'] = 'a'.repeat(size - overhead);
    const bytes = encodeCanonical(json);
    if (bytes.length !== size) throw new Error(`limit suite: request of ${bytes.length} bytes, wanted ${size}`);
    cases.push(
      bytesCase(
        {
          id: `limit/request-${size}-bytes`,
          intent:
            `A request of exactly ${size} bytes (a spelling far over 1,024 ` +
            `bytes): ` +
            (size > LIMITS.requestBytes ? 'over the 64 KiB cap' : 'at the 64 KiB cap, and invalid for its spelling') +
            '; invalid/invalid-request either way.',
          clauses: [...LIMIT, 'KD-LIMIT-02', 'KD-LIMIT-09', 'KD-RES-14', 'KD-RES-15', 'KD-SCALAR-09'],
          interpretations: ['OQ-02', 'OQ-04', 'OQ-16', 'OQ-17'],
          fixture: list,
          expect: EXPECT.invalidRequest,
        },
        bytes,
        `A canonical explain-operation request padded to exactly ${size} bytes.`,
      ),
    );
  }
  for (const depth of [LIMITS.requestDepth, LIMITS.requestDepth + 1]) {
    const json = JSON.parse(JSON.stringify(explain)) as JsonObject;
    // The request object is depth 1 and query depth 2; the spelling's arrays add the rest.
    let nest: JsonValue = [];
    for (let i = 1; i < depth - 2; i++) nest = [nest];
    (json['query'] as JsonObject)['spelling'] = nest;
    cases.push(
      bytesCase(
        {
          id: `limit/request-depth-${depth}`,
          intent:
            `A request nested ${depth} levels deep (arrays in place of the ` +
            `spelling): ` +
            (depth > LIMITS.requestDepth ? 'over the depth cap' : 'at the depth cap, and invalid for its spelling') +
            '; invalid/invalid-request either way.',
          clauses: [...LIMIT, 'KD-LIMIT-02', 'KD-LIMIT-09', 'KD-RES-14', 'KD-RES-15'],
          interpretations: ['OQ-02', 'OQ-05', 'OQ-16', 'OQ-17'],
          fixture: list,
          expect: EXPECT.invalidRequest,
        },
        new TextEncoder().encode(encodeCanonicalText(json)),
        `A canonical request whose spelling is ${depth - 2} nested arrays.`,
      ),
    );
  }
  return cases;
}

/** Scalar byte caps at N in ASCII and three-byte characters (KD-SCALAR-05, KD-SCALAR-09). */
function textCapsInAsciiAndThreeByteCases(): QueryCase[] {
  const list = listTextWorld();
  // Scalar byte caps at N (KD-SCALAR-05, KD-SCALAR-09; OQ-37: counted in UTF-8 bytes of the decoded value).
  const longCompat = listTextWorld();
  longCompat.semantic_compatibility = `stage2-${'v'.repeat(249)}`;
  return [
    recordCase(
      {
        id: 'limit/spelling-1024-bytes',
        expect: EXPECT.partial,
        intent:
          'A spelling of exactly 1,024 bytes is valid; naming nothing, ' +
          'it is answered with the hidden-by-visibility omission that echoes it.',
        clauses: [...LIMIT, 'KD-SCALAR-09', 'KD-OMIT-05'],
        interpretations: ['OQ-35', 'OQ-37', 'KIT-04'],
        fixture: list,
      },
      requestFor(list, { kind: 'explain-operation', spelling: 'a'.repeat(1024) }),
    ),
    recordCase(
      {
        id: 'limit/spelling-1024-bytes-multibyte',
        expect: EXPECT.partial,
        intent:
          'A spelling of 341 three-byte characters and one ASCII letter (1,024 bytes, 342 characters) is valid: ' +
          'caps count UTF-8 bytes.',
        clauses: [...LIMIT, 'KD-SCALAR-09', 'KD-OMIT-05'],
        interpretations: ['OQ-35', 'OQ-37', 'KIT-04'],
        fixture: list,
      },
      requestFor(list, { kind: 'explain-operation', spelling: `${'\u8a9e'.repeat(341)}a` }),
    ),
    recordCase(
      {
        id: 'limit/semantic-compatibility-256-bytes',
        expect: EXPECT.complete,
        intent: 'A semantic compatibility Name of exactly 256 bytes is valid and echoed.',
        clauses: [...LIMIT, 'KD-SCALAR-05', 'KD-KEY-06'],
        interpretations: ['OQ-37'],
        fixture: longCompat,
      },
      requestFor(longCompat, { kind: 'type' }),
    ),
  ];
}

/** Scalar byte caps at N in two- and four-byte characters, counted otherwise in UTF-16 (KD-SCALAR-05, KD-SCALAR-09). */
function textCapsInTwoAndFourByteCases(): QueryCase[] {
  const list = listTextWorld();
  const cases: QueryCase[] = [];
  // A Name of exactly 256 bytes in two- and four-byte characters is valid: the cap counts UTF-8 bytes (OQ-37 A).
  for (const [slug, text, what] of [
    ['semantic-compatibility-256-bytes-128-characters', '\u00e9'.repeat(128), '128 two-byte characters'],
    ['semantic-compatibility-256-bytes-64-supplementary', '\u{1F600}'.repeat(64), '64 four-byte characters'],
  ] as const) {
    const world = listTextWorld();
    world.semantic_compatibility = text;
    cases.push(
      recordCase(
        {
          id: `limit/${slug}`,
          expect: EXPECT.complete,
          intent: `A semantic compatibility Name of ${what} (exactly 256 bytes) is valid, current and echoed.`,
          clauses: [...LIMIT, 'KD-SCALAR-05', 'KD-KEY-06'],
          interpretations: ['OQ-37'],
          fixture: world,
        },
        requestFor(world, { kind: 'type' }),
      ),
    );
  }
  cases.push(
    recordCase(
      {
        id: 'limit/spelling-1024-bytes-256-supplementary',
        expect: EXPECT.partial,
        intent:
          'A spelling of 256 four-byte characters (1,024 bytes, 512 UTF-16 units) is valid; naming nothing, it is ' +
          'answered with the hidden-by-visibility omission that echoes it.',
        clauses: [...LIMIT, 'KD-SCALAR-09', 'KD-OMIT-05'],
        interpretations: ['OQ-35', 'OQ-37', 'KIT-04'],
        fixture: list,
      },
      requestFor(list, { kind: 'explain-operation', spelling: '\u{1F600}'.repeat(256) }),
    ),
  );
  cases.push(
    recordCase(
      {
        id: 'limit/spelling-1024-bytes-256-u10000',
        expect: EXPECT.partial,
        intent:
          'A spelling of 256 U+10000 characters (each the surrogate pair D800 DC00 in UTF-16, four bytes in UTF-8: ' +
          '1,024 bytes) is valid; naming nothing, it is answered with the hidden-by-visibility omission ' +
          'that echoes it.',
        clauses: [...LIMIT, 'KD-SCALAR-09', 'KD-OMIT-05'],
        interpretations: ['OQ-35', 'OQ-37', 'KIT-04'],
        fixture: list,
      },
      requestFor(list, { kind: 'explain-operation', spelling: '\u{10000}'.repeat(256) }),
    ),
  );
  cases.push(
    recordCase(
      {
        id: 'limit/spelling-surrogate-range-ends',
        expect: EXPECT.partial,
        intent:
          'A spelling of U+10FFFD and U+1F3FF (UTF-16 DBFF DFFD and D83C DFFF: the last high and the last low ' +
          'surrogate, each paired; eight bytes in UTF-8) is well-formed and valid; naming nothing, it is answered ' +
          'with the hidden-by-visibility omission that echoes it.',
        clauses: [...LIMIT, 'KD-SCALAR-09', 'KD-OMIT-05'],
        interpretations: ['OQ-35', 'OQ-37', 'KIT-04'],
        fixture: list,
      },
      requestFor(list, { kind: 'explain-operation', spelling: '\u{10FFFD}\u{1F3FF}' }),
    ),
  );
  return cases;
}

/** Every text scalar at its byte cap, in multi-byte characters where the cap allows (KD-SCALAR-05..08, OQ-37). */
function textScalarsAtByteCapsCase(): QueryCase {
  const texts = new FixtureBuilder({
    description: 'Names, qualified names, displays and a signature at their byte caps.',
    fileLabel: 'app/src/store.kf',
    path: 'app/src/store.kf',
    source: 'let items = store.all(); items',
  });
  const tm = texts.addInterface({ module: 'm', package: 'p' });
  const display4096 = `${'\u578b'.repeat(1365)}x`;
  texts.addOccurrence({ text: 'items', nth: 1, type: { type: ITEMS_TYPE, display: display4096 } });
  texts.addCandidate({
    qualified_name: `m.${'\u8a9e'.repeat(1364)}ab`,
    display_name: '\u00e9'.repeat(128),
    signature: 'S'.repeat(LIMITS.signatureBytes),
    receiver: ITEMS_TYPE,
    mode: 'read',
    home: tm,
    generics: [{ kind: 'inference', identity: null, display: `${'\u578b'.repeat(1365)}g` }],
    effects: [{ identity: 'm.Effect', display: `${'\u578b'.repeat(1365)}e` }],
  });
  const textWorld = texts.build();
  for (const o of textWorld.occurrences) o.capabilities = [identityOf('SymbolId', 'm.Effect')];
  return recordCase(
    {
      id: 'limit/text-scalars-at-byte-caps',
      expect: EXPECT.complete,
      intent:
        'A 256-byte Name (128 two-byte characters), a 4,096-byte QualifiedName and Displays (three-byte ' +
        'characters) and a 16,384-byte Signature are valid and copied exactly.',
      clauses: [...LIMIT, 'KD-SCALAR-05', 'KD-SCALAR-06', 'KD-SCALAR-07', 'KD-SCALAR-08', 'KD-LIMIT-12'],
      interpretations: ['OQ-37', 'OQ-21'],
      fixture: textWorld,
    },
    requestFor(textWorld),
  );
}

/** An explanation in a world with more candidates than the row cap returns its one row, untruncated (KD-LIMIT-05). */
function explainAmongManyOperationsCase(): QueryCase {
  const many = bigWorld('4,097 operations; explain asks for one of them.', [
    { seed: 'limit/rows', count: LIMITS.operations + 1 },
  ]);
  return recordCase(
    {
      id: 'limit/explain-among-4097-operations',
      expect: EXPECT.complete,
      intent:
        'explain-operation in a world with more candidates than the row cap returns the one requested row, ' +
        'untruncated.',
      clauses: [...LIMIT, 'KD-RES-18', 'KD-LIMIT-05'],
      interpretations: ['KIT-05', 'KIT-10'],
      fixture: many,
    },
    requestFor(many, { kind: 'explain-operation', spelling: 'o4096' }),
  );
}

/**
 * explain-operation of the operation with 65 effects (KD-LIMIT-06, OQ-09 A): the explanation shows its one row even
 * though it is unavailable (KIT-05), cut to the first 64 effects, and the cut makes the result truncated.
 */
function explainOverNestedCapCase(): QueryCase {
  const world = effectsWorld(LIMITS.effectsPerOperation + 1);
  return recordCase(
    {
      id: 'limit/explain-effects-65',
      expect: EXPECT.partial,
      intent:
        'explain-operation of the one operation with 65 effects, every one held: the row is shown as in ' +
        'limit/effects-65, unavailable with limit-exhausted, listing the first 64 effects in canonical order; the ' +
        'cut makes the result partial and truncated, with no omission (the row is shown, so nothing is withheld).',
      clauses: [...LIMIT, 'KD-LIMIT-06', 'KD-EFFECT-01', 'KD-RES-18', ...TRUNCATION],
      interpretations: [...OQ, 'OQ-09', 'KIT-05'],
      fixture: world,
    },
    requestFor(world, { kind: 'explain-operation', spelling: 'effectful' }),
  );
}

let exactCache: { fit: FixtureV1; over: FixtureV1 } | undefined;

/**
 * Two worlds whose complete results are exactly 4,194,304 and 4,194,305 bytes. Rows carry
 * 16,000-byte signatures; the length of one more signature is fitted by measuring the
 * oracle's result size, which grows byte for byte with it (ASCII, nothing escaped).
 */
function exactByteCapWorld(): { fit: FixtureV1; over: FixtureV1 } {
  if (exactCache !== undefined) return exactCache;
  const longSignature = `m.o(read Items) -> ${'X'.repeat(16_000)}`;
  const world = (count: number, pad: number): FixtureV1 => {
    const { b, m, addSeries } = bigWorldBuilder({ description: `${count + 1} operations with long signatures.` });
    addSeries({ seed: 'limit/result-bytes', count, template: { signature: longSignature } });
    b.addCandidate({
      qualified_name: 'm.pad',
      signature: `m.pad(read Items) -> ${'Y'.repeat(pad)}`,
      receiver: ITEMS_TYPE,
      mode: 'read',
      home: m,
    });
    return b.build();
  };
  const size = (f: FixtureV1): number =>
    evaluateQuery(encodeCanonical(requestFor(f) as unknown as JsonObject), loaded(f)).length;
  const target = LIMITS.resultBytes;
  const one = size(world(1, 1));
  const perRow = size(world(2, 1)) - one;
  let count = Math.floor((target - (one - perRow) - 8192) / perRow);
  for (let attempt = 0; attempt < 8; attempt++) {
    const remaining = target - size(world(count, 1));
    if (remaining >= 0 && remaining < 16_000) {
      const fit = world(count, 1 + remaining);
      const over = world(count, 2 + remaining);
      if (size(fit) !== target) throw new Error('limit suite: the 4 MiB fit did not come out exact');
      return (exactCache = { fit, over });
    }
    count += remaining < 0 ? -1 : 1;
  }
  throw new Error('limit suite: no exact 4 MiB fit found');
}

/**
 * Rows over a per-row cap that include_unavailable false drops (OQ-09 A, OQ-32 D, KIT-17 A): the result is truncated
 * only when the cut hid an operation that would otherwise be callable (L79); a row that is unavailable anyway loses
 * nothing to the cut, so a non-validated one leaves the incomplete-analysis omission and a definitive rejection
 * nothing.
 */
function cutRowsDroppedByDefaultCases(): QueryCase[] {
  const TRUNCATION_AND_FILTER = [...LIMIT, 'KD-LIMIT-06', 'KD-REQ-07', 'KD-OWN-01'];
  const callable = rowDependenciesWorld(LIMITS.dependenciesPerFact + 1);
  const error = diagnosticIdsWorld(LIMITS.diagnosticIdsPerFact + 1);
  const rejected = rejectedRowRequirementsWorld(LIMITS.genericRequirementsPerOperation + 1);
  return [
    recordCase(
      {
        id: 'limit/row-dependencies-65-dropped-by-default',
        expect: EXPECT.partial,
        intent:
          'The operation with 65 validated dependencies, asked without include_unavailable: it would be callable ' +
          'but for the 64-dependency cut, which makes it unavailable and so drops it; the cut hid a callable ' +
          'operation, so the result is partial with truncated true, and no omission (a cut row adds none).',
        clauses: [...TRUNCATION_AND_FILTER, ...TRUNCATION],
        interpretations: [...OQ, 'OQ-09', 'OQ-22', 'OQ-32'],
        fixture: callable,
      },
      requestFor(callable),
    ),
    recordCase(
      {
        id: 'limit/row-diagnostic-ids-257-dropped-by-default',
        expect: EXPECT.partial,
        intent:
          'The error operation with 257 diagnostic IDs, asked without include_unavailable: an error row is ' +
          'unavailable whether or not it is cut, so it is dropped as any error row is, with the ' +
          'incomplete-analysis omission, and the cut truncates nothing.',
        clauses: [...TRUNCATION_AND_FILTER, 'KD-DIAG-09', 'KD-RES-08', 'KD-RES-09'],
        interpretations: [...OQ, 'OQ-08', 'OQ-09', 'OQ-32', 'KIT-11'],
        fixture: error,
      },
      requestFor(error),
    ),
    recordCase(
      {
        id: 'limit/rejected-row-generic-requirements-65-dropped-by-default',
        expect: EXPECT.complete,
        intent:
          'An operation requiring edit of a read-only receiver, with 65 satisfied generic requirements, asked ' +
          'without include_unavailable: a definitive rejection, unavailable whether or not it is cut, so it is ' +
          'absent as any requires-edit operation is, and the result is complete and not truncated.',
        clauses: [...TRUNCATION_AND_FILTER, 'KD-OWN-03', 'KD-OP-11', 'KD-RES-06', 'KD-RES-07', 'KD-LIMIT-12'],
        interpretations: [...OQ, 'OQ-09', 'OQ-27', 'OQ-32'],
        fixture: rejected,
      },
      requestFor(rejected),
    ),
  ];
}

/** One operation of the big world that requires edit of the read-only receiver, with `n` generic requirements. */
function rejectedRowRequirementsWorld(n: number): FixtureV1 {
  const { b, m } = bigWorldBuilder({
    description: `One operation requiring edit, with ${n} satisfied generic requirements.`,
  });
  b.addCandidate({
    qualified_name: 'm.sort',
    signature: 'm.sort(edit Items)',
    receiver: ITEMS_TYPE,
    mode: 'edit',
    home: m,
    generics: Array.from({ length: n }, (_, i) => ({
      kind: 'equality' as const,
      identity: null,
      display: `T${i} = Item`,
    })),
  });
  return b.build();
}

/** One operation of the big world with `n` direct dependencies (the row-dependencies cap, OQ-09 A). */
export function rowDependenciesWorld(n: number): FixtureV1 {
  const { b, m } = bigWorldBuilder({ description: `One operation with ${n} dependencies.` });
  const deps = Array.from({ length: n }, (_, i) => b.addFact(factKey('kif', 'SymbolId', `m.deps:${i}`)));
  b.addCandidate({
    qualified_name: 'm.deps',
    signature: 'm.deps(read Items)',
    receiver: ITEMS_TYPE,
    mode: 'read',
    home: m,
    dependencies: deps,
  });
  return b.build();
}
