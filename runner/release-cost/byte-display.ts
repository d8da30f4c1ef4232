/** How single bytes are shown in a hex dump of artifact bytes: hex and printable ASCII only, never raw. */

/** A byte as printable ASCII for a hex dump's text column; anything else is `.`. */
export function asciiOf(byte: number): string {
  return byte >= 0x20 && byte <= 0x7e ? String.fromCharCode(byte) : '.';
}

/** A byte as two lowercase hex digits. */
export function hex2(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}
