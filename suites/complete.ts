/**
 * complete: plain successful paths of every query kind, where every fact the
 * result states is validated and nothing was withheld (KD-RES-06, KD-RES-07,
 * OQ-18 A).
 */
import type { QueryCase } from './case-definition.js';
import { FixtureBuilder } from '../oracle/fixture/fixture-builder.js';
import { chainWorld, MIXED_OPERATIONS } from './fixtures/dependency-chain-world.js';
import { effectsWorld, CAPABILITY } from './fixtures/effects-world.js';
import { hiddenWorld } from './fixtures/hidden-world.js';
import { factKey } from '../oracle/fixture/fixture-ids.js';
import { listTextWorld } from './fixtures/list-text-world.js';
import { markupWorld } from './fixtures/markup-world.js';
import { ownWorld } from './fixtures/own-world.js';
import { zeroWorld } from './fixtures/zero-world.js';
import { multilineWorld } from './fixtures/multiline-world.js';
import { requestFor } from './fixtures/request-for.js';
import { utf8World } from './fixtures/utf8-world.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const COMPLETE = [
  ...RESULT_SHAPE_CLAUSES,
  'KD-RES-06',
  'KD-RES-07',
  'KD-LIMIT-12',
  'KD-TYPE-02',
  'KD-TYPE-03',
  'KD-KEY-01',
  'KD-REQ-01',
];
const ROWS = [
  'KD-OP-01',
  'KD-OP-02',
  'KD-OP-03',
  'KD-OP-06',
  'KD-OP-09',
  'KD-OP-10',
  'KD-CLOSURE-09',
  'KD-CLOSURE-12',
  'KD-ORIGIN-01',
  'KD-ORIGIN-03',
  'KD-ORIGIN-04',
  'KD-ORIGIN-05',
  'KD-ORIGIN-07',
  'KD-ORIGIN-08',
  'KD-ORDER-05',
  'KD-ORDER-06',
  'KD-SCALAR-12',
  'KD-SCALAR-13',
  'KD-SCALAR-06',
  'KD-CANON-11',
  'KD-CANON-17',
];
const OQ = ['OQ-18', 'OQ-20', 'OQ-21', 'KIT-02', 'KIT-03', 'KIT-07', 'KIT-08', 'KIT-09'];

/** The complete cases, in their published order. */
export function completeCases(): QueryCase[] {
  return [
    ...listTextQueryKindCases(),
    ...listTextPositionCases(),
    ...utf8WorldCases(),
    ...multilineCases(),
    ...dependencyChainCases(),
    ...internalViewAndHeldEffectCases(),
    emptyInterfaceSetCase(),
    ...lawCases(),
  ];
}

