import { LIMITS } from '../limits.js';
import { violation, type Violation } from '../violation.js';
import { compareUtf8 } from './compare-utf8.js';
import { quoteForMessage } from './quote-for-message.js';
import type { JsonObject, JsonValue } from './json-value.js';

/**
 * Stable codes of the canonical decoder's rejections, with the clause each one reports.
 * The offset is always a byte offset into the examined bytes:
 *
 * | code | clause | offset |
 * |---|---|---|
 * | `size` | KD-LIMIT-02 (or `limitClause`) | `maxBytes`, the first byte past the cap |
 * | `bom` | KD-CANON-01 | 0 |
 * | `invalid-utf8` | KD-CANON-01 | first byte of the ill-formed sequence |
 * | `not-object` | KD-CANON-02 | 0 |
 * | `final-lf` | KD-CANON-02 | where the one final LF is missing, or the extra line end |
 * | `syntax` | KD-CANON-02 | the byte RFC 8259 forbids there, or the input length at a premature end |
 * | `trailing-data` | KD-CANON-03 | first byte after the object and its LF that is not a line end |
 * | `comment` | KD-CANON-03 | the `/` |
 * | `float` | KD-CANON-03 | the `.` |
 * | `exponent` | KD-CANON-03 | the `e` or `E` |
 * | `key-order` | KD-CANON-05 | opening quote of the key that is not above its predecessor |
 * | `duplicate-key` | KD-CANON-07 | opening quote of the repeated key |
 * | `control-character` | KD-CANON-08 | first byte of the control character (OQ-37 A: Cc) |
 * | `not-nfc` | KD-CANON-08 | opening quote of the string (key or value) |
 * | `escape` | KD-CANON-09 | the backslash of an escape other than `\"` and `\\` |
 * | `sign` | KD-CANON-10 | the `-` or `+` |
 * | `leading-zero` | KD-CANON-10 | first byte of the number |
 * | `literal-case` | KD-CANON-10 | first byte of a `true`/`false`/`null` spelled in another case |
 * | `layout` | KD-CANON-02, -11, -12 or -13 | first byte that differs from the canonical layout |
 * | `integer-range` | KD-SCALAR-03 | first byte of the number |
 * | `depth` | KD-LIMIT-02 (or `limitClause`) | the `{` or `[` that opens the level past `maxDepth` |
 *
 * The decoder stops at the first fault met scanning left to right, so a document whose
 * layout deviates before its keys go out of order reports `layout`. Within one string the
 * byte-level faults (`escape`, `control-character`, `invalid-utf8`) are found while
 * scanning it, NFC only once the whole string is known; within one number `leading-zero`
 * and `integer-range` are found before the `.` or exponent that follows the digits.
 */
export type CanonicalViolationCode =
  | 'size'
  | 'bom'
  | 'invalid-utf8'
  | 'not-object'
  | 'final-lf'
  | 'syntax'
  | 'trailing-data'
  | 'comment'
  | 'float'
  | 'exponent'
  | 'key-order'
  | 'duplicate-key'
  | 'control-character'
  | 'not-nfc'
  | 'escape'
  | 'sign'
  | 'leading-zero'
  | 'literal-case'
  | 'layout'
  | 'integer-range'
  | 'depth';

/** Options of {@link decodeCanonical}. */
export interface DecodeCanonicalOptions {
  /** Byte cap over the whole input including the final LF; default 65,536 (KD-LIMIT-02, OQ-04 A). */
  maxBytes?: number;
  /** Depth cap, every object and array one level, the top level 1; default 16 (KD-LIMIT-02, OQ-05 A). */
  maxDepth?: number;
  /** Clause reported for `size` and `depth`; default `KD-LIMIT-02`, use `KD-LIMIT-03` for results. */
  limitClause?: string;
}

/** Outcome of {@link decodeCanonical}: the decoded top-level object, or the first violation. */
export type DecodeCanonicalResult = { ok: true; value: JsonObject } | { ok: false; violation: Violation };

