/**
 * Queries at the very end of the source, one per query category (OQ-11 A: 0 <= offset <=
 * len(source), len a code-point boundary, L132). A suite world is bound to its analysis key by
 * a trailer comment (KIT-25), so its last byte is normally a comment; these worlds carry the
 * trailer on a line of its own before the last expression instead (oracle/fixture/bind-world.ts),
 * so the queried expression ends at the last byte and `byte_offset` equals the source length.
 * A provider that rejects an offset equal to the source length fails each of them.
 */
import { utf8Length } from '../oracle/canonical-json/compare-utf8.js';
import { TRAILER_LINE_PLACEHOLDER, untrailered } from '../oracle/fixture/bind-world.js';
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import { variant } from '../oracle/fixture/fixture-builder.js';
import type { DiscoveryRequestV1 } from '../oracle/records/discovery-records.js';
import type { ExpectedAnswer, QueryCase } from './case-definition.js';
import { CAPABILITY, effectsWorld } from './fixtures/effects-world.js';
import { t1World } from './fixtures/generic-t1-world.js';
import { hiddenWorld } from './fixtures/hidden-world.js';
import { listTextWorld } from './fixtures/list-text-world.js';
import { orderWorld } from './fixtures/order-world.js';
import { currentKey, requestFor, type RequestOptions } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';
import { LIMITS } from '../oracle/limits.js';
import { rowDependenciesWorld } from './limit.js';

/**
 * `fixture` with one more occurrence: the text of occurrence `index` again, after the trailer
 * line, ending at the last byte of the source, with the same compiler facts. Returns the new
 * world and the index of that occurrence.
 */
export function atEndOfSource(fixture: FixtureV1, index = 0): { fixture: FixtureV1; occurrence: number } {
  const world = variant(fixture, (f) => {
    const o = f.occurrences[index];
    if (o === undefined) throw new Error(`atEndOfSource: no occurrence ${index}`);
    const text = Buffer.from(f.file.source, 'utf8').subarray(o.span.start, o.span.end).toString('utf8');
    const head = untrailered(f.file.source) + TRAILER_LINE_PLACEHOLDER;
    const start = utf8Length(head);
    f.file.source = head + text;
    f.occurrences.push({ ...structuredClone(o), span: { start, end: start + utf8Length(text) } });
    f.description = `${f.description} Its last expression ends at the last byte of the source.`;
  });
  return { fixture: world, occurrence: world.occurrences.length - 1 };
}

/**
 * Adds the case `slug`: the base world's occurrence moved to the end of the source, asked there, and checked to
 * query at the source length.
 */
function addAtEnd(
  cases: QueryCase[],
  slug: string,
  expect: ExpectedAnswer,
  intent: string,
  clauses: string[],
  interpretations: string[],
  base: FixtureV1,
  options: RequestOptions = {},
  baseOccurrence = 0,
): void {
  const { fixture, occurrence } = atEndOfSource(base, baseOccurrence);
  const request: DiscoveryRequestV1 = requestFor(fixture, { ...options, occurrence });
  const length = utf8Length(fixture.file.source);
  if (request.position.byte_offset !== length || request.position.expression.end !== length)
    throw new Error(`end-of-source case ${slug} does not query at the source length`);
  cases.push(
    recordCase(
      {
        id: slug,
        intent: `${intent} The expression ends at the last byte of the source, and byte_offset equals its length.`,
        clauses: [...RESULT_SHAPE_CLAUSES, 'KD-POS-06', ...clauses],
        interpretations: ['OQ-11', 'KIT-25', ...interpretations],
        fixture,
        expect,
      },
      request,
    ),
  );
}

/** The arguments of {@link addAtEnd} after the list it adds to. */
type EndOfSourceArgs = Parameters<typeof addAtEnd> extends [QueryCase[], ...infer Rest] ? Rest : never;

/** The end-of-source cases, of every query category; all-cases.ts files them by category. */
export function endOfSourceCases(): QueryCase[] {
  const cases: QueryCase[] = [];
  const add = (...args: EndOfSourceArgs): void => addAtEnd(cases, ...args);

  add(
    'complete/end-of-source',
    EXPECT.complete,
    'The List[Text] receiver queried at the end of the file: complete, as anywhere else.',
    ['KD-ACCEPT-01', 'KD-ACCEPT-02'],
    ['KIT-09', 'OQ-18'],
    listTextWorld({ readOnlyOperations: true }),
  );
  add(
    'partial/end-of-source',
    EXPECT.partial,
    'An unconstrained _T1 queried at the end of the file: partial.',
    ['KD-ACCEPT-04', 'KD-RES-08'],
    ['KIT-02', 'KIT-09', 'OQ-14'],
    t1World(),
  );
  const stale = atEndOfSource(listTextWorld());
  add(
    'stale/stale-generation-at-end-of-source',
    { status: 'stale', reason: 'stale-generation' },
    'A request one generation behind, at the end of the file: stale-generation, whatever the position.',
    ['KD-STALE-05', 'KD-RES-11'],
    ['OQ-01', 'OQ-38', 'OQ-12'],
    listTextWorld(),
    { analysis: { generation: currentKey(stale.fixture).generation - 1 } },
  );
  add(
    'invalid/end-of-source-spelling-on-general-query',
    EXPECT.invalidRequest,
    'A general query that carries a spelling, at the end of the file: invalid-request (the request is malformed), ' +
      'never invalid-position.',
    ['KD-REQ-09', 'KD-RES-15'],
    ['OQ-02', 'OQ-12', 'OQ-17', 'KIT-01'],
    listTextWorld(),
    { kind: 'operations', spelling: 'length' },
  );
  add(
    'hidden/end-of-source',
    EXPECT.partial,
    'A general query at the end of the file in a world of hidden candidates: aggregate omissions only, no leak.',
    ['KD-DISCLOSE-03', 'KD-DISCLOSE-09', 'KD-OMIT-06'],
    ['KIT-03', 'KIT-04', 'OQ-18'],
    hiddenWorld(),
  );
  add(
    'ownership/end-of-source',
    EXPECT.complete,
    'A read-only receiver at the end of the file with include_unavailable: sort_in_place is shown as a validated ' +
      'definitive rejection with requires-edit, and the result stays complete.',
    ['KD-OWN-03', 'KD-REQ-07'],
    ['KIT-06', 'OQ-32', 'OQ-43'],
    listTextWorld(),
    { includeUnavailable: true },
  );
  add(
    'effect/end-of-source',
    EXPECT.complete,
    'A position that holds the network capability, at the end of the file: the operation that needs it is callable.',
    ['KD-EFFECT-05', 'KD-EFFECT-07'],
    ['KIT-06', 'KIT-12'],
    effectsWorld([CAPABILITY.network], ['host', 'fetch']),
  );
  add(
    'canonical-order/end-of-source',
    EXPECT.partial,
    'The order world queried at the end of the file: rows, requirements, effects, dependencies and omissions in ' +
      'canonical order.',
    ['KD-ORDER-01', 'KD-ORDER-05', 'KD-ORDER-06'],
    ['OQ-27', 'OQ-28'],
    orderWorld(),
  );
  add(
    'limit/end-of-source',
    EXPECT.partial,
    `One operation with ${LIMITS.dependenciesPerFact + 1} dependencies, queried at the end of the file: ` +
      'the row is cut and unavailable, the result truncated.',
    ['KD-LIMIT-06', 'KD-LIMIT-05'],
    ['OQ-09', 'KIT-17'],
    rowDependenciesWorld(LIMITS.dependenciesPerFact + 1),
    { includeUnavailable: true },
  );
  return cases;
}
