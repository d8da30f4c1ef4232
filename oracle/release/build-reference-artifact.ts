/**
 * The reference artifact builder: deterministic release-artifact bytes for a fixture
 * under each build profile, so the release-cost vectors carry reference digests and
 * the byte-identity gate can be shown to catch a difference (KD-RELEASE-02..06).
 *
 * The artifact is a stand-in for a compiled module. It is derived only from the
 * fixture's source bytes and public facts: the FileId, the source digest, the
 * interface-set digest, the semantic compatibility, and the current file's `pub`
 * declarations. It never contains the fixture's path, description or generation
 * (KD-KEY-07: paths, buffer names and document generations are not build inputs),
 * nor anything of a non-public or imported declaration.
 *
 * Files (all mode 0644):
 * - `exports.txt`: `# kofun.ctk.reference-exports/v1`, then one line per public
 *   export: `<SymbolId> <qualified_name as JSON string> <signature as JSON string or null>`.
 * - `module.kfo`: the module frame `kofun.ctk.reference-module/v1` (oracle/digest/kofun-frame.ts), with payload
 *   file_id:32 || source_sha256:32 || interface_set_sha256:32 || text(semantic_compatibility)
 *   || text(source) || export_count:u32be || exports { SymbolId:32 || text(qualified_name)
 *   || has_signature:u8 || [text(signature)] }, where text(s) = u32be byte length || UTF-8.
 *   - `discovery-enabled` appends the frame `kofun.ctk.reference-discovery/v1`: occurrence_count:u32be
 *     || { start:u32be || end:u32be || status:u8 || has_type:u8 || [TypeId:32] } || candidate_count:u32be
 *     || { SymbolId:32 } of every current-file declaration.
 *   - `runtime-metadata` prepends the profile header frame `kofun.ctk.build-profile/v1` whose
 *     payload is text(`runtime-metadata/v1`) || text(`kofun.ctk.runtime-metadata/v1`), so the
 *     artifact declares its profile and metadata schema versions (KD-RELEASE-04).
 * - `runtime-metadata.json` (`runtime-metadata` only): the versioned metadata document, public
 *   stable facts only; every stripped fact is `{"reason":…,"status":"unavailable"}`, never an
 *   empty list (KD-RELEASE-05).
 *
 * `support-disabled` is byte-identical to `without-support` (KD-RELEASE-02): a disabled switch
 * contributes no byte. Every list is sorted by bytes, so the order of the fixture's arrays
 * cannot change a byte.
 */
import type { FixtureCandidate, FixtureOccurrence, FixtureV1 } from '../fixture/fixture.js';
import { loadFixture, type LoadedFixture } from '../fixture/load-fixture.js';
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import type { FactStatus } from '../records/discovery-records.js';
import { ByteWriter } from '../digest/byte-writer.js';
import { kofunFrame } from '../digest/kofun-frame.js';
import { sha256Hex } from '../digest/sha256-hex.js';

/** The build profiles of the release-cost gate (OQ-45 reading A, plus the optional #454 profile). */
export const RELEASE_PROFILES = [
  'without-support',
  'support-disabled',
  'discovery-enabled',
  'runtime-metadata',
] as const;
export type ReleaseProfile = (typeof RELEASE_PROFILES)[number];

/** One file of an artifact. */
export interface ArtifactFile {
  /** Relative, `/`-separated path. */
  path: string;
  /** Permission bits. */
  mode: number;
  bytes: Uint8Array;
}

export const MODULE_DOMAIN = 'kofun.ctk.reference-module/v1';
export const DISCOVERY_DOMAIN = 'kofun.ctk.reference-discovery/v1';
export const PROFILE_HEADER_DOMAIN = 'kofun.ctk.build-profile/v1';
export const RUNTIME_METADATA_PROFILE = 'runtime-metadata/v1';
export const RUNTIME_METADATA_SCHEMA = 'kofun.ctk.runtime-metadata/v1';
export const EXPORTS_HEADER = '# kofun.ctk.reference-exports/v1';

