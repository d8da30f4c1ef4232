/**
 * Contract step 1: validate the request, source identity, current-file facts and
 * analysis key (KD-LOOKUP-05), in the check order of KIT-01:
 *
 * 1. size, canonical bytes and record schema -> invalid / invalid-request. A request
 *    over 65,536 bytes is refused before decoding (KD-LIMIT-02, KD-LIMIT-08, OQ-02 A,
 *    OQ-04 A); any non-canonical byte rejects (OQ-03 A); an unknown schema too (OQ-41 A).
 * 2. FileId, byte for byte, before anything about the position -> stale / wrong-file
 *    (KD-POS-03, KD-POS-04, KD-STALE-01). This includes an expression span with
 *    start > end: a schema-valid request whose only fault is that order answers
 *    wrong-file when its FileId is wrong, and invalid-request otherwise (OQ-12 D).
 * 3. the other key fields in AnalysisKey table order -> stale-source,
 *    stale-interface-set, stale-generation (any inequality, OQ-38 A),
 *    stale-semantic-compatibility (OQ-01 A, KD-STALE-02..05).
 * 4. expression.start <= byte_offset <= expression.end, and all three offsets on UTF-8
 *    code-point boundaries of the exact source, its length included (OQ-11 A)
 *    -> invalid / invalid-position (KD-POS-05, KD-POS-06, OQ-10 A). These need only the
 *    source the key names, known once the key is current (OQ-12 A).
 * 5. cancelled -> unavailable / cancelled-before-analysis (OQ-46 B).
 * 6. current-file facts only from KIF, or a sidecar its codec rejected
 *    -> unavailable / incomplete-current-file-facts (KD-LOOKUP-03, KD-STALE-07, OQ-13 A).
 * 7. the span equals a parsed occurrence's span -> otherwise invalid / invalid-position
 *    (KD-POS-07, OQ-39 A); a matching span contains the offset by check 4.
 * 8. more than 4,096 validated interface views -> unavailable / limit-exhausted, since no
 *    valid current key can be formed (KD-DIGEST-08, OQ-36).
 *
 * The register's other readings of these choices run here too, each a switch the register selects (readings.ts):
 * OQ-01 B and the members of OQ-01 C (which stale reason wins), OQ-02 B (the reason of an over-limit request), OQ-03 B
 * (layout leniency), OQ-12 A (the request's own validation before its FileId), OQ-10 B and C, OQ-17 C (the status of a
 * position failure), OQ-37 B (what a control character is) and KIT-01 B (the span is matched before cancellation and
 * missing facts are reported).
 */
import { decodeCanonical } from '../canonical-json/decode-canonical.js';
import type { FixtureOccurrence } from '../fixture/fixture.js';
import type { LoadedFixture } from '../fixture/load-fixture.js';
import { LIMITS } from '../limits.js';
import type {
  AnalysisKey,
  DiscoveryRequestV1,
  DiscoveryResultV1,
  QueryPosition,
  Span,
} from '../records/discovery-records.js';
import { validateRequest } from '../records/validate-request.js';
import type { Violation } from '../violation.js';
import { canonicalLayoutOf } from './lenient-layout.js';
import { Readings, type ReadingSwitch } from './readings.js';
import {
  invalidResult,
  positionUnavailableResult,
  staleResult,
  unavailableResult,
  type StaleReason,
} from './result-shapes.js';

const WHERE = 'oracle/pipeline/step-1-validate-request.ts';

/** The key fields after the FileId, in AnalysisKey table order (L85-90, L425), with their stale reasons. */
const STALE_FIELDS = [
  ['source_sha256', 'stale-source'],
  ['interface_set_sha256', 'stale-interface-set'],
  ['generation', 'stale-generation'],
  ['semantic_compatibility', 'stale-semantic-compatibility'],
] as const satisfies readonly (readonly [keyof AnalysisKey, StaleReason])[];

/**
 * OQ-01: which stale reason wins when several key fields after the FileId mismatch. A: the first in AnalysisKey table
 * order; B: the first in ASCII order of the tokens; C, an open set: any mismatching field's reason, each member the
 * field a provider checks first (the `other-stale-reason` alternatives). A wrong FileId wins under every reading
 * (L132).
 */
export const STALE_REASON_ORDER: ReadingSwitch = {
  entry: 'OQ-01',
  name: 'stale-reason-order',
  where: WHERE,
  runs: { A: true, B: true },
  rule: {
    label: 'C',
    members: STALE_FIELDS.map(([, reason]) => reason),
    reason: (member) => {
      const field = STALE_FIELDS.find(([, reason]) => reason === member)?.[0] ?? member;
      return `The request also mismatches ${field}; a provider that checks it first answers ${member}.`;
    },
  },
};

/** OQ-02: the reason of a request over the byte or depth cap. A: invalid-request; B: limit-exhausted. */
export const OVER_LIMIT_REASON: ReadingSwitch = {
  entry: 'OQ-02',
  name: 'over-limit-reason',
  where: WHERE,
  runs: { A: true, B: true },
};

