/**
 * Generated cases for `kofun-ctk fuzz`: small random worlds (a fixture built with the
 * suites' FixtureBuilder) and a request on them, covering what the contract fixes:
 * every fact status and dependency closure, visibility and imports, extension and
 * trait candidates, generic requirements, receiver modes, effects and capabilities,
 * multi-byte UTF-8 around positions (spans that start or end on and off code-point
 * boundaries), stale keys and invalid positions, source and documentation present with and
 * without their disclosure flags, explain spellings that several candidates match, facts that
 * name other candidates' SymbolIds (as a dependency of a row or of the type, as the identity
 * of a generic requirement, an effect or a capability, hidden or not: KIT-08 C), facts under a
 * TypeId or ImplementationId sharing a candidate's SymbolId value (another identity, L70),
 * candidates with diagnostics of their own, fact graphs with cycles and diamonds
 * (KD-CLOSURE-08), and worlds large enough to exhaust the step budget (KIT-10). It also reaches each class of
 * {@link FUZZ_CLASSES}, the inputs a provider's habits get wrong (a {@link LawShape}), and
 * {@link fuzzClasses} names the classes a case reaches, for the fuzz report's counts.
 * fast-check shrinks a failing case towards an empty world with a current request.
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
  type Identity,
} from '../../oracle/index.js';
import { FixtureBuilder, type HomeRef, type InterfaceRef, factKey, identityOf } from '../../oracle/internal.js';

const STATUSES: FactStatus[] = ['validated', 'provisional', 'unavailable', 'error'];
const NAMES = ['len', 'map', 'push', 'sort_in_place', 'take_all', 'fetch'];
const AFFIXES = ['', ' ', 'é', '😀', 'x.', '(', 'ß '];
const EFFECTS = ['net', 'fs'];

/**
 * The classes of inputs a provider's habits get wrong that the generator reaches on purpose, each derived from the
 * contract: identity-less requirement displays whose UTF-8 byte order differs from collation and UTF-16 order
 * (L330, L369); result strings holding characters JavaScript-safe encoders escape (L363); integer zero in a result
 * (L364); a Name or Spelling at or over its byte cap in multi-byte characters (L64, L68); a capability holding an
 * effect's value under the other identity kind (L70); different identities with equal displays (L330); and one world
 * asked twice, in either order (L34).
 */
export const FUZZ_CLASSES = [
  'byte-order',
  'javascript-unsafe-text',
  'integer-zero',
  'name-length',
  'identity-kind',
  'equal-displays',
  'one-world-twice',
] as const;
export type FuzzClass = (typeof FUZZ_CLASSES)[number];

/** Displays in an order that is neither byte, collation nor UTF-16 order (suites: canonical-order). */
const BYTE_ORDER_TAILS = ['\u{1F600}', 'f', '\u{FF61}', 'a', '\u00e9', 'Z'];
/** What JavaScript-safe encoders escape and the canonical bytes hold literally (L363; none is a Cc control). */
const JS_UNSAFE = "\u2028\u2029<>&'/";

/** Which {@link FUZZ_CLASSES} a case is built to reach. */
export interface LawShape {
  byteOrder: boolean;
  jsText: boolean;
  /** Generation 0 and source locations at byte 0. */
  zero: boolean;
  /**
   * 0: none; 1: the world's semantic compatibility is 128 two-byte characters (256 bytes); 2: the request's is 129
   * (258 bytes, 129 UTF-16 units); 3: an explanation spelling of 256 four-byte characters (1,024 bytes); 4: of 257.
   */
  nameLength: 0 | 1 | 2 | 3 | 4;
  /** The position holds every effect's value under the other identity kind. */
  kindSwap: boolean;
  /** Each candidate has requirements and effects of one display under identities of two kinds. */
  equalDisplays: boolean;
  /** 0: asked once; 1: a type query of the same world first; 2: an operations query with unavailable rows first. */
  twice: 0 | 1 | 2;
}

/** A case that reaches no class on purpose. */
export const NO_LAW: LawShape = {
  byteOrder: false,
  jsText: false,
  zero: false,
  nameLength: 0,
  kindSwap: false,
  equalDisplays: false,
  twice: 0,
};

const sometimes = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