/** Every query kind on the List[Text] world of the acceptance example "Complete List[Text]" (KD-RES-16..18). */
function listTextQueryKindCases(): QueryCase[] {
  const list = listTextWorld();
  return [
    recordCase(
      {
        id: 'complete/list-text-operations',
        expect: EXPECT.complete,
        intent:
          'Acceptance example "Complete List[Text]": a read-only List[Text] receiver lists the visible std.list ' +
          'operations with T = Text substituted and generic requirements kept; ' +
          'edit and take operations are absent because unavailable candidates were not requested.',
        clauses: [
          ...COMPLETE,
          ...ROWS,
          'KD-ACCEPT-02',
          'KD-ACCEPT-03',
          'KD-ACCEPT-06',
          'KD-RES-17',
          'KD-OWN-01',
          'KD-OP-07',
          'KD-OP-15',
          'KD-POS-08',
          'KD-LOOKUP-02',
          'KD-LOOKUP-06',
          'KD-DIGEST-02',
          'KD-DIGEST-03',
          'KD-DIGEST-05',
          'KD-DIGEST-07',
          'KD-DIGEST-11',
          'KD-DIGEST-12',
          'KD-CLOSURE-03',
          'KD-TRUST-08',
        ],
        interpretations: [...OQ, 'OQ-32'],
        fixture: list,
      },
      requestFor(list),
    ),
    recordCase(
      {
        id: 'complete/list-text-type',
        expect: EXPECT.complete,
        intent: 'kind type answers the validated List[Text] type fact and an empty operations array.',
        clauses: [...COMPLETE, 'KD-RES-16', 'KD-TYPE-01', 'KD-REQ-06'],
        interpretations: ['KIT-02', 'KIT-09'],
        fixture: list,
      },
      requestFor(list, { kind: 'type' }),
    ),
    recordCase(
      {
        id: 'complete/list-text-operations-kind',
        expect: EXPECT.complete,
        intent:
          'kind operations on the owned list literal carries the validated type used for lookup together with the ' +
          'callable rows.',
        clauses: [...COMPLETE, ...ROWS, 'KD-RES-17', 'KD-REQ-06'],
        interpretations: [...OQ, 'OQ-32'],
        fixture: list,
      },
      requestFor(list, { occurrence: 1, kind: 'operations' }),
    ),
    recordCase(
      {
        id: 'complete/explain-callable-operation',
        expect: EXPECT.complete,
        intent:
          'explain-operation for a callable spelling returns exactly that one validated row, ' +
          'with its disclosed documentation link.',
        clauses: [...COMPLETE, ...ROWS, 'KD-RES-18', 'KD-REQ-08', 'KD-OP-07', 'KD-DISCLOSE-04'],
        interpretations: [...OQ, 'OQ-33', 'KIT-05'],
        fixture: list,
      },
      requestFor(list, { kind: 'explain-operation', spelling: 'length' }),
    ),
    recordCase(
      {
        id: 'complete/explain-operation-with-requirement',
        expect: EXPECT.complete,
        intent:
          'explain-operation for an operation with a satisfied trait-bound requirement shows the canonical public ' +
          'requirement.',
        clauses: [...COMPLETE, ...ROWS, 'KD-RES-18', 'KD-OP-15', 'KD-ACCEPT-03'],
        interpretations: [...OQ, 'KIT-05', 'KIT-06'],
        fixture: list,
      },
      requestFor(list, { kind: 'explain-operation', spelling: 'contains' }),
    ),
  ];
}

/** Other positions in the List[Text] world: the owned literal, a Text element, its span start (KD-POS-05). */
function listTextPositionCases(): QueryCase[] {
  const list = listTextWorld();
  return [
    recordCase(
      {
        id: 'complete/owned-literal-all-modes',
        expect: EXPECT.complete,
        intent:
          'An owned list literal permits read, edit and take, so every List[Text] operation, ' +
          'including those needing no receiver, is callable.',
        clauses: [...COMPLETE, ...ROWS, 'KD-OWN-06', 'KD-OP-04'],
        interpretations: [...OQ, 'KIT-06'],
        fixture: list,
      },
      requestFor(list, { occurrence: 1 }),
    ),
    recordCase(
      {
        id: 'complete/owned-literal-include-unavailable',
        expect: EXPECT.complete,
        intent: 'include_unavailable true with nothing rejected still gives a complete result with only callable rows.',
        clauses: [...COMPLETE, ...ROWS, 'KD-REQ-07'],
        interpretations: [...OQ, 'OQ-32'],
        fixture: list,
      },
      requestFor(list, { occurrence: 1, includeUnavailable: true }),
    ),
    recordCase(
      {
        id: 'complete/text-element-operations',
        expect: EXPECT.complete,
        intent: 'A Text string literal inside the list lists the Text operations, none of the List ones.',
        clauses: [...COMPLETE, ...ROWS, 'KD-POS-08', 'KD-ACCEPT-06'],
        interpretations: OQ,
        fixture: list,
      },
      requestFor(list, { occurrence: 2 }),
    ),
    recordCase(
      {
        id: 'complete/cursor-at-expression-start',
        expect: EXPECT.complete,
        intent: 'A byte offset equal to expression.start is inside the span (start <= byte_offset <= end).',
        clauses: [...COMPLETE, 'KD-POS-05', 'KD-POS-01'],
        interpretations: ['OQ-11', ...OQ],
        fixture: list,
      },
      requestFor(list, { byteOffset: list.occurrences[0]?.span.start ?? 0 }),
    ),
  ];
}

