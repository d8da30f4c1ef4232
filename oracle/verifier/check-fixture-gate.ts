/**
 * The status a request must get before any lookup, worked from the fixture in the
 * kit's check order (KIT-01): FileId (stale, wrong-file, KD-POS-03) -> the other key
 * fields (stale-*, KD-STALE-02..05; any mismatching field's reason is acceptable under
 * OQ-01's alternative, the first in AnalysisKey order is preferred) -> offsets inside the
 * span, inside the source and on code-point boundaries (invalid, invalid-position,
 * KD-POS-05/06) -> cancelled (unavailable, cancelled-before-analysis, OQ-46 B) -> current
 * file facts (unavailable, incomplete-current-file-facts, OQ-13 A) -> the span equals a
 * parsed occurrence (invalid, invalid-position, KD-POS-07) -> interface set within 4,096
 * members (unavailable, limit-exhausted, OQ-36) -> lookup.
 *
 * Without a request, the echoed key alone still tells whether a result relabels old
 * facts as current (KD-STALE-06) or names the wrong stale reason.
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FixtureOccurrence } from '../fixture/fixture.js';
import type { AnalysisKey, DiscoveryRequestV1 } from '../records/discovery-records.js';
import { violation, type Violation } from '../violation.js';
import { describeValue, isRecord, member, stringMember } from './json-access.js';
import type { RequestReading } from './read-request.js';

/** What the request must get from a provider holding the fixture's facts. */
export type Gate =
  | { kind: 'stale'; allowed: readonly string[]; clause: string }
  | { kind: 'invalid-position'; clause: string; rangeFault: boolean }
  | { kind: 'unavailable'; reason: string; clause: string }
  | { kind: 'lookup'; occurrence: FixtureOccurrence };

/** The key fields after file_id, in AnalysisKey order (OQ-01 A), with their reason and clause. */
const STALE_FIELDS = [
  { field: 'source_sha256', reason: 'stale-source', clause: 'KD-STALE-02' },
  { field: 'interface_set_sha256', reason: 'stale-interface-set', clause: 'KD-STALE-03' },
  { field: 'generation', reason: 'stale-generation', clause: 'KD-STALE-04' },
  { field: 'semantic_compatibility', reason: 'stale-semantic-compatibility', clause: 'KD-STALE-05' },
] as const;

/** The stale reasons a key earns against the current key, preferred first; empty when current. */
function staleReasons(key: unknown, current: AnalysisKey): { allowed: string[]; clause: string } {
  if (member(key, 'file_id') !== current.file_id) return { allowed: ['wrong-file'], clause: 'KD-STALE-01' };
  const mismatched = STALE_FIELDS.filter((f) => member(key, f.field) !== current[f.field]);
  return { allowed: mismatched.map((f) => f.reason), clause: mismatched[0]?.clause ?? 'KD-RES-11' };
}

function isBoundary(source: Uint8Array, offset: number): boolean {
  if (offset > source.length) return false;
  return offset === source.length || ((source[offset] as number) & 0xc0) !== 0x80;
}

/** The gate a valid request meets against the fixture (KIT-01). */
export function gateFor(request: DiscoveryRequestV1, fixture: LoadedFixture): Gate {
  const stale = staleReasons(request.analysis, fixture.currentKey);
  if (stale.allowed.length > 0) return { kind: 'stale', ...stale };
  const { byte_offset: offset, expression } = request.position;
  if (!(expression.start <= offset && offset <= expression.end))
    return { kind: 'invalid-position', clause: 'KD-POS-05', rangeFault: true };
  for (const o of [expression.start, offset, expression.end]) {
    if (!isBoundary(fixture.sourceBytes, o))
      return { kind: 'invalid-position', clause: 'KD-POS-06', rangeFault: false };
  }
  if (fixture.cancelled) return { kind: 'unavailable', reason: 'cancelled-before-analysis', clause: 'KD-REASON-01' };
  if (fixture.current_file_facts === 'kif-only' || fixture.current_file_facts === 'sidecar-rejected') {
    return { kind: 'unavailable', reason: 'incomplete-current-file-facts', clause: 'KD-LOOKUP-01' };
  }
  const occurrence = fixture.occurrences.find(
    (o) => o.span.start === expression.start && o.span.end === expression.end,
  );
  if (occurrence === undefined) return { kind: 'invalid-position', clause: 'KD-POS-07', rangeFault: false };
  if (fixture.interfaceSetOverCap) return { kind: 'unavailable', reason: 'limit-exhausted', clause: 'KD-DIGEST-08' };
  return { kind: 'lookup', occurrence };
}

/** Reasons an unavailable result may carry once lookup ran (KIT-09, OQ-17 A). */
const LOOKUP_UNAVAILABLE: ReadonlySet<string> = new Set([
  'limit-exhausted',
  'unsupported-in-profile',
  'incomplete-current-file-facts',
]);

/**
 * Checks the result's status and reason against the gate; returns the matched
 * occurrence when lookup ran, for the type-fact checks.
 */
