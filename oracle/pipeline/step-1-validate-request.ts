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
 */
import { decodeCanonical } from '../canonical-json/decode-canonical.js';
import type { FixtureOccurrence } from '../fixture/fixture.js';
import type { LoadedFixture } from '../fixture/load-fixture.js';
import { LIMITS } from '../limits.js';
import type { DiscoveryRequestV1, DiscoveryResultV1, QueryPosition, Span } from '../records/discovery-records.js';
import { validateRequest } from '../records/validate-request.js';
import type { Violation } from '../violation.js';
import { invalidResult, staleResult, unavailableResult } from './result-shapes.js';

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

/** Step 1 over the raw request bytes. */
export function validateRequestStep(bytes: Uint8Array, fixture: LoadedFixture): Step1Outcome {
  if (bytes.length > LIMITS.requestBytes) return { ok: false, result: invalidResult('invalid-request') };
  const decoded = decodeCanonical(bytes, { maxBytes: LIMITS.requestBytes, maxDepth: LIMITS.requestDepth });
  if (!decoded.ok) return { ok: false, result: invalidResult('invalid-request') };
  const validated = validateRequest(decoded.value);
  if (!validated.ok) {
    // A span with start > end is a fault of the position, and L132 compares the FileId
    // before anything about the position (OQ-12 D): a wrong file answers wrong-file first.
    if (onlyExpressionOrder(validated.violations)) {
      const asked = (decoded.value as unknown as DiscoveryRequestV1).analysis;
      if (asked.file_id !== fixture.currentKey.file_id) return { ok: false, result: staleResult(asked, 'wrong-file') };
    }
    return { ok: false, result: invalidResult('invalid-request') };
  }
  const request = validated.request;

  const asked = request.analysis;
  const current = fixture.currentKey;
  if (asked.file_id !== current.file_id) return { ok: false, result: staleResult(asked, 'wrong-file') };
  if (asked.source_sha256 !== current.source_sha256) return { ok: false, result: staleResult(asked, 'stale-source') };
  if (asked.interface_set_sha256 !== current.interface_set_sha256) {
    return { ok: false, result: staleResult(asked, 'stale-interface-set') };
  }
  if (asked.generation !== current.generation) return { ok: false, result: staleResult(asked, 'stale-generation') };
  if (asked.semantic_compatibility !== current.semantic_compatibility) {
    return { ok: false, result: staleResult(asked, 'stale-semantic-compatibility') };
  }

  if (!positionIsValid(request.position, fixture.sourceBytes)) {
    return { ok: false, result: invalidResult('invalid-position') };
  }
  if (fixture.cancelled) return { ok: false, result: unavailableResult(asked, 'cancelled-before-analysis') };
  if (fixture.current_file_facts === 'kif-only' || fixture.current_file_facts === 'sidecar-rejected') {
    return { ok: false, result: unavailableResult(asked, 'incomplete-current-file-facts') };
  }
  const occurrence = findOccurrence(fixture.occurrences, request.position.expression);
  if (occurrence === undefined) return { ok: false, result: invalidResult('invalid-position') };
  if (fixture.interfaceSetOverCap) return { ok: false, result: unavailableResult(asked, 'limit-exhausted') };
  return { ok: true, request, occurrence };
}
