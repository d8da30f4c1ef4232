/**
 * The golden vector formats, their one home: `kofun.ctk.vector/v1` (one file per case under
 * vectors/<category>/<slug>.json) and `kofun.ctk.manifest/v1` (vectors/manifest.json), with
 * the layout of a vector set (fixtures under fixtures/<sha256>.json), the one reader of a
 * vector or manifest file, and the builders every writer of a set uses (the generator and
 * the fuzzer). Schemas: oracle/schemas/kofun.ctk.vector.v1.schema.json and
 * oracle/schemas/kofun.ctk.manifest.v1.schema.json.
 */
import { parseJsonInput, type JsonInputProblem } from '../json-input/read-json-input.js';
import { sha256Hex } from '../digest/sha256-hex.js';
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import { beyondBaseline, UNICODE_BASELINE } from './unicode-baseline.js';
import { vectorSetDigest } from './vector-set-digest.js';
import type { Feature } from '../features/features.js';

/** The ten vector categories of the contract (KD-ACCEPT-13). */
export const CATEGORIES = [
  'complete',
  'partial',
  'stale',
  'invalid',
  'hidden',
  'ownership',
  'effect',
  'canonical-order',
  'limit',
  'release-cost',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The format tag of a vector file: a file that carries it is read as a vector, never as a fixture. */
export const VECTOR_FORMAT = 'kofun.ctk.vector/v1';
export const MANIFEST_FORMAT = 'kofun.ctk.manifest/v1';
export const CLAUSE_INDEX_FORMAT = 'kofun.ctk.clause-index/v1';
/** The command that writes every generated file. */
export const GENERATOR = 'kofun-ctk vectors generate';
export const GENERATED_NOTE = 'Generated file; do not edit. Regenerate with npm run vectors:generate.';

/** Who generated a file; no date, path or host, so regeneration is byte-identical. */
export interface GeneratedStamp {
  by: typeof GENERATOR;
  note: typeof GENERATED_NOTE;
  oracle_version: string;
}

/** Request bytes: as UTF-8 text when they are valid UTF-8, else base64. */
export interface EncodedBytes {
  encoding: 'utf8' | 'base64';
  data: string;
}

/** A result and its SHA-256. */
export interface ResultText {
  result: string;
  sha256: string;
}

/** A named acceptable alternative: a result inside the envelope a register entry allows (judged ACCEPTABLE). */
export interface AcceptableResult extends ResultText {
  name: string;
  reason: string;
  interpretation: string;
}

/** Fields every vector file has. */
export interface VectorHead {
  format: typeof VECTOR_FORMAT;
  generated: GeneratedStamp;
  id: string;
  category: Category;
  intent: string;
  clauses: string[];
  interpretations: string[];
  /**
   * The features the vector needs (oracle/features/query-features.ts), in FEATURES order. The generator always writes
   * it; a file of another writer may lack it, and is then read as needing none (judged like any other).
   */
  features: Feature[];
  fixture_sha256: string;
}

/** A query vector file. */
export interface QueryVectorFile extends VectorHead {
  request: EncodedBytes;
  expected: ResultText;
  acceptable: AcceptableResult[];
}

/** A release-cost vector file: the reference release expectation instead of a query. */
export interface ReleaseVectorFile extends VectorHead {
  release: unknown;
}

export type VectorFile = QueryVectorFile | ReleaseVectorFile;

/** One file listed in the manifest (paths relative to vectors/, `/`-separated). */
export interface ManifestEntry {
  path: string;
  sha256: string;
}

/** vectors/manifest.json. */
export interface ManifestFile {
  format: typeof MANIFEST_FORMAT;
  generated: GeneratedStamp;
  counts: Record<Category, number>;
  total: number;
  files: ManifestEntry[];
  renames: { from: string; to: string }[];
  /** The Unicode version the NFC verdicts rest on, and the vectors that hold code points it may not assign (KIT-26). */
  unicode: { baseline: string; beyond_baseline: { id: string; code_points: string[] }[] };
  vector_set_sha256: string;
}

/** Largest vector or manifest file read: far above the largest vector (a 4 MiB result and its alternative). */
export const MAX_VECTOR_FILE_BYTES = 64 * 1024 * 1024;

/** The stamp for `oracleVersion`. */
export function generatedStamp(oracleVersion: string): GeneratedStamp {
  return { by: GENERATOR, note: GENERATED_NOTE, oracle_version: oracleVersion };
}

/** Whether a vector file is a query vector. */
export function isQueryVector(v: VectorFile): v is QueryVectorFile {
  return 'request' in v;
}

// ignoreBOM: a leading U+FEFF is request bytes under test (KD-CANON-01), never to be stripped.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Request bytes as stored in a vector: UTF-8 text when they decode strictly (BOM kept), else base64. */
export function encodeRequestBytes(bytes: Uint8Array): EncodedBytes {
  try {
    const data = strictUtf8.decode(bytes);
    return { encoding: 'utf8', data };
  } catch {
    return { encoding: 'base64', data: Buffer.from(bytes).toString('base64') };
  }
}

/** The exact bytes an EncodedBytes stands for. */
export function decodeRequestBytes(encoded: EncodedBytes): Uint8Array {
  return encoded.encoding === 'utf8'
    ? new TextEncoder().encode(encoded.data)
    : new Uint8Array(Buffer.from(encoded.data, 'base64'));
}

/** The path, relative to a vector set's root, of the shared fixture with SHA-256 `fixtureSha256`. */
export function fixtureFilePath(fixtureSha256: string): string {
  return `fixtures/${fixtureSha256}.json`;
}

/** Whether a path relative to a vector set's root is a vector file (not a fixture, the manifest or a README). */
export function isVectorPath(path: string): boolean {
  return path.endsWith('.json') && path !== 'manifest.json' && !path.startsWith('fixtures/');
}

/** Whether a JSON value carries the vector format tag, so that it names its fixture by `fixture_sha256`. */
export function isVectorFileValue(value: unknown): value is { format: typeof VECTOR_FORMAT; fixture_sha256?: unknown } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)['format'] === VECTOR_FORMAT
  );
}

