/**
 * The largest canonical prefix of operation rows that fits the 4 MiB result cap and the
 * 256-diagnostic cap (KD-LIMIT-03, KD-LIMIT-04, KD-LIMIT-05, OQ-06 A, OQ-08 A), part of
 * contract step 9.
 *
 * Whole rows are dropped from the canonical tail; strings are never cut. The size of a
 * result with the first k rows is computed, not encoded k times: the canonical layout
 * fixes how an array item nests, so
 *
 *   size(k) = shell - 4 + arrayBytes(rows[0..k)) + arrayBytes(diagnostics of type and rows[0..k))
 *
 * where `shell` is the encoded result with both arrays empty (`[]`, 2 bytes each) and a
 * non-empty array at indentation 2 of the result takes `[`, LF, its items joined by `,`
 * LF, LF, two spaces, `]`: the items' bytes plus 2 per item plus 4. An item's bytes are
 * those of its own canonical encoding without the final LF, with 4 spaces added to each
 * of its lines. Each row and diagnostic is measured once, so the search is linear. The
 * prefix found is then encoded once and checked (checkedPrefix), so a size computed wrongly
 * is a fault of the kit, never a shorter or longer answer.
 */
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import type { JsonValue } from '../canonical-json/json-value.js';

const LF = 0x0a;

/** Encoded size of `value` as an item of an array that is a field of the top-level object. */
export function nestedItemBytes(value: object): number {
  const bytes = encodeCanonical(value as unknown as JsonValue);
  let lines = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === LF) lines++;
  return bytes.length - 1 + 4 * lines;
}

/** Bytes of a field array of the top-level object with `count` items of `itemBytes` in total. */
export function fieldArrayBytes(count: number, itemBytes: number): number {
  return count === 0 ? 2 : itemBytes + 2 * count + 4;
}

/** Per-row measures for {@link largestFittingPrefix}. */
export interface RowMeasure {
  /** {@link nestedItemBytes} of the row. */
  bytes: number;
  /** Number of diagnostics this row references that no earlier row nor the type references. */
  newDiagnostics: number;
  /** Their {@link nestedItemBytes} in total. */
  newDiagnosticBytes: number;
}

/**
 * The largest k such that the result with the first k rows has at most `maxDiagnostics`
 * diagnostics and at most `maxBytes` bytes. Both grow with k, so the first k that fails
 * ends the scan.
 */
export function largestFittingPrefix(args: {
  shellBytes: number;
  baseDiagnostics: number;
  baseDiagnosticBytes: number;
  rows: readonly RowMeasure[];
  maxBytes: number;
  maxDiagnostics: number;
}): number {
  let rowBytes = 0;
  let diagnostics = args.baseDiagnostics;
  let diagnosticBytes = args.baseDiagnosticBytes;
  let k = 0;
  for (const row of args.rows) {
    const nextDiagnostics = diagnostics + row.newDiagnostics;
    const nextDiagnosticBytes = diagnosticBytes + row.newDiagnosticBytes;
    const nextRowBytes = rowBytes + row.bytes;
    const size =
      args.shellBytes -
      4 +
      fieldArrayBytes(k + 1, nextRowBytes) +
      fieldArrayBytes(nextDiagnostics, nextDiagnosticBytes);
    if (nextDiagnostics > args.maxDiagnostics || size > args.maxBytes) break;
    rowBytes = nextRowBytes;
    diagnostics = nextDiagnostics;
    diagnosticBytes = nextDiagnosticBytes;
    k += 1;
  }
  return k;
}

/** An encoded result of a prefix: the record, for its diagnostics, and its canonical bytes. */
export interface EncodedPrefix {
  result: { diagnostics: readonly unknown[] };
  bytes: Uint8Array;
}

/**
 * The encoded prefix of `k` of `rowCount` rows, checked to be the largest within the caps: it fits and, when rows
 * remain, the prefix of one more row would not (OQ-06 A, OQ-08 A). {@link largestFittingPrefix} computes k exactly,
 * so either check failing is a fault of the kit (an exception), never an answer.
 */
export function checkedPrefix<T extends EncodedPrefix>(
  rowCount: number,
  k: number,
  encodePrefix: (k: number) => T,
  caps: { maxBytes: number; maxDiagnostics: number },
): T {
  const within = (e: T): boolean =>
    e.bytes.length <= caps.maxBytes && e.result.diagnostics.length <= caps.maxDiagnostics;
  const kept = encodePrefix(k);
  if (!within(kept))
    throw new Error(`kit fault: the prefix of ${k} of ${rowCount} rows measured within the caps is not`);
  if (k < rowCount && within(encodePrefix(k + 1)))
    throw new Error(`kit fault: the prefix of ${k + 1} of ${rowCount} rows is within the caps, measured as not`);
  return kept;
}
