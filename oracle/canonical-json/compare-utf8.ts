/**
 * Order of two strings by their UTF-8 byte sequences, which the contract requires for
 * canonical key order (KD-CANON-05) and every byte-ordered array (KD-ORDER-*).
 *
 * UTF-8 byte order equals code point order. UTF-16 code-unit order (what `<` and
 * `Array.prototype.sort` use) differs from it only where a surrogate (a code point at or
 * above U+10000) meets a code unit in U+E000..U+FFFF: the surrogate sorts lower in UTF-16
 * but its code point, and so its UTF-8 bytes, sort higher. At the first differing code
 * unit this function moves U+E000..U+FFFF below the surrogate range, which gives code
 * point order without encoding or allocating anything.
 *
 * Defined for well-formed strings; the canonical profile has no other kind.
 *
 * @returns a negative number, zero or a positive number, like `Buffer.compare`.
 */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x < 0xe000 ? x + 0x2000 : x - 0x800;
      y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    }
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

/**
 * Number of bytes of the UTF-8 encoding of `s`, without encoding it. Scalar byte caps
 * count the decoded value's UTF-8 bytes (OQ-37 A). A lone surrogate counts 3 bytes, as
 * `TextEncoder` replaces it with U+FFFD.
 */
export function utf8Length(s: string): number {
  let bytes = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
