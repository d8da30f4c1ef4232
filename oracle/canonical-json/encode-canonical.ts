import { compareUtf8 } from './compare-utf8.js';
import type { JsonValue } from './json-value.js';
import { quoteForMessage } from './quote-for-message.js';

/**
 * The canonical JSON bytes of a top-level object (contract section "Canonical JSON"):
 * UTF-8, keys in UTF-8 byte order (KD-CANON-05), two-space indentation with one field or
 * item per line, `,` then LF, the closing token at the parent's indentation, one space
 * after `:`, `[]`/`{}` for empty containers (KD-CANON-11..13), only `"` and `\` escaped
 * (KD-CANON-09), and the one final LF (KD-CANON-02).
 *
 * Values the canonical profile cannot carry are faults of the kit, not data, so this
 * throws on: a top level that is not an object; a number that is not a non-negative safe
 * integer (KD-CANON-03, KD-CANON-10, KD-SCALAR-03); a string or key with a control
 * character (OQ-37 A: Cc; escaped instead for fixture files, {@link EncodeCanonicalOptions}), a lone surrogate,
 * or not in NFC (KD-CANON-08); `undefined`, functions, bigints, symbols, non-plain objects and cycles.
 *
 * The bytes are written straight into one growing buffer rather than built as a string
 * and encoded afterwards: a result may be close to 4 MiB (KD-LIMIT-03), and joining or
 * concatenating several hundred thousand small strings costs several times more than
 * the layout itself.
 */
export function encodeCanonical(value: JsonValue, options: EncodeCanonicalOptions = {}): Uint8Array {
  if (!isPlainObject(value)) throw new TypeError('canonical JSON: the top level must be an object');
  const out = new ByteWriter(options.escapeControlCharacters === true);
  emit(value, 0, out, []);
  out.byte(LF);
  return out.toBytes();
}

/** Options of {@link encodeCanonical}. */
export interface EncodeCanonicalOptions {
  /**
   * Kit fixture files only (KIT-21): a control character in a string is written as a
   * JSON escape instead of refused: `\n`, `\r`, `\t`, and `\u00XX` (four lowercase hex
   * digits) for every other C0 or C1 control (U+0000..U+001F, U+007F..U+009F). Every other
   * byte is the canonical one, so a value without control characters encodes identically
   * with or without it. Requests and results never use it (KD-CANON-08, KD-CANON-09).
   */
  escapeControlCharacters?: boolean;
}

/**
 * The bytes of a kit fixture file: {@link encodeCanonical} with control characters escaped
 * (KIT-21). Its SHA-256 is the fixture's content address.
 */
export function encodeFixtureJson(value: JsonValue): Uint8Array {
  return encodeCanonical(value, { escapeControlCharacters: true });
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** {@link encodeCanonical} as text: the same checks and layout, decoded from the same bytes. */
export function encodeCanonicalText(value: JsonValue): string {
  return utf8Decoder.decode(encodeCanonical(value));
}

const LF = 0x0a;
const SPACE = 0x20;
const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const utf8Encoder = new TextEncoder();

/** Strings up to this many code units are copied by a loop here, longer ones natively. */
const SHORT_STRING = 256;
/** Anything other than printable ASCII without `"` and `\` takes the checked path. */
const NEEDS_CARE = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/;

/** An append-only byte buffer that doubles when full. */
class ByteWriter {
  private buf = new Uint8Array(1024);
  private pos = 0;

  /** Whether control characters are escaped (fixture files, KIT-21) rather than refused. */
  constructor(private readonly escapeControls: boolean) {}

  /** The bytes written so far, as a copy of exactly that length. */
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  /** Makes room for `n` more bytes. */
  private reserve(n: number): void {
    const needed = this.pos + n;
    if (needed <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < needed) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buf.subarray(0, this.pos));
    this.buf = grown;
  }

  byte(b: number): void {
    this.reserve(1);
    this.buf[this.pos++] = b;
  }

  /** Writes `s`, whose characters are all ASCII (a literal or the digits of an integer). */
  ascii(s: string): void {
    const n = s.length;
    this.reserve(n);
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < n; i++) buf[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** LF and then the indentation of `depth` levels, two spaces each (KD-CANON-11). */
  newline(depth: number): void {
    const n = 1 + 2 * depth;
    this.reserve(n);
    const buf = this.buf;
    let p = this.pos;
    buf[p++] = LF;
    for (let i = 1; i < n; i++) buf[p++] = SPACE;
    this.pos = p;
  }

  /**
   * Writes `s` as a JSON string. Printable ASCII other than `"` and `\` needs no check
   * beyond being that; anything else takes the checked path. A short string (IDs, enum
   * tokens, keys) is checked and copied in one pass, and at the first other code unit the
   * partial copy is abandoned. A long one (a signature may have 16,384 bytes) is checked
   * with one regular expression and copied by the native encoder, which is several times
   * faster per character than a loop here.
   */
  string(s: string): void {
    const n = s.length;
    if (n > SHORT_STRING) {
      if (NEEDS_CARE.test(s)) {
        this.checkedString(s);
        return;
      }
      this.reserve(n + 2);
      this.buf[this.pos++] = QUOTE;
      this.pos += utf8Encoder.encodeInto(s, this.buf.subarray(this.pos)).written;
      this.buf[this.pos++] = QUOTE;
      return;
    }
    this.reserve(n + 2);
    const buf = this.buf;
    const start = this.pos;
    let p = start;
    buf[p++] = QUOTE;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) {
        this.checkedString(s);
        return;
      }
      buf[p++] = c;
    }
    buf[p++] = QUOTE;
    this.pos = p;
  }

  /** A string with escapes or non-ASCII characters: the full KD-CANON-08 checks, then the bytes. */
  private checkedString(s: string): void {
    const quoted = `"${checkedEscaped(s, this.escapeControls)}"`;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit (4 per surrogate pair).
    this.reserve(3 * quoted.length);
    this.pos += utf8Encoder.encodeInto(quoted, this.buf.subarray(this.pos)).written;
  }
}

