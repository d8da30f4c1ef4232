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
import type { Violation } from '../violation.js';
import { arrayMember, isRecord, member, stringMember } from './json-access.js';
import type { RequestReading } from './read-request.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const REQUEST_ECHO_RULES = ruleTable({
  'invalid-request-answered': ['{clause}', '"invalid"', '{status:value}',
    'The request breaks a record rule ({cause}), so the result is invalid with reason invalid-request.'],
  'invalid-request-reason': ['KD-RES-15', '"invalid-request"', '{reason:value}',
    'A request that breaks a record rule is answered with reason invalid-request (OQ-02 A, OQ-41 A).'],
  'invalid-request-answered (position)': ['{clause}', '"invalid-request"', '"invalid-position"',
    'The request breaks a record rule ({cause}), yet the answer judged its position:',
    'the record was taken for valid, so the rule it breaks went unchecked (a wrapped or rounded integer, say).'],
  'invalid-reason': ['KD-RES-15', '"invalid-position"', '{reason:value}',
    'A valid request can be rejected only for its position (OQ-10 A).'],
  'invalid-reason (layout)': ['KD-RES-15', '"invalid-request"', '{reason:value}',
    'A request with a non-canonical layout is rejected with invalid-request (OQ-03 A).'],
  'position-not-rejected': ['KD-POS-05', '"invalid" or "stale"', '{status:value}',
    'The request offset lies outside its expression span,',
    'so the result is stale or invalid with invalid-position (OQ-10 A).'],
  'analysis-not-echoed': [['KD-RES-06', 'KD-RES-08', 'KD-RES-10', 'KD-RES-12'], '{want:json}', '{got:value}',
    "A {status} result echoes the request's analysis key exactly."],
  'type-query-with-operations': ['KD-RES-16', '[]', 'array of {count}',
    'A type query asks for no operations, so the result has none (OQ-40 A).'],
  'type-query-with-omissions': ['KD-RES-16', '[]', 'array of {count}',
    'A type query looks nothing up, so nothing is withheld and the result has no omission (OQ-40 A, KIT-02).'],
  'explain-multiple-rows': ['KD-RES-18', 'at most 1 row', '{count} rows',
    'An explain-operation result includes at most one operation row.'],
  'explain-multiple-rows (spelling echoed)': ['KD-RES-18', 'at most 1 row', '{count} rows',
    'An omission echoes a spelling, so this is an explanation, which includes at most one operation row.'],
  'explain-without-row-or-omission': ['KD-RES-19', 'at least one omission', '[]',
    'An explanation that discloses no row uses an omission.'],
  'unrequested-unavailable-row': ['KD-REQ-07', '"callable"', '"unavailable"',
    'Unavailable rows are listed only when the request sets include_unavailable (OQ-32 A).'],
  'omission-spelling-not-echoed': ['KD-OMIT-05', '{spelling:json}', '{got:value}',
    'Every omission of an explanation echoes the request spelling exactly (OQ-29 A).'],
  'omission-spelling-in-general-query': ['KD-OMIT-06', 'null', '{got:value}',
    'Only explain-operation may set requested_spelling; a general query uses null.'],
  'omission-spelling-mixed': ['KD-OMIT-05', 'the spelling of the other omissions', '{got:value}',
    'The omissions of one explanation all echo the one request spelling (OQ-29 A).'],
  'omission-spelling-differs': ['KD-OMIT-05', 'the spelling of the other omissions', '{got:value}',
    'The omissions of one explanation all echo the one request spelling (OQ-29 A).'],
});

const R = REQUEST_ECHO_RULES;

const ECHO_CLAUSE = {
  complete: 'KD-RES-06',
  partial: 'KD-RES-08',
  stale: 'KD-RES-10',
  unavailable: 'KD-RES-12',
} as const;
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
    if (status !== 'invalid')
      out.push(R.at('invalid-request-answered', '/status', { clause: cause.clause, cause: cause.code, status }));
    else if (reason === 'invalid-position')
      out.push(R.at('invalid-request-answered (position)', '/reason', { clause: cause.clause, cause: cause.code }));
    else if (reason !== 'invalid-request') out.push(R.at('invalid-request-reason', '/reason', { reason }));
    return out;
  }
  const request = reading.request;
  if (status === 'invalid') {
    // OQ-03 A rejects a layout-only deviation as invalid-request; a canonical, valid
    // request can be invalid only for its position (OQ-10 A).
    if (reading.canonical && reason !== 'invalid-position') out.push(R.at('invalid-reason', '/reason', { reason }));
    if (!reading.canonical && reason !== 'invalid-request')
      out.push(R.at('invalid-reason (layout)', '/reason', { reason }));
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
  out.push(R.at('position-not-rejected', '/status', { status }));
}

function checkEcho(result: unknown, request: DiscoveryRequestV1, status: string | undefined, out: Violation[]): void {
  const analysis = member(result, 'analysis');
  if (status === undefined || !Object.hasOwn(ECHO_CLAUSE, status) || !isRecord(analysis)) return;
  const clause = ECHO_CLAUSE[status as keyof typeof ECHO_CLAUSE];
  for (const field of KEY_FIELDS) {
    const got = member(analysis, field);
    const want = request.analysis[field];
    if (got !== want) out.push(R.at('analysis-not-echoed', `/analysis/${field}`, { clause, status, want, got }));
  }
}

function checkRows(result: unknown, request: DiscoveryRequestV1, status: string | undefined, out: Violation[]): void {
  const operations = arrayMember(result, 'operations');
  const omissions = arrayMember(result, 'omissions');
  const { kind, include_unavailable: includeUnavailable } = request.query;
  const count = operations.length;
  if (kind === 'type' && count > 0) out.push(R.at('type-query-with-operations', '/operations', { count }));
  if (kind === 'type' && omissions.length > 0)
    out.push(R.at('type-query-with-omissions', '/omissions', { count: omissions.length }));
  if (kind === 'explain-operation') {
    if (count > 1) out.push(R.at('explain-multiple-rows', '/operations', { count }));
    if ((status === 'complete' || status === 'partial') && count === 0 && omissions.length === 0)
      out.push(R.at('explain-without-row-or-omission', '/omissions'));
  } else if (!includeUnavailable) {
    // OQ-32 A: without include_unavailable no unavailable row is listed; an explanation
    // shows its row whatever the flag says (OQ-33 A).
    operations.forEach((op, i) => {
      if (member(op, 'availability') === 'unavailable')
        out.push(R.at('unrequested-unavailable-row', `/operations/${i}/availability`));
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
    if (explain && got !== spelling) out.push(R.at('omission-spelling-not-echoed', pointer, { spelling, got }));
    else if (!explain && got !== null) out.push(R.at('omission-spelling-in-general-query', pointer, { got }));
  });
}

/** Without the request: one query has one spelling, echoed by every omission or by none. */
function checkOmissionsAgree(result: unknown): Violation[] {
  const out: Violation[] = [];
  const spellings = arrayMember(result, 'omissions').map((o) => member(o, 'requested_spelling'));
  const first = spellings.find((s): s is string => typeof s === 'string');
  if (first === undefined) return out;
  spellings.forEach((got, i) => {
    if (got === first || (got !== null && typeof got !== 'string')) return;
    const rule = got === null ? 'omission-spelling-mixed' : 'omission-spelling-differs';
    out.push(R.at(rule, `/omissions/${i}/requested_spelling`, { got }));
  });
  const count = arrayMember(result, 'operations').length;
  if (count > 1) out.push(R.at('explain-multiple-rows (spelling echoed)', '/operations', { count }));
  return out;
}
