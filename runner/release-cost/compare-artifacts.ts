/**
 * Byte-for-byte comparison of two artifacts (KD-RELEASE-02, KD-RELEASE-03): the file set,
 * each entry's type, mode, size and SHA-256, and for each differing file the first
 * differing offset with a 16-byte window of both sides, the line and column when both
 * sides are text, a unified diff for text, and the inside of gzip, tar and zip files:
 * their entries, the header fields of each entry and of the archive, and the order the
 * archive stores its entries in. The result is data; format-comparison.ts renders it.
 */
import { structuredPatch } from 'diff';
import { compareUtf8 } from '../../oracle/index.js';
import { readAllOf, type ArtifactEntry, type ArtifactTree, type ByteSource } from './artifact-tree.js';
import {
  DEFAULT_INNER_LIMITS,
  expandArchive,
  sniffArchive,
  type ArchiveFormat,
  type InnerLimits,
} from './archive-inner.js';

/** Where two byte sequences first differ. */
export interface ByteDifference {
  offset: number;
  /** The byte of each side at `offset`; null past the end of that side. */
  aByte: number | null;
  bByte: number | null;
  /** Start of the 16-byte window shown for both sides. */
  windowStart: number;
  windowA: Uint8Array;
  windowB: Uint8Array;
  /** 1-based line and column (code points; byteColumn in bytes) when both sides are UTF-8 text. */
  text: { line: number; column: number; byteColumn: number } | null;
}

/** A unified diff of two text files, already in lines; hunks from the `diff` package. */
export interface TextDiff {
  hunks: { oldStart: number; oldLines: number; newStart: number; newLines: number; lines: string[] }[];
}

export type Aspect = 'type' | 'mode' | 'size' | 'content' | 'link-target' | 'metadata';

/** A header field whose value differs; null where one side does not have the field. */
export interface MetadataDifference {
  field: string;
  a: string | number | null;
  b: string | number | null;
}

/**
 * Two archives that store the entries they both hold in another order: those entries' paths in each
 * archive's stored order (entries only one side holds left out, so an added entry is not a reordering),
 * and the first position (0-based) where the two orders differ.
 */
export interface OrderDifference {
  a: string[];
  b: string[];
  position: number;
}

/** One path present on both sides whose entries differ. */
export interface EntryDifference {
  path: string;
  a: ArtifactEntry;
  b: ArtifactEntry;
  aspects: Aspect[];
  first: ByteDifference | null;
  diff: TextDiff | { omitted: string } | null;
  metadata: MetadataDifference[];
  inner: { format: ArchiveFormat; comparison: ArtifactComparison } | { format: ArchiveFormat; error: string } | null;
}

export interface ArtifactComparison {
  a: ArtifactTree;
  b: ArtifactTree;
  identical: boolean;
  identicalCount: number;
  onlyInA: ArtifactEntry[];
  onlyInB: ArtifactEntry[];
  different: EntryDifference[];
  /** Header fields of the two archives themselves (ArtifactTree.meta) that differ. */
  archiveMetadata: MetadataDifference[];
  /** The stored order of two tar or zip archives, when it differs; null otherwise. */
  order: OrderDifference | null;
}

export interface CompareOptions {
  /** Text files up to this size (each side) get line/column and a unified diff. */
  maxTextBytes: number;
  /** The Myers edit bound of the unified diff; beyond it the diff is omitted (deterministic, unlike a time limit). */
  maxEditLength: number;
  /** How deep archives inside archives are opened. */
  maxArchiveDepth: number;
  inner: InnerLimits;
}

export const DEFAULT_COMPARE_OPTIONS: CompareOptions = {
  maxTextBytes: 1024 * 1024,
  maxEditLength: 2000,
  maxArchiveDepth: 3,
  inner: DEFAULT_INNER_LIMITS,
};

const WINDOW = 16;
const CHUNK = 64 * 1024;