/**
 * Writes `value` nested `depth` levels deep. `path[0..depth)` holds the containers being
 * written around it, to detect a cycle: records nest a few levels (a result at most 64,
 * KD-LIMIT-03), so scanning that short array costs less than adding every container to a
 * Set and deleting it again, and the recursion itself bounds the depth of any value.
 */
function emit(value: unknown, depth: number, out: ByteWriter, path: object[]): void {
  switch (typeof value) {
    case 'string':
      out.string(value);
      return;
    case 'number':
      out.ascii(encodeInteger(value));
      return;
    case 'boolean':
      out.ascii(value ? 'true' : 'false');
      return;
    case 'object':
      break;
    default:
      throw new TypeError(`canonical JSON: cannot encode a value of type ${typeof value}`);
  }
  if (value === null) {
    out.ascii('null');
    return;
  }
  for (let i = 0; i < depth; i++) if (path[i] === value) throw new TypeError('canonical JSON: cyclic value');
  path[depth] = value;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.ascii('[]');
      return;
    }
    out.byte(OPEN_ARRAY);
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.byte(COMMA);
      out.newline(depth + 1);
      emit(value[i], depth + 1, out, path);
    }
    out.newline(depth);
    out.byte(CLOSE_ARRAY);
    return;
  }
  if (!isPlainObject(value)) throw new TypeError('canonical JSON: cannot encode a non-plain object');
  const keys = Object.keys(value);
  if (keys.length === 0) {
    out.ascii('{}');
    return;
  }
  const sorted = sortedKeys(keys);
  out.byte(OPEN_OBJECT);
  for (let i = 0; i < sorted.length; i++) {
    const key = sorted[i] as string;
    if (i > 0) out.byte(COMMA);
    out.newline(depth + 1);
    out.string(key);
    out.byte(COLON);
    out.byte(SPACE);
    emit(value[key], depth + 1, out, path);
  }
  out.newline(depth);
  out.byte(CLOSE_OBJECT);
}

/**
 * Key orders already worked out, by the key list as Object.keys gives it, stored as a
 * trie over that list. The kit writes many records of one shape (up to 4,096 operation
 * rows of 17 fields each in a result), and sorting the same keys by UTF-8 bytes again for
 * every one of them took about a third of the time of encoding such a result. The sorted
 * order is a function of the key list alone, so the cache cannot change an output byte.
 * It is bounded in nodes and in key length so that arbitrary key sets cannot grow it
 * without limit; a list it does not hold is sorted directly.
 */
interface KeyOrderNode {
  next: Map<string, KeyOrderNode> | undefined;
  sorted: readonly string[] | undefined;
}

const MAX_KEY_ORDER_NODES = 4096;
const MAX_CACHED_KEY_LENGTH = 64;
const keyOrders: KeyOrderNode = { next: undefined, sorted: undefined };
let keyOrderNodes = 0;

/** `keys` in UTF-8 byte order (KD-CANON-05). The returned array must not be modified. */
function sortedKeys(keys: string[]): readonly string[] {
  let node = keyOrders;
  for (const key of keys) {
    let child = node.next?.get(key);
    if (child === undefined) {
      if (keyOrderNodes >= MAX_KEY_ORDER_NODES || key.length > MAX_CACHED_KEY_LENGTH) return keys.sort(compareUtf8);
      child = { next: undefined, sorted: undefined };
      (node.next ??= new Map()).set(key, child);
      keyOrderNodes += 1;
    }
    node = child;
  }
  node.sorted ??= [...keys].sort(compareUtf8);
  return node.sorted;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function encodeInteger(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new TypeError(`canonical JSON: ${n} is not an integer from 0 through 9007199254740991`);
  // -0 is not below zero and prints as "0", the one canonical spelling of zero.
  return String(n);
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NON_ASCII = /[^\u0000-\u007f]/;
const ESCAPED = /["\\]/g;
const ESCAPED_OR_CONTROL = /["\\\u0000-\u001f\u007f-\u009f]/g;

/** The JSON escape of `"`, `\` or a control character in a fixture file (KIT-21). */
function fixtureEscape(c: string): string {
  switch (c) {
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    case '"':
    case '\\':
      return `\\${c}`;
    default:
      return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }
}

/**
 * The body of a JSON string for `s` after the KD-CANON-08 checks, with `"` and `\` escaped
 * (KD-CANON-09); with `escapeControls` (fixture files, KIT-21) control characters are
 * escaped rather than refused.
 */
function checkedEscaped(s: string, escapeControls: boolean): string {
  const control = CONTROL.exec(s);
  if (control !== null && !escapeControls) {
    const code = (control[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    throw new TypeError(`canonical JSON: control character U+${code} in string ${quoteForMessage(s)}`);
  }
  if (LONE_SURROGATE.test(s)) throw new TypeError(`canonical JSON: lone surrogate in string ${quoteForMessage(s)}`);
  if (NON_ASCII.test(s) && s.normalize('NFC') !== s)
    throw new TypeError(`canonical JSON: string ${quoteForMessage(s)} is not NFC`);
  if (control !== null) return s.replace(ESCAPED_OR_CONTROL, fixtureEscape);
  return s.replace(ESCAPED, '\\$&');
}
