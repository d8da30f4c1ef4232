/**
 * A second, forgiving reading of bytes the canonical decoder rejected. The verifier
 * reports the canonical fault and then keeps checking the record on this reading, so a
 * provider learns every violation at once. It also tells whether the text only breaks
 * layout (OQ-03 reading B, the `lenient-layout` alternative) or breaks a rule a lenient
 * parser would silently hide: a duplicate key (JSON.parse keeps the last, KD-CANON-07) or
 * a number that is not a non-negative integer (KD-CANON-03, KD-CANON-10).
 */

/** Outcome of {@link parseLenient}. */
export type LenientParse =
  | { ok: false }
  | {
      ok: true;
      value: unknown;
      /** Byte offset of the opening quote of the first repeated key, if any. */
      duplicateKeyAt?: number;
      /** Byte offset of the first number that is not a non-negative integer, if any. */
      nonIntegerAt?: number;
    };

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses well-formed UTF-8 (a leading BOM dropped) as JSON, never throwing. */
export function parseLenient(bytes: Uint8Array): LenientParse {
  let text: string;
  let value: unknown;
  try {
    text = fatalUtf8.decode(bytes);
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  const scan = scanJsonText(text);
  const out: LenientParse = { ok: true, value };
  // Offsets are reported in bytes of the input: a dropped BOM is 3 bytes.
  const base = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (scan.duplicateKeyAt !== undefined)
    out.duplicateKeyAt = base + Buffer.byteLength(text.slice(0, scan.duplicateKeyAt));
  if (scan.nonIntegerAt !== undefined) out.nonIntegerAt = base + Buffer.byteLength(text.slice(0, scan.nonIntegerAt));
  return out;
}

/**
 * One pass over text already known to be JSON: tracks the key set of each open object
 * (an explicit stack, no recursion) and the characters of each number.
 */
function scanJsonText(text: string): { duplicateKeyAt?: number; nonIntegerAt?: number } {
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  let duplicateKeyAt: number | undefined;
  let nonIntegerAt: number | undefined;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 0x5b) {
      stack.push(null);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = stack[stack.length - 1] instanceof Set;
    } else if (c === 0x3a) {
      expectKey = false;
    } else if (c === 0x22) {
      let j = i + 1;
      while (j < n && text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top instanceof Set) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.has(key) && duplicateKeyAt === undefined) duplicateKeyAt = i;
        top.add(key);
        expectKey = false;
      }
      i = j;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i;
      for (; j < n; j++) {
        const d = text.charCodeAt(j);
        if (d === 0x2d || d === 0x2b || d === 0x2e || d === 0x65 || d === 0x45) nonIntegerAt ??= i;
        else if (d < 0x30 || d > 0x39) break;
      }
      i = j - 1;
    }
  }
  const out: { duplicateKeyAt?: number; nonIntegerAt?: number } = {};
  if (duplicateKeyAt !== undefined) out.duplicateKeyAt = duplicateKeyAt;
  if (nonIntegerAt !== undefined) out.nonIntegerAt = nonIntegerAt;
  return out;
}
