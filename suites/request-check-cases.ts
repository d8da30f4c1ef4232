/**
 * Step 1's checks at the edges a provider most easily gets wrong, on the List[Text] world of the invalid category
 * (KD-LOOKUP-05): a span matched by its start alone, and a wrong FileId answered before a fault of the request that is
 * not the order of its expression span. OQ-12 D compares the FileId first only when start > end of the expression
 * span is the request's only fault (L132: the FileId before anything about the position); any other fault of the
 * request is answered invalid-request first, as under A.
 */
import { symbolId } from '../oracle/fixture/fixture-ids.js';
import type { DiscoveryRequestV1 } from '../oracle/records/discovery-records.js';
import type { QueryCase } from './case-definition.js';
import { listTextWorld } from './fixtures/list-text-world.js';
import { requestFor } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const INVALID = [...RESULT_SHAPE_CLAUSES, 'KD-RES-14', 'KD-RES-15', 'KD-LOOKUP-05'];

/** The request-check cases, all of the invalid category. */
export function requestCheckCases(): QueryCase[] {
  const fixture = listTextWorld();
  const span = requestFor(fixture).position.expression;
  const wrongFile = { file_id: symbolId('another file') };
  const reversed = { start: span.end, end: span.start };
  const add = (id: string, intent: string, clauses: string[], interpretations: string[], r: DiscoveryRequestV1) =>
    recordCase(
      { id, intent, clauses: [...INVALID, ...clauses], interpretations, fixture, expect: EXPECT.invalidRequest },
      r,
    );
  return [
    recordCase(
      {
        id: 'invalid/position-span-same-start-shorter-end',
        intent:
          'A span that starts where the parsed occurrence starts but ends one byte before its end, the cursor at ' +
          "the span's end, rejects with invalid-position: a span matches an occurrence only when both its start and " +
          'its end are equal.',
        clauses: [...INVALID, 'KD-POS-07', 'KD-POS-05'],
        interpretations: ['OQ-10', 'OQ-11', 'OQ-12', 'OQ-17', 'OQ-39', 'KIT-01'],
        fixture,
        expect: EXPECT.invalidPosition,
      },
      requestFor(fixture, { expression: { start: span.start, end: span.end - 1 }, byteOffset: span.end - 1 }),
    ),
    add(
      'invalid/reversed-span-and-long-name-with-wrong-file',
      'A wrong FileId, an expression span with start > end and a semantic_compatibility of 65 four-byte characters ' +
        '(260 bytes, over the 256 of a Name): invalid-request, since the FileId is compared first only when the ' +
        'reversed span is the only fault of the request (OQ-12 D).',
      ['KD-SCALAR-11', 'KD-SCALAR-05', 'KD-POS-03'],
      ['OQ-02', 'OQ-12', 'OQ-17', 'KIT-01'],
      requestFor(fixture, {
        analysis: { ...wrongFile, semantic_compatibility: '\u{1F600}'.repeat(65) },
        expression: reversed,
      }),
    ),
    add(
      'invalid/span-start-over-u32-with-wrong-file',
      'A wrong FileId and an expression span whose start is 4294967296, one over the largest U32: invalid-request, ' +
        "since a fault at the span's start other than start > end is a fault of the request, answered before its " +
        'FileId (OQ-12 D).',
      ['KD-SCALAR-02', 'KD-REQ-04', 'KD-POS-03'],
      ['OQ-02', 'OQ-12', 'OQ-17', 'KIT-01'],
      requestFor(fixture, { analysis: wrongFile, expression: { start: 4_294_967_296, end: span.end } }),
    ),
  ];
}
