/**
 * KD-CANON-01..13 and KD-LIMIT-03 on the result bytes: the strict canonical decoder with
 * the result caps (4 MiB = 4,194,304 bytes including the final LF, depth 64; OQ-04 A,
 * OQ-05 A). When the bytes are not canonical but still JSON, the remaining checks run on
 * a lenient reading so the provider learns every fault at once; the canonical fault is
 * reported either way.
 */
import { decodeCanonical } from '../canonical-json/decode-canonical.js';
import { LIMITS } from '../limits.js';
import type { Violation } from '../violation.js';
import { parseLenient } from './parse-lenient.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const BYTE_RULES = ruleTable({
  'duplicate-key': ['KD-CANON-07', 'keys unique within each object', 'a repeated key',
    'A key repeats within one object; the record is read with its last value.'],
  'non-integer': ['KD-CANON-03', 'an unsigned integer', 'sign, fraction or exponent',
    'A number has a sign, fraction or exponent; canonical numbers are unsigned integers.'],
});

const NUMBER_CODES: ReadonlySet<string> = new Set(['float', 'exponent', 'sign']);

/** What the byte check found: its violations and, when any reading exists, the decoded record. */
export interface CanonicalBytesOutcome {
  violations: Violation[];
  /** True when the bytes are exactly canonical. */
  canonical: boolean;
  /** The decoded value (canonical, else lenient); absent when the bytes are not JSON at all. */
  decoded?: { value: unknown };
}

/** Decodes result bytes canonically, falling back to a lenient parse after a fault. */
export function checkCanonicalBytes(bytes: Uint8Array): CanonicalBytesOutcome {
  const strict = decodeCanonical(bytes, {
    maxBytes: LIMITS.resultBytes,
    maxDepth: LIMITS.resultDepth,
    limitClause: 'KD-LIMIT-03',
  });
  if (strict.ok) return { violations: [], canonical: true, decoded: { value: strict.value } };
  const lenient = parseLenient(bytes);
  const outcome: CanonicalBytesOutcome = { violations: [strict.violation], canonical: false };
  if (!lenient.ok) return outcome;
  outcome.decoded = { value: lenient.value };
  // The decoder stops at its first fault; a lenient parse would silently hide these two,
  // so they are named even when an earlier fault was reported.
  const first = strict.violation.code;
  if (lenient.duplicateKeyAt !== undefined && first !== 'duplicate-key')
    outcome.violations.push(BYTE_RULES.at('duplicate-key', { offset: lenient.duplicateKeyAt }));
  if (lenient.nonIntegerAt !== undefined && !NUMBER_CODES.has(first))
    outcome.violations.push(BYTE_RULES.at('non-integer', { offset: lenient.nonIntegerAt }));
  return outcome;
}