export function checkFixtureGate(
  result: unknown,
  reading: RequestReading | undefined,
  fixture: LoadedFixture,
): { violations: Violation[]; occurrence?: FixtureOccurrence } {
  const out: Violation[] = [];
  const status = stringMember(result, 'status');
  const reason = member(result, 'reason');
  if (reading === undefined) {
    checkEchoedKey(result, status, reason, fixture, out);
    return { violations: out };
  }
  // A malformed request is judged by check-request-echo alone; a layout-lenient request
  // answered invalid/invalid-request is the register's acceptable outcome (OQ-03).
  if (reading.kind === 'invalid' || (!reading.canonical && status === 'invalid')) return { violations: out };
  const gate = gateFor(reading.request, fixture);
  const want = (wantStatus: string, wantReason: string, clause: string, code: string, message: string): void => {
    if (status !== wantStatus) {
      out.push(
        violation(code, clause, message, {
          pointer: '/status',
          expected: JSON.stringify(wantStatus),
          actual: describeValue(status),
        }),
      );
    } else if (reason !== wantReason) {
      out.push(
        violation(code, clause, message, {
          pointer: '/reason',
          expected: JSON.stringify(wantReason),
          actual: describeValue(reason),
        }),
      );
    }
  };
  switch (gate.kind) {
    case 'stale':
      if (status !== 'stale') {
        const clause = status === 'complete' || status === 'partial' ? 'KD-STALE-06' : gate.clause;
        out.push(
          violation(
            'stale-not-reported',
            clause,
            'The request key does not match the current facts; ' +
              'the result is stale and relabels no old fact as current.',
            {
              pointer: '/status',
              expected: '"stale"',
              actual: describeValue(status),
            },
          ),
        );
      } else if (typeof reason !== 'string' || !gate.allowed.includes(reason)) {
        out.push(staleReasonViolation(gate.allowed, reason));
      }
      break;
    case 'invalid-position':
      // check-request-echo already reports an offset outside its span answered with facts,
      // and the reason of any invalid answer to a valid request.
      if (status === 'invalid' || (gate.rangeFault && status !== 'stale')) break;
      out.push(
        violation(
          'position-not-rejected',
          gate.clause,
          'The request position does not fit the current source or its parsed occurrences, ' +
            'so the result is invalid with invalid-position (OQ-10 A, KIT-01).',
          {
            pointer: '/status',
            expected: '"invalid"',
            actual: describeValue(status),
          },
        ),
      );
      break;
    case 'unavailable':
      want(
        'unavailable',
        gate.reason,
        gate.clause,
        'expected-unavailable',
        `The fixture leaves no useful fact before lookup, so the result is unavailable with ${gate.reason} (KIT-01).`,
      );
      break;
    case 'lookup':
      checkLookupStatus(status, reason, reading.canonical, out);
      return { violations: out, occurrence: gate.occurrence };
  }
  return { violations: out };
}

function staleReasonViolation(allowed: readonly string[], reason: unknown): Violation {
  return violation(
    'stale-reason-mismatch',
    'KD-RES-11',
    'A stale result names a key field that differs from the current facts (OQ-01).',
    {
      pointer: '/reason',
      expected: allowed.map((r) => JSON.stringify(r)).join(' | '),
      actual: describeValue(reason),
    },
  );
}

function checkLookupStatus(status: string | undefined, reason: unknown, canonical: boolean, out: Violation[]): void {
  if (status === 'stale') {
    out.push(
      violation(
        'stale-without-mismatch',
        'KD-RES-11',
        'The request key matches the current facts, so the result is not stale.',
        {
          pointer: '/status',
          expected: '"complete" | "partial" | "unavailable"',
          actual: '"stale"',
        },
      ),
    );
  } else if (status === 'invalid' && canonical) {
    out.push(
      violation(
        'position-accepted-by-fixture',
        'KD-RES-15',
        'The request is valid and its position matches a parsed occurrence, so it is not rejected.',
        {
          pointer: '/status',
          expected: '"complete" | "partial" | "unavailable"',
          actual: '"invalid"',
        },
      ),
    );
  } else if (status === 'unavailable' && !(typeof reason === 'string' && LOOKUP_UNAVAILABLE.has(reason))) {
    out.push(
      violation(
        'unavailable-reason-unjustified',
        'KD-RES-13',
        'Once lookup runs, an unavailable result names the budget, ' +
          'unsupported work or missing current-file facts (KIT-09).',
        {
          pointer: '/reason',
          expected: [...LOOKUP_UNAVAILABLE].map((r) => JSON.stringify(r)).join(' | '),
          actual: describeValue(reason),
        },
      ),
    );
  }
}

/** Without the request: the echoed key against the fixture's current key. */
function checkEchoedKey(
  result: unknown,
  status: string | undefined,
  reason: unknown,
  fixture: LoadedFixture,
  out: Violation[],
): void {
  const analysis = member(result, 'analysis');
  if (!isRecord(analysis) || status === undefined || status === 'invalid') return;
  const stale = staleReasons(analysis, fixture.currentKey);
  if (status === 'stale') {
    if (stale.allowed.length === 0) {
      out.push(
        violation(
          'stale-without-mismatch',
          'KD-RES-11',
          'The echoed key matches the current facts, so the result is not stale.',
          {
            pointer: '/status',
            expected: '"complete" | "partial" | "unavailable"',
            actual: '"stale"',
          },
        ),
      );
    } else if (typeof reason !== 'string' || !stale.allowed.includes(reason)) {
      out.push(staleReasonViolation(stale.allowed, reason));
    }
    return;
  }
  if (stale.allowed.length === 0) return;
  const clause = status === 'complete' || status === 'partial' ? 'KD-STALE-06' : stale.clause;
  out.push(
    violation(
      'stale-not-reported',
      clause,
      'The echoed key does not match the current facts; the result is stale and relabels no old fact as current.',
      {
        pointer: '/status',
        expected: '"stale"',
        actual: JSON.stringify(status),
      },
    ),
  );
}
