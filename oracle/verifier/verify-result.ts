/**
 * The independent result verifier: checks any kofun.discovery.result/v1 bytes against
 * every rule that can be checked without the expected bytes, and reports every
 * violation it finds, each with its KD- clause, a JSON pointer (or a byte offset for a
 * codec fault), and expected/actual. With the request it also checks what the result
 * owes that request; with the fixture, the result against the compiler's facts,
 * including the leak scan.
 *
 * It shares only the codec, the schemas and scalar checks, the digest and the fixture
 * types with the reference pipeline, and never calls the pipeline (the layering check enforces it).
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { Violation } from '../violation.js';
import { checkAgainstFixture, checkBytesAgainstFixture } from './check-against-fixture.js';
import { checkCanonicalBytes } from './check-canonical-bytes.js';
import { checkClosure } from './check-closure.js';
import { checkDiagnosticReferences } from './check-diagnostic-references.js';
import { checkLimits } from './check-limits.js';
import { checkOrderAndUniqueness } from './check-order-and-uniqueness.js';
import { checkProfile } from './check-profile.js';
import { checkRequestEcho } from './check-request-echo.js';
import { checkSchema } from './check-schema.js';
import { checkStatusShape } from './check-status-shape.js';
import { readRequest } from './read-request.js';
import { sortViolations } from './sort-violations.js';

/** What the verifier may know besides the result bytes. */
export interface VerifyContext {
  /** The exact request bytes the result answers. */
  request?: Uint8Array;
  /** The fixture the provider answered from. */
  fixture?: LoadedFixture;
}

/**
 * Verifies result bytes. Returns every violation, sorted by clause, then pointer (or
 * offset), then code; an empty array means no rule the verifier knows is broken.
 * Never throws on any input bytes.
 */
export function verifyResult(resultBytes: Uint8Array, context: VerifyContext = {}): Violation[] {
  const reading = context.request === undefined ? undefined : readRequest(context.request);
  const bytes = checkCanonicalBytes(resultBytes);
  const found: Violation[] = [...bytes.violations];
  if (bytes.decoded === undefined) {
    if (context.fixture !== undefined) found.push(...checkBytesAgainstFixture(resultBytes, context.fixture, reading));
    return sortViolations(found);
  }
  const result = bytes.decoded.value;
  const schema = checkSchema(result);
  const own = [
    ...checkStatusShape(result),
    ...checkClosure(result),
    ...checkOrderAndUniqueness(result),
    ...checkLimits(result),
    ...checkDiagnosticReferences(result),
    ...checkProfile(result),
    ...checkRequestEcho(result, reading),
  ];
  const facts =
    context.fixture === undefined ? [] : checkAgainstFixture(result, context.fixture, reading, resultBytes.length);
  return sortViolations([...found, ...withoutRestatedSchemaFaults(schema, own), ...own, ...facts]);
}

function related(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/**
 * The result schema states some rules the verifier's own result checks state too (the
 * status table, closure over listed records, caps). When such a check reports at the same
 * pointer, or under the same clause at a pointer above or below it, the schema's report
 * says nothing new and is dropped; every other schema violation stays. The checks against
 * the fixture restate no schema rule: a schema violation stays beside theirs at the same
 * pointer, since each names a rule the value breaks (a `kofun-doc://` link breaks the
 * link's form, KD-OP-07, whatever the fixture says of its disclosure).
 */
function withoutRestatedSchemaFaults(schema: readonly Violation[], own: readonly Violation[]): Violation[] {
  return schema.filter((s) => {
    if (s.code !== 'schema' || s.pointer === undefined) return true;
    const sp = s.pointer;
    return !own.some(
      (o) => o.pointer !== undefined && (o.pointer === sp || (o.clause === s.clause && related(o.pointer, sp))),
    );
  });
}
