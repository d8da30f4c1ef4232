/**
 * Hand-built fixture parts for the pipeline's unit tests: a visible, validated,
 * read-mode current-file function candidate with no requirements, with overrides.
 */
import type {
  FactKey,
  FixtureCandidate,
  FixtureEffect,
  FixtureFactNode,
  FixtureGenericRequirement,
  FixtureInterface,
  FixtureOrigin,
} from '../fixture/fixture.js';
import type { Id } from '../records/discovery-records.js';
import { hex } from './ids.js';

/** A function origin in module `std.list`. */
export function origin(over: Partial<FixtureOrigin> = {}): FixtureOrigin {
  return {
    kind: 'function',
    module: 'std.list',
    module_identity: hex(0x500),
    implementation_identity: null,
    trait: null,
    trait_identity: null,
    status: 'validated',
    dependencies: [],
    ...over,
  };
}

/** A validated public view of module `pkg.m` whose names are in scope. */
export function view(over: Partial<FixtureInterface> = {}): FixtureInterface {
  return {
    package_id: hex(0xa1),
    module_id: hex(0xa2),
    module: 'pkg.m',
    view: 'public',
    semantic_digest: hex(0xa3),
    validated: true,
    names_in_scope: true,
    ...over,
  };
}

/** A candidate with SymbolId `hex(n)`. */
export function candidate(n: number, over: Partial<FixtureCandidate> = {}): FixtureCandidate {
  return {
    identity: hex(n),
    display_name: `op${n}`,
    qualified_name: `std.list.op${n}`,
    signature: `op${n}(read List[Text]) -> Int`,
    receiver_type: null,
    required_mode: 'read',
    status: 'validated',
    origin: origin(),
    visibility: 'pub',
    home: { kind: 'current-file' },
    admitted: true,
    generic_requirements: [],
    effects: [],
    source: null,
    disclose_source: false,
    documentation: null,
    disclose_documentation: false,
    dependencies: [],
    diagnostic_ids: [],
    ...over,
  };
}

/** A live NodeId fact key. */
export function node(value: Id): FactKey {
  return { source: 'live', kind: 'NodeId', value };
}

/** A fact node. */
export function fact(key: FactKey, over: Partial<Omit<FixtureFactNode, keyof FactKey>> = {}): FixtureFactNode {
  return { ...key, status: 'validated', depends_on: [], diagnostic_ids: [], ...over };
}

/** A generic requirement. */
export function requirement(over: Partial<FixtureGenericRequirement> = {}): FixtureGenericRequirement {
  return {
    kind: 'equality',
    identity: null,
    display: 'T = Text',
    status: 'validated',
    satisfied: true,
    dependencies: [],
    ...over,
  };
}

/** A public effect requirement with SymbolId `hex(n)`. */
export function effect(n: number, over: Partial<FixtureEffect> = {}): FixtureEffect {
  return {
    identity: { kind: 'SymbolId', value: hex(n) },
    display: `effect${n}`,
    status: 'validated',
    public: true,
    dependencies: [],
    ...over,
  };
}
