/**
 * The Unicode version the vectors' NFC verdicts rest on (OQ-37, KIT-26). The kit checks NFC
 * with the Unicode data of the running Node.js (`String.prototype.normalize`). Normalization
 * is stable for assigned characters, so an NFC verdict can differ between two Unicode
 * versions only for a code point the older one does not assign. The vector set therefore
 * names a baseline: generation refuses a runtime older than it, and the manifest lists every
 * vector whose request or fixture holds a code point the baseline may not assign, so a
 * provider on an older Unicode version knows which verdicts may differ for it.
 *
 * Whether the baseline assigns a code point comes from the baseline's own character database
 * (General_Category, Unicode 15.0): the generated table unicode-baseline-unassigned.ts lists the
 * code points it leaves unassigned, so a flag never rests on a hand-picked list of ages.
 */
import { UNASSIGNED_IN_BASELINE_RANGES } from './unicode-baseline-unassigned.js';

/** The Unicode version every unflagged NFC verdict holds for (KIT-26). */
export const UNICODE_BASELINE = '15.0';

let unassigned: { first: number[]; last: number[] } | undefined;

/** The unassigned ranges as sorted bounds, parsed once. */
function unassignedRanges(): { first: number[]; last: number[] } {
  if (unassigned !== undefined) return unassigned;
  const first: number[] = [];
  const last: number[] = [];
  for (const word of UNASSIGNED_IN_BASELINE_RANGES.join(' ').split(' ')) {
    const [a = '', b = a] = word.split('-');
    first.push(parseInt(a, 16));
    last.push(parseInt(b, 16));
  }
  return (unassigned = { first, last });
}

/** Whether Unicode 15.0, the baseline, assigns `codePoint` (any General_Category but Cn). */
export function assignedInBaseline(codePoint: number): boolean {
  const { first, last } = unassignedRanges();
  let lo = 0;
  let hi = first.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (codePoint < (first[mid] as number)) hi = mid - 1;
    else if (codePoint > (last[mid] as number)) lo = mid + 1;
    else return false;
  }
  return true;
}

/** Whether version `a` is at most version `b` (major.minor). */
export function versionAtMost(a: string, b: string): boolean {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am < bm || (am === bm && an <= bn);
}

/** The code points of `text` the baseline does not assign, as sorted `U+XXXX` labels. */
export function beyondBaseline(text: string): string[] {
  const out = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) continue;
    if (!assignedInBaseline(cp)) out.add(cp);
  }
  return [...out].sort((a, b) => a - b).map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
}

/**
 * Refuses a runtime whose Unicode data is older than the baseline: its NFC verdicts may
 * differ from the goldens for characters it does not assign. `runtime` is
 * `process.versions.unicode`.
 */
export function checkRuntimeUnicode(runtime: string | undefined): string | undefined {
  if (runtime === undefined) return 'this runtime reports no Unicode version (process.versions.unicode)';
  if (!versionAtMost(UNICODE_BASELINE, runtime)) {
    return `this runtime's Unicode ${runtime} is older than the vectors' NFC baseline ${UNICODE_BASELINE} (KIT-26)`;
  }
  return undefined;
}
