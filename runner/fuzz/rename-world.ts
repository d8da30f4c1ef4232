/**
 * A shipped world renamed from a seed, for the fresh phase of a run (run/fresh-phase.ts): the same facts under fresh
 * identities and names, so every answer keeps its law while its bytes differ from the vector's golden.
 *
 * - Identities (every Id of the fixture: FileId, PackageId, ModuleId, SymbolId, TypeId, fact values, diagnostic and
 *   documentation IDs) get a fresh tail: each keeps the shortest prefix that still orders it against its neighbours,
 *   and the rest of its 64 hex digits is drawn from the seed. Every result array is ordered by raw identity bytes
 *   (KD-ORDER-02, KD-ORDER-06, KD-ORDER-11), and the candidate visit, the step budget and the row cap follow that
 *   order (KIT-10, OQ-06), so an order-preserving renaming keeps each vector's cut points and first matches. A series
 *   member's SymbolId is a hash of its series seed and index (FIXTURES.md), so members keep theirs, and an explicit
 *   candidate keeps its place among them: its neighbours in the candidate order are among those it is ordered against.
 * - Names (display and qualified names, signatures, module and trait names, displays, diagnostic texts, the semantic
 *   compatibility, the path, the source and the spelling of a request) go through one letter permutation drawn from
 *   the seed: ASCII letters only, case kept, so every UTF-8 length, every byte offset and every code-point boundary
 *   stays where it was; a letter followed by a non-ASCII character is kept, so a combining mark never composes with a
 *   new base letter and every NFC text stays NFC (KD-SCALAR-05..09). Digits are kept, so a series member's name is
 *   still its prefix and index.
 * - The derived digests follow: the views' semantic digests (KIT-24) and the source trailer (KIT-25) are computed
 *   again, so the world names its own analysis key, and a request naming the old key names the new one.
 *
 * Requests and results are renamed as bytes, so a request that is not canonical (another layout, a duplicate key,
 * bytes that are not JSON) keeps exactly the fault its vector is about: each 64-hex token is replaced by its fresh
 * value, and the string values of the named text keys go through the letter permutation, escapes left as written.
 */
import {
  compareUtf8,
  loadFixture,
  sha256Hex,
  type FactKey,
  type FixtureCandidateSeries,
  type FixtureV1,
  type Id,
  type JsonObject,
  type LoadedFixture,
  type Location,
} from '../../oracle/index.js';
import { bindWorld, encodeFixtureJson, TRAILER_PREFIX, withDerivedDigests } from '../../oracle/internal.js';

/** The frame of every value drawn from the run seed, so no other digest of the kit can coincide with one. */
const DOMAIN = 'kofun-ctk fresh world/v1';

/** A world renamed from a seed: the fixture, its file bytes and name, and the renaming of request and result bytes. */
export interface RenamedWorld {
  fixture: FixtureV1;
  loaded: LoadedFixture;
  /** The fixture file bytes (canonical, KIT-21), as a provider loads them. */
  bytes: Uint8Array;
  /** SHA-256 of `bytes`: the name the world is loaded under. */
  sha256: string;
  /** A request of the source world renamed for this one (its layout and its faults kept). */
  renameRequest(bytes: Uint8Array): Uint8Array;
  /** A result of the source world with its identities and texts renamed (its order is not recomputed). */
  renameResult(bytes: Uint8Array): Uint8Array;
}

/** The string values a request carries that are names: renamed with the world's texts. */
const REQUEST_TEXT_KEYS = ['semantic_compatibility', 'spelling'] as const;

/** The string values of a result that are names or texts copied from the world. */
const RESULT_TEXT_KEYS = [
  ...REQUEST_TEXT_KEYS,
  'display_name',
  'qualified_name',
  'signature',
  'module',
  'trait',
  'display',
  'code',
  'category',
  'template_id',
  'fallback_text',
] as const;