/**
 * OQ-03: request bytes that are not canonical. A: invalid-request, whatever differs; B: bytes that differ from a
 * canonical encoding only in layout are answered as that canonical request (lenient-layout.ts), the `lenient-layout`
 * alternative.
 */
export const REQUEST_LAYOUT: ReadingSwitch = {
  entry: 'OQ-03',
  name: 'request-layout',
  where: WHERE,
  runs: { A: true, B: true },
  reasons: {
    B:
      'The bytes differ from the canonical encoding only in layout; ' +
      'a provider that parses them leniently answers as for the canonical request.',
  },
};

/**
 * OQ-10: the answer to a position that fails. A: invalid / invalid-position; B: unavailable / invalid-position with the
 * analysis echoed; C: a position out of its expression's order (known from the request alone) invalid /
 * invalid-request, the checks against the source unavailable / invalid-position.
 */
export const POSITION_FAILURE: ReadingSwitch = {
  entry: 'OQ-10',
  name: 'position-failure',
  where: WHERE,
  runs: { A: true, B: true, C: true },
};

/** OQ-17: the status invalid-position goes with. A: invalid; C: unavailable (the answer of OQ-10 B). */
export const INVALID_POSITION_STATUS: ReadingSwitch = {
  entry: 'OQ-17',
  name: 'invalid-position-status',
  where: WHERE,
  runs: { A: true, C: true },
};

/**
 * OQ-37: what a control character is. A: Unicode general category Cc; B: Cc, Cf and U+2028, U+2029, so a request
 * string holding a Cf character or a line or paragraph separator is invalid-request too. The fixture's texts are the
 * compiler's, and are not judged again.
 */
export const CONTROL_CHARACTERS: ReadingSwitch = {
  entry: 'OQ-37',
  name: 'control-characters',
  where: WHERE,
  runs: { A: true, B: true },
};

/**
 * OQ-12: where the FileId is compared against an expression span with start > end. D: the FileId first, so a wrong one
 * answers stale / wrong-file; A: the request's own validation first, so it is invalid / invalid-request.
 */
export const FILE_BEFORE_SPAN_ORDER: ReadingSwitch = {
  entry: 'OQ-12',
  name: 'file-before-span-order',
  where: WHERE,
  runs: { A: true, D: true },
};

/**
 * OQ-11: offsets at the end of the source and span semantics. C (half-open spans compared only for equality with a
 * parsed occurrence) gives A's bytes on every input: A already compares spans only for equality.
 */
export const SPAN_SEMANTICS: ReadingSwitch = {
  entry: 'OQ-11',
  name: 'span-semantics',
  where: WHERE,
  runs: { A: true, C: 'A' },
};

/**
 * KIT-01: where the span is matched against the parsed occurrences. C: after cancellation and missing current-file
 * facts are reported; B: before them.
 */
export const SPAN_CHECK_ORDER: ReadingSwitch = {
  entry: 'KIT-01',
  name: 'span-check-order',
  where: WHERE,
  runs: { B: true, C: true },
};

/** A request that may go on to lookup, with the occurrence it selects; or the final result. */
export type Step1Outcome =
  { ok: true; request: DiscoveryRequestV1; occurrence: FixtureOccurrence } | { ok: false; result: DiscoveryResultV1 };

/** Whether `offset` is a code-point boundary of the UTF-8 bytes `source` (the end included, OQ-11 A). */
export function isCodePointBoundary(source: Uint8Array, offset: number): boolean {
  if (!Number.isInteger(offset) || offset < 0 || offset > source.length) return false;
  return offset === source.length || ((source[offset] as number) & 0xc0) !== 0x80;
}

/** Whether the position passes KD-POS-05 and KD-POS-06 against `source`. */
export function positionIsValid(position: QueryPosition, source: Uint8Array): boolean {
  const { byte_offset: offset, expression } = position;
  if (!(expression.start <= offset && offset <= expression.end)) return false;
  return (
    isCodePointBoundary(source, expression.start) &&
    isCodePointBoundary(source, offset) &&
    isCodePointBoundary(source, expression.end)
  );
}

/** The parsed occurrence whose span equals `span` exactly (KD-POS-07, OQ-39 A), if any. */
export function findOccurrence(occurrences: readonly FixtureOccurrence[], span: Span): FixtureOccurrence | undefined {
  return occurrences.find((o) => o.span.start === span.start && o.span.end === span.end);
}

/**
 * Whether the only faults of a decoded request are `start > end` of its expression span:
 * the scalar rules run only on a schema-valid request, so the analysis key is then
 * well formed (validate-request.ts).
 */
function onlyExpressionOrder(violations: readonly Violation[]): boolean {
  return (
    violations.length > 0 &&
    violations.every((v) => v.code === 'span-order' && v.pointer === '/position/expression/start')
  );
}

