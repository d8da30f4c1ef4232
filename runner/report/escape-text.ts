/**
 * Provider-controlled bytes made safe before they reach a terminal, JUnit XML or
 * Markdown (DESIGN.md, "Untrusted providers"). One escaping serves every sink: the
 * output is printable text in which nothing can move a cursor, recolour a screen,
 * hide or reorder text, or be a character XML 1.0 cannot carry.
 *
 * Rules: `\` becomes `\\`; TAB and CR become `\t`, `\r`; LF becomes `\n` unless lines
 * are kept; every other control or format character (Unicode Cc and Cf, U+2028,
 * U+2029, noncharacters U+FFFE/U+FFFF) becomes `\u{X}`; a byte that is not part of
 * valid UTF-8 becomes `\xNN`. All other text stays literal.
 */

const FORMAT = /^\p{Cf}$/u;

function needsEscape(cp: number): boolean {
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return true;
  if (cp === 0x2028 || cp === 0x2029 || cp === 0xfffe || cp === 0xffff) return true;
  if (cp < 0xad) return false;
  return FORMAT.test(String.fromCodePoint(cp));
}

function escapeCodePoint(cp: number, keepLines: boolean): string {
  if (cp === 0x5c) return '\\\\';
  if (cp === 0x0a) return keepLines ? '\n' : '\\n';
  if (cp === 0x09) return '\\t';
  if (cp === 0x0d) return '\\r';
  if (needsEscape(cp)) return `\\u{${cp.toString(16)}}`;
  return String.fromCodePoint(cp);
}

/** Escapes a JS string (lone surrogates become `\u{X}`). */
export function escapeText(s: string, options: { keepLines?: boolean } = {}): string {
  const keepLines = options.keepLines ?? false;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += escapeCodePoint(0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00), keepLines);
        i++;
        continue;
      }
    }
    out += c >= 0xd800 && c <= 0xdfff ? `\\u{${c.toString(16)}}` : escapeCodePoint(c, keepLines);
  }
  return out;
}

/**
 * Escapes bytes that should be UTF-8 text: valid sequences are decoded and escaped
 * as by `escapeText`, every byte of an invalid sequence becomes `\xNN`.
 */
export function escapeBytes(bytes: Uint8Array, options: { keepLines?: boolean } = {}): string {
  const keepLines = options.keepLines ?? false;
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b0 = bytes[i] as number;
    const len = b0 < 0x80 ? 1 : b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
    const cp = len === 0 ? -1 : decodeAt(bytes, i, len);
    if (cp < 0) {
      out += `\\x${b0.toString(16).padStart(2, '0')}`;
      i += 1;
      continue;
    }
    out += escapeCodePoint(cp, keepLines);
    i += len;
  }
  return out;
}

/** The code point of a well-formed `len`-byte sequence at `i`, or -1 (overlong, surrogate, out of range, truncated). */
function decodeAt(bytes: Uint8Array, i: number, len: number): number {
  if (i + len > bytes.length) return -1;
  const b0 = bytes[i] as number;
  if (len === 1) return b0;
  let cp = b0 & (len === 2 ? 0x1f : len === 3 ? 0x0f : 0x07);
  for (let k = 1; k < len; k++) {
    const b = bytes[i + k] as number;
    if ((b & 0xc0) !== 0x80) return -1;
    cp = (cp << 6) | (b & 0x3f);
  }
  if (len === 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) return -1;
  if (len === 4 && (cp < 0x10000 || cp > 0x10ffff)) return -1;
  return cp;
}

/** Shortens escaped text to at most `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** Escapes raw text for Markdown: escaped as above, then markup characters neutralised. */
export function markdownCell(text: string): string {
  return markdownSafe(escapeText(text));
}

/** Neutralises Markdown markup in text that is already escaped (a `\\` before each markup character). */
export function markdownSafe(escaped: string): string {
  return escaped.replace(/[\\|`*_[\]<>#~]/g, (ch) => `\\${ch}`);
}

/** A Markdown code fence longer than any backtick run in `text`, so the text cannot close it. */
export function markdownFence(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}
