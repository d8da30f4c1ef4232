/**
 * Generated cases for `kofun-ctk fuzz`: small random worlds (a fixture built with the
 * suites' FixtureBuilder) and a request on them, covering what the contract fixes:
 * every fact status and dependency closure, visibility and imports, extension and
 * trait candidates, generic requirements, receiver modes, effects and capabilities,
 * multi-byte UTF-8 around positions (spans that start or end on and off code-point
 * boundaries), stale keys and invalid positions, source and documentation present with and
 * without their disclosure flags, explain spellings that several candidates match, facts that
 * name other candidates' SymbolIds (as a dependency of a row or of the type, as the identity
 * of a generic requirement, an effect or a capability, hidden or not: KIT-08 C), and
 * worlds large enough to exhaust the step budget (KIT-10). fast-check shrinks a failing
 * case towards an empty world with a current request.
 */
import fc from 'fast-check';
import {
  type FactKey,
  type FixtureV1,
  loadFixture,
  encodeCanonical,
  type JsonObject,
  type DiscoveryRequestV1,
  type FactStatus,
  type QueryKind,
  type ReceiverMode,
  type Visibility,
  REQUEST_SCHEMA,
  FixtureBuilder,
  type HomeRef,
  type Identity,
  type InterfaceRef,
  factKey,
  identityOf,
} from '../../oracle/index.js';

const STATUSES: FactStatus[] = ['validated', 'provisional', 'unavailable', 'error'];
const NAMES = ['len', 'map', 'push', 'sort_in_place', 'take_all', 'fetch'];
const AFFIXES = ['', ' ', 'é', '😀', 'x.', '(', 'ß '];
const EFFECTS = ['net', 'fs'];

/** Just over the step budget at six steps a candidate (KIT-10). */
const BUDGET_CANDIDATES = 170_000;

const statusArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant<FactStatus>('validated') },
  { weight: 1, arbitrary: fc.constantFrom(...STATUSES) },
);

interface CandidateShape {
  name: number;
  receiver: 'items' | 'other' | 'any';
  mode: ReceiverMode;
  status: FactStatus;
  visibility: Visibility;
  home: number;
  admitted: boolean;
  origin: 'function' | 'member' | 'extension' | 'trait';
  originStatus: FactStatus;
  generics: {
    kind: 'trait-bound' | 'equality' | 'inference';
    satisfied: boolean;
    status: FactStatus;
    identity: boolean;
    /** When set (and identity is on), the identity is that candidate's SymbolId. */
    symbol?: number | null;
  }[];
  /** `symbol`, when set, makes the effect's identity that candidate's SymbolId. */
  effects: { which: number; public: boolean; status: FactStatus; symbol?: number | null }[];
  dependsOn: number[];
  /** Candidates whose SymbolId fact (CaseShape.symbolFacts) this one depends on. */
  dependsOnSymbols?: number[];
  /**
   * The compiler has a source location / documentation attachment, and whether each may be disclosed (KD-DISCLOSE-04).
   */
  hasSource: boolean;
  discloseSource: boolean;
  documentation: boolean;
  discloseDocumentation: boolean;
}

/** The shape a case is built from; what fast-check generates and shrinks. */
export interface CaseShape {
  prefix: number;
  suffix: number;
  typeStatus: FactStatus;
  facts: FactStatus[];
  typeDependsOn: number[];
  /** A `live SymbolId` fact node for candidate i's SymbolId, with this status. */
  symbolFacts?: FactStatus[];
  /** Candidates whose SymbolId fact the type depends on. */
  typeDependsOnSymbols?: number[];
  /** Candidates whose SymbolId is also a capability held at the position. */
  capabilitySymbols?: number[];
  permits: { read: boolean; edit: boolean; take: boolean };
  capabilities: number[];
  interfaces: { validated: boolean; internal: boolean; inScope: boolean }[];
  candidates: CandidateShape[];
  query: { kind: QueryKind; includeUnavailable: boolean; spelling: number };
  /**
   * 0: current; 1..5: one key field changed; 6: offset outside the span; 7: another span;
   * 8: the span starts one character earlier, 9: one byte earlier, 10: ends one byte later
   * (on or off a code-point boundary, as the affixes around the expression make it).
   */
  perturb: number;
  /** Every odd-numbered candidate takes candidate 0's name, and an explanation asks for it. */
  sameName: boolean;
  /** Adds enough candidates, each visiting six stages, to exhaust the step budget (KIT-10). */
  budget: boolean;
  offset: 'start' | 'end';
  cancelled: boolean;
  facts_source: 'live' | 'sidecar' | 'kif-only';
}

