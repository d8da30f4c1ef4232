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
 * A result that is not stale where the key is names the clause of the first field that
 * differs (KD-STALE-01..05): that comparison is what the provider got wrong, whatever it
 * answered instead. Without a request, the echoed key alone still tells whether a result
 * relabels old facts as current or names the wrong stale reason.
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FixtureOccurrence } from '../fixture/fixture.js';
import type { AnalysisKey, DiscoveryRequestV1 } from '../records/discovery-records.js';
import type { Violation } from '../violation.js';
import { describeValue, isRecord, member, stringMember } from './json-access.js';
import { interfaceSetVariants, type InterfaceSetVariant } from './interface-set-variants.js';
import type { RequestReading } from './read-request.js';
import { ruleTable } from './rule-table.js';

type StaleClause = 'KD-STALE-01' | 'KD-STALE-02' | 'KD-STALE-03' | 'KD-STALE-04' | 'KD-STALE-05';
const DIGEST_CLAUSES: readonly InterfaceSetVariant['clause'][] = [
  'KD-DIGEST-07',
  'KD-DIGEST-04',
  'KD-DIGEST-10',
  'KD-DIGEST-02',
  'KD-DIGEST-13',
  'KD-DIGEST-09',
  'KD-DIGEST-06',
];

// prettier-ignore
export const GATE_RULES = ruleTable({
  'stale-not-reported': [['KD-STALE-01', 'KD-STALE-02', 'KD-STALE-03', 'KD-STALE-04', 'KD-STALE-05'],
    '"stale"', '{status}',
    'The {key} differs from the current facts in {field}; the result is stale and relabels no old fact as current.'],
  'digest-variant-current': [DIGEST_CLAUSES, '"stale"', '{status}',
    "The {key}'s interface-set digest is not the current one but is the digest computed {how},",
    'which this answer takes for current; the result is stale with stale-interface-set.'],
  'stale-reason-mismatch': ['KD-RES-11', '{allowed}', '{reason:value}',
    'A stale result names a key field that differs from the current facts (OQ-01).'],
  'stale-without-mismatch': ['KD-RES-11', '"complete" | "partial" | "unavailable"', '"stale"',
    'The {key} matches the current facts, so the result is not stale.'],
  'digest-not-current': ['KD-KEY-04', '"complete" | "partial" | "unavailable"', '"stale"',
    'The {key} carries the current interface-set digest, the framed digest the contract defines; this',
    'stale-interface-set answer follows from a digest built another way ({hows}).'],
  'position-not-rejected': [['KD-POS-05', 'KD-POS-06', 'KD-POS-07'], '"invalid"', '{status:value}',
    'The request position does not fit the current source or its parsed occurrences,',
    'so the result is invalid with invalid-position (OQ-10 A, KIT-01).'],
  'expected-unavailable': [['KD-REASON-01', 'KD-LOOKUP-01', 'KD-DIGEST-08'], '{want:json}', '{got:value}',
    'The fixture leaves no useful fact before lookup, so the result is unavailable with {reason} (KIT-01).'],
  'position-accepted-by-fixture': [['KD-POS-05', 'KD-POS-06', 'KD-POS-07'], '"complete" | "partial" | "unavailable"',
    '"invalid"', 'The request is valid and its position fits ({why}), so it is not rejected.'],
  'unavailable-reason-unjustified': ['KD-RES-13', '{allowed}', '{reason:value}',
    'Once lookup runs, an unavailable result names the budget,',
    'unsupported work or missing current-file facts (KIT-09).'],
});

const R = GATE_RULES;

/** What the request must get from a provider holding the fixture's facts. */
export type Gate =
  | { kind: 'stale'; allowed: readonly string[]; clause: StaleClause; field: string }
  | { kind: 'invalid-position'; clause: 'KD-POS-05' | 'KD-POS-06' | 'KD-POS-07'; rangeFault: boolean }
  | { kind: 'unavailable'; reason: string; clause: 'KD-REASON-01' | 'KD-LOOKUP-01' | 'KD-DIGEST-08' }
  | { kind: 'lookup'; occurrence: FixtureOccurrence };