/**
 * Decodes bytes that must be exactly the canonical JSON encoding of one object (contract
 * section "Canonical JSON", KD-CANON-01..13, under OQ-03 A: any deviation rejects). A
 * single strict pass over the bytes: UTF-8 is validated here rather than by a lenient text
 * decoder, duplicate keys and key order are checked on the decoded keys before any object
 * is built (KD-CANON-07), and the byte cap is checked on `bytes.length` before any other
 * work (KD-LIMIT-02, KD-LIMIT-08). Never throws; the work is linear in the input and the
 * stack is bounded by `maxDepth` frames held in an array, not by recursion.
 *
 * See {@link CanonicalViolationCode} for the rejection codes, clauses and offsets.
 */
export function decodeCanonical(bytes: Uint8Array, options: DecodeCanonicalOptions = {}): DecodeCanonicalResult {
  const maxBytes = options.maxBytes ?? LIMITS.requestBytes;
  const maxDepth = options.maxDepth ?? LIMITS.requestDepth;
  const limitClause = options.limitClause ?? 'KD-LIMIT-02';
  // KD-LIMIT-08: the cap is decided on the length alone, before anything is read; a NaN
  // cap refuses everything rather than nothing.
  if (!(bytes.length <= maxBytes)) {
    return {
      ok: false,
      violation: violation('size', limitClause, `input of ${bytes.length} bytes exceeds the cap of ${maxBytes} bytes`, {
        offset: maxBytes,
        expected: `at most ${maxBytes} bytes`,
        actual: `${bytes.length} bytes`,
      }),
    };
  }
  const decoder = new CanonicalDecoder(bytes, maxDepth, limitClause);
  const value = decoder.run();
  if (value === undefined) return { ok: false, violation: decoder.failure ?? internalFailure() };
  return { ok: true, value };
}

function internalFailure(): Violation {
  // Unreachable by construction: every failing path records its violation.
  return violation('syntax', 'KD-CANON-02', 'the input was rejected');
}

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22;
const PLUS = 0x2b;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const SLASH = 0x2f;
const ZERO = 0x30;
const NINE = 0x39;
const COLON = 0x3a;
const LBRACKET = 0x5b;
const BACKSLASH = 0x5c;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;

/** Bytes that may start a JSON value (RFC 8259), used only to name a fault once found. */
const VALUE_START = '{["-0123456789tfn';

/**
 * The non-whitespace bytes RFC 8259 allows at a point. A byte that differs from the
 * canonical layout is a `layout` fault when plain JSON would allow it there, a `syntax`
 * fault otherwise.
 */
const ALLOW = {
  objectOpen: '"}',
  arrayOpen: `${VALUE_START}]`,
  objectComma: '"',
  arrayComma: VALUE_START,
  afterKey: ':',
  afterColon: VALUE_START,
  objectAfterValue: ',}',
  arrayAfterValue: ',]',
} as const;

const MAX_U53 = LIMITS.u53Max;

/**
 * Strings are decoded only after validation, so replacement never happens; ignoreBOM keeps a leading U+FEFF in a value.
 */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** What reading a value at a value position gave. */
const enum Scan {
  failed,
  value,
  opened,
}

interface Frame {
  readonly isObject: boolean;
  readonly keys: string[];
  readonly values: JsonValue[];
}

