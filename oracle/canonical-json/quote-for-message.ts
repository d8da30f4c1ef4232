const MESSAGE_CHARS = 48;
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}"\\]/gu;

/**
 * A decoded string made safe for a violation message: quoted, with control, format,
 * separator, private-use, unassigned and surrogate characters and the quote and backslash
 * written as `\u{…}`, and cut after 48 code units so a hostile key cannot flood a report.
 */
export function quoteForMessage(s: string): string {
  const cut = s.length > MESSAGE_CHARS ? `${s.slice(0, MESSAGE_CHARS)}…` : s;
  return `"${cut.replace(NON_PRINTABLE, (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`)}"`;
}
