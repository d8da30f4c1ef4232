/**
 * Record-level validation of a decoded DiscoveryRequestV1: everything that makes the
 * request itself well formed, before any comparison with the provider's facts.
 */
import type { JsonObject } from '../canonical-json/json-value.js';
import type { DiscoveryRequestV1 } from './discovery-records.js';
import { requestScalarViolations } from './record-checks.js';
import { SCHEMA_NAMES, schemaViolations } from './schema-registry.js';
import type { Violation } from '../violation.js';

/** A request that passed, typed, or every violation found. */
export type RequestValidation = { ok: true; request: DiscoveryRequestV1 } | { ok: false; violations: Violation[] };

/**
 * Validates a decoded request: the schema (fields, enums, U32/U53, Id, the spelling rule
 * KD-REQ-08/09), then the scalar rules a schema cannot state (UTF-8 byte lengths, NFC,
 * control characters, span start <= end, KD-SCALAR-05..11). Scalar rules run only on a
 * schema-valid value, so their pointers always name an existing field.
 *
 * Position rules that need the source or the offset's relation to the span (KD-POS-05..07)
 * are not record rules: they run after the FileId and key comparison (KD-POS-03, KIT-01).
 */
export function validateRequest(value: JsonObject): RequestValidation {
  const schema = schemaViolations(SCHEMA_NAMES.request, value);
  if (schema.length > 0) return { ok: false, violations: schema };
  const request = value as unknown as DiscoveryRequestV1;
  const scalar = requestScalarViolations(request);
  if (scalar.length > 0) return { ok: false, violations: scalar };
  return { ok: true, request };
}