/** Compares two artifact trees; entries are matched by path. */
export async function compareArtifacts(
  a: ArtifactTree,
  b: ArtifactTree,
  options: CompareOptions = DEFAULT_COMPARE_OPTIONS,
  depth = 0,
): Promise<ArtifactComparison> {
  const result: ArtifactComparison = {
    a,
    b,
    identical: true,
    identicalCount: 0,
    onlyInA: [],
    onlyInB: [],
    different: [],
    archiveMetadata: metadataDifferences(a.meta, b.meta),
    order: orderDifference(a, b),
  };
  const byPathB = new Map(b.entries.map((e) => [e.path, e]));
  const pathsA = new Set(a.entries.map((e) => e.path));
  for (const ea of a.entries) {
    const eb = byPathB.get(ea.path);
    if (eb === undefined) {
      result.onlyInA.push(ea);
      continue;
    }
    const d = await compareEntries(ea, eb, options, depth);
    if (d === null) result.identicalCount++;
    else result.different.push(d);
  }
  for (const eb of b.entries) if (!pathsA.has(eb.path)) result.onlyInB.push(eb);
  result.identical =
    result.onlyInA.length === 0 &&
    result.onlyInB.length === 0 &&
    result.different.length === 0 &&
    result.archiveMetadata.length === 0 &&
    result.order === null;
  return result;
}

/**
 * Up to `max` names of a stored order from `position` on, joined with ", ": a leading "…" when names come
 * before, a trailing "… N more" when names follow (raw names; escape before printing).
 */
export function orderExcerpt(names: readonly string[], position: number, max: number): string {
  const before = position > 0 ? ['…'] : [];
  const shown = names.slice(position, position + max);
  const left = names.length - position - shown.length;
  return [...before, ...shown, ...(left > 0 ? [`… ${left} more`] : [])].join(', ');
}

/** Where the stored orders of the entries both archives hold first part; null when they agree or there is none. */
export function orderDifference(a: ArtifactTree, b: ArtifactTree): OrderDifference | null {
  if (a.order === null || b.order === null) return null;
  const inA = new Set(a.order);
  const inB = new Set(b.order);
  const orderA = a.order.filter((p) => inB.has(p));
  const orderB = b.order.filter((p) => inA.has(p));
  const position = orderA.findIndex((p, i) => p !== orderB[i]);
  return position < 0 ? null : { a: orderA, b: orderB, position };
}

async function compareEntries(
  a: ArtifactEntry,
  b: ArtifactEntry,
  options: CompareOptions,
  depth: number,
): Promise<EntryDifference | null> {
  const aspects: Aspect[] = [];
  if (a.type !== b.type) aspects.push('type');
  if (a.mode !== b.mode) aspects.push('mode');
  if (a.type === 'file' && b.type === 'file') {
    if (a.size !== b.size) aspects.push('size');
    if (a.sha256 !== b.sha256) aspects.push('content');
  }
  if (a.linkTarget !== b.linkTarget && (a.linkTarget !== null || b.linkTarget !== null)) aspects.push('link-target');
  const metadata = metadataDifferences(a.meta, b.meta);
  if (metadata.length > 0) aspects.push('metadata');
  if (aspects.length === 0) return null;
  const d: EntryDifference = { path: a.path, a, b, aspects, first: null, diff: null, metadata, inner: null };
  if (aspects.includes('content') && a.content !== null && b.content !== null) {
    d.first = await firstDifference(a.content, b.content, options);
    d.diff = await textDiff(a, b, options);
    d.inner =
      depth < options.maxArchiveDepth ? await innerComparison(a, b, options, depth) : await tooDeep(a, b, options);
  }
  return d;
}

function metadataDifferences(
  a: Record<string, string | number>,
  b: Record<string, string | number>,
): MetadataDifference[] {
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareUtf8);
  const out: MetadataDifference[] = [];
  for (const field of fields) {
    const va = a[field] ?? null;
    const vb = b[field] ?? null;
    if (va !== vb) out.push({ field, a: va, b: vb });
  }
  return out;
}

