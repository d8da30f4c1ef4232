/**
 * Renders an artifact comparison as lines of text for a terminal or a CI log. Every
 * file name, link target, metadata value and diff line is artifact-controlled and is
 * escaped before printing; bytes are shown as hex and printable ASCII only.
 */
import { asciiOf, hex2 } from './byte-display.js';
import { escapeText as escapeForTerminal } from '../../oracle/index.js';
import { displayPath, type ArtifactEntry } from './artifact-tree.js';
import {
  orderExcerpt,
  type ArtifactComparison,
  type ByteDifference,
  type EntryDifference,
  type MetadataDifference,
  type OrderDifference,
} from './compare-artifacts.js';

export interface FormatOptions {
  /** Lines of one unified diff before its "N more" line. */
  maxDiffLines: number;
}

export const DEFAULT_FORMAT_OPTIONS: FormatOptions = { maxDiffLines: 40 };

/** Keeps the first `max` lines and replaces the rest with one "… N more lines" line. */
export function capLines(lines: readonly string[], max: number, what = 'lines'): string[] {
  if (lines.length <= max) return [...lines];
  const keep = Math.max(0, max - 1);
  return [...lines.slice(0, keep), `… ${lines.length - keep} more ${what}`];
}

/** `0644` style permission bits. */
export function octalMode(mode: number): string {
  return mode.toString(8).padStart(4, '0');
}

/** One entry, briefly: its type and, for files, size. */
export function describeEntry(e: ArtifactEntry): string {
  if (e.type === 'file') return `file, ${e.size} bytes, mode ${octalMode(e.mode)}`;
  if (e.linkTarget !== null) return `${e.type} -> ${escapeForTerminal(e.linkTarget)}`;
  return `${e.type}, mode ${octalMode(e.mode)}`;
}

/** The body lines of a comparison (no verdict), nested archive comparisons indented. */
export function formatComparison(
  cmp: ArtifactComparison,
  options: FormatOptions = DEFAULT_FORMAT_OPTIONS,
  prefix = '',
): string[] {
  const lines: string[] = [];
  const name = (p: string): string =>
    escapeForTerminal(prefix === '' ? displayPath(p) : p === '' ? prefix : `${prefix} :: ${p}`);
  lines.push(
    `entries: ${cmp.identicalCount} identical, ${cmp.different.length} different, ${cmp.onlyInA.length} only in ` +
      `A, ${cmp.onlyInB.length} only in B`,
  );
  for (const m of cmp.archiveMetadata) lines.push(`archive ${formatMetadata(m)}`);
  if (cmp.order !== null) lines.push(...formatOrder(cmp.order));
  for (const e of cmp.onlyInA) lines.push(`only in A: ${name(e.path)} (${describeEntry(e)})`);
  for (const e of cmp.onlyInB) lines.push(`only in B: ${name(e.path)} (${describeEntry(e)})`);
  for (const d of cmp.different) lines.push(...formatDifference(d, name(d.path), options, prefix));
  return lines;
}

