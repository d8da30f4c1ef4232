/**
 * Step 1's checks at the edges a provider most easily gets wrong, on the List[Text] world of the invalid category
 * (KD-LOOKUP-05): a span matched by its start alone, and a wrong FileId answered before a fault of the request that is
 * not the order of its expression span. OQ-12 D compares the FileId first only when start > end of the expression
 * span is the request's only fault (L132: the FileId before anything about the position); any other fault of the
 * request is answered invalid-request first, as under A.
 */
import { encodeCanonicalText } from '../oracle/canonical-json/encode-canonical.js';
import type { JsonValue } from '../oracle/canonical-json/json-value.js';
import { symbolId } from '../oracle/fixture/fixture-ids.js';
import type { DiscoveryRequestV1 } from '../oracle/records/discovery-records.js';
import type { QueryCase } from './case-definition.js';
import { listTextWorld } from './fixtures/list-text-world.js';
import { requestFor } from './fixtures/request-for.js';
import { bytesCase, EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const INVALID = [...RESULT_SHAPE_CLAUSES, 'KD-RES-14', 'KD-RES-15', 'KD-LOOKUP-05'];

/**
 * The canonical bytes of `record` with the one member spelled `valid` spelled `invalid` instead: the canonical encoder
 * refuses to write a value the request schema rejects, so the case writes its one fault itself.
 */
function withFault(record: DiscoveryRequestV1, valid: string, invalid: string): Uint8Array {
  const text = encodeCanonicalText(record as unknown as JsonValue);
  const at = text.indexOf(valid);
  if (at < 0 || text.indexOf(valid, at + 1) >= 0) throw new Error(`withFault: ${valid} must occur exactly once`);
  return new TextEncoder().encode(text.slice(0, at) + invalid + text.slice(at + valid.length));
}

/** The request-check cases, all of the invalid category. */
export function requestCheckCases(): QueryCase[] {
  const fixture = listTextWorld();
  const span = requestFor(fixture).position.expression;
  const wrongFile = { file_id: symbolId('another file') };
  const reversed = { start: span.end, end: span.start };
  const add = (id: string, intent: string, clauses: string[], interpretations: string[], bytes: Uint8Array) =>
    bytesCase(
      { id, intent, clauses: [...INVALID, ...clauses], interpretations, fixture, expect: EXPECT.invalidRequest },
      bytes,
      intent,
    );
  return [
    recordCase(
      {
        id: 'invalid/position-span-same-start-shorter-end',
        intent:
          "A span that starts where the parsed occurrence starts but ends one byte before its end, the cursor at the span's " +
          'end, rejects with invalid-position: a span matches an occurrence only when both its start and its end are equal.',
        clauses: [...INVALID, 'KD-POS-07', 'KD-POS-05'],
        interpretations: ['OQ-10', 'OQ-11', 'OQ-12', 'OQ-17', 'OQ-39', 'KIT-01'],
        fixture,
        expect: EXPECT.invalidPosition,
      },
      requestFor(fixture, { expression: { start: span.start, end: span.end - 1 }, byteOffset: span.end - 1 }),
    ),
    add(
      'invalid/reversed-span-and-decomposed-name-with-wrong-file',
      'A wrong FileId, an expression span with start > end and a semantic_compatibility not in NFC: invalid-request, ' +
        'since the FileId is compared first only when the reversed span is the only fault of the request (OQ-12 D).',
      ['KD-SCALAR-11', 'KD-SCALAR-05', 'KD-CANON-08', 'KD-POS-03'],
      ['OQ-02', 'OQ-12', 'OQ-17', 'OQ-37', 'KIT-01'],
      withFault(
        requestFor(fixture, { analysis: { ...wrongFile, semantic_compatibility: 'fault' }, expression: reversed }),
        '"semantic_compatibility": "fault"',
        '"semantic_compatibility": "stage2-e\u0301te\u0301"',
      ),
    ),
    add(
      'invalid/negative-span-start-with-wrong-file',
      'A wrong FileId and an expression span whose start is -1 (not a U32): invalid-request, since a fault at the ' +
        "span's start other than start > end is a fault of the request, answered before its FileId (OQ-12 D).",
      ['KD-SCALAR-02', 'KD-REQ-04', 'KD-POS-03'],
      ['OQ-02', 'OQ-12', 'OQ-17', 'KIT-01'],
      withFault(
        requestFor(fixture, { analysis: wrongFile, expression: { start: 4_294_967_295, end: span.end } }),
        '"start": 4294967295',
        '"start": -1',
      ),
    ),
  ];
}
