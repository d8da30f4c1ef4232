/**
 * The kit's one escaper for text it does not control (provider bytes, provider names and messages, pointers and
 * values in violations, file contents of artifacts). Every sink names its context; the base rule is the same for all,
 * so no sink can show a byte another sink would have neutralised:
 *
 * - Base (every context): `\` becomes `\\`; TAB and CR become `\t`, `\r`; LF becomes `\n` unless lines are kept;
 *   every other control or format character (Unicode Cc and Cf, U+2028, U+2029, the noncharacters U+FFFE/U+FFFF) and
 *   a lone surrogate become `\u{x}` (lowercase hex); a byte that is not part of well-formed UTF-8 becomes `\xNN`.
 *   Nothing left can move a cursor, recolour a screen, hide or reorder text, or be a character XML 1.0 cannot carry.
 * - `terminal`: the base rule. `ascii`: also every code point above U+007E as `\u{x}` (one-line violation messages,
 *   which must stay printable ASCII whatever the terminal's encoding).
 * - `xml`: the base rule with lines kept; markup characters are left to the XML builder, which escapes text nodes and
 *   attributes itself (xmlbuilder2).
 * - `markdown`: the base rule except that a backslash stays one backslash (Markdown's own escaping below makes it
 *   render as itself, so `\n` in a clause's text reads `\n`, not `\\n`), then `& < >` as entities and every Markdown
 *   markup character backslash-escaped, so the text can stand in a table cell or a paragraph without changing how the
 *   rest of the document renders.
 * - `html`: the base rule with lines kept, then `& < > " '` as entities: safe in element content and quoted attributes.
 * - `github`: the base rule (one line, so no text can start a workflow command of its own), then `%` as `%25`, the
 *   encoding of a GitHub Actions workflow command's message. `github-property`: also `:` and `,` (`%3A`, `%2C`), for
 *   a property value such as `title=`.
 *
 * With `visibleWhitespace`, in any context, whitespace is shown as marks rather than kept: a space as `·` (`\u{20}`
 * where only ASCII may be written), LF as `\n` even where lines are kept, and a literal `·` as `\u{b7}`, so a mark
 * always means the whitespace it stands for. That is how a layout-only difference (two indents, a missing final LF)
 * reads the same in every sink, whatever the sink does with runs of spaces.
 */

/** Where escaped text is going. */
export type EscapeContext = 'terminal' | 'ascii' | 'xml' | 'markdown' | 'html' | 'github' | 'github-property';

/** Options of the base rule. */
export interface EscapeOptions {
  /** Keep LF as a line break (multi-line sinks: diffs in a code block, XML text, HTML). */
  keepLines?: boolean;
  /** Escape every code point above U+007E as well. */
  asciiOnly?: boolean;
  /** Cut the escaped text to at most this many characters, never inside an escape, `...` marking the cut. */
  max?: number;
  /** Leave `\` as it is (for sinks that escape it themselves, as Markdown does). */
  literalBackslash?: boolean;
  /** Show a space as `·` (`\u{20}` with asciiOnly) and LF as `\n`, and escape a literal `·`. */
  visibleWhitespace?: boolean;
}

/** The mark of a space under `visibleWhitespace` (MIDDLE DOT). */
export const VISIBLE_SPACE = '\u{b7}';

const FORMAT = /^\p{Cf}$/u;

function needsEscape(cp: number, asciiOnly: boolean): boolean {
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return true;
  if (asciiOnly && cp > 0x7e) return true;
  if (cp === 0x2028 || cp === 0x2029 || cp === 0xfffe || cp === 0xffff) return true;
  if (cp < 0xad) return false;
  return FORMAT.test(String.fromCodePoint(cp));
}

function escapeCodePoint(
  cp: number,
  keepLines: boolean,
  asciiOnly: boolean,
  literalBackslash = false,
  visibleWhitespace = false,
): string {
  if (visibleWhitespace) {
    if (cp === 0x20) return asciiOnly ? '\\u{20}' : VISIBLE_SPACE;
    if (cp === 0xb7) return '\\u{b7}';
    if (cp === 0x0a) return '\\n';
  }
  if (cp === 0x5c) return literalBackslash ? '\\' : '\\\\';
  if (cp === 0x0a) return keepLines ? '\n' : '\\n';
  if (cp === 0x09) return '\\t';
  if (cp === 0x0d) return '\\r';
  if (needsEscape(cp, asciiOnly)) return `\\u{${cp.toString(16)}}`;
  return String.fromCodePoint(cp);
}