class CanonicalDecoder {
  failure: Violation | undefined;
  private p = 0;
  /** The value the last `Scan.value` read. */
  private scanned: JsonValue = null;
  private readonly len: number;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly maxDepth: number,
    private readonly limitClause: string,
  ) {
    this.len = bytes.length;
  }

  run(): JsonObject | undefined {
    const bytes = this.bytes;
    if (this.len >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      return this.fail('bom', 'KD-CANON-01', 0, 'byte order mark at byte 0; canonical bytes are UTF-8 without a BOM');
    }
    const first = bytes[0];
    if (first !== LBRACE) {
      if (first === undefined)
        return this.fail('not-object', 'KD-CANON-02', 0, 'empty input: expected one JSON object at byte 0');
      if (VALUE_START.includes(String.fromCharCode(first))) {
        return this.fail(
          'not-object',
          'KD-CANON-02',
          0,
          `top-level value at byte 0 is not an object; found ${describeByte(first)}`,
          {
            expected: '"{"',
            actual: describeByte(first),
          },
        );
      }
      return this.mismatch(0, '', 'KD-CANON-02', '"{" at byte 0');
    }
    const top = this.parse();
    if (top === undefined) return undefined;
    return this.finish() ? top : undefined;
  }

  /** The closing part of KD-CANON-02/03: the object, exactly one LF, nothing after. */
  private finish(): boolean {
    const bytes = this.bytes;
    let p = this.p;
    const c = bytes[p];
    if (c === undefined) {
      this.fail('final-lf', 'KD-CANON-02', p, `missing final LF at byte ${p}`, {
        expected: 'LF',
        actual: 'end of input',
      });
      return false;
    }
    if (c !== LF) {
      if (c === CR)
        this.fail('final-lf', 'KD-CANON-02', p, `CR at byte ${p}; the object ends with exactly one LF`, lineEnd(c));
      else if (c === SLASH) this.comment(p);
      else
        this.fail(
          'trailing-data',
          'KD-CANON-03',
          p,
          `trailing data at byte ${p} after the object; expected LF`,
          lineEnd(c),
        );
      return false;
    }
    p++;
    const d = bytes[p];
    if (d === undefined) return true;
    if (d === LF || d === CR)
      this.fail(
        'final-lf',
        'KD-CANON-02',
        p,
        `extra line end at byte ${p}; the object ends with exactly one LF`,
        afterEnd(d),
      );
    else if (d === SLASH) this.comment(p);
    else this.fail('trailing-data', 'KD-CANON-03', p, `trailing data at byte ${p} after the final LF`, afterEnd(d));
    return false;
  }

  /**
   * The canonical grammar, iteratively: a value at `p`, then for each open container
   * either `,` LF and the next item at the item indentation, or LF and the closing token
   * at the parent's indentation (KD-CANON-11..13). Objects are built only at their closing
   * brace, after every key was checked (KD-CANON-07).
   */
  private parse(): JsonObject | undefined {
    const stack: Frame[] = [];
    // What whitespace at a value position violates: the top level (KD-CANON-02), the one
    // space after ":" (KD-CANON-13), or the item indentation (KD-CANON-12).
    let valueClause = 'KD-CANON-02';
    for (;;) {
      const scanned = this.value(stack, valueClause);
      if (scanned === Scan.failed) return undefined;
      if (scanned === Scan.value) {
        const attached = this.attach(stack, this.scanned);
        if (attached !== Scan.opened) return attached;
      }
      // A container was opened, or a `,` LF began its next item.
      valueClause = (stack[stack.length - 1] as Frame).isObject ? 'KD-CANON-13' : 'KD-CANON-12';
    }
  }

  /**
   * Reads the value at `p`: a scalar or an empty container (kept in `scanned`), or the opening of a container with
   * items, pushed on `stack` with its first item's start read.
   */
  private value(stack: Frame[], valueClause: string): Scan {
    const p = this.p;
    const b = this.bytes[p];
    if (b === LBRACE || b === LBRACKET) return this.open(stack, p, b === LBRACE);
    let value: JsonValue | undefined;
    if (b === QUOTE) value = this.string(p);
    else if (b !== undefined && b >= ZERO && b <= NINE) value = this.number(p);
    else if (b !== undefined && isLiteralStart(b)) {
      const lit = this.literal(p);
      if (lit === undefined) return Scan.failed;
      value = lit.value;
    } else return this.valueMismatch(p, valueClause) ?? Scan.failed;
    if (value === undefined) return Scan.failed;
    this.scanned = value;
    return Scan.value;
  }

  /** `{` or `[` at `p`: within the depth cap, then either its closer (empty) or LF and its first item. */
  private open(stack: Frame[], p: number, isObject: boolean): Scan {
    // Written so that a NaN cap refuses rather than admits.
    if (!(stack.length + 1 <= this.maxDepth)) {
      this.fail('depth', this.limitClause, p, `nesting at byte ${p} exceeds the depth cap of ${this.maxDepth}`, {
        expected: `depth at most ${this.maxDepth}`,
        actual: `depth ${stack.length + 1}`,
      });
      return Scan.failed;
    }
    const closer = isObject ? RBRACE : RBRACKET;
    const next = this.bytes[p + 1];
    if (next === closer) {
      this.scanned = isObject ? {} : [];
      this.p = p + 2;
      return Scan.value;
    }
    if (next !== LF) return this.openMismatch(p + 1, isObject) ?? Scan.failed;
    const frame: Frame = { isObject, keys: [], values: [] };
    stack.push(frame);
    this.p = p + 2;
    return this.itemStart(frame, stack.length, true) ? Scan.opened : Scan.failed;
  }

  /**
   * Attaches a finished value to its container, closing every container that ends right after it: the top-level
   * object when the last one closed, `Scan.opened` when a `,` LF began the next item, undefined on a fault.
   */
  private attach(stack: Frame[], finished: JsonValue): JsonObject | Scan.opened | undefined {
    const bytes = this.bytes;
    let value = finished;
    for (;;) {
      const frame = stack[stack.length - 1];
      // Only the top-level object reaches here with no frame; run() made sure it starts with "{".
      if (frame === undefined) return value as JsonObject;
      frame.values.push(value);
      const allow = frame.isObject ? ALLOW.objectAfterValue : ALLOW.arrayAfterValue;
      const q = this.p;
      const c = bytes[q];
      if (c === COMMA) {
        if (bytes[q + 1] !== LF) {
          return this.mismatch(
            q + 1,
            frame.isObject ? ALLOW.objectComma : ALLOW.arrayComma,
            'KD-CANON-13',
            'LF right after ","',
          );
        }
        this.p = q + 2;
        return this.itemStart(frame, stack.length, false) ? Scan.opened : undefined;
      }
      if (c !== LF) return this.mismatch(q, allow, 'KD-CANON-13', '"," or LF right after the value');
      if (!this.closeAt(q + 1, frame, stack.length - 1, allow)) return undefined;
      stack.pop();
      value = frame.isObject ? buildObject(frame.keys, frame.values) : frame.values;
    }
  }

  /** The closing token of `frame` at `r`, at the parent's indentation (KD-CANON-13); `p` moves past it. */
  private closeAt(r: number, frame: Frame, parentDepth: number, allow: string): boolean {
    const bytes = this.bytes;
    const closer = frame.isObject ? RBRACE : RBRACKET;
    const want = 2 * parentDepth;
    for (let k = 0; k < want; k++, r++) {
      if (bytes[r] !== SPACE) {
        this.mismatch(r, allow, 'KD-CANON-13', `${want} spaces before the closing token`);
        return false;
      }
    }
    if (bytes[r] !== closer) {
      this.mismatch(r, allow, 'KD-CANON-13', `${frame.isObject ? '"}"' : '"]"'} at indentation ${want}`);
      return false;
    }
    this.p = r + 1;
    return true;
  }

  /**
   * After `{` LF, `[` LF or `,` LF: exactly the item indentation, then for an object
   * member the key, `:` and one space (KD-CANON-12, KD-CANON-13), with the key checked
   * against its predecessors (KD-CANON-05, KD-CANON-07).
   */
  private itemStart(frame: Frame, depth: number, first: boolean): boolean {
    const bytes = this.bytes;
    const want = 2 * depth;
    const allow = first
      ? frame.isObject
        ? ALLOW.objectOpen
        : ALLOW.arrayOpen
      : frame.isObject
        ? ALLOW.objectComma
        : ALLOW.arrayComma;
    const closer = frame.isObject ? RBRACE : RBRACKET;
    let p = this.p;
    for (let k = 0; k < want; k++, p++) {
      if (bytes[p] !== SPACE) {
        this.indentMismatch(p, allow, first, closer, want);
        return false;
      }
    }
    const c = bytes[p];
    if (c === SPACE || (first && c === closer)) {
      this.indentMismatch(p, allow, first, closer, want);
      return false;
    }
    this.p = p;
    if (!frame.isObject) return true;

    if (c !== QUOTE) {
      this.mismatch(p, allow, 'KD-CANON-12', 'a key');
      return false;
    }
    const key = this.string(p);
    if (key === undefined) return false;
    const keys = frame.keys;
    const last = keys[keys.length - 1];
    if (last !== undefined && compareUtf8(last, key) >= 0) {
      if (containsSorted(keys, key)) {
        this.fail('duplicate-key', 'KD-CANON-07', p, `duplicate key ${quoteForMessage(key)} at byte ${p}`, {
          expected: 'keys unique within the object',
          actual: quoteForMessage(key),
        });
      } else {
        this.fail(
          'key-order',
          'KD-CANON-05',
          p,
          `key ${quoteForMessage(key)} at byte ${p} is not after ${quoteForMessage(last)} in UTF-8 byte order`,
          {
            expected: `a key after ${quoteForMessage(last)}`,
            actual: quoteForMessage(key),
          },
        );
      }
      return false;
    }
    keys.push(key);
    p = this.p;
    if (bytes[p] !== COLON) {
      this.mismatch(p, ALLOW.afterKey, 'KD-CANON-13', '":" right after the key');
      return false;
    }
    if (bytes[p + 1] !== SPACE) {
      this.mismatch(p + 1, ALLOW.afterColon, 'KD-CANON-13', 'exactly one space after ":"');
      return false;
    }
    this.p = p + 2;
    return true;
  }

  /** A fault in an item's indentation; an empty container spelled over lines breaks KD-CANON-11. */
  private indentMismatch(p: number, allow: string, first: boolean, closer: number, want: number): undefined {
    if (first && this.closerAfterWhitespace(p, closer)) {
      return this.mismatch(
        p,
        allow,
        'KD-CANON-11',
        `an empty ${closer === RBRACE ? 'object as "{}"' : 'array as "[]"'}`,
      );
    }
    return this.mismatch(p, allow, 'KD-CANON-12', `${want} spaces of indentation`);
  }

  /** Right after `{` or `[` only the closer (empty, KD-CANON-11) or LF (KD-CANON-12) may follow. */
  private openMismatch(p: number, isObject: boolean): undefined {
    const closer = isObject ? RBRACE : RBRACKET;
    const allow = isObject ? ALLOW.objectOpen : ALLOW.arrayOpen;
    const expected = `LF or ${isObject ? '"}"' : '"]"'} right after ${isObject ? '"{"' : '"["'}`;
    if (this.closerAfterWhitespace(p, closer)) return this.mismatch(p, allow, 'KD-CANON-11', expected);
    return this.mismatch(p, allow, 'KD-CANON-12', expected);
  }

  /** Whether only JSON whitespace separates `p` from `closer`; used to name the clause, never to accept. */
  private closerAfterWhitespace(p: number, closer: number): boolean {
    const bytes = this.bytes;
    for (let i = p; i < this.len; i++) {
      const c = bytes[i];
      if (c === closer) return true;
      if (c !== SPACE && c !== LF && c !== CR && c !== TAB) return false;
    }
    return false;
  }

  /** A string token at `start` (its opening quote); sets `p` past the closing quote. */
  private string(start: number): string | undefined {
    const bytes = this.bytes;
    const len = this.len;
    let i = start + 1;
    let escapes = 0;
    let ascii = true;
    for (;;) {
      if (i >= len) return this.unterminated(start);
      const c = bytes[i] as number;
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        const d = bytes[i + 1];
        if (d === QUOTE || d === BACKSLASH) {
          escapes++;
          i += 2;
          continue;
        }
        if (d === undefined) return this.unterminated(start);
        // KD-CANON-09: \uXXXX, \/, \n and the rest are not canonical, even when valid JSON.
        return this.fail(
          'escape',
          'KD-CANON-09',
          i,
          `escape \\${printableByte(d)} at byte ${i}; only \\" and \\\\ are canonical`,
          {
            expected: '\\" or \\\\',
            actual: `\\${printableByte(d)}`,
          },
        );
      }
      if (c < 0x80) {
        if (c < 0x20 || c === 0x7f) return this.controlCharacter(i, c);
        i++;
        continue;
      }
      ascii = false;
      const n = utf8SequenceLength(bytes, i, len);
      if (n < 0) return this.invalidUtf8(i);
      // U+0080..U+009F (C2 80..C2 9F) are Cc too (OQ-37 A).
      if (c === 0xc2 && (bytes[i + 1] as number) < 0xa0)
        return this.controlCharacter(i, ((c & 0x1f) << 6) | ((bytes[i + 1] as number) & 0x3f));
      i += n;
    }
    this.p = i + 1;
    const s =
      escapes === 0 ? decodeSpan(bytes, start + 1, i, ascii) : decodeUnescaped(bytes, start + 1, i, escapes, ascii);
    // KD-CANON-08: reject, never normalize (OQ-37 A). ASCII is always NFC.
    if (!ascii && s.normalize('NFC') !== s) {
      return this.fail(
        'not-nfc',
        'KD-CANON-08',
        start,
        `string at byte ${start} is not in Unicode normalization form C`,
        {
          expected: 'NFC',
          actual: quoteForMessage(s),
        },
      );
    }
    return s;
  }

  /** An integer at `start` (a digit); sets `p` past it (KD-CANON-03, KD-CANON-10, KD-SCALAR-03). */
  private number(start: number): number | undefined {
    const bytes = this.bytes;
    let i = start;
    let v = 0;
    if (bytes[i] === ZERO) {
      i++;
      const d = bytes[i];
      if (d !== undefined && d >= ZERO && d <= NINE) {
        return this.fail('leading-zero', 'KD-CANON-10', start, `number at byte ${start} has a leading zero`, {
          expected: 'no leading zero',
          actual: 'leading zero',
        });
      }
    } else {
      for (;;) {
        const d = bytes[i];
        if (d === undefined || d < ZERO || d > NINE) break;
        // Exact while v <= 2^53 - 1; a product above it rounds to at least 2^53, so the test stays right.
        v = v * 10 + (d - ZERO);
        if (v > MAX_U53) {
          return this.fail(
            'integer-range',
            'KD-SCALAR-03',
            start,
            `integer at byte ${start} exceeds 9007199254740991`,
            {
              expected: 'an integer from 0 through 9007199254740991',
              actual: 'a larger integer',
            },
          );
        }
        i++;
      }
    }
    const c = bytes[i];
    if (c === DOT)
      return this.fail('float', 'KD-CANON-03', i, `fraction at byte ${i}; canonical numbers are integers`, {
        expected: 'an integer',
        actual: '"."',
      });
    if (c === 0x65 || c === 0x45) {
      return this.fail('exponent', 'KD-CANON-03', i, `exponent at byte ${i}; canonical numbers have no exponent`, {
        expected: 'an integer',
        actual: describeByte(c),
      });
    }
    this.p = i;
    return v;
  }

  /** `true`, `false` or `null`, lowercase only (KD-CANON-10). */
  private literal(p: number): { value: boolean | null } | undefined {
    const bytes = this.bytes;
    const lower = (bytes[p] as number) | 0x20;
    const word = lower === 0x74 ? 'true' : lower === 0x66 ? 'false' : 'null';
    let exact = true;
    for (let k = 0; k < word.length; k++) {
      const c = bytes[p + k];
      const w = word.charCodeAt(k);
      if (c === w) continue;
      if (c !== undefined && (c | 0x20) === w) {
        exact = false;
        continue;
      }
      return this.valueSyntax(p);
    }
    if (!exact) {
      return this.fail('literal-case', 'KD-CANON-10', p, `literal at byte ${p} is not lowercase ${word}`, {
        expected: word,
        actual: `${word} in another case`,
      });
    }
    this.p = p + word.length;
    return { value: word === 'true' ? true : word === 'false' ? false : null };
  }

  /** A byte that cannot start a value where one is due. */
  private valueMismatch(p: number, whitespaceClause: string): undefined {
    const c = this.bytes[p];
    if (c === MINUS || c === PLUS) {
      return this.fail('sign', 'KD-CANON-10', p, `signed number at byte ${p}; canonical integers have no sign`, {
        expected: 'an unsigned integer',
        actual: describeByte(c),
      });
    }
    if (c === DOT)
      return this.fail('float', 'KD-CANON-03', p, `fraction at byte ${p}; canonical numbers are integers`, {
        expected: 'an integer',
        actual: '"."',
      });
    return this.mismatch(p, VALUE_START, whitespaceClause, 'a value');
  }

  private valueSyntax(p: number): undefined {
    const c = this.bytes[p];
    return this.fail('syntax', 'KD-CANON-02', p, `unexpected ${describeByte(c)} at byte ${p}; expected a value`, {
      expected: 'a value',
      actual: describeByte(c),
    });
  }

  /**
   * Names a byte that differs from the canonical layout: `comment` for `/`, `layout` when
   * plain JSON would allow the byte (whitespace or a token in `allow`), `invalid-utf8` for an
   * ill-formed sequence, `syntax` for anything else and for a premature end.
   */
  private mismatch(p: number, allow: string, layoutClause: string, expected: string): undefined {
    const c = this.bytes[p];
    if (c === undefined) {
      return this.fail('syntax', 'KD-CANON-02', p, `unexpected end of input at byte ${p}; expected ${expected}`, {
        expected,
        actual: 'end of input',
      });
    }
    if (c === SLASH) return this.comment(p);
    if (c === SPACE || c === LF || c === CR || c === TAB || (c < 0x80 && allow.includes(String.fromCharCode(c)))) {
      return this.fail(
        'layout',
        layoutClause,
        p,
        `non-canonical layout at byte ${p}: expected ${expected}, found ${describeByte(c)}`,
        {
          expected,
          actual: describeByte(c),
        },
      );
    }
    if (c >= 0x80 && utf8SequenceLength(this.bytes, p, this.len) < 0) return this.invalidUtf8(p);
    return this.fail('syntax', 'KD-CANON-02', p, `unexpected ${describeByte(c)} at byte ${p}; expected ${expected}`, {
      expected,
      actual: describeByte(c),
    });
  }

  private unterminated(start: number): undefined {
    return this.fail(
      'syntax',
      'KD-CANON-02',
      this.len,
      `input ends at byte ${this.len} inside the string that starts at byte ${start}`,
      {
        expected: 'a closing quote',
        actual: 'end of input',
      },
    );
  }

  private comment(p: number): undefined {
    return this.fail('comment', 'KD-CANON-03', p, `comment at byte ${p}; canonical JSON has no comments`, {
      expected: 'no comment',
      actual: '"/"',
    });
  }

  private controlCharacter(p: number, codePoint: number): undefined {
    const name = `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
    return this.fail('control-character', 'KD-CANON-08', p, `control character ${name} at byte ${p} in a string`, {
      expected: 'no control character',
      actual: name,
    });
  }

  private invalidUtf8(p: number): undefined {
    return this.fail('invalid-utf8', 'KD-CANON-01', p, `ill-formed UTF-8 at byte ${p}`, {
      expected: 'well-formed UTF-8',
      actual: describeByte(this.bytes[p]),
    });
  }

  private fail(
    code: CanonicalViolationCode,
    clause: string,
    offset: number,
    message: string,
    where: { expected?: string; actual?: string } = {},
  ): undefined {
    this.failure = violation(code, clause, message, { offset, ...where });
    return undefined;
  }
}

function isLiteralStart(b: number): boolean {
  const lower = b | 0x20;
  return (lower === 0x74 || lower === 0x66 || lower === 0x6e) && (b & 0xc0) === 0x40;
}

/**
 * Length of the well-formed UTF-8 sequence at `i` (Unicode Table 3-7), or -1: stray
 * continuation bytes, overlong forms (C0, C1, E0 80..9F, F0 80..8F), encoded surrogates
 * (ED A0..BF), code points above U+10FFFF (F4 90.., F5..FF) and truncated sequences.
 */
function utf8SequenceLength(bytes: Uint8Array, i: number, len: number): number {
  const c = bytes[i] as number;
  if (c < 0x80) return 1;
  if (c < 0xc2) return -1;
  const c1 = i + 1 < len ? (bytes[i + 1] as number) : 0;
  if (c < 0xe0) return (c1 & 0xc0) === 0x80 ? 2 : -1;
  const c2 = i + 2 < len ? (bytes[i + 2] as number) : 0;
  if (c < 0xf0) {
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return c1 >= lo && c1 <= hi && (c2 & 0xc0) === 0x80 ? 3 : -1;
  }
  if (c < 0xf5) {
    const c3 = i + 3 < len ? (bytes[i + 3] as number) : 0;
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return c1 >= lo && c1 <= hi && (c2 & 0xc0) === 0x80 && (c3 & 0xc0) === 0x80 ? 4 : -1;
  }
  return -1;
}

/** Short ASCII strings decode without a TextDecoder call; the spread limit keeps apply() safe. */
const APPLY_LIMIT = 1024;

function decodeSpan(bytes: Uint8Array, from: number, to: number, ascii: boolean): string {
  if (ascii && to - from <= APPLY_LIMIT) {
    return String.fromCharCode.apply(null, bytes.subarray(from, to) as unknown as number[]);
  }
  return utf8.decode(bytes.subarray(from, to));
}

/** Copies the string body without the backslash of each `\"` or `\\`, then decodes once. */
function decodeUnescaped(bytes: Uint8Array, from: number, to: number, escapes: number, ascii: boolean): string {
  const out = new Uint8Array(to - from - escapes);
  let o = 0;
  for (let i = from; i < to; i++) {
    const c = bytes[i] as number;
    if (c === BACKSLASH) {
      i++;
      out[o++] = bytes[i] as number;
    } else out[o++] = c;
  }
  return decodeSpan(out, 0, o, ascii);
}

/** Whether `key` is among the strictly increasing `keys` (binary search by UTF-8 bytes). */
function containsSorted(keys: readonly string[], key: string): boolean {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const cmp = compareUtf8(keys[mid] as string, key);
    if (cmp === 0) return true;
    if (cmp < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** Builds the object once its keys are known unique; `__proto__` becomes an own data property. */
function buildObject(keys: readonly string[], values: readonly JsonValue[]): JsonObject {
  const o: JsonObject = {};
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    const v = values[i] as JsonValue;
    if (k === '__proto__')
      Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
    else o[k] = v;
  }
  return o;
}

function lineEnd(c: number): { expected: string; actual: string } {
  return { expected: 'LF', actual: describeByte(c) };
}

function afterEnd(c: number): { expected: string; actual: string } {
  return { expected: 'end of input', actual: describeByte(c) };
}

const BYTE_NAMES: Record<number, string> = { 0x09: 'TAB', 0x0a: 'LF', 0x0d: 'CR', 0x20: 'space' };

/** A byte for a message: printable ASCII quoted, anything else as hex; never the raw byte. */
function describeByte(c: number | undefined): string {
  if (c === undefined) return 'end of input';
  const hex = `0x${c.toString(16).toUpperCase().padStart(2, '0')}`;
  const name = BYTE_NAMES[c];
  if (name !== undefined) return `${name} (${hex})`;
  if (c > 0x20 && c < 0x7f) return `'${String.fromCharCode(c)}' (${hex})`;
  return hex;
}

function printableByte(c: number): string {
  return c > 0x20 && c < 0x7f ? String.fromCharCode(c) : `x${c.toString(16).toUpperCase().padStart(2, '0')}`;
}
