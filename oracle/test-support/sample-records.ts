/**
 * Hand-written sample records for tests: the contract's example request and one valid
 * result per status, each a fresh object a test changes in the one place it is about.
 */
import type {
  AnalysisKey,
  DiscoveryRequestV1,
  DiscoveryResultV1,
  OperationFact,
  TypeFact,
} from '../records/discovery-records.js';

const hex = (c: string): string => c.repeat(64);

/** The example request of the contract (L145–166), as a decoded value. */
export function exampleRequest(): DiscoveryRequestV1 {
  return {
    analysis: {
      file_id: hex('1'),
      generation: 17,
      interface_set_sha256: hex('3'),
      semantic_compatibility: 'stage2-v1',
      source_sha256: hex('2'),
    },
    position: { byte_offset: 84, expression: { end: 84, start: 75 } },
    query: { include_unavailable: false, kind: 'type-and-operations', spelling: null },
    schema: 'kofun.discovery.request/v1',
  };
}

/** The analysis key of {@link exampleRequest}. */
export function exampleKey(): AnalysisKey {
  return exampleRequest().analysis;
}

/** A validated List[Text] type fact with one validated live dependency. */
export function validatedType(): TypeFact {
  return {
    status: 'validated',
    identity: { kind: 'TypeId', value: hex('4') },
    display: 'List[Text]',
    dependencies: [{ source: 'live', kind: 'NodeId', value: hex('5'), status: 'validated' }],
    diagnostic_ids: [],
    reason: null,
  };
}

/** A validated callable operation row. */
export function callableRow(): OperationFact {
  return {
    status: 'validated',
    identity: { kind: 'SymbolId', value: hex('6') },
    display_name: 'length',
    qualified_name: 'std.list.length',
    signature: 'std.list.length(read List[Text]) -> Int',
    generic_requirements: [],
    receiver_mode: 'read',
    effects: [],
    origin: {
      status: 'validated',
      kind: 'function',
      module: 'std.list',
      module_identity: { kind: 'ModuleId', value: hex('7') },
      implementation_identity: null,
      trait: null,
      trait_identity: null,
    },
    visibility: 'pub',
    availability: 'callable',
    rejection_reasons: [],
    source: null,
    documentation: null,
    dependencies: [{ source: 'kif', kind: 'SymbolId', value: hex('6'), status: 'validated' }],
    diagnostic_ids: [],
  };
}

function result(status: DiscoveryResultV1['status']): DiscoveryResultV1 {
  return {
    schema: 'kofun.discovery.result/v1',
    authoritative: false,
    limit_profile: 'kofun.discovery/default-v1',
    status,
    analysis: exampleKey(),
    type: null,
    operations: [],
    omissions: [],
    diagnostics: [],
    reason: null,
    truncated: false,
  };
}

/** A complete type-and-operations result with one callable row. */
export function completeResult(): DiscoveryResultV1 {
  return { ...result('complete'), type: validatedType(), operations: [callableRow()] };
}

/** A partial result explained by a hidden-by-visibility omission. */
export function partialResult(): DiscoveryResultV1 {
  return {
    ...completeResult(),
    status: 'partial',
    omissions: [{ reason: 'hidden-by-visibility', requested_spelling: null }],
  };
}

/** A stale wrong-file result. */
export function staleResult(): DiscoveryResultV1 {
  return { ...result('stale'), reason: 'wrong-file' };
}

/** An unavailable result. */
export function unavailableResult(): DiscoveryResultV1 {
  return { ...result('unavailable'), reason: 'incomplete-current-file-facts' };
}

/** An invalid result. */
export function invalidResult(): DiscoveryResultV1 {
  return { ...result('invalid'), analysis: null, reason: 'invalid-request' };
}
