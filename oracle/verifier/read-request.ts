/**
 * Reads the request a result answers, with the same record rules a provider applies
 * (canonical decoding, the request schema, the scalar rules), to learn what the result
 * must be. Under OQ-03 A any non-canonical request is invalid/invalid-request; the
 * interpretations register also names the `lenient-layout` alternative (OQ-03 B): a
 * provider may answer a request whose only fault is its layout ({@link LENIENT_LAYOUT_CODES}:
 * whitespace and indentation, key order, line ends) as it would answer the canonical
 * request. Such a request is read here as `valid` with `canonical: false`, so both answers
 * verify. This list is the one the vectors' `lenient-layout` alternatives follow
 * (suites/all-cases.test.ts holds them together).
 *
 * A byte order mark (KD-CANON-01) and an escape other than `\"` and `\\` (KD-CANON-09) are
 * not layout: the first is a byte before the JSON text, the second a second spelling of a
 * string, and the contract names both among what canonical bytes are not. A request
 * carrying one is invalid, and an answer that takes it for current breaks that clause.
 */
import { decodeCanonical } from '../canonical-json/decode-canonical.js';
import type { DiscoveryRequestV1 } from '../records/discovery-records.js';
import { requestScalarViolations } from '../records/record-checks.js';
import { SCHEMA_NAMES, schemaViolations } from '../records/schema-registry.js';
import type { Violation } from '../violation.js';
import { parseLenient } from './parse-lenient.js';
import { sortViolations } from './sort-violations.js';

/** What the request bytes are. */
export type RequestReading =
  | {
      kind: 'valid';
      request: DiscoveryRequestV1;
      /** False when only the layout deviates (OQ-03 B); the canonical fault is in `layoutFault`. */
      canonical: boolean;
      layoutFault?: Violation;
    }
  | {
      kind: 'invalid';
      /** The first rule the request breaks, in the verifier's violation order. */
      cause: Violation;
    };

/**
 * The decoder faults a lenient reading may pass over (OQ-03 B): only the layout of the JSON text differs, whitespace
 * and indentation (`layout`), the order of keys (`key-order`) and line ends (`final-lf`: a missing, extra or CR LF).
 */
export const LENIENT_LAYOUT_CODES: readonly string[] = ['final-lf', 'key-order', 'layout'];
const LAYOUT_CODES: ReadonlySet<string> = new Set(LENIENT_LAYOUT_CODES);

function validate(value: unknown): { ok: true; request: DiscoveryRequestV1 } | { ok: false; cause: Violation } {
  const schema = schemaViolations(SCHEMA_NAMES.request, value);
  if (schema.length > 0) return { ok: false, cause: sortViolations(schema)[0] as Violation };
  const request = value as DiscoveryRequestV1;
  const scalar = requestScalarViolations(request);
  if (scalar.length > 0) return { ok: false, cause: sortViolations(scalar)[0] as Violation };
  return { ok: true, request };
}

/** Classifies request bytes as a valid (possibly layout-lenient) request or an invalid one. */
export function readRequest(bytes: Uint8Array): RequestReading {
  const strict = decodeCanonical(bytes);
  if (strict.ok) {
    const v = validate(strict.value);
    return v.ok ? { kind: 'valid', request: v.request, canonical: true } : { kind: 'invalid', cause: v.cause };
  }
  const fault = strict.violation;
  if (!LAYOUT_CODES.has(fault.code)) return { kind: 'invalid', cause: fault };
  const lenient = parseLenient(bytes);
  if (!lenient.ok || lenient.duplicateKeyAt !== undefined || lenient.nonIntegerAt !== undefined)
    return { kind: 'invalid', cause: fault };
  const v = validate(lenient.value);
  if (!v.ok) return { kind: 'invalid', cause: fault };
  return { kind: 'valid', request: v.request, canonical: false, layoutFault: fault };
}
