/**
 * What a result owes the request it answers: the status a malformed request gets
 * (invalid/invalid-request: OQ-02 A, OQ-03 A, OQ-41 A), the echoed analysis key per
 * status (KD-RES-06/08/10/12), rows only for kinds that ask for them (KD-RES-16, OQ-40 A),
 * at most one row for an explanation and an omission when it shows none (KD-RES-18,
 * KD-RES-19), the omission spelling echo (KD-OMIT-04..06, OQ-29 A), unavailable rows only
 * on request (KD-REQ-07, OQ-32 A, OQ-33 A) and the offset inside its span (KD-POS-05,
 * which only a stale key may pre-empt, KIT-01).
 *
 * Without the request, the omissions must still agree with one query: a single spelling,
 * never mixed with null (OQ-29 A), and at most one row when a spelling is echoed.
 */
import type { DiscoveryRequestV1 } from '../records/discovery-records.js';
import { violation, type Violation } from '../violation.js';
import { arrayMember, describeValue, isRecord, member, stringMember } from './json-access.js';
import type { RequestReading } from './read-request.js';

const ECHO_CLAUSE: Readonly<Record<string, string>> = {
  complete: 'KD-RES-06',
  partial: 'KD-RES-08',
  stale: 'KD-RES-10',
  unavailable: 'KD-RES-12',
};
const KEY_FIELDS = [
  'file_id',
  'source_sha256',
  'interface_set_sha256',
  'generation',
  'semantic_compatibility',
] as const;

/** Checks a decoded result against its request, or the request-free consistency rules without one. */
export function checkRequestEcho(result: unknown, reading: RequestReading | undefined): Violation[] {
  if (reading === undefined) return checkOmissionsAgree(result);
  const out: Violation[] = [];
  const status = stringMember(result, 'status');
  const reason = member(result, 'reason');
  if (reading.kind === 'invalid') {
    const cause = reading.cause;
    // OQ-12 D (L132): the FileId is compared before anything about the position, so a
    // span with start > end may be answered stale / wrong-file.
    const positionOnly = cause.code === 'span-order' && cause.pointer === '/position/expression/start';
    if (positionOnly && status === 'stale' && reason === 'wrong-file') return out;
    if (status !== 'invalid') {
      out.push(
        violation(
          'invalid-request-answered',
          cause.clause,
          `The request breaks a record rule (${cause.code}), so the result is invalid with reason invalid-request.`,
          {
            pointer: '/status',
            expected: '"invalid"',
            actual: describeValue(status),
          },
        ),
      );
    } else if (reason !== 'invalid-request') {
      out.push(
        violation(
          'invalid-request-reason',
          'KD-RES-15',
          'A request that breaks a record rule is answered with reason invalid-request (OQ-02 A, OQ-41 A).',
          {
            pointer: '/reason',
            expected: '"invalid-request"',
            actual: describeValue(reason),
          },
        ),
      );
    }
    return out;
  }
  const request = reading.request;
  if (status === 'invalid') {
    // OQ-03 A rejects a layout-only deviation as invalid-request; a canonical, valid
    // request can be invalid only for its position (OQ-10 A).
    const expected = reading.canonical ? 'invalid-position' : 'invalid-request';
    if (reason !== expected) {
      out.push(
        violation(
          'invalid-reason',
          'KD-RES-15',
          reading.canonical
            ? 'A valid request can be rejected only for its position (OQ-10 A).'
            : 'A request with a non-canonical layout is rejected with invalid-request (OQ-03 A).',
          {
            pointer: '/reason',
            expected: JSON.stringify(expected),
            actual: describeValue(reason),
          },
        ),
      );
    }
    return out;
  }
  checkPositionRange(request, status, out);
  checkEcho(result, request, status, out);
  checkRows(result, request, status, out);
  checkOmissionSpellings(result, request, out);
  return out;
}

function checkPositionRange(request: DiscoveryRequestV1, status: string | undefined, out: Violation[]): void {
  const { byte_offset: offset, expression } = request.position;
  if (expression.start <= offset && offset <= expression.end) return;
  // KIT-01: a stale key is reported before the position; any other answer accepted it.
  if (status === 'stale' || status === undefined) return;
  out.push(
    violation(
      'position-not-rejected',
      'KD-POS-05',
      'The request offset lies outside its expression span, ' +
        'so the result is stale or invalid with invalid-position (OQ-10 A).',
      {
        pointer: '/status',
        expected: '"invalid" or "stale"',
        actual: describeValue(status),
      },
    ),
  );
}

function checkEcho(result: unknown, request: DiscoveryRequestV1, status: string | undefined, out: Violation[]): void {
  const clause = status === undefined ? undefined : ECHO_CLAUSE[status];
  const analysis = member(result, 'analysis');
  if (clause === undefined || !isRecord(analysis)) return;
  for (const field of KEY_FIELDS) {
    const got = member(analysis, field);
    const want = request.analysis[field];
    if (got !== want) {
      out.push(
        violation('analysis-not-echoed', clause, `A ${status} result echoes the request's analysis key exactly.`, {
          pointer: `/analysis/${field}`,
          expected: JSON.stringify(want),
          actual: describeValue(got),
        }),
      );
    }
  }
}