/** `source` renamed under `seed`; throws (a fault of the kit) when the renamed world does not load. */
export function renameWorld(seed: number, source: LoadedFixture): RenamedWorld {
  const ids = identityRenaming(seed, source);
  const letters = letterPermutation(seed);
  const renamed = mapFixture(source, {
    id: (id) => ids.get(id) ?? id,
    text: (text) => permuteLetters(text, letters),
    source: (text) => permuteSource(text, letters),
  });
  const fixture = hasTrailer(source.file.source) ? bindWorld(renamed) : withDerivedDigests(renamed);
  const loaded = loadFixture(fixture);
  if (!loaded.ok) {
    const first = loaded.violations[0];
    throw new Error(`kit fault: a renamed world does not load (${first?.code ?? ''} at ${first?.pointer ?? ''})`);
  }
  const bytes = encodeFixtureJson(fixture as unknown as JsonObject);
  const keys = new Map<string, string>([
    [source.currentKey.source_sha256, loaded.fixture.currentKey.source_sha256],
    [source.currentKey.interface_set_sha256, loaded.fixture.currentKey.interface_set_sha256],
  ]);
  const token = (t: string): string => keys.get(t) ?? ids.get(t) ?? drawn(seed, 'token', t);
  return {
    fixture,
    loaded: loaded.fixture,
    bytes,
    sha256: sha256Hex(bytes),
    renameRequest: (b) => renameBytes(b, token, REQUEST_TEXT_KEYS, letters),
    renameResult: (b) => renameBytes(b, token, RESULT_TEXT_KEYS, letters),
  };
}

/** 64 hex digits drawn from the seed for `what` of `value`. */
function drawn(seed: number, what: string, value: string): string {
  return sha256Hex(`${DOMAIN}\0${seed}\0${what}\0${value}`);
}

/**
 * The fresh value of every Id of the world: the prefix that orders it against its neighbours (in the world's Ids and,
 * for a candidate, the series members next to it in the candidate order) plus one digit, then digits drawn from the
 * seed. Two Ids first differ at a digit both keep, so every comparison between them comes out as before.
 */
function identityRenaming(seed: number, source: LoadedFixture): Map<Id, Id> {
  const own = new Set<Id>();
  mapFixture(source, {
    id: (id) => {
      own.add(id);
      return id;
    },
    text: (t) => t,
    source: (t) => t,
  });
  const ordered = new Set(own);
  const order = source.candidatesInOrder;
  for (const c of source.candidates) {
    const k = order.positionOf(c.identity);
    if (k > 0) ordered.add(order.identityAt(k - 1));
    if (k >= 0 && k + 1 < order.length) ordered.add(order.identityAt(k + 1));
  }
  const sorted = [...ordered].sort();
  const explicit = new Set(source.candidates.map((c) => c.identity));
  const renaming = new Map<Id, Id>();
  sorted.forEach((id, i) => {
    if (!own.has(id)) return;
    // A series member's SymbolId is derived from its series (FIXTURES.md) and kept: a fact or dependency that names
    // one must go on naming it (a row depending on a hidden member stays downgraded, KD-DISCLOSE-07).
    if (!explicit.has(id) && order.positionOf(id) >= 0) {
      renaming.set(id, id);
      return;
    }
    const keep = 1 + Math.max(sharedPrefix(id, sorted[i - 1]), sharedPrefix(id, sorted[i + 1]));
    renaming.set(id, id.slice(0, keep) + drawn(seed, 'id', id).slice(keep));
  });
  return renaming;
}

function sharedPrefix(a: string, b: string | undefined): number {
  if (b === undefined) return 0;
  let n = 0;
  while (n < a.length && a[n] === b[n]) n += 1;
  return n;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** The letter permutation of a seed: the 26 letters ordered by a digest drawn for each. */
export function letterPermutation(seed: number): Map<string, string> {
  const rank = new Map([...LOWER].map((letter) => [letter, drawn(seed, 'letter', letter)]));
  const drawnOrder = [...LOWER].sort((a, b) => compareUtf8(rank.get(a) as string, rank.get(b) as string));
  const map = new Map<string, string>();
  [...LOWER].forEach((letter, i) => {
    const to = drawnOrder[i] as string;
    map.set(letter, to);
    map.set(letter.toUpperCase(), to.toUpperCase());
  });
  return map;
}

/**
 * `text` with every ASCII letter permuted, except a letter followed by a non-ASCII character (which could be a
 * combining mark composing with it under NFC).
 */
export function permuteLetters(text: string, letters: ReadonlyMap<string, string>): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const next = text.charCodeAt(i + 1);
    out += Number.isNaN(next) || next < 0x80 ? (letters.get(ch) ?? ch) : ch;
  }
  return out;
}