/** The key fields after file_id, in AnalysisKey order (OQ-01 A), with their reason and clause. */
const STALE_FIELDS = [
  { field: 'source_sha256', reason: 'stale-source', clause: 'KD-STALE-02' },
  { field: 'interface_set_sha256', reason: 'stale-interface-set', clause: 'KD-STALE-03' },
  { field: 'generation', reason: 'stale-generation', clause: 'KD-STALE-04' },
  { field: 'semantic_compatibility', reason: 'stale-semantic-compatibility', clause: 'KD-STALE-05' },
] as const;

/**
 * The stale reasons a key earns against the current key, preferred first, with the first mismatching field and
 * its clause; undefined when current.
 */
function staleReasons(
  key: unknown,
  current: AnalysisKey,
): { allowed: string[]; clause: StaleClause; field: string } | undefined {
  if (member(key, 'file_id') !== current.file_id)
    return { allowed: ['wrong-file'], clause: 'KD-STALE-01', field: 'file_id' };
  const mismatched = STALE_FIELDS.filter((f) => member(key, f.field) !== current[f.field]);
  const first = mismatched[0];
  return first === undefined
    ? undefined
    : { allowed: mismatched.map((f) => f.reason), clause: first.clause, field: first.field };
}

function isBoundary(source: Uint8Array, offset: number): boolean {
  if (offset > source.length) return false;
  return offset === source.length || ((source[offset] as number) & 0xc0) !== 0x80;
}

/** The gate a valid request meets against the fixture (KIT-01). */
export function gateFor(request: DiscoveryRequestV1, fixture: LoadedFixture): Gate {
  const stale = staleReasons(request.analysis, fixture.currentKey);
  if (stale !== undefined) return { kind: 'stale', ...stale };
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
const LOOKUP_UNAVAILABLE_TEXT = [...LOOKUP_UNAVAILABLE].map((r) => JSON.stringify(r)).join(' | ');

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
  switch (gate.kind) {
    case 'stale':
      if (status !== 'stale') {
        const variants = currentByVariant(reading.request.analysis, gate, fixture);
        for (const v of variants)
          out.push(
            R.at('digest-variant-current', '/status', { ...v, key: 'request key', status: describeValue(status) }),
          );
        if (variants.length > 0) break;
        // Facts answered to an old key are old facts relabelled as current (L425); the rule broken is the
        // comparison of the field that differs (KD-STALE-01..05), the first in AnalysisKey order (OQ-01 A).
        const fill = { clause: gate.clause, key: 'request key', field: gate.field, status: describeValue(status) };
        out.push(R.at('stale-not-reported', '/status', fill));
      } else if (typeof reason !== 'string' || !gate.allowed.includes(reason)) {
        out.push(staleReasonMismatch(gate.allowed, reason));
      }
      break;
    case 'invalid-position':
      // check-request-echo already reports an offset outside its span answered with facts,
      // and the reason of any invalid answer to a valid request.
      if (status === 'invalid' || (gate.rangeFault && status !== 'stale')) break;
      out.push(R.at('position-not-rejected', '/status', { clause: gate.clause, status }));
      break;
    case 'unavailable': {
      const fill = { clause: gate.clause, reason: gate.reason };
      if (status !== 'unavailable')
        out.push(R.at('expected-unavailable', '/status', { ...fill, want: 'unavailable', got: status }));
      else if (reason !== gate.reason)
        out.push(R.at('expected-unavailable', '/reason', { ...fill, want: gate.reason, got: reason }));
      break;
    }
    case 'lookup':
      checkLookupStatus(status, reason, reading.canonical, 'request key', fixture, out, reading.request.position);
      return { violations: out, occurrence: gate.occurrence };
  }
  return { violations: out };
}

function staleReasonMismatch(allowed: readonly string[], reason: unknown): Violation {
  return R.at('stale-reason-mismatch', '/reason', {
    allowed: allowed.map((r) => JSON.stringify(r)).join(' | '),
    reason,
  });
}