const lawArb: fc.Arbitrary<LawShape> = fc.record({
  byteOrder: sometimes,
  jsText: sometimes,
  zero: sometimes,
  nameLength: fc.oneof(
    { weight: 6, arbitrary: fc.constant<0>(0) },
    { weight: 1, arbitrary: fc.constantFrom<1 | 2 | 3 | 4>(1, 2, 3, 4) },
  ),
  kindSwap: sometimes,
  equalDisplays: sometimes,
  twice: fc.oneof({ weight: 4, arbitrary: fc.constant<0>(0) }, { weight: 1, arbitrary: fc.constantFrom<1 | 2>(1, 2) }),
});

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
  /** A warning of its own it cites whatever its status; a hidden candidate's never reaches a result (L389). */
  ownDiagnostic?: boolean;
}

/**
 * A fact node whose value is candidate `symbol`'s SymbolId value under another kind (an identity is its kind and its
 * value, L70): a TypeId or ImplementationId that a hidden candidate's SymbolId value does not make hidden. `from` is
 * the candidate that depends on it, or -1 for the type fact.
 */
export interface TwinShape {
  symbol: number;
  kind: 'TypeId' | 'ImplementationId';
  status: FactStatus;
  from: number;
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
  /**
   * Edges of the fact graph, [from, to] over the NodeId facts, then the SymbolId facts, then the twins, each index
   * taken modulo their number: cycles (a node reaching itself) and diamonds (two paths to one node) arise
   * (KD-CLOSURE-08, KIT-07).
   */
  factEdges?: [number, number][];
  /** Facts under another kind than a candidate's SymbolId, with its value. */
  twins?: TwinShape[];
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
  /** The classes of {@link FUZZ_CLASSES} the case is built to reach; absent reaches none on purpose. */
  law?: LawShape;
}

/** Mostly null; otherwise the index of a candidate whose SymbolId the field carries. */
const symbolRefArb: fc.Arbitrary<number | null> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
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
    { maxLength: 2 },
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
  ownDiagnostic: sometimes,
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
  factEdges: fc.array(fc.tuple(fc.nat({ max: 11 }), fc.nat({ max: 11 })), { maxLength: 6 }),
  twins: fc.array(
    fc.record({
      symbol: fc.nat({ max: 5 }),
      kind: fc.constantFrom<TwinShape['kind']>('TypeId', 'ImplementationId'),
      status: statusArb,
      from: fc.integer({ min: -1, max: 5 }),
    }),
    { maxLength: 2 },
  ),
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
  law: lawArb,
});

/** The classes of {@link FUZZ_CLASSES} a case of `shape` reaches. */
export function fuzzClasses(shape: CaseShape): FuzzClass[] {
  const law = shape.law ?? NO_LAW;
  const someCandidate = shape.candidates.length > 0;
  const explain = shape.query.kind === 'explain-operation';
  const reached: Record<FuzzClass, boolean> = {
    'byte-order': law.byteOrder && someCandidate,
    'javascript-unsafe-text': law.jsText,
    'integer-zero': law.zero,
    'name-length': law.nameLength === 1 || law.nameLength === 2 || (law.nameLength >= 3 && explain),
    'identity-kind': law.kindSwap && shape.candidates.some((c) => c.effects.length > 0),
    'equal-displays': (law.equalDisplays && someCandidate) || (shape.sameName && shape.candidates.length > 1),
    'one-world-twice': law.twice > 0,
  };
  return FUZZ_CLASSES.filter((c) => reached[c]);
}

/** A generated case: the fixture and the canonical request bytes. */
export interface FuzzCase {
  fixture: FixtureV1;
  request: Uint8Array;
  /** Another query of the same world, asked right before `request` (class one-world-twice). */
  before?: Uint8Array;
}