function checkRows(result: unknown, request: DiscoveryRequestV1, status: string | undefined, out: Violation[]): void {
  const operations = arrayMember(result, 'operations');
  const { kind, include_unavailable: includeUnavailable } = request.query;
  if (kind === 'type' && operations.length > 0) {
    out.push(
      violation(
        'type-query-with-operations',
        'KD-RES-16',
        'A type query asks for no operations, so the result has none (OQ-40 A).',
        {
          pointer: '/operations',
          expected: '[]',
          actual: `array of ${operations.length}`,
        },
      ),
    );
  }
  const omissions = arrayMember(result, 'omissions');
  if (kind === 'type' && omissions.length > 0) {
    out.push(
      violation(
        'type-query-with-omissions',
        'KD-RES-16',
        'A type query looks nothing up, so nothing is withheld and the result has no omission (OQ-40 A, KIT-02).',
        {
          pointer: '/omissions',
          expected: '[]',
          actual: `array of ${omissions.length}`,
        },
      ),
    );
  }
  if (kind === 'explain-operation') {
    if (operations.length > 1) {
      out.push(
        violation(
          'explain-multiple-rows',
          'KD-RES-18',
          'An explain-operation result includes at most one operation row.',
          {
            pointer: '/operations',
            expected: 'at most 1 row',
            actual: `${operations.length} rows`,
          },
        ),
      );
    }
    if (
      (status === 'complete' || status === 'partial') &&
      operations.length === 0 &&
      arrayMember(result, 'omissions').length === 0
    ) {
      out.push(
        violation(
          'explain-without-row-or-omission',
          'KD-RES-19',
          'An explanation that discloses no row uses an omission.',
          {
            pointer: '/omissions',
            expected: 'at least one omission',
            actual: '[]',
          },
        ),
      );
    }
  } else if (!includeUnavailable) {
    // OQ-32 A: without include_unavailable no unavailable row is listed; an explanation
    // shows its row whatever the flag says (OQ-33 A).
    operations.forEach((op, i) => {
      if (member(op, 'availability') === 'unavailable') {
        out.push(
          violation(
            'unrequested-unavailable-row',
            'KD-REQ-07',
            'Unavailable rows are listed only when the request sets include_unavailable (OQ-32 A).',
            {
              pointer: `/operations/${i}/availability`,
              expected: '"callable"',
              actual: '"unavailable"',
            },
          ),
        );
      }
    });
  }
}

function checkOmissionSpellings(result: unknown, request: DiscoveryRequestV1, out: Violation[]): void {
  const explain = request.query.kind === 'explain-operation';
  const spelling = request.query.spelling;
  arrayMember(result, 'omissions').forEach((o, i) => {
    if (!isRecord(o) || !Object.hasOwn(o, 'requested_spelling')) return;
    const got = member(o, 'requested_spelling');
    const pointer = `/omissions/${i}/requested_spelling`;
    if (explain && got !== spelling) {
      out.push(
        violation(
          'omission-spelling-not-echoed',
          'KD-OMIT-05',
          'Every omission of an explanation echoes the request spelling exactly (OQ-29 A).',
          {
            pointer,
            expected: JSON.stringify(spelling),
            actual: describeValue(got),
          },
        ),
      );
    } else if (!explain && got !== null) {
      out.push(
        violation(
          'omission-spelling-in-general-query',
          'KD-OMIT-06',
          'Only explain-operation may set requested_spelling; a general query uses null.',
          {
            pointer,
            expected: 'null',
            actual: describeValue(got),
          },
        ),
      );
    }
  });
}

/** Without the request: one query has one spelling, echoed by every omission or by none. */
function checkOmissionsAgree(result: unknown): Violation[] {
  const out: Violation[] = [];
  const omissions = arrayMember(result, 'omissions');
  const spellings = omissions.map((o) => member(o, 'requested_spelling'));
  const first = spellings.find((s): s is string => typeof s === 'string');
  if (first === undefined) return out;
  spellings.forEach((s, i) => {
    if (s === first || (s !== null && typeof s !== 'string')) return;
    out.push(
      violation(
        s === null ? 'omission-spelling-mixed' : 'omission-spelling-differs',
        'KD-OMIT-05',
        'The omissions of one explanation all echo the one request spelling (OQ-29 A).',
        {
          pointer: `/omissions/${i}/requested_spelling`,
          expected: 'the spelling of the other omissions',
          actual: describeValue(s),
        },
      ),
    );
  });
  const operations = arrayMember(result, 'operations');
  if (operations.length > 1) {
    out.push(
      violation(
        'explain-multiple-rows',
        'KD-RES-18',
        'An omission echoes a spelling, so this is an explanation, which includes at most one operation row.',
        {
          pointer: '/operations',
          expected: 'at most 1 row',
          actual: `${operations.length} rows`,
        },
      ),
    );
  }
  return out;
}
