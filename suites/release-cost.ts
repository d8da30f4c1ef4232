/**
 * release-cost: reference artifacts per build profile (KD-RELEASE-02..06, OQ-45 reading A).
 * Each case is a fixture whose reference artifacts (oracle/release/build-reference-artifact.ts)
 * give the vector's digests, so a provider's builds can be checked for the identities and the
 * reference builder for its exact bytes. The fixtures vary what an artifact is made of: empty
 * and multi-byte source, many exports, non-public and imported declarations that must stay out
 * of the artifact and of runtime metadata, unstable facts that runtime metadata must mark
 * unavailable, and facts (generation, path, dependency chains, diagnostics) that are not build inputs.
 */
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import { computeReleaseExpectation, type GateCheck } from '../oracle/release/release-expectation.js';
import type { ReleaseCostCase } from './case-definition.js';
import { FixtureBuilder } from '../oracle/fixture/fixture-builder.js';
import { factKey, identityOf } from '../oracle/fixture/fixture-ids.js';
import { listTextWorld } from './fixtures/list-text-world.js';
import { utf8World } from './fixtures/utf8-world.js';
import { hiddenWorld } from './fixtures/hidden-world.js';
import { chainWorld } from './fixtures/dependency-chain-world.js';
import { CAPABILITY, effectsWorld } from './fixtures/effects-world.js';
import { reorderFixture } from './fixtures/reorder-fixture.js';

/** Every release-cost vector exercises all five testable release clauses: each expectation states all identities. */
export const RELEASE_CLAUSES = ['KD-RELEASE-02', 'KD-RELEASE-03', 'KD-RELEASE-04', 'KD-RELEASE-05', 'KD-RELEASE-06'];
const INTERPRETATIONS = ['KIT-22', 'KIT-23', 'OQ-45'];

/** Distinctive names of non-public declarations; no runtime metadata may contain them (KD-RELEASE-04). */
export const RELEASE_HIDDEN_NAMES = [
  'zqReleasePrivateKeyDerive',
  'zqReleaseInternalAudit',
  'zqReleaseRestrictedMint',
] as const;

function releaseCase(slug: string, intent: string, fixture: FixtureV1, gateCheck?: GateCheck): ReleaseCostCase {
  return {
    id: `release-cost/${slug}`,
    kind: 'release-cost',
    category: 'release-cost',
    intent,
    clauses: [...RELEASE_CLAUSES],
    interpretations: [...INTERPRETATIONS],
    fixture,
    release: computeReleaseExpectation(fixture, gateCheck),
  };
}

/**
 * The gate's self-test (KD-RELEASE-03): a reference build stamping `built at: ` and its UTC
 * time to the second into BUILD-INFO, so the time starts at byte 10 ("built at: " is 10 bytes)
 * on both sides; only the variant's shifted clock makes two builds in one second differ.
 */
const TIME_EMBEDDING_CHECK: GateCheck = {
  defect: 'embed-build-time',
  finding: 'NONDETERMINISTIC',
  clause: 'KD-RELEASE-03',
  hint: { variation: 'time', entry: 'BUILD-INFO', offset: 10 },
};

function builder(label: string, source: string, description: string): FixtureBuilder {
  return new FixtureBuilder({ description, fileLabel: label, path: label, source });
}

function emptySource(): FixtureV1 {
  return builder(
    'app/src/empty.kf',
    '',
    'An empty source file with no declarations: the artifact is the module header alone.',
  ).build({ trailer: false });
}