/** Receivers and cursors addressed by UTF-8 byte offsets among multi-byte characters (KD-POS-06, KD-POS-01). */
function utf8WorldCases(): QueryCase[] {
  const utf8 = utf8World();
  const literalSpan = utf8.occurrences[1]?.span ?? { start: 0, end: 0 };
  return [
    recordCase(
      {
        id: 'complete/utf8-receiver-operations',
        expect: EXPECT.complete,
        intent:
          'A receiver named with a two-byte character after three- and four-byte characters is addressed by UTF-8 ' +
          'byte offsets.',
        clauses: [...COMPLETE, ...ROWS, 'KD-POS-06', 'KD-POS-01', 'KD-SCALAR-08'],
        interpretations: [...OQ, 'OQ-37'],
        fixture: utf8,
      },
      requestFor(utf8),
    ),
    recordCase(
      {
        id: 'complete/utf8-literal-type',
        expect: EXPECT.complete,
        intent: 'The type of a string literal holding three- and four-byte characters, addressed by byte offsets.',
        clauses: [...COMPLETE, 'KD-POS-06', 'KD-RES-16'],
        interpretations: ['KIT-02'],
        fixture: utf8,
      },
      requestFor(utf8, { occurrence: 1, kind: 'type' }),
    ),
    recordCase(
      {
        id: 'complete/utf8-cursor-after-four-byte-char',
        expect: EXPECT.complete,
        intent: 'A cursor on the code-point boundary right after the four-byte character inside the literal is valid.',
        clauses: [...COMPLETE, 'KD-POS-06', 'KD-POS-05'],
        interpretations: ['OQ-11', 'KIT-02'],
        fixture: utf8,
      },
      // 1 quote + 3×3 bytes + 1 space + 4 bytes: the boundary after U+1F38C.
      requestFor(utf8, { occurrence: 1, kind: 'type', byteOffset: literalSpan.start + 1 + 9 + 1 + 4 }),
    ),
    recordCase(
      {
        id: 'complete/no-applicable-operations',
        expect: EXPECT.complete,
        intent:
          'A validated Int receiver with no applicable candidate gives a complete result with an empty operations ' +
          'array.',
        clauses: [...COMPLETE, 'KD-RES-17', 'KD-ACCEPT-06'],
        interpretations: ['OQ-18', 'KIT-02', 'KIT-09'],
        fixture: utf8,
      },
      requestFor(utf8, { occurrence: 2 }),
    ),
  ];
}

/** Sources with line breaks and tabs: offsets count the LF, CR and TAB bytes, one byte each (KD-POS-06, KIT-21). */
function multilineCases(): QueryCase[] {
  const lf = multilineWorld('lf');
  const crlf = multilineWorld('crlf');
  const tab = multilineWorld('tab');
  return [
    recordCase(
      {
        id: 'complete/multiline-lf-receiver-on-line-3',
        expect: EXPECT.complete,
        intent:
          'A receiver on line 3 of an LF source, after two-, three- and four-byte characters on line 1 and 2, ' +
          'is addressed by UTF-8 byte offsets that count each LF as one byte.',
        clauses: [...COMPLETE, ...ROWS, 'KD-POS-06', 'KD-POS-01'],
        interpretations: [...OQ, 'KIT-21'],
        fixture: lf,
      },
      requestFor(lf),
    ),
    recordCase(
      {
        id: 'complete/multiline-crlf-receiver-after-crlf',
        expect: EXPECT.complete,
        intent:
          'A receiver after two CR LF line ends is addressed by byte offsets that count CR and LF as one byte each.',
        clauses: [...COMPLETE, ...ROWS, 'KD-POS-06', 'KD-POS-01'],
        interpretations: [...OQ, 'KIT-21'],
        fixture: crlf,
      },
      requestFor(crlf, { byteOffset: crlf.occurrences[0]?.span.start ?? 0 }),
    ),
    recordCase(
      {
        id: 'complete/multiline-tab-indented-receiver',
        expect: EXPECT.complete,
        intent:
          'A receiver on a line indented with two tabs is addressed by byte offsets that count each tab as one ' +
          'byte, not as a tab stop.',
        clauses: [...COMPLETE, 'KD-POS-06', 'KD-POS-01'],
        interpretations: ['KIT-02', 'KIT-21'],
        fixture: tab,
      },
      requestFor(tab, { kind: 'type' }),
    ),
  ];
}