/** Appends pieces up to `max` characters, never splitting a piece. */
class Bounded {
  out = '';
  cut = false;
  constructor(private readonly max: number) {}
  push(piece: string): boolean {
    if (this.out.length + piece.length > this.max - 3) {
      this.cut = true;
      return false;
    }
    this.out += piece;
    return true;
  }
  text(): string {
    return this.cut ? `${this.out}...` : this.out;
  }
}

/** The base rule over a JS string (a lone surrogate becomes `\u{x}`). */
export function escapeText(s: string, options: EscapeOptions = {}): string {
  const keepLines = options.keepLines ?? false;
  const asciiOnly = options.asciiOnly ?? false;
  const literal = options.literalBackslash ?? false;
  const visible = options.visibleWhitespace ?? false;
  const sink = new Bounded(options.max ?? Number.POSITIVE_INFINITY);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let piece: string;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      piece = escapeCodePoint(
        0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(i + 1) - 0xdc00),
        keepLines,
        asciiOnly,
        literal,
        visible,
      );
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) piece = `\\u{${c.toString(16)}}`;
    else piece = escapeCodePoint(c, keepLines, asciiOnly, literal, visible);
    if (!sink.push(piece)) break;
  }
  return sink.text();
}

/**
 * The base rule over bytes that should be UTF-8 text: well-formed sequences are decoded and escaped as by
 * `escapeText`, every byte of an ill-formed sequence becomes `\xNN` (never U+FFFD, which would hide what was sent).
 */
export function escapeBytes(bytes: Uint8Array, options: EscapeOptions = {}): string {
  const keepLines = options.keepLines ?? false;
  const asciiOnly = options.asciiOnly ?? false;
  const literal = options.literalBackslash ?? false;
  const visible = options.visibleWhitespace ?? false;
  const sink = new Bounded(options.max ?? Number.POSITIVE_INFINITY);
  let i = 0;
  while (i < bytes.length) {
    const b0 = bytes[i] as number;
    const len =
      b0 < 0x80 ? 1 : b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
    const cp = len === 0 ? -1 : decodeAt(bytes, i, len);
    const piece =
      cp < 0 ? `\\x${b0.toString(16).padStart(2, '0')}` : escapeCodePoint(cp, keepLines, asciiOnly, literal, visible);
    if (!sink.push(piece)) break;
    i += cp < 0 ? 1 : len;
  }
  return sink.text();
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

const MARKDOWN_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const HTML_ENTITIES: Record<string, string> = { ...MARKDOWN_ENTITIES, '"': '&quot;', "'": '&#39;' };

/** Neutralises Markdown markup (a backslash included) in text already escaped by the base rule. */
export function markdownSafe(escaped: string): string {
  return escaped
    .replace(/[&<>]/g, (ch) => MARKDOWN_ENTITIES[ch] as string)
    .replace(/[\\|`*_[\]#~]/g, (ch) => `\\${ch}`);
}

/** Neutralises HTML markup in text that is already escaped by the base rule. */
export function htmlSafe(escaped: string): string {
  return escaped.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch] as string);
}

/**
 * Neutralises what a GitHub Actions workflow command's message would read as encoding in text already escaped by the
 * base rule: `%`, and a CR or LF the base rule kept.
 */
export function githubSafe(escaped: string): string {
  return escaped.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes untrusted text (or bytes) for one context; `visibleWhitespace` marks whitespace in any of them. */
export function escapeFor(
  context: EscapeContext,
  input: string | Uint8Array,
  max?: number,
  marks: Pick<EscapeOptions, 'visibleWhitespace'> = {},
): string {
  const base = (options: EscapeOptions): string => {
    const withMax = { ...options, ...marks, ...(max === undefined ? {} : { max }) };
    return typeof input === 'string' ? escapeText(input, withMax) : escapeBytes(input, withMax);
  };
  switch (context) {
    case 'terminal':
      return base({});
    case 'ascii':
      return base({ asciiOnly: true });
    case 'xml':
      return base({ keepLines: true });
    case 'markdown':
      return markdownSafe(base({ literalBackslash: true }));
    case 'html':
      return htmlSafe(base({ keepLines: true }));
    case 'github':
      return base({}).replace(/%/g, '%25');
    case 'github-property':
      return base({}).replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C');
  }
}

/** Text for one Markdown table cell: line breaks folded to one space (a cell is one line), then `markdown`. */
export function markdownCell(text: string): string {
  return escapeFor('markdown', text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' '));
}

/** An inline code span for an identifier the kit controls (ids, digests); anything else is escaped as text. */
export function markdownCode(id: string): string {
  return /^[A-Za-z0-9./:_-]+$/.test(id) ? `\`${id}\`` : markdownCell(id);
}

/** A Markdown code fence longer than any backtick run in `text`, so the text cannot close it. */
export function markdownFence(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Shortens escaped text to at most `max` characters, marking the cut and how much was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