function visibilityMix(): FixtureV1 {
  const source =
    'pub fn open_door() {} fn zqReleasePrivateKeyDerive() {} internal fn zqReleaseInternalAudit() ' +
    '{} restricted fn zqReleaseRestrictedMint() {}';
  const b = builder(
    'app/src/door.kf',
    source,
    'One public declaration beside private, internal and restricted ones that must not reach the exports or runtime ' +
      'metadata.',
  );
  b.addCandidate({
    qualified_name: 'app.door.open_door',
    signature: 'app.door.open_door() -> Unit',
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  b.addCandidate({
    qualified_name: `app.door.${RELEASE_HIDDEN_NAMES[0]}`,
    signature: `app.door.${RELEASE_HIDDEN_NAMES[0]}() -> Key`,
    receiver: null,
    mode: 'none',
    home: 'current-file',
    visibility: 'private',
  });
  b.addCandidate({
    qualified_name: `app.door.${RELEASE_HIDDEN_NAMES[1]}`,
    signature: `app.door.${RELEASE_HIDDEN_NAMES[1]}() -> Log`,
    receiver: null,
    mode: 'none',
    home: 'current-file',
    visibility: 'internal',
  });
  b.addCandidate({
    qualified_name: `app.door.${RELEASE_HIDDEN_NAMES[2]}`,
    signature: `app.door.${RELEASE_HIDDEN_NAMES[2]}() -> Coin`,
    receiver: null,
    mode: 'none',
    home: 'current-file',
    visibility: 'restricted',
  });
  return b.build({ trailer: false });
}

function manyExports(): FixtureV1 {
  const b = builder(
    'app/src/generated.kf',
    'pub fn generated_0() {}',
    'A generated module with 1,500 public declarations described as a series.',
  );
  b.addSeries({
    seed: 'release-cost:generated',
    count: 1500,
    name_prefix: 'generated_',
    qualified_name_prefix: 'app.generated.generated_',
    template: {
      qualified_name: 'template',
      signature: 'app.generated.generated(read Int) -> Int',
      receiver: null,
      mode: 'read',
      home: 'current-file',
    },
  });
  return b.build({ trailer: false });
}

function unstableExports(): FixtureV1 {
  const b = builder(
    'app/src/draft.kf',
    'pub fn settled() {} pub fn drafting() {} pub fn broken() {} pub fn unknown() {}',
    'Public declarations whose facts are provisional, error or unavailable: ' +
      'runtime metadata marks their signature and receiver mode unavailable.',
  );
  b.addCandidate({
    qualified_name: 'app.draft.settled',
    signature: 'app.draft.settled(read Text) -> Text',
    receiver: null,
    mode: 'read',
    home: 'current-file',
  });
  b.addCandidate({
    qualified_name: 'app.draft.drafting',
    signature: 'app.draft.drafting(read _T1) -> _T1',
    receiver: null,
    mode: 'read',
    home: 'current-file',
    status: 'provisional',
  });
  const diagnostic = b.addDiagnostic({
    label: 'release-cost:draft.broken',
    code: 'E0308',
    fallback_text: 'mismatched types',
  });
  b.addCandidate({
    qualified_name: 'app.draft.broken',
    signature: 'app.draft.broken(edit Text) -> Text',
    receiver: null,
    mode: 'edit',
    home: 'current-file',
    status: 'error',
    diagnostic_ids: [diagnostic],
  });
  b.addCandidate({
    qualified_name: 'app.draft.unknown',
    signature: null,
    receiver: null,
    mode: 'take',
    home: 'current-file',
    status: 'unavailable',
  });
  return b.build({ trailer: false });
}

function nullSignature(): FixtureV1 {
  const b = builder(
    'app/src/opaque.kf',
    'pub fn opaque() {}',
    'A validated public declaration without a signature: the exports list null and runtime metadata marks it ' +
      'unavailable, never empty text.',
  );
  b.addCandidate({
    qualified_name: 'app.opaque.opaque',
    signature: null,
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  return b.build({ trailer: false });
}

function strippedFacts(): FixtureV1 {
  const source = 'pub fn sort_by[T](edit List[T], read T -> Key) uses Clock {}';
  const b = builder(
    'app/src/sorting.kf',
    source,
    'A public declaration with generic requirements, an effect, a disclosed source location and documentation: ' +
      'runtime metadata strips each of them as unavailable, not as an empty list.',
  );
  const file = b.fileId;
  b.addCandidate({
    qualified_name: 'app.sorting.sort_by',
    signature: 'app.sorting.sort_by[T, K](edit List[T], read T -> K) -> Unit where K: Ord',
    receiver: null,
    mode: 'edit',
    home: 'current-file',
    generics: [{ kind: 'trait-bound', identity: identityOf('SymbolId', 'std.cmp.Ord'), display: 'K: Ord' }],
    effects: [{ identity: CAPABILITY.clock, display: 'Clock' }],
    source: { file_id: file, span: { start: 0, end: source.length } },
    disclose_source: true,
    documentation: 'app.sorting.sort_by',
    disclose_documentation: true,
  });
  return b.build({ trailer: false });
}

function extensionAndTrait(): FixtureV1 {
  const b = builder(
    'app/src/shapes.kf',
    'pub ext Circle { fn area() } pub impl Shape for Square { fn area() }',
    'Public extension and trait-implementation operations of the current file; ' +
      'the artifact lists them by SymbolId like any export.',
  );
  b.addCandidate({
    qualified_name: 'app.shapes.Circle.area',
    signature: 'app.shapes.Circle.area(read Circle) -> Float',
    receiver: 'app.shapes.Circle',
    mode: 'read',
    home: 'current-file',
    origin: { kind: 'extension', implementation: 'app.shapes.ext.Circle' },
  });
  b.addCandidate({
    qualified_name: 'app.shapes.Square.area',
    signature: 'app.shapes.Square.area(read Square) -> Float',
    receiver: 'app.shapes.Square',
    mode: 'read',
    home: 'current-file',
    origin: {
      kind: 'trait',
      implementation: 'app.shapes.impl.Shape.Square',
      trait: 'Shape',
      trait_identity: identityOf('SymbolId', 'app.shapes.Shape'),
    },
  });
  return b.build({ trailer: false });
}

function noPublicExports(): FixtureV1 {
  const b = builder(
    'app/src/internal_only.kf',
    'fn helper() {} internal fn shared() {}',
    'No public declaration: the exports list is genuinely empty, unlike a stripped fact.',
  );
  b.addCandidate({
    qualified_name: 'app.internal_only.helper',
    signature: 'app.internal_only.helper() -> Unit',
    receiver: null,
    mode: 'none',
    home: 'current-file',
    visibility: 'private',
  });
  b.addCandidate({
    qualified_name: 'app.internal_only.shared',
    signature: 'app.internal_only.shared() -> Unit',
    receiver: null,
    mode: 'none',
    home: 'current-file',
    visibility: 'internal',
  });
  return b.build({ trailer: false });
}

function manyInterfaces(): FixtureV1 {
  const b = builder(
    'app/src/wide.kf',
    'import lib00 .. lib39; pub fn wide() {}',
    'Forty imported interfaces (public and internal views, one unvalidated) ' +
      'enter the module through the interface-set digest only.',
  );
  for (let i = 0; i < 40; i++) {
    const n = String(i).padStart(2, '0');
    const ref = b.addInterface({
      module: `vendor.lib${n}`,
      package: `vendor${i % 5}`,
      view: i % 3 === 0 ? 'internal' : 'public',
      validated: i !== 7,
    });
    b.addCandidate({
      qualified_name: `vendor.lib${n}.op`,
      signature: `vendor.lib${n}.op() -> Unit`,
      receiver: null,
      mode: 'none',
      home: ref,
    });
  }
  b.addCandidate({
    qualified_name: 'app.wide.wide',
    signature: 'app.wide.wide() -> Unit',
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  return b.build({ trailer: false });
}

function maximumGeneration(): FixtureV1 {
  const b = builder(
    'app/src/counter.kf',
    'pub fn count() {}',
    'The largest document generation; a generation is an editor fact, not a build input, ' +
      'so it changes no artifact byte.',
  );
  b.addCandidate({
    qualified_name: 'app.counter.count',
    signature: 'app.counter.count() -> Int',
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  b.set({ generation: 9_007_199_254_740_991 });
  return b.build({ trailer: false });
}

function longNames(): FixtureV1 {
  // 4,096-byte qualified name and 16,384-byte signature, the
  // Name/Signature caps (KD-SCALAR-06, KD-SCALAR-08), in multi-byte text.
  const qualified = `app.${'\u540d'.repeat(1364)}`;
  const signature = `${'\u578b'.repeat(5461)}x`;
  const b = builder(
    'app/src/long.kf',
    `pub fn ${'\u540d'.repeat(8)}() {}`,
    'A public declaration whose qualified name and signature are at their byte caps, in three-byte characters.',
  );
  b.addCandidate({
    qualified_name: qualified,
    display_name: '\u540d'.repeat(8),
    signature,
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  return b.build({ trailer: false });
}

function jsonEscapes(): FixtureV1 {
  const b = builder(
    'app/src/quote.kf',
    'pub fn quote() {} pub fn back() {}',
    'Names holding a quotation mark and a backslash: one export is still one line of the exports file.',
  );
  b.addCandidate({
    qualified_name: 'app.quote."quoted"',
    display_name: '"quoted"',
    signature: 'app.quote."quoted"(read Text) -> Text',
    receiver: null,
    mode: 'read',
    home: 'current-file',
  });
  b.addCandidate({
    qualified_name: 'app.quote.back\\slash',
    display_name: 'back\\slash',
    signature: 'app.quote.back\\slash() -> Text',
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  return b.build({ trailer: false });
}

function sidecarOccurrences(): FixtureV1 {
  const source = 'let a = 1; let b = a; let c = b; let d = c; let e = d; e';
  const b = builder(
    'app/src/letters.kf',
    source,
    'Current-file facts from a sidecar with many occurrences: ' +
      'discovery data grows only the discovery-enabled artifact.',
  );
  b.set({ current_file_facts: 'sidecar' });
  for (const [i, name] of ['a', 'b', 'c', 'd', 'e'].entries()) {
    const node = b.addFact(factKey('sidecar', 'NodeId', `letters:${name}`));
    const type =
      i === 4
        ? {
            type: null,
            display: '_T1',
            dependencies: [node],
            status: 'provisional' as const,
            reason: 'incomplete-analysis' as const,
          }
        : { type: 'std.int.Int', display: 'Int', dependencies: [node] };
    b.addOccurrence({ text: `let ${name}`, type });
  }
  b.addCandidate({
    qualified_name: 'app.letters.e',
    signature: 'app.letters.e() -> Int',
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  return b.build({ trailer: false });
}

function stampedModule(): FixtureV1 {
  const b = builder(
    'app/src/stamp.kf',
    'pub fn stamp() {}',
    'One public declaration; the gate check builds it with a build-time stamp.',
  );
  b.addCandidate({
    qualified_name: 'app.stamp.stamp',
    signature: 'app.stamp.stamp() -> Unit',
    receiver: null,
    mode: 'none',
    home: 'current-file',
  });
  return b.build();
}

/** The release-cost cases, in a fixed order. */
export function releaseCostCases(): ReleaseCostCase[] {
  return [...moduleContentCases(), ...buildInputCases()];
}

/** Cases by what the module holds: its source, declarations, visibility, facts and array order. */
function moduleContentCases(): ReleaseCostCase[] {
  return [
    releaseCase(
      'empty-source',
      'An empty source still builds a non-empty module whose without-support and support-disabled artifacts are ' +
        'identical.',
      emptySource(),
    ),
    releaseCase(
      'list-text-world',
      'The List[Text] world: imported std operations are not part of the module; only its digest is.',
      listTextWorld(),
    ),
    releaseCase(
      'multi-byte-source',
      'Two-, three- and four-byte UTF-8 source bytes are carried exactly into the module.',
      utf8World(),
    ),
    releaseCase(
      'hidden-world',
      'Private, internal, restricted and unimported declarations never reach the artifact or its runtime metadata.',
      hiddenWorld(),
    ),
    releaseCase(
      'visibility-mix',
      'Only the public declaration of the current file is exported; private, ' +
        'internal and restricted names stay out of runtime metadata.',
      visibilityMix(),
    ),
    releaseCase(
      'many-exports',
      'A module with 1,500 public declarations: the artifacts stay identical with support disabled.',
      manyExports(),
    ),
    releaseCase(
      'unstable-exports',
      'Public declarations whose facts are not validated: runtime metadata marks their signature and receiver mode ' +
        'unavailable.',
      unstableExports(),
    ),
    releaseCase(
      'null-signature',
      'A public declaration without a signature: runtime metadata says unavailable rather than fabricating one.',
      nullSignature(),
    ),
    releaseCase(
      'stripped-facts',
      'Generic requirements, effects, source and documentation are stripped from runtime metadata as unavailable, ' +
        'not as empty lists.',
      strippedFacts(),
    ),
    releaseCase(
      'extension-and-trait',
      'Public extension and trait operations are exported by SymbolId; ' +
        'the optional profile declares itself with a versioned header.',
      extensionAndTrait(),
    ),
    releaseCase(
      'reordered-arrays',
      'The extension-and-trait module with every fixture array reversed: artifacts are sorted by bytes, ' +
        'so the digests equal the original ones.',
      reorderFixture(extensionAndTrait(), { kind: 'reversed' }),
    ),
  ];
}

/**
 * Cases by what is not a build input or must not change the normal artifact (exports, imports, generation, name
 * lengths, escapes, sidecar facts, fact chains, effects, the path), and the gate's own check of a time stamp.
 */
function buildInputCases(): ReleaseCostCase[] {
  return [
    releaseCase(
      'no-public-exports',
      'A module without public declarations: the export list is empty, a real empty list and not a stripped fact.',
      noPublicExports(),
    ),
    releaseCase(
      'many-interfaces',
      'Forty imported views enter the module only through the interface-set digest.',
      manyInterfaces(),
    ),
    releaseCase(
      'maximum-generation',
      'The largest document generation is not a build input and leaves every artifact byte unchanged.',
      maximumGeneration(),
    ),
    releaseCase(
      'long-names',
      'Qualified name and signature at their byte caps in multi-byte text are framed with exact lengths.',
      longNames(),
    ),
    releaseCase('json-escapes', 'Quotation marks and backslashes in names keep one export per line.', jsonEscapes()),
    releaseCase(
      'sidecar-occurrences',
      'Sidecar current-file facts with many occurrences change only the discovery-enabled artifact.',
      sidecarOccurrences(),
    ),
    releaseCase(
      'dependency-chain-world',
      'Deep fact chains are compiler facts of the query, not artifact bytes.',
      chainWorld(),
    ),
    releaseCase(
      'effects-world',
      'Operations with network, console, clock and hidden effects: no effect reaches the normal artifact.',
      effectsWorld([CAPABILITY.network]),
    ),
    releaseCase(
      'renamed-path',
      'The same module at another workspace path: the path is not a build input (KD-KEY-07), ' +
        'so only the FileId it was issued can change bytes.',
      // A plain copy: variant would add the query-world trailer (KIT-25) to a release fixture.
      (() => {
        const moved = structuredClone(visibilityMix());
        moved.file.path = 'moved/elsewhere/door.kf';
        moved.description = 'The visibility-mix module at another workspace path.';
        return moved;
      })(),
    ),
    releaseCase(
      'time-embedding-caught',
      'A one-export module, and a reference build that stamps its build time: ' +
        'under the varied clock the gate finds it NONDETERMINISTIC and names the time.',
      stampedModule(),
      TIME_EMBEDDING_CHECK,
    ),
  ];
}
