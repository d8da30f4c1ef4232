/**
 * The golden vector formats: `kofun.ctk.vector/v1` (one file per case under
 * vectors/<category>/<slug>.json) and `kofun.ctk.manifest/v1` (vectors/manifest.json).
 * Schemas: oracle/schemas/kofun.ctk.vector.v1.schema.json and
 * oracle/schemas/kofun.ctk.manifest.v1.schema.json.
 */

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