/** Mostly null; otherwise the index of a candidate whose SymbolId the field carries. */
const symbolRefArb: fc.Arbitrary<number | null> = fc.oneof(
  { weight: 5, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.nat({ max: 5 }) },
);

const candidateArb: fc.Arbitrary<CandidateShape> = fc.record({
  name: fc.nat({ max: NAMES.length - 1 }),
  receiver: fc.constantFrom<CandidateShape['receiver']>('items', 'items', 'any', 'other'),
  mode: fc.constantFrom<ReceiverMode>('read', 'read', 'read', 'none', 'edit', 'take'),
  status: statusArb,
  visibility: fc.constantFrom<Visibility>('pub', 'pub', 'internal', 'private', 'restricted'),
  home: fc.integer({ min: -1, max: 2 }),
  admitted: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  origin: fc.constantFrom<CandidateShape['origin']>('function', 'function', 'member', 'member', 'extension', 'trait'),
  originStatus: statusArb,
  generics: fc.array(
    fc.record({
      kind: fc.constantFrom<'trait-bound' | 'equality' | 'inference'>('trait-bound', 'equality', 'inference'),
      satisfied: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      status: statusArb,
      identity: fc.boolean(),
      symbol: symbolRefArb,
    }),
    { maxLength: 1 },
  ),
  effects: fc.array(
    fc.record({
      which: fc.nat({ max: EFFECTS.length - 1 }),
      public: fc.boolean(),
      status: statusArb,
      symbol: symbolRefArb,
    }),
    { maxLength: 2 },
  ),
  dependsOn: fc.array(fc.nat({ max: 3 }), { maxLength: 2 }),
  dependsOnSymbols: fc.array(fc.nat({ max: 5 }), { maxLength: 2 }),
  hasSource: fc.boolean(),
  discloseSource: fc.boolean(),
  documentation: fc.boolean(),
  discloseDocumentation: fc.boolean(),
});

/** The arbitrary of case shapes. */
export const caseShapeArb: fc.Arbitrary<CaseShape> = fc.record({
  prefix: fc.nat({ max: AFFIXES.length - 1 }),
  suffix: fc.nat({ max: AFFIXES.length - 1 }),
  typeStatus: statusArb,
  facts: fc.array(statusArb, { maxLength: 4 }),
  typeDependsOn: fc.array(fc.nat({ max: 3 }), { maxLength: 2 }),
  symbolFacts: fc.array(statusArb, { maxLength: 6 }),
  typeDependsOnSymbols: fc.array(fc.nat({ max: 5 }), { maxLength: 1 }),
  capabilitySymbols: fc.array(fc.nat({ max: 5 }), { maxLength: 1 }),
  permits: fc.record({
    read: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    edit: fc.boolean(),
    take: fc.boolean(),
  }),
  capabilities: fc.array(fc.nat({ max: EFFECTS.length - 1 }), { maxLength: 2 }),
  interfaces: fc.array(fc.record({ validated: fc.boolean(), internal: fc.boolean(), inScope: fc.boolean() }), {
    maxLength: 3,
  }),
  candidates: fc.array(candidateArb, { maxLength: 6 }),
  query: fc.record({
    kind: fc.constantFrom<QueryKind>('type-and-operations', 'operations', 'type', 'explain-operation'),
    includeUnavailable: fc.boolean(),
    spelling: fc.nat({ max: NAMES.length }),
  }),
  perturb: fc.oneof(
    { weight: 6, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 10 }) },
  ),
  sameName: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  // Rare: such a world costs seconds to load and visit.
  budget: fc.oneof({ weight: 150, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  offset: fc.constantFrom<'start' | 'end'>('end', 'start'),
  cancelled: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  facts_source: fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom<'live' | 'sidecar'>('live', 'sidecar') },
    { weight: 1, arbitrary: fc.constant<'kif-only'>('kif-only') },
  ),
});

/** A generated case: the fixture and the canonical request bytes. */
export interface FuzzCase {
  fixture: FixtureV1;
  request: Uint8Array;
}

