/**
 * Cause hints (cause-hints.ts) as report lines and as manifest JSON, with the same content:
 * the variation in a release engineer's words, the entry, the offset of each side or the
 * header field, what was found, and the remedy. Entry names and found bytes come from the
 * artifacts and are escaped before printing.
 */
import { escapeText } from '../../oracle/index.js';
import { ENTRY_ORDER_FIELD, type CauseHint } from './cause-hints.js';

/** A hint as it is written to the `--manifest` JSON (schema kofun.ctk.release-manifest/v1, `$defs/CauseHint`). */
export interface CauseHintJson {
  variation: string;
  entry: string;
  field: string | null;
  offset_a: number | null;
  offset_b: number | null;
  a: string | null;
  b: string | null;
  remedy: string;
}

export function causeHintJson(h: CauseHint): CauseHintJson {
  return {
    variation: h.variation,
    entry: h.entry,
    field: h.field,
    offset_a: h.offsetA,
    offset_b: h.offsetB,
    a: h.a,
    b: h.b,
    remedy: h.remedy,
  };
}

function where(h: CauseHint): string {
  if (h.field === ENTRY_ORDER_FIELD) return 'its entry order';
  if (h.field !== null) return `header field ${escapeText(h.field)}`;
  const side = (label: string, o: number | null): string | null =>
    o === null ? null : `${o} (0x${o.toString(16)}) in ${label}`;
  return `offset ${[side('A', h.offsetA), side('B', h.offsetB)].filter((x) => x !== null).join(', ')}`;
}

/**
 * One line per hint, then its remedy, e.g. `cause: the build path leaked into notes.txt at offset 30 (0x1e) in A, …`;
 * a comment is no build condition that leaks, so its line says the comment differs. A value one side lacks is
 * `(absent)` for a header field (as in the comparison) and `(not found)` in bytes.
 */
export function formatCauseHints(hints: readonly CauseHint[]): string[] {
  const lines: string[] = [];
  for (const h of hints) {
    const missing = h.field === null ? '(not found)' : '(absent)';
    const shown = (v: string | null): string => (v === null ? missing : `"${escapeText(v, { max: 120 })}"`);
    const what = h.variation === 'comment' ? 'a comment differs in' : `the ${h.variation} leaked into`;
    lines.push(`cause: ${what} ${escapeText(h.entry)} at ${where(h)}: A ${shown(h.a)}, B ${shown(h.b)}`);
    lines.push(`  remedy: ${h.remedy}`);
  }
  return lines;
}