/** Answers resting on fact chains 24 deep, live or from a sidecar, closed to their status (KD-CLOSURE-01..16). */
function dependencyChainCases(): QueryCase[] {
  const chain = chainWorld();
  const sidecar = chainWorld({ chainSource: 'sidecar', currentFileFacts: 'sidecar' });
  const mixed = chainWorld(MIXED_OPERATIONS);
  return [
    recordCase(
      {
        id: 'complete/deep-chain-validated',
        expect: EXPECT.complete,
        intent:
          'Type and operations resting on validated fact chains 24 deep close to validated and list only direct ' +
          'dependencies.',
        clauses: [
          ...COMPLETE,
          ...ROWS,
          'KD-CLOSURE-08',
          'KD-CLOSURE-09',
          'KD-CLOSURE-16',
          'KD-CLOSURE-01',
          'KD-CLOSURE-05',
          'KD-EFFECT-01',
          'KD-EFFECT-03',
        ],
        interpretations: [...OQ, 'OQ-22', 'OQ-23'],
        fixture: chain,
      },
      requestFor(chain),
    ),
    recordCase(
      {
        id: 'complete/sidecar-current-file-facts',
        expect: EXPECT.complete,
        intent:
          'Current-file facts from a validated sidecar projection answer like live analysis; ' +
          'sidecar NodeId dependencies keep their status.',
        clauses: [...COMPLETE, ...ROWS, 'KD-LOOKUP-01', 'KD-CLOSURE-02', 'KD-CLOSURE-01'],
        interpretations: [...OQ, 'OQ-22'],
        fixture: sidecar,
      },
      requestFor(sidecar),
    ),
    recordCase(
      {
        id: 'complete/non-validated-rows-dropped-by-default',
        // OQ-32 D (L189, OQ-18): the operation set is not established, so the default answer keeps the
        // non-validated rows out but does not claim completeness. The id stays: ids never change once published.
        expect: EXPECT.partial,
        intent:
          'Without unavailable candidates requested, provisional, error and unavailable rows are kept out, ' +
          'but the operation set is not established: the result is partial with one incomplete-analysis omission, ' +
          'never complete.',
        clauses: [...COMPLETE, ...ROWS, 'KD-CLOSURE-14', 'KD-REQ-07'],
        interpretations: [...OQ, 'OQ-32'],
        fixture: mixed,
      },
      requestFor(mixed),
    ),
  ];
}

/** Rows an authorized internal view makes visible (KD-DIGEST-04) and rows whose effects are all held (KD-EFFECT-05). */
function internalViewAndHeldEffectCases(): QueryCase[] {
  const visibleOnly = hiddenWorld({ only: [] });
  const effects = effectsWorld(
    [CAPABILITY.network, CAPABILITY.console, CAPABILITY.clock],
    ['host', 'fetch', 'log', 'post', 'timestamp'],
  );
  return [
    recordCase(
      {
        id: 'complete/internal-view-operation',
        expect: EXPECT.complete,
        intent:
          'An internal declaration of a module whose package-internal view the query is authorized for is a visible ' +
          'row.',
        clauses: [...COMPLETE, ...ROWS, 'KD-DIGEST-04', 'KD-DIGEST-05', 'KD-OP-05', 'KD-DISCLOSE-03'],
        interpretations: [...OQ, 'OQ-36'],
        fixture: visibleOnly,
      },
      requestFor(visibleOnly),
    ),
    recordCase(
      {
        id: 'complete/effects-all-held',
        expect: EXPECT.complete,
        intent:
          'Operations whose public validated effects are all held at the position are callable and list their ' +
          'effects in canonical order.',
        clauses: [...COMPLETE, ...ROWS, 'KD-EFFECT-01', 'KD-EFFECT-02', 'KD-EFFECT-05', 'KD-ORDER-04'],
        interpretations: [...OQ, 'OQ-26', 'OQ-27', 'KIT-06'],
        fixture: effects,
      },
      requestFor(effects),
    ),
  ];
}