/** Builds the case a shape describes; deterministic. */
export function buildCase(shape: CaseShape): FuzzCase {
  const source = `let items = all(); ${AFFIXES[shape.prefix] ?? ''}items${AFFIXES[shape.suffix] ?? ''}`;
  const b = new FixtureBuilder({
    description: 'A generated world (kofun-ctk fuzz).',
    fileLabel: 'fuzz.kf',
    path: 'src/fuzz.kf',
    source,
    cancelled: shape.cancelled,
    currentFileFacts: shape.facts_source,
  });
  const diagnostic = b.addDiagnostic({ label: 'fuzz-d1', code: 'E0001', fallback_text: 'generated diagnostic' });
  const diagnosticsFor = (status: FactStatus): string[] => (status === 'error' ? [diagnostic] : []);
  const facts: FactKey[] = shape.facts.map((status, i) =>
    b.addFact(factKey('live', 'NodeId', `fuzz-fact-${i}`), status, [], diagnosticsFor(status)),
  );
  const pick = (indexes: number[]): FactKey[] =>
    [...new Set(indexes)].flatMap((i) => (facts[i] === undefined ? [] : [facts[i] as FactKey]));
  // Candidate i's SymbolId, as a fact node other facts may depend on (a hidden one's is withheld, KIT-08 C).
  const symbolOf = (i: number): Identity => identityOf('SymbolId', `fuzz-candidate-${i}`);
  const symbolFacts: FactKey[] = (shape.symbolFacts ?? [])
    .slice(0, shape.candidates.length)
    .map((status, i) => b.addFact({ source: 'live', ...symbolOf(i) }, status, [], diagnosticsFor(status)));
  const pickSymbols = (indexes: number[] | undefined): FactKey[] =>
    [...new Set(indexes ?? [])].flatMap((i) => (symbolFacts[i] === undefined ? [] : [symbolFacts[i] as FactKey]));
  const symbolRef = (i: number | null | undefined): Identity | null =>
    i === null || i === undefined || i >= shape.candidates.length ? null : symbolOf(i);
  const interfaces: InterfaceRef[] = shape.interfaces.map((s, i) =>
    b.addInterface({
      module: `m${i}`,
      package: `p${i}`,
      validated: s.validated,
      view: s.internal ? 'internal' : 'public',
      names_in_scope: s.inScope,
    }),
  );
  const typeStatus = shape.typeStatus;
  b.addOccurrence({
    text: 'items',
    nth: 1,
    type: {
      status: typeStatus,
      type: typeStatus === 'validated' ? 'app.Items' : null,
      display: typeStatus === 'unavailable' ? null : typeStatus === 'validated' ? 'Items' : '_T1',
      reason:
        typeStatus === 'validated' ? null : typeStatus === 'error' ? 'rejected-by-diagnostic' : 'incomplete-analysis',
      dependencies: [...pick(shape.typeDependsOn), ...pickSymbols(shape.typeDependsOnSymbols)],
      diagnostic_ids: diagnosticsFor(typeStatus),
    },
    permits: shape.permits,
    capabilities: [
      ...[...new Set(shape.capabilities)].map((i) => identityOf('SymbolId', `effect.${EFFECTS[i] ?? 'net'}`)),
      ...[...new Set(shape.capabilitySymbols ?? [])].flatMap((i) => symbolRef(i) ?? []),
    ],
  });
  const nameOf = (i: number): string =>
    NAMES[(shape.sameName && i % 2 === 1 ? shape.candidates[0]?.name : shape.candidates[i]?.name) ?? 0] ?? 'len';
  shape.candidates.forEach((c, i) => {
    const name = nameOf(i);
    const home: HomeRef =
      c.home < 0 || interfaces[c.home] === undefined ? 'current-file' : (interfaces[c.home] as InterfaceRef);
    const seenEffects = new Set<string>();
    b.addCandidate({
      qualified_name: `lib.${name}`,
      symbol: `fuzz-candidate-${i}`,
      display_name: name,
      signature: `${name}(${c.mode} Items)`,
      receiver: c.receiver === 'any' ? null : c.receiver === 'items' ? 'app.Items' : 'app.Other',
      mode: c.mode,
      home,
      status: c.status,
      visibility: c.visibility,
      admitted: c.admitted,
      origin: {
        kind: c.origin,
        status: c.originStatus,
        implementation: c.origin === 'extension' ? `impl-${i}` : null,
        trait: c.origin === 'trait' ? 'Iterable' : null,
        trait_identity: c.origin === 'trait' ? identityOf('SymbolId', 'trait.Iterable') : null,
      },
      generics: c.generics.map((g, j) => ({
        kind: g.kind,
        identity: g.identity ? (symbolRef(g.symbol) ?? identityOf('TypeId', `generic-${i}-${j}`)) : null,
        display: `T${j}: ${g.kind}`,
        status: g.status,
        satisfied: g.satisfied,
      })),
      effects: c.effects
        .map((e) => ({
          e,
          identity: symbolRef(e.symbol) ?? identityOf('SymbolId', `effect.${EFFECTS[e.which] ?? 'net'}`),
        }))
        // Effects are unique by identity (KIT-20 B).
        .filter(({ identity }) => !seenEffects.has(identity.value) && seenEffects.add(identity.value))
        .map(({ e, identity }) => ({
          identity,
          display: EFFECTS[e.which] ?? 'net',
          public: e.public,
          status: e.status,
        })),
      source: c.hasSource ? { file_id: b.fileId, span: { start: 4, end: 9 } } : null,
      disclose_source: c.discloseSource,
      documentation: c.documentation ? `doc-${i}` : null,
      disclose_documentation: c.discloseDocumentation,
      dependencies: [...pick(c.dependsOn), ...pickSymbols(c.dependsOnSymbols)],
      diagnostic_ids: diagnosticsFor(c.status),
    });
  });
  if (shape.budget) {
    // Each candidate applies, is exposed and visits all six stages before a non-public effect that is never held
    // makes it unavailable with missing-effect (KIT-06 B): 6 steps each, just over the 1,000,000-step budget.
    b.addSeries({
      seed: 'fuzz-budget',
      count: BUDGET_CANDIDATES,
      name_prefix: 'op',
      qualified_name_prefix: 'lib.op',
      template: {
        qualified_name: 'lib.op',
        signature: 'op(read Items)',
        receiver: null,
        mode: 'read',
        home: 'current-file',
        effects: [{ identity: 'effect.budget', display: 'budget', public: false, status: 'validated' }],
      },
    });
  }
  const fixture = b.build();
  const loaded = loadFixture(fixture);
  if (!loaded.ok) {
    const first = loaded.violations[0];
    throw new Error(`kit fault: a generated fixture does not load: ${first?.code ?? ''} ${first?.pointer ?? ''}`);
  }
  const key = { ...loaded.fixture.currentKey };
  switch (shape.perturb) {
    case 1:
      key.file_id = flipHex(key.file_id);
      break;
    case 2:
      key.source_sha256 = flipHex(key.source_sha256);
      break;
    case 3:
      key.interface_set_sha256 = flipHex(key.interface_set_sha256);
      break;
    case 4:
      key.generation += 1;
      break;
    case 5:
      key.semantic_compatibility = 'stage2-v0';
      break;
    default:
      break;
  }
  const occurrence = fixture.occurrences[0];
  const span = occurrence === undefined ? { start: 0, end: 0 } : { ...occurrence.span };
  let offset = shape.offset === 'start' ? span.start : span.end;
  if (shape.perturb === 6) offset = span.end + 1;
  if (shape.perturb === 7) span.start = 0;
  const before = AFFIXES[shape.prefix] ?? '';
  if (shape.perturb === 8) span.start -= Buffer.byteLength([...before].pop() ?? '', 'utf8');
  if (shape.perturb === 9) span.start = Math.max(0, span.start - 1);
  if (shape.perturb === 10) span.end += 1;
  if (shape.perturb >= 8) offset = shape.offset === 'start' ? span.start : span.end;
  const asked = shape.sameName && shape.candidates.length > 0 ? nameOf(0) : NAMES[shape.query.spelling];
  const spelling = shape.query.kind === 'explain-operation' ? (asked ?? 'absent') : null;
  const request: DiscoveryRequestV1 = {
    schema: REQUEST_SCHEMA,
    analysis: key,
    position: { byte_offset: offset, expression: span },
    query: { kind: shape.query.kind, include_unavailable: shape.query.includeUnavailable, spelling },
  };
  return { fixture, request: encodeCanonical(request as unknown as JsonObject) };
}

function flipHex(id: string): string {
  return `${id[0] === '0' ? '1' : '0'}${id.slice(1)}`;
}
