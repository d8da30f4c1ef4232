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
import {
  type CandidateSpec,
  FixtureBuilder,
  type HomeRef,
  type InterfaceRef,
  factKey,
  identityOf,
} from '../../oracle/internal.js';

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

/** A generic requirement of a candidate, as the world's builder takes it. */
type Requirement = NonNullable<CandidateSpec['generics']>[number];
/** The options of a world's builder. */
type WorldOptions = ConstructorParameters<typeof FixtureBuilder>[0];
/** One generated effect of a candidate (or a class's extra one) with the identity it is given. */
interface EffectWithIdentity {
  readonly e: CandidateShape['effects'][number];
  readonly identity: Identity;
}
/** Where the request asks: the analysis key, the offset and the expression's span. */
interface Asked {
  readonly key: AnalysisKey;
  readonly offset: number;
  readonly span: { start: number; end: number };
}
type AnalysisKey = DiscoveryRequestV1['analysis'];

/**
 * What one class of {@link FUZZ_CLASSES} puts into a case whose law asks for it. Every hook but `asked` and `reached`
 * is optional; the hooks of the asked classes apply in the order of FUZZ_CLASSES.
 */
interface ClassBuilder {
  /** Whether the law asks for the class. */
  readonly asked: (law: LawShape) => boolean;
  /** Whether a case of `shape` reaches the class (the fuzz report's counts). */
  readonly reached: (shape: CaseShape, law: LawShape) => boolean;
  /** Options of the world's builder. */
  readonly world?: (law: LawShape) => Partial<WorldOptions>;
  /** A result string as the world holds it. */
  readonly text?: (plain: string) => string;
  /** Capabilities held at the position, after the generated ones. */
  readonly capabilities?: () => Identity[];
  /** Generic requirements of every candidate, after the generated ones. */
  readonly generics?: () => Requirement[];
  /** Effects of candidate `c`, after the generated ones (then made unique by identity). */
  readonly effects?: (c: CandidateShape) => EffectWithIdentity[];
  /** Where each candidate's source location starts. */
  readonly sourceStart?: number;
  /** The request's analysis key, after the perturbation. */
  readonly analysis?: (key: AnalysisKey, law: LawShape) => AnalysisKey;
  /** The explanation's spelling, given the one the other classes made. */
  readonly spelling?: (spelling: string, law: LawShape) => string;
  /** Another query of the same world asked right before, given where a current request asks. */
  readonly before?: (current: Asked, law: LawShape) => DiscoveryRequestV1;
}

/** The effect identity of `which` of {@link EFFECTS}. */
const effectIdentity = (which: number): Identity => identityOf('SymbolId', `effect.${EFFECTS[which] ?? 'net'}`);

/** The table of {@link FUZZ_CLASSES}: a new class is a compile error until it has its entry. */
const CLASS_BUILDERS: Record<FuzzClass, ClassBuilder> = {
  'byte-order': {
    asked: (law) => law.byteOrder,
    reached: (shape, law) => law.byteOrder && shape.candidates.length > 0,
    generics: () => BYTE_ORDER_TAILS.map((tail) => ({ kind: 'inference', identity: null, display: `U = ${tail}` })),
  },
  'javascript-unsafe-text': {
    asked: (law) => law.jsText,
    reached: (_shape, law) => law.jsText,
    text: (plain) => `${plain} ${JS_UNSAFE}`,
  },
  'integer-zero': {
    asked: (law) => law.zero,
    reached: (_shape, law) => law.zero,
    world: () => ({ generation: 0 }),
    sourceStart: 0,
  },
  'name-length': {
    asked: (law) => law.nameLength > 0,
    reached: (shape, law) =>
      law.nameLength === 1 || law.nameLength === 2 || (law.nameLength >= 3 && shape.query.kind === 'explain-operation'),
    world: (law) => (law.nameLength === 1 ? { semanticCompatibility: '\u00e9'.repeat(128) } : {}),
    analysis: (key, law) => (law.nameLength === 2 ? { ...key, semantic_compatibility: '\u00e9'.repeat(129) } : key),
    spelling: (spelling, law) =>
      law.nameLength === 3 || law.nameLength === 4 ? '\u{1F600}'.repeat(law.nameLength === 3 ? 256 : 257) : spelling,
  },
  'identity-kind': {
    asked: (law) => law.kindSwap,
    reached: (shape, law) => law.kindSwap && shape.candidates.some((c) => c.effects.length > 0),
    // The value of every effect the world names, under the other kind: holds none of them (L70).
    capabilities: () => EFFECTS.map((_e, which) => otherKind(effectIdentity(which))),
  },
  'equal-displays': {
    asked: (law) => law.equalDisplays,
    reached: (shape, law) =>
      (law.equalDisplays && shape.candidates.length > 0) || (shape.sameName && shape.candidates.length > 1),
    generics: () => [
      { kind: 'trait-bound', identity: identityOf('SymbolId', 'fuzz.Same'), display: 'T: Same' },
      { kind: 'trait-bound', identity: otherKind(identityOf('SymbolId', 'fuzz.Same')), display: 'T: Same' },
    ],
    // One display under the value of an effect as SymbolId and as TypeId: two identities (L70, L330).
    effects: (c) =>
      c.effects[0] === undefined ? [] : [{ e: c.effects[0], identity: otherKind(effectIdentity(c.effects[0].which)) }],
  },
  'one-world-twice': {
    asked: (law) => law.twice > 0,
    reached: (_shape, law) => law.twice > 0,
    // The same world asked first by a current query of another kind, so the two answers differ.
    before: (current, law) => ({
      schema: REQUEST_SCHEMA,
      analysis: current.key,
      position: { byte_offset: current.span.end, expression: current.span },
      query:
        law.twice === 1
          ? { kind: 'type', include_unavailable: false, spelling: null }
          : { kind: 'operations', include_unavailable: true, spelling: null },
    }),
  },
};

