/**
 * The Unicode version the vectors' NFC verdicts rest on (OQ-37, KIT-26). The kit checks NFC
 * with the Unicode data of the running Node.js (`String.prototype.normalize`). Normalization
 * is stable for assigned characters, so an NFC verdict can differ between two Unicode
 * versions only for a code point the older one does not assign. The vector set therefore
 * names a baseline: generation refuses a runtime older than it, and the manifest lists every
 * vector whose request or fixture holds a code point the baseline may not assign, so a
 * provider on an older Unicode version knows which verdicts may differ for it.
 *
 * Ages come from the Unicode Character Database (DerivedAge.txt). Only the ranges the kit's
 * texts use are listed; a code point outside them has no known age and is flagged too.
 */
/** The Unicode version every unflagged NFC verdict holds for (KIT-26). */
export const UNICODE_BASELINE = '15.0';

/** [first, last, version first assigned] ranges of DerivedAge.txt, ascending. */
const AGES: readonly (readonly [number, number, string])[] = [
  [0x0000, 0x01f5, '1.1'],
  [0x0300, 0x0341, '1.1'],
  [0x2000, 0x202e, '1.1'],
  [0x2190, 0x21ea, '1.1'],
  [0x3041, 0x3094, '1.1'],
  [0x4e00, 0x9fa5, '1.1'],
  [0xe000, 0xf8ff, '1.1'],
  [0xfeff, 0xfeff, '1.1'],
  [0xff01, 0xff5e, '1.1'],
  [0x1f300, 0x1f320, '6.0'],
  [0x1f330, 0x1f335, '6.0'],
  [0x1f337, 0x1f37c, '6.0'],
  [0x1f380, 0x1f393, '6.0'],
];

/** The version that first assigned `codePoint`, when the kit's table knows it. */
export function unicodeAge(codePoint: number): string | undefined {
  for (const [first, last, version] of AGES) if (codePoint >= first && codePoint <= last) return version;
  return undefined;
}

/** Whether version `a` is at most version `b` (major.minor). */
export function versionAtMost(a: string, b: string): boolean {
  const [am = 0, an = 0] = a.split('.').map(Number);
  const [bm = 0, bn = 0] = b.split('.').map(Number);
  return am < bm || (am === bm && an <= bn);
}

/** The code points of `text` the baseline may not assign (unknown age, or newer), as sorted `U+XXXX` labels. */
export function beyondBaseline(text: string): string[] {
  const out = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) continue;
    const age = unicodeAge(cp);
    if (age === undefined || !versionAtMost(age, UNICODE_BASELINE)) out.add(cp);
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