function formatDifference(d: EntryDifference, shownName: string, options: FormatOptions, prefix: string): string[] {
  const lines = [`different: ${shownName} (${d.aspects.join(', ')})`];
  if (d.aspects.includes('type')) lines.push(`  type: A ${d.a.type}, B ${d.b.type}`);
  if (d.aspects.includes('mode')) lines.push(`  mode: A ${octalMode(d.a.mode)}, B ${octalMode(d.b.mode)}`);
  if (d.aspects.includes('size')) lines.push(`  size: A ${d.a.size}, B ${d.b.size}`);
  if (d.aspects.includes('content')) lines.push(`  sha256: A ${d.a.sha256 ?? '-'}`, `          B ${d.b.sha256 ?? '-'}`);
  if (d.aspects.includes('link-target')) {
    lines.push(
      `  link target: A ${escapeForTerminal(d.a.linkTarget ?? '(none)')}, ` +
        `B ${escapeForTerminal(d.b.linkTarget ?? '(none)')}`,
    );
  }
  for (const m of d.metadata) lines.push(`  ${formatMetadata(m)}`);
  if (d.first !== null) lines.push(...formatFirst(d.first));
  if (d.diff !== null) {
    if ('omitted' in d.diff) lines.push(`  unified diff omitted: ${d.diff.omitted}`);
    else {
      const diffLines = [`--- a/${shownName}`, `+++ b/${shownName}`];
      for (const h of d.diff.hunks) {
        diffLines.push(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`);
        // A line starting with a backslash is the diff package's "No newline" marker, not file text.
        for (const l of h.lines)
          diffLines.push(l.startsWith('\\') ? l : `${l.slice(0, 1)}${escapeForTerminal(l.slice(1))}`);
      }
      lines.push(...capLines(diffLines, options.maxDiffLines, 'diff lines').map((l) => `  ${l}`));
    }
  }
  if (d.inner !== null) {
    const outer = prefix === '' ? displayPath(d.path) : d.path === '' ? prefix : `${prefix} :: ${d.path}`;
    const innerPrefix = `${outer}${d.inner.format === 'gzip' ? ' :: gunzip' : ''}`;
    if ('error' in d.inner)
      lines.push(`  inside (${d.inner.format}): not compared: ${escapeForTerminal(d.inner.error)}`);
    else {
      lines.push(`  inside (${d.inner.format}): ${innerVerdict(d.inner.comparison)}`);
      lines.push(...formatComparison(d.inner.comparison, options, innerPrefix).map((l) => `    ${l}`));
    }
  }
  return lines;
}

/** `field: A value, B value`, every value escaped; a field one side does not have is `(absent)`. */
function formatMetadata(m: MetadataDifference): string {
  return (
    `${escapeForTerminal(m.field)}: A ${escapeForTerminal(String(m.a ?? '(absent)'))}, ` +
    `B ${escapeForTerminal(String(m.b ?? '(absent)'))}`
  );
}

/**
 * What the inside of two differing archives amounts to. Differences only in header fields (gzip MTIME, tar
 * mtime and owner, zip times, the archive comment) or in the entry order mean the same bytes were packed
 * differently; an inside identical as read means the archive bytes differ in what the reader does not compare
 * (padding, the header encoding, fields outside tar's and zip's usual ones), shown by the first difference above.
 */
export function innerVerdict(inner: ArtifactComparison): string {
  if (inner.identical)
    return 'same entries, order and header fields as read; the archive bytes differ elsewhere (first difference above)';
  const sameBytes =
    inner.onlyInA.length === 0 &&
    inner.onlyInB.length === 0 &&
    inner.different.every((x) => x.aspects.every((a) => a === 'metadata'));
  if (!sameBytes) return 'different';
  const parts: string[] = [];
  if (inner.order !== null) parts.push('the entry order');
  if (inner.different.length > 0 || inner.archiveMetadata.length > 0) parts.push('archive header fields');
  return `same bytes; only ${parts.join(' and ')} ${parts.length === 1 && inner.order !== null ? 'differs' : 'differ'}`;
}

/** Names of each side an entry-order block shows, from the first differing position on. */
const ORDER_NAMES = 8;

/**
 * The entry-order block: the first position where the two stored orders part (1-based, of the entries both
 * archives hold), then each side's order from there, names escaped.
 */
export function formatOrder(o: OrderDifference): string[] {
  return [
    `entry order: differs at position ${o.position + 1} of ${o.a.length} (the entries both archives hold, as stored)`,
    `  A: ${escapeForTerminal(orderExcerpt(o.a, o.position, ORDER_NAMES))}`,
    `  B: ${escapeForTerminal(orderExcerpt(o.b, o.position, ORDER_NAMES))}`,
  ];
}

/**
 * The first-difference block: offset in decimal and hex, both bytes, line/column, and the 16-byte window of each side.
 */
export function formatFirst(f: ByteDifference): string[] {
  const byte = (b: number | null): string => (b === null ? 'end of file' : `0x${hex2(b)} '${asciiOf(b)}'`);
  const lines = [
    `  first difference at offset ${f.offset} (0x${f.offset.toString(16)}): A ${byte(f.aByte)}, B ${byte(f.bByte)}`,
  ];
  if (f.text !== null) lines.push(`  line ${f.text.line}, column ${f.text.column} (byte column ${f.text.byteColumn})`);
  const row = (label: string, w: Uint8Array): string => {
    const hex: string[] = [];
    let ascii = '';
    for (let i = 0; i < 16; i++) {
      const b = w[i];
      hex.push(b === undefined ? '  ' : hex2(b));
      ascii += b === undefined ? ' ' : asciiOf(b);
    }
    return `  ${label} ${f.windowStart.toString(16).padStart(8, '0')}  ${hex.join(' ')}  |${ascii}|`;
  };
  const at = f.offset - f.windowStart;
  lines.push(row('A', f.windowA), row('B', f.windowB), `${' '.repeat(2 + 2 + 8 + 2 + at * 3)}^^`);
  return lines;
}