const FILE_MODE = 0o644;
const encoder = new TextEncoder();

/** Status byte of the discovery section, in the trust order of KD-CLOSURE-07. */
const STATUS_BYTE: Record<FactStatus, number> = { validated: 1, provisional: 2, unavailable: 3, error: 4 };

/**
 * Builds the artifact of `fixture` under `profile`, files sorted by path bytes.
 * A fixture the loader rejects is a kit fault here (callers validate user input first).
 */
export function buildReferenceArtifact(fixture: FixtureV1, profile: ReleaseProfile): ArtifactFile[] {
  const loaded = loadFixture(fixture);
  if (!loaded.ok) {
    const first = loaded.violations[0];
    const at = first?.pointer === undefined ? '' : ` at ${first.pointer}`;
    const why = first === undefined ? 'no violation' : `${first.code}${at}: ${first.message}`;
    throw new Error(`buildReferenceArtifact: fixture rejected (${why})`);
  }
  return buildFromLoaded(loaded.fixture, profile);
}

/** As `buildReferenceArtifact`, for a fixture already loaded. */
export function buildFromLoaded(fixture: LoadedFixture, profile: ReleaseProfile): ArtifactFile[] {
  const exports = publicExports(fixture.candidatesInOrder);
  const normalModule = moduleFrame(fixture, exports);
  const exportsFile: ArtifactFile = { path: 'exports.txt', mode: FILE_MODE, bytes: exportsText(exports) };
  switch (profile) {
    case 'without-support':
    case 'support-disabled':
      // KD-RELEASE-02: the disabled switch adds nothing, so both profiles share one code path.
      return [exportsFile, { path: 'module.kfo', mode: FILE_MODE, bytes: normalModule }];
    case 'discovery-enabled':
      return [
        exportsFile,
        { path: 'module.kfo', mode: FILE_MODE, bytes: concat([normalModule, discoveryFrame(fixture)]) },
      ];
    case 'runtime-metadata':
      return [
        exportsFile,
        { path: 'module.kfo', mode: FILE_MODE, bytes: concat([profileHeaderFrame(), normalModule]) },
        { path: 'runtime-metadata.json', mode: FILE_MODE, bytes: runtimeMetadataJson(fixture, exports) },
      ];
  }
}

/**
 * The current file's `pub` declarations, sorted by SymbolId, then implementation, qualified name and signature bytes.
 */
function publicExports(candidates: LoadedFixture['candidatesInOrder']): FixtureCandidate[] {
  return candidates.filter((c) => c.home.kind === 'current-file' && c.visibility === 'pub').sort(compareCandidates);
}

function compareCandidates(a: FixtureCandidate, b: FixtureCandidate): number {
  return (
    compareUtf8(a.identity, b.identity) ||
    compareUtf8(a.origin.implementation_identity ?? '', b.origin.implementation_identity ?? '') ||
    compareUtf8(a.qualified_name, b.qualified_name) ||
    compareUtf8(a.signature ?? '', b.signature ?? '') ||
    (a.signature === null ? 0 : 1) - (b.signature === null ? 0 : 1)
  );
}

function moduleFrame(fixture: LoadedFixture, exports: readonly FixtureCandidate[]): Uint8Array {
  const w = new ByteWriter()
    .id(fixture.file.file_id)
    .id(sha256Hex(fixture.sourceBytes))
    .id(fixture.currentKey.interface_set_sha256)
    .text(fixture.semantic_compatibility)
    .u32(fixture.sourceBytes.length)
    .bytes(fixture.sourceBytes)
    .u32(exports.length);
  for (const c of exports) {
    w.id(c.identity).text(c.qualified_name);
    if (c.signature === null) w.u8(0);
    else w.u8(1).text(c.signature);
  }
  return kofunFrame(MODULE_DOMAIN, w.finish());
}