/** The source trailer's text before its digest (KIT-25), found wherever the world wrote it. */
const TRAILER = new RegExp(`${TRAILER_PREFIX.replace(/[/]/g, '\\/')}[0-9a-f]{64}`);

function hasTrailer(source: string): boolean {
  return TRAILER.test(source);
}

/** The source with its letters permuted around the trailer, which binding fills in again. */
function permuteSource(source: string, letters: ReadonlyMap<string, string>): string {
  const m = TRAILER.exec(source);
  if (m === null) return permuteLetters(source, letters);
  const end = m.index + m[0].length;
  return permuteLetters(source.slice(0, m.index), letters) + m[0] + permuteLetters(source.slice(end), letters);
}

/**
 * Request or result bytes renamed: every 64-hex token, and the letters of the string values of `textKeys`, escapes
 * kept as written. The bytes are read one character per byte (latin1), so nothing is decoded and a byte that is not
 * UTF-8 stays as it was; a letter before a byte of a multi-byte sequence (>= 0x80) is kept, as in permuteLetters.
 */
function renameBytes(
  bytes: Uint8Array,
  token: (t: string) => string,
  textKeys: readonly string[],
  letters: ReadonlyMap<string, string>,
): Uint8Array {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  const tokens = text.replace(/(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/g, token);
  const keys = new RegExp(`("(?:${textKeys.join('|')})"[ \\t\\n\\r]*:[ \\t\\n\\r]*")((?:[^"\\\\]|\\\\.)*)"`, 'g');
  const named = tokens.replace(keys, (_all, head: string, raw: string) => `${head}${permuteRaw(raw, letters)}"`);
  return new Uint8Array(Buffer.from(named, 'latin1'));
}

/**
 * The raw text of a JSON string literal with its letters permuted, escapes untouched; a letter is kept when the
 * character after it is not ASCII (a byte >= 0x80, or a `\u` escape of a code point >= 0x80).
 */
function permuteRaw(raw: string, letters: ReadonlyMap<string, string>): string {
  let out = '';
  for (let i = 0; i < raw.length;) {
    if (raw[i] === '\\') {
      const width = raw[i + 1] === 'u' ? 6 : 2;
      out += raw.slice(i, i + width);
      i += width;
      continue;
    }
    const ch = raw[i] as string;
    out += nextIsAscii(raw, i + 1) ? (letters.get(ch) ?? ch) : ch;
    i += 1;
  }
  return out;
}

function nextIsAscii(raw: string, at: number): boolean {
  if (at >= raw.length) return true;
  if (raw[at] !== '\\') return raw.charCodeAt(at) < 0x80;
  if (raw[at + 1] !== 'u') return true;
  const code = Number.parseInt(raw.slice(at + 2, at + 6), 16);
  return !Number.isNaN(code) && code < 0x80;
}

/** How mapFixture renames: Ids, texts, and the source (whose trailer is kept). */
interface FixtureMapping {
  id(id: Id): Id;
  text(text: string): string;
  source(text: string): string;
}

/** The mappers of one fixture's parts that several fields share. */
function partMappers(m: FixtureMapping): {
  key: (k: FactKey) => FactKey;
  identity: <T extends { kind: string; value: Id }>(i: T) => T;
  location: (l: Location | null) => Location | null;
} {
  return {
    key: (k) => ({ source: k.source, kind: k.kind, value: m.id(k.value) }),
    identity: (i) => ({ ...i, value: m.id(i.value) }),
    location: (l) => (l === null ? null : { file_id: m.id(l.file_id), span: { start: l.span.start, end: l.span.end } }),
  };
}

/** A candidate's fields (a listed candidate's or a series template's), mapped. */
function mapTemplate(t: FixtureCandidateSeries['template'], m: FixtureMapping): FixtureCandidateSeries['template'] {
  const { key, identity, location } = partMappers(m);
  return {
    signature: t.signature === null ? null : m.text(t.signature),
    receiver_type: t.receiver_type === null ? null : m.id(t.receiver_type),
    required_mode: t.required_mode,
    status: t.status,
    origin: {
      kind: t.origin.kind,
      module: m.text(t.origin.module),
      module_identity: m.id(t.origin.module_identity),
      implementation_identity:
        t.origin.implementation_identity === null ? null : m.id(t.origin.implementation_identity),
      trait: t.origin.trait === null ? null : m.text(t.origin.trait),
      trait_identity: t.origin.trait_identity === null ? null : identity(t.origin.trait_identity),
      status: t.origin.status,
      dependencies: t.origin.dependencies.map(key),
    },
    visibility: t.visibility,
    home:
      t.home.kind === 'current-file'
        ? { kind: 'current-file' }
        : { kind: 'interface', package_id: m.id(t.home.package_id), module_id: m.id(t.home.module_id) },
    admitted: t.admitted,
    generic_requirements: t.generic_requirements.map((r) => ({
      kind: r.kind,
      identity: r.identity === null ? null : identity(r.identity),
      display: m.text(r.display),
      status: r.status,
      satisfied: r.satisfied,
      dependencies: r.dependencies.map(key),
    })),
    effects: t.effects.map((e) => ({
      identity: identity(e.identity),
      display: m.text(e.display),
      status: e.status,
      public: e.public,
      dependencies: e.dependencies.map(key),
    })),
    source: location(t.source),
    disclose_source: t.disclose_source,
    documentation: t.documentation === null ? null : m.id(t.documentation),
    disclose_documentation: t.disclose_documentation,
    dependencies: t.dependencies.map(key),
    diagnostic_ids: t.diagnostic_ids.map(m.id),
  };
}

/**
 * The fixture with every Id and text mapped, field by field (FIXTURES.md): every field is written out, so a field
 * added to the format is a compile error here until it is mapped or kept.
 */
function mapFixture(f: FixtureV1, m: FixtureMapping): FixtureV1 {
  const { key, identity, location } = partMappers(m);
  const template = (t: FixtureCandidateSeries['template']): FixtureCandidateSeries['template'] => mapTemplate(t, m);
  return {
    schema: f.schema,
    description: m.text(f.description),
    file: { file_id: m.id(f.file.file_id), path: m.text(f.file.path), source: m.source(f.file.source) },
    semantic_compatibility: m.text(f.semantic_compatibility),
    generation: f.generation,
    current_file_facts: f.current_file_facts,
    cancelled: f.cancelled,
    interfaces: f.interfaces.map((i) => ({
      package_id: m.id(i.package_id),
      module_id: m.id(i.module_id),
      module: m.text(i.module),
      view: i.view,
      // Derived from the view's content (KIT-24): computed again once the world is renamed.
      semantic_digest: i.semantic_digest,
      validated: i.validated,
      names_in_scope: i.names_in_scope,
    })),
    occurrences: f.occurrences.map((o) => ({
      span: { start: o.span.start, end: o.span.end },
      type: {
        status: o.type.status,
        identity: o.type.identity === null ? null : identity(o.type.identity),
        display: o.type.display === null ? null : m.text(o.type.display),
        reason: o.type.reason,
        dependencies: o.type.dependencies.map(key),
        diagnostic_ids: o.type.diagnostic_ids.map(m.id),
      },
      permits: { read: o.permits.read, edit: o.permits.edit, take: o.permits.take },
      capabilities: o.capabilities.map(identity),
    })),
    facts: f.facts.map((n) => ({
      ...key(n),
      status: n.status,
      depends_on: n.depends_on.map(key),
      diagnostic_ids: n.diagnostic_ids.map(m.id),
    })),
    candidates: f.candidates.map((c) => ({
      identity: m.id(c.identity),
      display_name: m.text(c.display_name),
      qualified_name: m.text(c.qualified_name),
      ...template(c),
    })),
    candidate_series: f.candidate_series.map((s) => ({
      // Members keep their SymbolIds (a hash of seed and index), and with them their place in the candidate order.
      seed: s.seed,
      count: s.count,
      name_prefix: m.text(s.name_prefix),
      qualified_name_prefix: m.text(s.qualified_name_prefix),
      template: template(s.template),
    })),
    diagnostics: f.diagnostics.map((d) => ({
      id: m.id(d.id),
      code: m.text(d.code),
      severity: d.severity,
      category: m.text(d.category),
      template_id: m.text(d.template_id),
      primary: location(d.primary),
      fallback_text: m.text(d.fallback_text),
      disclose_primary: d.disclose_primary,
    })),
  };
}