/** A current-file-only world: the empty interface set at the largest U53 generation (KD-DIGEST-09, KD-SCALAR-03). */
function emptyInterfaceSetCase(): QueryCase {
  const maxGeneration = new FixtureBuilder({
    description:
      'A current-file-only world at the largest U53 generation and with no imported interface (the empty interface ' +
      'set).',
    fileLabel: 'app/src/counter.kf',
    path: 'app/src/counter.kf',
    source: 'let total = 0; total',
    generation: 9_007_199_254_740_991,
  });
  const totalNode = maxGeneration.addFact(factKey('live', 'NodeId', 'counter.kf:binding:total'));
  maxGeneration.addOccurrence({
    text: 'total',
    nth: 1,
    type: { type: 'app.Counter', display: 'Counter', dependencies: [totalNode] },
  });
  maxGeneration.addCandidate({
    qualified_name: 'app.counter.next',
    signature: 'app.counter.next(read Counter) -> Counter',
    receiver: 'app.Counter',
    mode: 'read',
    home: 'current-file',
  });
  const counter = maxGeneration.build();
  return recordCase(
    {
      id: 'complete/empty-interface-set-max-generation',
      expect: EXPECT.complete,
      intent:
        'A world with no imported interface (empty interface set, member_count 0) ' +
        'at generation 9007199254740991 answers a current request.',
      clauses: [...COMPLETE, ...ROWS, 'KD-DIGEST-09', 'KD-SCALAR-03', 'KD-KEY-05', 'KD-KEY-04'],
      interpretations: [...OQ, 'OQ-36'],
      fixture: counter,
    },
    requestFor(counter),
  );
}

/**
 * Complete answers a provider's habits can still get wrong: strings a JavaScript-safe encoder escapes, integer zero,
 * and two queries of one world in both orders.
 */
function lawCases(): QueryCase[] {
  const cases: QueryCase[] = [];
  const markup = markupWorld();
  cases.push(
    recordCase(
      {
        id: 'complete/javascript-unsafe-characters-literal',
        intent:
          'U+2028, U+2029, <, >, &, apostrophe, </script>, U+FEFF and U+200B in a type display, a row name, ' +
          'qualified name and signature, a requirement, an effect and a module display are emitted literally: ' +
          'only " and \\ are ever escaped.',
        clauses: [...COMPLETE, ...ROWS, 'KD-CANON-09', 'KD-CANON-08', 'KD-SCALAR-05', 'KD-SCALAR-07', 'KD-RES-18'],
        interpretations: [...OQ, 'OQ-37', 'KIT-05'],
        fixture: markup,
        expect: EXPECT.complete,
      },
      requestFor(markup, { kind: 'explain-operation', spelling: 'render</script>\u2028' }),
    ),
  );
  const zero = zeroWorld();
  cases.push(
    recordCase(
      {
        id: 'complete/integer-zero-generation-and-span-start',
        intent:
          'Generation 0 echoed and a disclosed source location starting at byte 0: integer zero is written 0, ' +
          'never -0.',
        clauses: [...COMPLETE, ...ROWS, 'KD-CANON-10', 'KD-SCALAR-02', 'KD-SCALAR-03', 'KD-DISCLOSE-04', 'KD-RES-18'],
        interpretations: [...OQ, 'KIT-05', 'KIT-08'],
        fixture: zero,
        expect: EXPECT.complete,
      },
      requestFor(zero, { kind: 'explain-operation', spelling: 'first', byteOffset: 0 }),
    ),
  );
  // One world asked twice, in both orders (the base phase sends a world's vectors in id order): a provider that
  // keeps per world what one query computed answers the other from it.
  const orders = [
    ['type-first', ['type', 'operations']],
    ['operations-first', ['operations', 'type']],
  ] as const;
  for (const [name, kinds] of orders) {
    const world = ownWorld(listTextWorld(), `asked twice, ${name}`);
    kinds.forEach((kind, i) => {
      const operations = kind === 'operations';
      cases.push(
        recordCase(
          {
            id: `complete/one-world-${name}-${i + 1}-${kind}`,
            intent:
              `Query ${i + 1} of 2 on one world (${kinds.join(' query, then ')} query): ` +
              (operations
                ? 'the operations with unavailable rows requested, whatever the other query asked.'
                : 'the type alone, with no row and no omission, whatever the other query asked.'),
            clauses: [...COMPLETE, ...(operations ? ROWS : []), 'KD-REQ-07', 'KD-RES-16', 'KD-TRUST-07'],
            interpretations: [...OQ, 'OQ-32', 'OQ-40'],
            fixture: world,
            expect: EXPECT.complete,
          },
          requestFor(world, operations ? { kind: 'operations', includeUnavailable: true } : { kind: 'type' }),
        ),
      );
    });
  }
  return cases;
}