function exportsText(exports: readonly FixtureCandidate[]): Uint8Array {
  // JSON string spelling escapes quotes, backslashes and control characters, so one export is one line.
  const lines = [
    EXPORTS_HEADER,
    ...exports.map((c) => {
      const signature = c.signature === null ? 'null' : JSON.stringify(c.signature);
      return `${c.identity} ${JSON.stringify(c.qualified_name)} ${signature}`;
    }),
  ];
  return encoder.encode(`${lines.join('\n')}\n`);
}

function discoveryFrame(fixture: LoadedFixture): Uint8Array {
  const occurrences = [...fixture.occurrences].sort(compareOccurrences);
  const w = new ByteWriter().u32(occurrences.length);
  for (const o of occurrences) {
    w.u32(o.span.start).u32(o.span.end).u8(STATUS_BYTE[o.type.status]);
    if (o.type.identity === null) w.u8(0);
    else w.u8(1).id(o.type.identity.value);
  }
  const ids = fixture.candidatesInOrder
    .filter((c) => c.home.kind === 'current-file')
    .map((c) => c.identity)
    .sort(compareUtf8);
  w.u32(ids.length);
  for (const id of ids) w.id(id);
  return kofunFrame(DISCOVERY_DOMAIN, w.finish());
}

function compareOccurrences(a: FixtureOccurrence, b: FixtureOccurrence): number {
  return (
    a.span.start - b.span.start ||
    a.span.end - b.span.end ||
    STATUS_BYTE[a.type.status] - STATUS_BYTE[b.type.status] ||
    compareUtf8(a.type.identity?.value ?? '', b.type.identity?.value ?? '')
  );
}

function profileHeaderFrame(): Uint8Array {
  return kofunFrame(
    PROFILE_HEADER_DOMAIN,
    new ByteWriter().text(RUNTIME_METADATA_PROFILE).text(RUNTIME_METADATA_SCHEMA).finish(),
  );
}

/** A fact the profile does not retain: present as a marker, never as a fabricated empty list (KD-RELEASE-05). */
type Unavailable = { reason: 'stripped-by-profile' | 'not-stable' | 'separate-decision'; status: 'unavailable' };
const stripped: Unavailable = { reason: 'stripped-by-profile', status: 'unavailable' };
const notStable: Unavailable = { reason: 'not-stable', status: 'unavailable' };
const separateDecision: Unavailable = { reason: 'separate-decision', status: 'unavailable' };

/**
 * The runtime metadata document. Only public stable facts are exposed (KD-RELEASE-04): for
 * each `pub` declaration its SymbolId, display and qualified name, and, when the declaration
 * is validated, its signature and receiver mode. Everything else a declaration has (generic
 * requirements, effects, origin, source, documentation) and every non-public declaration is
 * stripped and marked unavailable. Dynamic invocation and mutation are separate decisions
 * (KD-RELEASE-05). Keys are inserted in ASCII order, so the bytes are fixed by construction.
 */
function runtimeMetadataJson(fixture: LoadedFixture, exports: readonly FixtureCandidate[]): Uint8Array {
  const doc = {
    dynamic_invocation: separateDecision,
    exports: exports.map((c) => {
      const stable = c.status === 'validated';
      return {
        display_name: c.display_name,
        documentation: stripped,
        effects: stripped,
        generic_requirements: stripped,
        origin: stripped,
        qualified_name: c.qualified_name,
        receiver_mode: stable ? c.required_mode : notStable,
        signature: stable && c.signature !== null ? c.signature : notStable,
        source: stripped,
        symbol: c.identity,
      };
    }),
    file_id: fixture.file.file_id,
    mutation: separateDecision,
    non_public_declarations: stripped,
    profile: RUNTIME_METADATA_PROFILE,
    schema: RUNTIME_METADATA_SCHEMA,
    source_sha256: sha256Hex(fixture.sourceBytes),
    types: stripped,
  };
  return encoder.encode(`${JSON.stringify(doc, null, 2)}\n`);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