/** Step 1 over the raw request bytes, under `readings` (the register's choices by default). */
export function validateRequestStep(
  bytes: Uint8Array,
  fixture: LoadedFixture,
  readings: Readings = Readings.kit(),
): Step1Outcome {
  if (bytes.length > LIMITS.requestBytes) return { ok: false, result: overLimit(readings) };
  const decoded = decodeCanonical(bytes, { maxBytes: LIMITS.requestBytes, maxDepth: LIMITS.requestDepth });
  if (!decoded.ok) {
    if (decoded.violation.code === 'depth') return { ok: false, result: overLimit(readings) };
    const canonical = canonicalLayoutOf(bytes);
    if (canonical !== undefined && readings.of(REQUEST_LAYOUT) === 'B')
      return validateRequestStep(canonical, fixture, readings);
    return { ok: false, result: invalidResult('invalid-request') };
  }
  const validated = validateRequest(decoded.value);
  if (!validated.ok) {
    // A span with start > end is a fault of the position, and L132 compares the FileId
    // before anything about the position (OQ-12 D): a wrong file answers wrong-file first.
    if (onlyExpressionOrder(validated.violations)) {
      const asked = (decoded.value as unknown as DiscoveryRequestV1).analysis;
      if (asked.file_id !== fixture.currentKey.file_id && readings.of(FILE_BEFORE_SPAN_ORDER) === 'D')
        return { ok: false, result: staleResult(asked, 'wrong-file') };
    }
    return { ok: false, result: invalidResult('invalid-request') };
  }
  const request = validated.request;
  if (holdsWiderControl(request) && readings.of(CONTROL_CHARACTERS) === 'B')
    return { ok: false, result: invalidResult('invalid-request') };

  const asked = request.analysis;
  const current = fixture.currentKey;
  if (asked.file_id !== current.file_id) return { ok: false, result: staleResult(asked, 'wrong-file') };
  const stale = staleReason(asked, current, readings);
  if (stale !== undefined) return { ok: false, result: staleResult(asked, stale) };

  const { byte_offset: offset, expression } = request.position;
  if (!(expression.start <= offset && offset <= expression.end)) {
    return { ok: false, result: positionFailure(asked, true, readings) };
  }
  if (!positionIsValid(request.position, fixture.sourceBytes)) {
    return { ok: false, result: positionFailure(asked, false, readings) };
  }
  const occurrence = findOccurrence(fixture.occurrences, request.position.expression);
  const withoutFacts =
    fixture.cancelled || fixture.current_file_facts === 'kif-only' || fixture.current_file_facts === 'sidecar-rejected';
  // KIT-01 decides only when the span matches no occurrence and the facts are not there either.
  if (occurrence === undefined && withoutFacts && readings.of(SPAN_CHECK_ORDER) === 'B') {
    return { ok: false, result: positionFailure(asked, false, readings) };
  }
  if (fixture.cancelled) return { ok: false, result: unavailableResult(asked, 'cancelled-before-analysis') };
  if (fixture.current_file_facts === 'kif-only' || fixture.current_file_facts === 'sidecar-rejected') {
    return { ok: false, result: unavailableResult(asked, 'incomplete-current-file-facts') };
  }
  if (occurrence === undefined) return { ok: false, result: positionFailure(asked, false, readings) };
  if (fixture.interfaceSetOverCap) return { ok: false, result: unavailableResult(asked, 'limit-exhausted') };
  return { ok: true, request, occurrence };
}

/** A request over the byte or depth cap (OQ-02). */
function overLimit(readings: Readings): DiscoveryResultV1 {
  return invalidResult(readings.of(OVER_LIMIT_REASON) === 'B' ? 'limit-exhausted' : 'invalid-request');
}

/** The stale reason of a key whose FileId is current, by OQ-01; undefined when every field is current. */
function staleReason(asked: AnalysisKey, current: AnalysisKey, readings: Readings): StaleReason | undefined {
  const mismatching = STALE_FIELDS.filter(([field]) => asked[field] !== current[field]).map(([, reason]) => reason);
  const [first] = mismatching;
  // The reading decides only among two or more mismatching fields.
  if (mismatching.length < 2) return first;
  const order = readings.of(STALE_REASON_ORDER);
  if (order === 'B') return [...mismatching].sort()[0];
  const member = order === STALE_REASON_ORDER.rule?.label ? readings.member(STALE_REASON_ORDER) : undefined;
  return mismatching.find((r) => r === member) ?? first;
}

/**
 * The answer to a failing position (OQ-10, OQ-17); `fromRequest` when the request alone shows it (the offset outside
 * its expression).
 */
function positionFailure(asked: AnalysisKey, fromRequest: boolean, readings: Readings): DiscoveryResultV1 {
  const reading = readings.of(POSITION_FAILURE);
  if (reading === 'C' && fromRequest) return invalidResult('invalid-request');
  if (reading !== 'A' || readings.of(INVALID_POSITION_STATUS) === 'C') return positionUnavailableResult(asked);
  return invalidResult('invalid-position');
}

/** A Cf character, U+2028 or U+2029: a control character under OQ-37 B but not under A. */
const WIDER_CONTROL = /[\p{Cf}\u2028\u2029]/u;

/** Whether a string of the request holds a character OQ-37 B counts as a control character and A does not. */
function holdsWiderControl(request: DiscoveryRequestV1): boolean {
  const strings = [request.analysis.semantic_compatibility, request.query.spelling ?? ''];
  return strings.some((s) => WIDER_CONTROL.test(s));
}
