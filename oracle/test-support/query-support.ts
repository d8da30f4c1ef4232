/**
 * Support for end-to-end pipeline tests: load a hand-built fixture with the real loader,
 * build a current request from the loader's key, run the oracle, and build the parts of
 * an expected result that every test writes the same way.
 */
import { decodeCanonical } from '../canonical-json/decode-canonical.js';
import { encodeCanonical, encodeCanonicalText } from '../canonical-json/encode-canonical.js';
import type { JsonValue } from '../canonical-json/json-value.js';
import type { FixtureV1 } from '../fixture/fixture.js';
import { loadFixture, type LoadedFixture } from '../fixture/load-fixture.js';
import { withDerivedDigests } from '../fixture/view-semantic-digest.js';
import {
  LIMIT_PROFILE,
  REQUEST_SCHEMA,
  RESULT_SCHEMA,
  type AnalysisKey,
  type DiscoveryRequestV1,
  type DiscoveryResultV1,
  type OperationFact,
  type Query,
  type QueryPosition,
} from '../records/discovery-records.js';
import { evaluateQueryRecord } from '../pipeline/evaluate-query.js';
import { MAKE_FIXTURE_IDS } from './make-fixture.js';

/**
 * The loaded fixture; a test fixture that does not load is a fault of the test. Hand-built
 * fixtures state placeholder view digests, so the derived ones (KIT-24) replace them first.
 */
export function load(fixture: FixtureV1): LoadedFixture {
  const r = loadFixture(withDerivedDigests(fixture));
  if (!r.ok)
    throw new Error(`test fixture refused: ${r.violations.map((v) => `${v.code} ${v.pointer ?? ''}`).join('; ')}`);
  return r.fixture;
}

/** A request on occurrence 0 (cursor at its end, type-and-operations), current unless overridden. */
export function requestOn(
  fixture: LoadedFixture,
  over: {
    analysis?: Partial<AnalysisKey>;
    position?: Partial<QueryPosition>;
    query?: Partial<Query>;
    occurrence?: number;
  } = {},
): DiscoveryRequestV1 {
  const occ = fixture.occurrences[over.occurrence ?? 0];
  if (occ === undefined) throw new Error('fixture has no such occurrence');
  return {
    schema: REQUEST_SCHEMA,
    analysis: { ...fixture.currentKey, ...over.analysis },
    position: { byte_offset: occ.span.end, expression: { ...occ.span }, ...over.position },
    query: { kind: 'type-and-operations', include_unavailable: false, spelling: null, ...over.query },
  };
}

/** Canonical bytes of a record. */
export function bytesOf(record: object): Uint8Array {
  return encodeCanonical(record as unknown as JsonValue);
}

/** Canonical text of a result written in a test. */
export function textOf(result: DiscoveryResultV1): string {
  return encodeCanonicalText(result as unknown as JsonValue);
}

/** The oracle's answer as text (the bytes evaluateQuery returns), its record, and its steps. */
export function answer(
  fixture: LoadedFixture,
  request: DiscoveryRequestV1 | Uint8Array,
): { text: string; steps: number; result: DiscoveryResultV1 } {
  const { steps, result, bytes } = evaluateQueryRecord(
    request instanceof Uint8Array ? request : bytesOf(request),
    fixture,
  );
  return { text: new TextDecoder().decode(bytes), steps, result };
}

/** Decodes result bytes strictly (the result caps), for checks on the bytes themselves. */
export function decodeResult(bytes: Uint8Array): DiscoveryResultV1 {
  const d = decodeCanonical(bytes, { maxBytes: 4 * 1024 * 1024, maxDepth: 64, limitClause: 'KD-LIMIT-03' });
  if (!d.ok) throw new Error(`result is not canonical: ${d.violation.code} at ${d.violation.offset ?? '?'}`);
  return d.value as unknown as DiscoveryResultV1;
}

/** The fields every result shares (KD-TRUST-04, KD-RES-02, KD-RES-03). */
export const RESULT_HEAD = { schema: RESULT_SCHEMA, authoritative: false, limit_profile: LIMIT_PROFILE } as const;

/** The validated List[Text] type fact of makeFixture's queried occurrence, written out as the contract shapes it. */
export const LIST_TEXT_TYPE = {
  status: 'validated',
  identity: { kind: 'TypeId', value: MAKE_FIXTURE_IDS.listText },
  display: 'List[Text]',
  dependencies: [{ source: 'live', kind: 'NodeId', value: MAKE_FIXTURE_IDS.languagesNode, status: 'validated' }],
  diagnostic_ids: [],
  reason: null,
} as const;

/** The origin of a validated std.list function of makeFixture's interface (KD-ORIGIN-08). */
export const STD_LIST_ORIGIN = {
  status: 'validated',
  kind: 'function',
  module: 'std.list',
  module_identity: { kind: 'ModuleId', value: MAKE_FIXTURE_IDS.stdList },
  implementation_identity: null,
  trait: null,
  trait_identity: null,
} as const;

/**
 * A validated callable std.list function row as the contract requires it (KD-OP-09/10,
 * KD-ORIGIN-08): written out field by field, so tests compare against the contract's
 * shape rather than against the row builder.
 */
export function listRow(
  identity: string,
  name: string,
  signature: string,
  over: Partial<OperationFact> = {},
): OperationFact {
  return {
    status: 'validated',
    identity: { kind: 'SymbolId', value: identity },
    display_name: name,
    qualified_name: `std.list.${name}`,
    signature,
    generic_requirements: [],
    receiver_mode: 'read',
    effects: [],
    origin: { ...STD_LIST_ORIGIN, module_identity: { ...STD_LIST_ORIGIN.module_identity } },
    visibility: 'pub',
    availability: 'callable',
    rejection_reasons: [],
    source: null,
    documentation: null,
    dependencies: [],
    diagnostic_ids: [],
    ...over,
  };
}