/** The classes of {@link FUZZ_CLASSES} a case of `shape` reaches. */
export function fuzzClasses(shape: CaseShape): FuzzClass[] {
  const law = shape.law ?? NO_LAW;
  return FUZZ_CLASSES.filter((c) => CLASS_BUILDERS[c].reached(shape, law));
}

/** A generated case: the fixture and the canonical request bytes. */
export interface FuzzCase {
  fixture: FixtureV1;
  request: Uint8Array;
  /** Another query of the same world, asked right before `request` (class one-world-twice). */
  before?: Uint8Array;
}

/** The dependencies a fact, the type or a candidate names, by index into the world's fact graph. */
interface FactGraph {
  /** NodeId facts `facts`, SymbolId facts `symbols`, and the twins that `from` (-1: the type) depends on. */
  readonly dependencies: (facts: number[], symbols: number[] | undefined, from: number) => FactKey[];
}

/** What the steps of {@link buildCase} share: the world being built and how the asked classes shape it. */
interface World {
  readonly b: FixtureBuilder;
  readonly shape: CaseShape;
  readonly law: LawShape;
  readonly classes: readonly ClassBuilder[];
  readonly text: (plain: string) => string;
  readonly diagnosticsFor: (status: FactStatus) => string[];
  readonly graph: FactGraph;
  readonly interfaces: readonly InterfaceRef[];
  /** Candidate `i`'s SymbolId when `i` names a candidate of the world, else null. */
  readonly symbolRef: (i: number | null | undefined) => Identity | null;
  readonly nameOf: (i: number) => string;
}

/** Candidate i's SymbolId, as a fact node other facts may depend on (a hidden one's is withheld, KIT-08 C). */
const symbolOf = (i: number): Identity => identityOf('SymbolId', `fuzz-candidate-${i}`);

/** Builds the case a shape describes; deterministic. */
export function buildCase(shape: CaseShape): FuzzCase {
  const law = shape.law ?? NO_LAW;
  const classes = FUZZ_CLASSES.map((c) => CLASS_BUILDERS[c]).filter((c) => c.asked(law));
  const source = `let items = all(); ${AFFIXES[shape.prefix] ?? ''}items${AFFIXES[shape.suffix] ?? ''}`;
  const b = new FixtureBuilder(
    Object.assign(
      {
        description: 'A generated world (kofun-ctk fuzz).',
        fileLabel: 'fuzz.kf',
        path: 'src/fuzz.kf',
        source,
        cancelled: shape.cancelled,
        currentFileFacts: shape.facts_source,
      },
      ...classes.map((c) => c.world?.(law) ?? {}),
    ) as WorldOptions,
  );
  const diagnostic = b.addDiagnostic({ label: 'fuzz-d1', code: 'E0001', fallback_text: 'generated diagnostic' });
  const diagnosticsFor = (status: FactStatus): string[] => (status === 'error' ? [diagnostic] : []);
  const world: World = {
    b,
    shape,
    law,
    classes,
    text: (plain) => classes.reduce((t, c) => c.text?.(t) ?? t, plain),
    diagnosticsFor,
    graph: addFactGraph(b, shape, diagnosticsFor),
    interfaces: shape.interfaces.map((s, i) =>
      b.addInterface({
        module: `m${i}`,
        package: `p${i}`,
        validated: s.validated,
        view: s.internal ? 'internal' : 'public',
        names_in_scope: s.inScope,
      }),
    ),
    symbolRef: (i) => (i === null || i === undefined || i >= shape.candidates.length ? null : symbolOf(i)),
    nameOf: (i) =>
      NAMES[(shape.sameName && i % 2 === 1 ? shape.candidates[0]?.name : shape.candidates[i]?.name) ?? 0] ?? 'len',
  };
  addPosition(world);
  shape.candidates.forEach((c, i) => addGeneratedCandidate(world, c, i));
  if (shape.budget) addBudgetSeries(b);
  const fixture = b.build();
  const currentKey = loadedKey(fixture);
  const occurrence = fixture.occurrences[0];
  const span = occurrence === undefined ? { start: 0, end: 0 } : { ...occurrence.span };
  const asked = askedPosition(shape, perturbedKey(currentKey, shape.perturb), span);
  const key = classes.reduce((k, c) => c.analysis?.(k, law) ?? k, asked.key);
  const request: DiscoveryRequestV1 = {
    schema: REQUEST_SCHEMA,
    analysis: key,
    position: { byte_offset: asked.offset, expression: asked.span },
    query: { kind: shape.query.kind, include_unavailable: shape.query.includeUnavailable, spelling: spellingOf(world) },
  };
  const built: FuzzCase = { fixture, request: encodeCanonical(request as unknown as JsonObject) };
  const current: Asked = { key: { ...currentKey }, offset: span.end, span: { ...span } };
  for (const c of classes) {
    const first = c.before?.(current, law);
    if (first !== undefined) built.before = encodeCanonical(first as unknown as JsonObject);
  }
  return built;
}