/** Builds the case a shape describes; deterministic. */
export function buildCase(shape: CaseShape): FuzzCase {
  const law = shape.law ?? NO_LAW;
  const source = `let items = all(); ${AFFIXES[shape.prefix] ?? ''}items${AFFIXES[shape.suffix] ?? ''}`;
  const b = new FixtureBuilder({
    description: 'A generated world (kofun-ctk fuzz).',
    fileLabel: 'fuzz.kf',
    path: 'src/fuzz.kf',
    source,
    cancelled: shape.cancelled,
    currentFileFacts: shape.facts_source,
    ...(law.zero ? { generation: 0 } : {}),
    ...(law.nameLength === 1 ? { semanticCompatibility: '\u00e9'.repeat(128) } : {}),
  });
  const text = (plain: string): string => (law.jsText ? `${plain} ${JS_UNSAFE}` : plain);
  const diagnostic = b.addDiagnostic({ label: 'fuzz-d1', code: 'E0001', fallback_text: 'generated diagnostic' });
  const diagnosticsFor = (status: FactStatus): string[] => (status === 'error' ? [diagnostic] : []);
  // Candidate i's SymbolId, as a fact node other facts may depend on (a hidden one's is withheld, KIT-08 C).
  const symbolOf = (i: number): Identity => identityOf('SymbolId', `fuzz-candidate-${i}`);
  const symbolStatuses = (shape.symbolFacts ?? []).slice(0, shape.candidates.length);
  const twins = (shape.twins ?? []).filter((t) => t.symbol < shape.candidates.length);
  // Every fact key first, so an edge may point at a node added after its source (cycles, diamonds).
  const nodes: { key: FactKey; status: FactStatus }[] = [
    ...shape.facts.map((status, i) => ({ key: factKey('live', 'NodeId', `fuzz-fact-${i}`), status })),
    ...symbolStatuses.map((status, i) => ({ key: { source: 'live' as const, ...symbolOf(i) }, status })),
    ...twins.map((t) => ({
      key: { source: 'kif' as const, kind: t.kind, value: symbolOf(t.symbol).value },
      status: t.status,
    })),
  ];
  const edges = nodes.map(() => new Map<string, FactKey>());
  for (const [from, to] of shape.factEdges ?? []) {
    if (nodes.length === 0) break;
    const target = nodes[to % nodes.length] as { key: FactKey };
    (edges[from % nodes.length] as Map<string, FactKey>).set(`${target.key.kind}:${target.key.value}`, target.key);
  }
  nodes.forEach((n, i) => {
    const key = nodes.findIndex((m) => m.key.kind === n.key.kind && m.key.value === n.key.value);
    // Twins of one candidate and kind share a key: the first stands for them.
    if (key === i)
      b.addFact(n.key, n.status, [...(edges[i] as Map<string, FactKey>).values()], diagnosticsFor(n.status));
  });
  const facts: FactKey[] = nodes.slice(0, shape.facts.length).map((n) => n.key);
  const pick = (indexes: number[]): FactKey[] =>
    [...new Set(indexes)].flatMap((i) => (facts[i] === undefined ? [] : [facts[i] as FactKey]));
  const symbolFacts: FactKey[] = nodes
    .slice(shape.facts.length, shape.facts.length + symbolStatuses.length)
    .map((n) => n.key);
  const twinKeys = (from: number): FactKey[] => {
    const out = new Map<string, FactKey>();
    twins.forEach((t) => {
      if (t.from === from)
        out.set(`${t.kind}:${t.symbol}`, { source: 'kif', kind: t.kind, value: symbolOf(t.symbol).value });
    });
    return [...out.values()];
  };
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
      display: typeStatus === 'unavailable' ? null : typeStatus === 'validated' ? text('Items') : '_T1',
      reason:
        typeStatus === 'validated' ? null : typeStatus === 'error' ? 'rejected-by-diagnostic' : 'incomplete-analysis',
      dependencies: [...pick(shape.typeDependsOn), ...pickSymbols(shape.typeDependsOnSymbols), ...twinKeys(-1)],
      diagnostic_ids: diagnosticsFor(typeStatus),
    },
    permits: shape.permits,
    capabilities: [
      ...[...new Set(shape.capabilities)].map((i) => identityOf('SymbolId', `effect.${EFFECTS[i] ?? 'net'}`)),
      ...[...new Set(shape.capabilitySymbols ?? [])].flatMap((i) => symbolRef(i) ?? []),
      // The value of every effect the world names, under the other kind: holds none of them (L70).
      ...(law.kindSwap ? EFFECTS.map((e) => otherKind(identityOf('SymbolId', `effect.${e}`))) : []),
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
      signature: text(`${name}(${c.mode} Items)`),
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
      generics: [
        ...c.generics
          .map((g, j) => ({
            kind: g.kind,
            identity: g.identity ? (symbolRef(g.symbol) ?? identityOf('TypeId', `generic-${i}-${j}`)) : null,
            display: text(`T${j}: ${g.kind}`),
            status: g.status,
            satisfied: g.satisfied,
          }))
          // Generic requirements are unique by identity (KIT-20 B): two naming one candidate's SymbolId are one.
          .filter(
            (g, j, all) => g.identity === null || all.findIndex((h) => h.identity?.value === g.identity?.value) === j,
          ),
        ...(law.byteOrder
          ? BYTE_ORDER_TAILS.map((tail) => ({ kind: 'inference' as const, identity: null, display: `U = ${tail}` }))
          : []),
        ...(law.equalDisplays
          ? [
              { kind: 'trait-bound' as const, identity: identityOf('SymbolId', 'fuzz.Same'), display: 'T: Same' },
              {
                kind: 'trait-bound' as const,
                identity: otherKind(identityOf('SymbolId', 'fuzz.Same')),
                display: 'T: Same',
              },
            ]
          : []),
      ],
      effects: [
        ...c.effects.map((e) => ({
          e,
          identity: symbolRef(e.symbol) ?? identityOf('SymbolId', `effect.${EFFECTS[e.which] ?? 'net'}`),
        })),
        // One display under the value of an effect as SymbolId and as TypeId: two identities (L70, L330).
        ...(law.equalDisplays && c.effects[0] !== undefined
          ? [
              {
                e: c.effects[0],
                identity: otherKind(identityOf('SymbolId', `effect.${EFFECTS[c.effects[0].which] ?? 'net'}`)),
              },
            ]
          : []),
      ]
        // Effects are unique by identity (KIT-20 B).
        .filter(({ identity }) => {
          const key = `${identity.kind}:${identity.value}`;
          return !seenEffects.has(key) && seenEffects.add(key);
        })
        .map(({ e, identity }) => ({
          identity,
          display: text(EFFECTS[e.which] ?? 'net'),
          public: e.public,
          status: e.status,
        })),
      source: c.hasSource ? { file_id: b.fileId, span: { start: law.zero ? 0 : 4, end: 9 } } : null,
      disclose_source: c.discloseSource,
      documentation: c.documentation ? `doc-${i}` : null,
      disclose_documentation: c.discloseDocumentation,
      dependencies: [...pick(c.dependsOn), ...pickSymbols(c.dependsOnSymbols), ...twinKeys(i)],
      diagnostic_ids: [
        ...diagnosticsFor(c.status),
        ...(c.ownDiagnostic === true
          ? [
              b.addDiagnostic({
                label: `fuzz-w${i}`,
                code: 'W0001',
                severity: 'warning',
                category: 'style',
                fallback_text: `generated warning of ${name}`,
              }),
            ]
          : []),
      ],
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
  if (law.nameLength === 2) key.semantic_compatibility = '\u00e9'.repeat(129);
  const asked = shape.sameName && shape.candidates.length > 0 ? nameOf(0) : NAMES[shape.query.spelling];
  const spelling =
    shape.query.kind !== 'explain-operation'
      ? null
      : law.nameLength === 3 || law.nameLength === 4
        ? '\u{1F600}'.repeat(law.nameLength === 3 ? 256 : 257)
        : law.jsText
          ? text(asked ?? 'absent')
          : (asked ?? 'absent');
  const request: DiscoveryRequestV1 = {
    schema: REQUEST_SCHEMA,
    analysis: key,
    position: { byte_offset: offset, expression: span },
    query: { kind: shape.query.kind, include_unavailable: shape.query.includeUnavailable, spelling },
  };
  const built: FuzzCase = { fixture, request: encodeCanonical(request as unknown as JsonObject) };
  if (law.twice > 0) {
    // The same world asked first by a current query of another kind, so the two answers differ.
    const parsed = occurrence === undefined ? { start: 0, end: 0 } : { ...occurrence.span };
    const first: DiscoveryRequestV1 = {
      schema: REQUEST_SCHEMA,
      analysis: { ...loaded.fixture.currentKey },
      position: { byte_offset: parsed.end, expression: parsed },
      query:
        law.twice === 1
          ? { kind: 'type', include_unavailable: false, spelling: null }
          : { kind: 'operations', include_unavailable: true, spelling: null },
    };
    built.before = encodeCanonical(first as unknown as JsonObject);
  }
  return built;
}

/** The same value under the other identity kind of an effect (SymbolId and TypeId, L298). */
function otherKind(identity: Identity): Identity {
  return { kind: identity.kind === 'SymbolId' ? 'TypeId' : 'SymbolId', value: identity.value };
}

function flipHex(id: string): string {
  return `${id[0] === '0' ? '1' : '0'}${id.slice(1)}`;
}