/**
 * A valid position rejected: named by the rule a provider most plausibly misread, where the offset stands. At either
 * end of its span, the range is inclusive (L132, the contract's example has byte_offset = expression.end); at the end
 * of the source, the end is a code-point boundary (L132, OQ-11 A); elsewhere the span is the parsed occurrence's.
 */
function positionAccepted(position: DiscoveryRequestV1['position'], fixture: LoadedFixture): Violation {
  const { byte_offset: offset, expression } = position;
  if (offset === expression.start || offset === expression.end) {
    const end = offset === expression.end ? 'end' : 'start';
    return R.at('position-accepted-by-fixture', '/status', {
      clause: 'KD-POS-05',
      why: `the offset is the ${end} of its span, and start <= byte_offset <= end`,
    });
  }
  if (offset === fixture.sourceBytes.length)
    return R.at('position-accepted-by-fixture', '/status', {
      clause: 'KD-POS-06',
      why: 'the offset is the end of the source, a code-point boundary (OQ-11 A)',
    });
  return R.at('position-accepted-by-fixture', '/status', {
    clause: 'KD-POS-07',
    why: 'the span is that of a parsed occurrence and every offset is a code-point boundary inside the source',
  });
}

function checkLookupStatus(
  status: string | undefined,
  reason: unknown,
  canonical: boolean,
  key: string,
  fixture: LoadedFixture,
  out: Violation[],
  position: DiscoveryRequestV1['position'],
): void {
  if (status === 'stale') staleWithoutMismatch(reason, key, fixture, out);
  else if (status === 'invalid' && canonical) out.push(positionAccepted(position, fixture));
  else if (status === 'unavailable' && !(typeof reason === 'string' && LOOKUP_UNAVAILABLE.has(reason)))
    out.push(R.at('unavailable-reason-unjustified', '/reason', { allowed: LOOKUP_UNAVAILABLE_TEXT, reason }));
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
    if (stale === undefined) staleWithoutMismatch(reason, 'echoed key', fixture, out);
    else if (typeof reason !== 'string' || !stale.allowed.includes(reason))
      out.push(staleReasonMismatch(stale.allowed, reason));
    return;
  }
  if (stale === undefined) return;
  const variants = currentByVariant(analysis, stale, fixture);
  for (const v of variants)
    out.push(R.at('digest-variant-current', '/status', { ...v, key: 'echoed key', status: JSON.stringify(status) }));
  if (variants.length > 0) return;
  const fill = { clause: stale.clause, key: 'echoed key', field: stale.field, status: JSON.stringify(status) };
  out.push(R.at('stale-not-reported', '/status', fill));
}

/**
 * A stale answer to a current key. Where the reason is stale-interface-set, the provider's own interface-set digest
 * differs from the current one the key carries. The answer does not show which digest the provider computed, so it is
 * named once, by the rule the key's digest follows (KD-KEY-04), with the wrong ways of building the set that would
 * explain it (interface-set-variants.ts); the vectors whose requests carry each wrong digest name the one a provider
 * computes by its own clause. Another stale reason is stale without a mismatch (KD-RES-11).
 */
function staleWithoutMismatch(reason: unknown, key: string, fixture: LoadedFixture, out: Violation[]): void {
  if (reason !== 'stale-interface-set') {
    out.push(R.at('stale-without-mismatch', '/status', { key }));
    return;
  }
  const current = fixture.currentKey.interface_set_sha256;
  const hows = interfaceSetVariants(fixture)
    .filter((v) => v.digest !== current)
    .map((v) => v.name)
    .join(', ');
  out.push(R.at('digest-not-current', '/status', { key, hows: hows === '' ? 'none the kit knows' : hows }));
}

/**
 * The wrong ways of building the interface set whose digest is the one `key` carries, when that digest is the only
 * field of the key that is not current: a provider that answers such a key as current computed that digest.
 */
function currentByVariant(
  key: unknown,
  stale: { allowed: readonly string[] },
  fixture: LoadedFixture,
): InterfaceSetVariant[] {
  if (stale.allowed.length !== 1 || stale.allowed[0] !== 'stale-interface-set') return [];
  const digest = member(key, 'interface_set_sha256');
  return interfaceSetVariants(fixture).filter((v) => v.digest === digest);
}