/**
 * Adds the world's fact graph: the NodeId facts, the SymbolId facts of candidates and the twins, every key first so an
 * edge may point at a node added after its source (cycles, diamonds).
 */
function addFactGraph(
  b: FixtureBuilder,
  shape: CaseShape,
  diagnosticsFor: (status: FactStatus) => string[],
): FactGraph {
  const symbolStatuses = (shape.symbolFacts ?? []).slice(0, shape.candidates.length);
  const twins = (shape.twins ?? []).filter((t) => t.symbol < shape.candidates.length);
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
  const symbolFacts: FactKey[] = nodes
    .slice(shape.facts.length, shape.facts.length + symbolStatuses.length)
    .map((n) => n.key);
  const pick = (from: FactKey[], indexes: number[]): FactKey[] =>
    [...new Set(indexes)].flatMap((i) => (from[i] === undefined ? [] : [from[i] as FactKey]));
  const twinKeys = (from: number): FactKey[] => {
    const out = new Map<string, FactKey>();
    twins.forEach((t) => {
      if (t.from === from)
        out.set(`${t.kind}:${t.symbol}`, { source: 'kif', kind: t.kind, value: symbolOf(t.symbol).value });
    });
    return [...out.values()];
  };
  return {
    dependencies: (factIndexes, symbolIndexes, from) => [
      ...pick(facts, factIndexes),
      ...pick(symbolFacts, symbolIndexes ?? []),
      ...twinKeys(from),
    ],
  };
}

/** Adds the occurrence the request asks about: its type, permits and capabilities. */
function addPosition(world: World): void {
  const { shape, text } = world;
  const typeStatus = shape.typeStatus;
  world.b.addOccurrence({
    text: 'items',
    nth: 1,
    type: {
      status: typeStatus,
      type: typeStatus === 'validated' ? 'app.Items' : null,
      display: typeStatus === 'unavailable' ? null : typeStatus === 'validated' ? text('Items') : '_T1',
      reason:
        typeStatus === 'validated' ? null : typeStatus === 'error' ? 'rejected-by-diagnostic' : 'incomplete-analysis',
      dependencies: world.graph.dependencies(shape.typeDependsOn, shape.typeDependsOnSymbols, -1),
      diagnostic_ids: world.diagnosticsFor(typeStatus),
    },
    permits: shape.permits,
    capabilities: [
      ...[...new Set(shape.capabilities)].map(effectIdentity),
      ...[...new Set(shape.capabilitySymbols ?? [])].flatMap((i) => world.symbolRef(i) ?? []),
      ...world.classes.flatMap((c) => c.capabilities?.() ?? []),
    ],
  });
}