/** A file of a vector set read, or why it is refused. */
export type VectorSetFileRead<T> = { ok: true; value: T } | { ok: false; problem: JsonInputProblem };

/**
 * Reads a vector file's bytes fail-closed (oracle/json-input: invalid UTF-8, a byte order mark, a duplicate key
 * and more than MAX_VECTOR_FILE_BYTES are refused with the byte offset). Whether the value conforms to
 * kofun.ctk.vector/v1 is the schema's to say (`schemaViolations(VECTOR_FORMAT, value)`).
 */
export function readVectorFile(bytes: Uint8Array): VectorSetFileRead<VectorFile> {
  return readSetFile<VectorFile>(bytes);
}

/** Reads manifest.json's bytes fail-closed, as {@link readVectorFile} reads a vector file. */
export function readManifestFile(bytes: Uint8Array): VectorSetFileRead<ManifestFile> {
  return readSetFile<ManifestFile>(bytes);
}

function readSetFile<T>(bytes: Uint8Array): VectorSetFileRead<T> {
  const parsed = parseJsonInput(bytes, { maxBytes: MAX_VECTOR_FILE_BYTES });
  return parsed.ok ? { ok: true, value: parsed.value as T } : parsed;
}

/** The bytes of a query vector: request, expected result, and each acceptable result. */
export interface VectorBytes {
  request: Uint8Array;
  expected: Uint8Array;
  acceptable: { name: string; interpretation: string; bytes: Uint8Array }[];
}

/** The bytes a query vector stands for; undefined for a release-cost vector. */
export function vectorBytes(vector: VectorFile): VectorBytes | undefined {
  if (!isQueryVector(vector)) return undefined;
  const utf8 = new TextEncoder();
  return {
    request: decodeRequestBytes(vector.request),
    expected: utf8.encode(vector.expected.result),
    acceptable: vector.acceptable.map((a) => ({
      name: a.name,
      interpretation: a.interpretation,
      bytes: utf8.encode(a.result),
    })),
  };
}

/** A result's bytes as a vector holds them: their text (strict UTF-8; other bytes throw) and their SHA-256. */
export function encodeResult(bytes: Uint8Array): ResultText {
  return { result: strictUtf8.decode(bytes), sha256: sha256Hex(bytes) };
}

/** A query vector file: its head, the request bytes, the expected result (encodeResult) and the alternatives. */
export function queryVectorFile(
  head: Omit<VectorHead, 'format'>,
  request: Uint8Array,
  expected: ResultText,
  acceptable: AcceptableResult[],
): QueryVectorFile {
  return { format: VECTOR_FORMAT, ...head, request: encodeRequestBytes(request), expected, acceptable };
}

/**
 * The code points of a query vector's request and fixture that the Unicode baseline may not assign (KIT-26):
 * what the NFC checks read is the request as sent and the fixture's strings.
 */
export function codePointsBeyondBaseline(request: EncodedBytes, fixtureBytes: Uint8Array): string[] {
  const requestText = request.encoding === 'utf8' ? request.data : '';
  return beyondBaseline(`${requestText}\n${new TextDecoder().decode(fixtureBytes)}`);
}

/** What a manifest states besides what is derived from it (files sorted by path, the set digest, the baseline). */
export interface ManifestInput {
  generated: GeneratedStamp;
  counts: Record<Category, number>;
  total: number;
  files: readonly ManifestEntry[];
  renames: readonly { from: string; to: string }[];
  /** The vectors with code points beyond the baseline (codePointsBeyondBaseline), in any order. */
  beyondBaseline: readonly { id: string; code_points: string[] }[];
}

/** The manifest of a vector set: files, renames and flagged vectors sorted by UTF-8 bytes, and the set digest. */
export function manifestFile(input: ManifestInput): ManifestFile {
  const files = [...input.files].sort((a, b) => compareUtf8(a.path, b.path));
  return {
    format: MANIFEST_FORMAT,
    generated: input.generated,
    counts: input.counts,
    total: input.total,
    files,
    renames: [...input.renames].sort((a, b) => compareUtf8(a.from, b.from)),
    unicode: {
      baseline: UNICODE_BASELINE,
      beyond_baseline: [...input.beyondBaseline].sort((a, b) => compareUtf8(a.id, b.id)),
    },
    vector_set_sha256: vectorSetDigest(files),
  };
}
