/**
 * OQ-03 reading B as the oracle runs it: request bytes that differ from a canonical encoding only in layout are
 * answered as that canonical request. Layout is what a lenient JSON parser forgets and the canonical encoder puts
 * back: whitespace between tokens (space, tab, LF, CR, so CRLF line ends and a missing or extra final LF too) and the
 * order of an object's members. Every token keeps its canonical spelling: a string only with the escapes `\"` and
 * `\\`, a number as a non-negative integer without leading zeros; and the bytes are UTF-8 without a byte order mark and
 * without a repeated key. Anything else the canonical decoder refuses stays refused under B (L361, L362 name those
 * failures).
 */
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import type { JsonObject, JsonValue } from '../canonical-json/json-value.js';

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The canonical encoding of `bytes` when they differ from it only in layout; undefined otherwise. */
export function canonicalLayoutOf(bytes: Uint8Array): Uint8Array | undefined {
  let text: string;
  try {
    text = fatalUtf8.decode(bytes);
  } catch {
    return undefined;
  }
  const reader = new LayoutReader(text);
  const value = reader.document();
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  let canonical: Uint8Array;
  try {
    canonical = encodeCanonical(value);
  } catch {
    return undefined;
  }
  return sameBytes(canonical, bytes) ? undefined : canonical;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);
}

/** A recursive reader of JSON text whose tokens are canonical; undefined for anything else. */
class LayoutReader {
  private i = 0;

  constructor(private readonly text: string) {}

  document(): JsonValue | undefined {
    const value = this.value(0);
    this.space();
    return this.i === this.text.length ? value : undefined;
  }

  private space(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.i);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.i += 1;
    }
  }

  private value(depth: number): JsonValue | undefined {
    // Far deeper than any request: the canonical decoder refuses depth over 3 (OQ-05 A).
    if (depth > 64) return undefined;
    this.space();
    const c = this.text[this.i];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    for (const [word, literal] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return literal;
      }
    }
    const number = /^(0|[1-9][0-9]*)/.exec(this.text.slice(this.i, this.i + 32));
    if (number === null) return undefined;
    const after = this.text[this.i + number[0].length];
    if (after !== undefined && /[0-9.eE+-]/.test(after)) return undefined;
    this.i += number[0].length;
    const n = Number(number[0]);
    return Number.isSafeInteger(n) ? n : undefined;
  }

  private string(): string | undefined {
    const start = this.i;
    let j = start + 1;
    for (;;) {
      const c = this.text.charCodeAt(j);
      if (Number.isNaN(c) || c < 0x20) return undefined;
      if (c === 0x22) break;
      if (c === 0x5c) {
        const next = this.text[j + 1];
        if (next !== '"' && next !== '\\') return undefined;
        j += 2;
        continue;
      }
      j += 1;
    }
    this.i = j + 1;
    return JSON.parse(this.text.slice(start, j + 1)) as string;
  }

  private array(depth: number): JsonValue[] | undefined {
    this.i += 1;
    const out: JsonValue[] = [];
    this.space();
    if (this.text[this.i] === ']') {
      this.i += 1;
      return out;
    }
    for (;;) {
      const item = this.value(depth + 1);
      if (item === undefined) return undefined;
      out.push(item);
      this.space();
      const c = this.text[this.i];
      this.i += 1;
      if (c === ']') return out;
      if (c !== ',') return undefined;
    }
  }

  private object(depth: number): JsonObject | undefined {
    this.i += 1;
    const out: JsonObject = {};
    const keys = new Set<string>();
    this.space();
    if (this.text[this.i] === '}') {
      this.i += 1;
      return out;
    }
    for (;;) {
      this.space();
      if (this.text[this.i] !== '"') return undefined;
      const key = this.string();
      if (key === undefined || keys.has(key)) return undefined;
      keys.add(key);
      this.space();
      if (this.text[this.i] !== ':') return undefined;
      this.i += 1;
      const item = this.value(depth + 1);
      if (item === undefined) return undefined;
      Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
      this.space();
      const c = this.text[this.i];
      this.i += 1;
      if (c === '}') return out;
      if (c !== ',') return undefined;
    }
  }
}