/** Adds generated candidate `c`, the `i`-th. */
function addGeneratedCandidate(world: World, c: CandidateShape, i: number): void {
  const { b, text } = world;
  const name = world.nameOf(i);
  const home: HomeRef =
    c.home < 0 || world.interfaces[c.home] === undefined ? 'current-file' : (world.interfaces[c.home] as InterfaceRef);
  const sourceStart = world.classes.reduce((start, k) => k.sourceStart ?? start, 4);
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
    generics: candidateGenerics(world, c, i),
    effects: candidateEffects(world, c),
    source: c.hasSource ? { file_id: b.fileId, span: { start: sourceStart, end: 9 } } : null,
    disclose_source: c.discloseSource,
    documentation: c.documentation ? `doc-${i}` : null,
    disclose_documentation: c.discloseDocumentation,
    dependencies: world.graph.dependencies(c.dependsOn, c.dependsOnSymbols, i),
    diagnostic_ids: [
      ...world.diagnosticsFor(c.status),
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
}

/** Candidate `c`'s generic requirements: the generated ones, unique by identity, then the asked classes'. */
function candidateGenerics(world: World, c: CandidateShape, i: number): Requirement[] {
  const generated = c.generics
    .map((g, j) => ({
      kind: g.kind,
      identity: g.identity ? (world.symbolRef(g.symbol) ?? identityOf('TypeId', `generic-${i}-${j}`)) : null,
      display: world.text(`T${j}: ${g.kind}`),
      status: g.status,
      satisfied: g.satisfied,
    }))
    // Generic requirements are unique by identity (KIT-20 B): two naming one candidate's SymbolId are one.
    .filter((g, j, all) => g.identity === null || all.findIndex((h) => h.identity?.value === g.identity?.value) === j);
  return [...generated, ...world.classes.flatMap((k) => k.generics?.() ?? [])];
}

/** Candidate `c`'s effects: the generated ones and the asked classes', unique by identity (KIT-20 B). */
function candidateEffects(world: World, c: CandidateShape): NonNullable<CandidateSpec['effects']> {
  const seen = new Set<string>();
  return [
    ...c.effects.map((e) => ({ e, identity: world.symbolRef(e.symbol) ?? effectIdentity(e.which) })),
    ...world.classes.flatMap((k) => k.effects?.(c) ?? []),
  ]
    .filter(({ identity }) => {
      const key = `${identity.kind}:${identity.value}`;
      return !seen.has(key) && seen.add(key);
    })
    .map(({ e, identity }) => ({
      identity,
      display: world.text(EFFECTS[e.which] ?? 'net'),
      public: e.public,
      status: e.status,
    }));
}

/**
 * Adds enough candidates to exhaust the step budget: each applies, is exposed and visits all six stages before a
 * non-public effect that is never held makes it unavailable with missing-effect (KIT-06 B): 6 steps each, just over
 * the 1,000,000-step budget.
 */
function addBudgetSeries(b: FixtureBuilder): void {
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

/** The current analysis key of a generated world; a world that does not load is a fault of the kit. */
function loadedKey(fixture: FixtureV1): AnalysisKey {
  const loaded = loadFixture(fixture);
  if (!loaded.ok) {
    const first = loaded.violations[0];
    throw new Error(`kit fault: a generated fixture does not load: ${first?.code ?? ''} ${first?.pointer ?? ''}`);
  }
  return loaded.fixture.currentKey;
}

/** The current key with one field changed (perturbations 1 to 5), or as it is. */
function perturbedKey(current: AnalysisKey, perturb: number): AnalysisKey {
  const key = { ...current };
  switch (perturb) {
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
  return key;
}

/**
 * Where the request asks on the occurrence's `span`: its start or end, or (perturbations 6 to 10) an offset outside
 * the span, another span, or a span moved by a character or a byte (on or off a code-point boundary).
 */
function askedPosition(shape: CaseShape, key: AnalysisKey, occurrenceSpan: { start: number; end: number }): Asked {
  const span = { ...occurrenceSpan };
  let offset = shape.offset === 'start' ? span.start : span.end;
  if (shape.perturb === 6) offset = span.end + 1;
  if (shape.perturb === 7) span.start = 0;
  const before = AFFIXES[shape.prefix] ?? '';
  if (shape.perturb === 8) span.start -= Buffer.byteLength([...before].pop() ?? '', 'utf8');
  if (shape.perturb === 9) span.start = Math.max(0, span.start - 1);
  if (shape.perturb === 10) span.end += 1;
  if (shape.perturb >= 8) offset = shape.offset === 'start' ? span.start : span.end;
  return { key, offset, span };
}

/** The explanation's spelling (null for other queries): the asked name, as the asked classes shape it. */
function spellingOf(world: World): string | null {
  const { shape, law } = world;
  if (shape.query.kind !== 'explain-operation') return null;
  const asked = shape.sameName && shape.candidates.length > 0 ? world.nameOf(0) : NAMES[shape.query.spelling];
  return world.classes.reduce((spelling, c) => c.spelling?.(spelling, law) ?? spelling, world.text(asked ?? 'absent'));
}

/** The same value under the other identity kind of an effect (SymbolId and TypeId, L298). */
function otherKind(identity: Identity): Identity {
  return { kind: identity.kind === 'SymbolId' ? 'TypeId' : 'SymbolId', value: identity.value };
}

function flipHex(id: string): string {
  return `${id[0] === '0' ? '1' : '0'}${id.slice(1)}`;
}