/** The first offset where the sources differ, found chunk by chunk; null when they are equal. */
export async function firstDifference(
  a: ByteSource,
  b: ByteSource,
  options: CompareOptions = DEFAULT_COMPARE_OPTIONS,
): Promise<ByteDifference | null> {
  const common = Math.min(a.size, b.size);
  let offset = -1;
  for (let at = 0; at < common && offset < 0; at += CHUNK) {
    const n = Math.min(CHUNK, common - at);
    const [ca, cb] = await Promise.all([a.readAt(at, n), b.readAt(at, n)]);
    for (let i = 0; i < n; i++) {
      if (ca[i] !== cb[i]) {
        offset = at + i;
        break;
      }
    }
  }
  if (offset < 0) {
    if (a.size === b.size) return null;
    offset = common;
  }
  const windowStart = Math.max(0, offset - WINDOW / 2);
  const [windowA, windowB] = await Promise.all([a.readAt(windowStart, WINDOW), b.readAt(windowStart, WINDOW)]);
  const aByte = offset < a.size ? (windowA[offset - windowStart] ?? null) : null;
  const bByte = offset < b.size ? (windowB[offset - windowStart] ?? null) : null;
  let text: ByteDifference['text'] = null;
  if (a.size <= options.maxTextBytes && b.size <= options.maxTextBytes) {
    const [ba, bb] = await Promise.all([readAllOf(a), readAllOf(b)]);
    if (isText(ba) && isText(bb)) text = lineAndColumn(ba, offset);
  }
  return { offset, aByte, bByte, windowStart, windowA, windowB, text };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text: valid UTF-8 without a NUL byte. */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * 1-based line (LF-separated) and column of `offset` in `bytes`; an offset inside a
 * multi-byte character belongs to that character. The prefix before `offset` is the
 * same on both sides, so either side gives the same answer.
 */
export function lineAndColumn(bytes: Uint8Array, offset: number): { line: number; column: number; byteColumn: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, bytes.length);
  for (let i = 0; i < end; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  let charStart = end;
  while (charStart > lineStart && ((bytes[charStart] ?? 0) & 0xc0) === 0x80) charStart--;
  let column = 1;
  for (let i = lineStart; i < charStart; i++) if (((bytes[i] as number) & 0xc0) !== 0x80) column++;
  return { line, column, byteColumn: offset - lineStart + 1 };
}

async function textDiff(a: ArtifactEntry, b: ArtifactEntry, options: CompareOptions): Promise<EntryDifference['diff']> {
  if (a.content === null || b.content === null) return null;
  if (a.size > options.maxTextBytes || b.size > options.maxTextBytes)
    return { omitted: `larger than ${options.maxTextBytes} bytes` };
  const [ba, bb] = await Promise.all([readAllOf(a.content), readAllOf(b.content)]);
  if (!isText(ba) || !isText(bb)) return null;
  const patch = structuredPatch('a', 'b', utf8.decode(ba), utf8.decode(bb), undefined, undefined, {
    context: 3,
    maxEditLength: options.maxEditLength,
  });
  if (patch === undefined) return { omitted: `more than ${options.maxEditLength} edits` };
  return {
    hunks: patch.hunks.map((h) => ({
      oldStart: h.oldStart,
      oldLines: h.oldLines,
      newStart: h.newStart,
      newLines: h.newLines,
      lines: h.lines,
    })),
  };
}

/** Past the nesting bound an archive is not opened, and the report says so rather than stay silent. */
async function tooDeep(a: ArtifactEntry, b: ArtifactEntry, options: CompareOptions): Promise<EntryDifference['inner']> {
  const [fa, fb] = await Promise.all([sniffArchive(a), sniffArchive(b)]);
  if (fa === null || fa !== fb) return null;
  return { format: fa, error: `archive nested deeper than ${options.maxArchiveDepth} levels; inside not compared` };
}

async function innerComparison(
  a: ArtifactEntry,
  b: ArtifactEntry,
  options: CompareOptions,
  depth: number,
): Promise<EntryDifference['inner']> {
  const [ia, ib] = await Promise.all([
    expandArchive(a, a.path, options.inner),
    expandArchive(b, b.path, options.inner),
  ]);
  if (ia === null || ib === null) return null;
  if (ia.format !== ib.format) return null;
  if (!ia.ok) return { format: ia.format, error: `A: ${ia.message}` };
  if (!ib.ok) return { format: ib.format, error: `B: ${ib.message}` };
  return { format: ia.format, comparison: await compareArtifacts(ia.tree, ib.tree, options, depth + 1) };
}
