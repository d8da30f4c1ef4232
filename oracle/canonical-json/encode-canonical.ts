import { compareUtf8 } from './compare-utf8.js';
import type { JsonValue } from './json-value.js';
import { quoteForMessage } from './quote-for-message.js';

/**
 * The canonical JSON text of a top-level object (contract section "Canonical JSON"):
 * keys in UTF-8 byte order (KD-CANON-05), two-space indentation with one field or item
 * per line, `,` then LF, the closing token at the parent's indentation, one space after
 * `:`, `[]`/`{}` for empty containers (KD-CANON-11..13), only `"` and `\` escaped
 * (KD-CANON-09), and the one final LF (KD-CANON-02).
 *
 * Values the canonical profile cannot carry are faults of the kit, not data, so this
 * throws on: a top level that is not an object; a number that is not a non-negative safe
 * integer (KD-CANON-03, KD-CANON-10, KD-SCALAR-03); a string or key with a control
 * character (OQ-37 A: Cc), a lone surrogate, or not in NFC (KD-CANON-08); `undefined`,
 * functions, bigints, symbols, non-plain objects and cycles.
 */
export function encodeCanonicalText(value: JsonValue): string {
  if (!isPlainObject(value)) throw new TypeError('canonical JSON: the top level must be an object');
  const out: string[] = [];
  emit(value, 0, out, new Set<object>());
  out.push('\n');
  return out.join('');
}

const utf8 = new TextEncoder();

/** {@link encodeCanonicalText} as UTF-8 bytes, in one encoding pass. */
export function encodeCanonical(value: JsonValue): Uint8Array {
  return utf8.encode(encodeCanonicalText(value));
}

const indents: string[] = [''];

function indent(depth: number): string {
  let s = indents[depth];
  if (s === undefined) {
    for (let d = indents.length; d <= depth; d++) indents[d] = '  '.repeat(d);
    s = indents[depth] as string;
  }
  return s;
}

function emit(value: unknown, depth: number, out: string[], path: Set<object>): void {
  switch (typeof value) {
    case 'string':
      out.push(encodeString(value));
      return;
    case 'number':
      out.push(encodeInteger(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'object':
      break;
    default:
      throw new TypeError(`canonical JSON: cannot encode a value of type ${typeof value}`);
  }
  if (value === null) {
    out.push('null');
    return;
  }
  if (path.has(value)) throw new TypeError('canonical JSON: cyclic value');
  const inner = indent(depth + 1);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]');
      return;
    }
    path.add(value);
    out.push('[\n');
    for (let i = 0; i < value.length; i++) {
      out.push(inner);
      emit(value[i], depth + 1, out, path);
      out.push(i + 1 < value.length ? ',\n' : '\n');
    }
    out.push(indent(depth), ']');
    path.delete(value);
    return;
  }
  if (!isPlainObject(value)) throw new TypeError('canonical JSON: cannot encode a non-plain object');
  const keys = Object.keys(value);
  if (keys.length === 0) {
    out.push('{}');
    return;
  }
  keys.sort(compareUtf8);
  path.add(value);
  out.push('{\n');
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    out.push(inner, encodeString(key), ': ');
    emit(value[key], depth + 1, out, path);
    out.push(i + 1 < keys.length ? ',\n' : '\n');
  }
  out.push(indent(depth), '}');
  path.delete(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function encodeInteger(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`canonical JSON: ${n} is not an integer from 0 through 9007199254740991`);
  // -0 is not below zero and prints as "0", the one canonical spelling of zero.
  return String(n);
}

/** Anything other than printable ASCII without `"` and `\` takes the checked path. */
const NEEDS_CARE = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NON_ASCII = /[^\u0000-\u007f]/;
const ESCAPED = /["\\]/g;

function encodeString(s: string): string {
  if (!NEEDS_CARE.test(s)) return `"${s}"`;
  const control = CONTROL.exec(s);
  if (control !== null) {
    const code = (control[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    throw new TypeError(`canonical JSON: control character U+${code} in string ${quoteForMessage(s)}`);
  }
  if (LONE_SURROGATE.test(s)) throw new TypeError(`canonical JSON: lone surrogate in string ${quoteForMessage(s)}`);
  if (NON_ASCII.test(s) && s.normalize('NFC') !== s) throw new TypeError(`canonical JSON: string ${quoteForMessage(s)} is not NFC`);
  return `"${s.replace(ESCAPED, '\\$&')}"`;
}
