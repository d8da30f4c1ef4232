/**
 * The extra fields of a zip entry's central or local header (APPNOTE 4.5: blocks of a header id, a data size and the
 * data) as header fields of their own, each decoded where the kit knows its layout, so a comparison and a cause hint
 * show `mtime 2023-11-14T22:13:20Z (1700000000)` rather than the bytes that hold it. The layouts are those of
 * Info-ZIP's extrafld.txt and APPNOTE 4.5.5:
 *
 * - `UT` (0x5455, extended timestamp): a flags byte, then the modification, access and creation times the flags
 *   name, each a signed 32-bit Unix time (a central header carries the modification time only);
 * - `NTFS` (0x000a): four reserved bytes, then attributes; attribute 1 holds the modification, access and creation
 *   times as 64-bit Windows FILETIMEs (100 ns since 1601-01-01 UTC);
 * - `UX` (0x5855, the old Info-ZIP Unix field): access and modification times, then (local header only) uid and gid;
 * - `Ux` (0x7855, Info-ZIP Unix): uid and gid of 16 bits (local header only);
 * - `ux` (0x7875, Info-ZIP new Unix): a version, then uid and gid, each with its own size.
 *
 * Any other field, and what a known layout leaves over, is shown in hex. Every field is kept: two headers whose
 * fields decode alike hold the same bytes.
 */

/** The name of each extra field the kit decodes, by header id. */
export const EXTRA_FIELD_NAMES: ReadonlyMap<number, string> = new Map([
  [0x5455, 'UT'],
  [0x000a, 'NTFS'],
  [0x5855, 'UX'],
  [0x7855, 'Ux'],
  [0x7875, 'ux'],
]);

/** Seconds from 1601-01-01 (the FILETIME epoch) to 1970-01-01. */
const FILETIME_EPOCH_OFFSET = 11_644_473_600n;
const FILETIME_TICKS = 10_000_000n;

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');
}

/** A Unix time as `2023-11-14T22:13:20Z (1700000000)`. */
export function unixTimeText(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')} (${seconds})`;
}

/** A FILETIME as an ISO 8601 time with its seven decimal places, `2023-11-14T22:13:20.0000000Z`. */
function fileTimeText(ticks: bigint): string {
  const seconds = ticks / FILETIME_TICKS - FILETIME_EPOCH_OFFSET;
  const fraction = String(ticks % FILETIME_TICKS).padStart(7, '0');
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
}

/** Reads `data` front to back: each read past its end gives undefined, and `rest` says what was left over. */
class Cursor {
  at = 0;
  constructor(private readonly data: Buffer) {}
  u8(): number | undefined {
    return this.at + 1 <= this.data.length ? this.data.readUInt8(this.at++) : undefined;
  }
  u16(): number | undefined {
    if (this.at + 2 > this.data.length) return undefined;
    this.at += 2;
    return this.data.readUInt16LE(this.at - 2);
  }
  i32(): number | undefined {
    if (this.at + 4 > this.data.length) return undefined;
    this.at += 4;
    return this.data.readInt32LE(this.at - 4);
  }
  u64(): bigint | undefined {
    if (this.at + 8 > this.data.length) return undefined;
    this.at += 8;
    return this.data.readBigUInt64LE(this.at - 8);
  }
  /** An unsigned little-endian integer of `size` bytes. */
  uint(size: number): bigint | undefined {
    if (this.at + size > this.data.length) return undefined;
    let v = 0n;
    for (let i = size - 1; i >= 0; i--) v = (v << 8n) | BigInt(this.data[this.at + i] ?? 0);
    this.at += size;
    return v;
  }
  /** `parts`, then the bytes no part read, in hex. */
  done(parts: string[]): string {
    const rest = this.data.subarray(this.at);
    if (rest.length > 0) parts.push(`${rest.length} more byte${rest.length === 1 ? '' : 's'} ${hex(rest)}`);
    return parts.length === 0 ? '(no data)' : parts.join(', ');
  }
}

/** The extended timestamp (0x5455). */
function extendedTimestamp(c: Cursor): string {
  const flags = c.u8();
  if (flags === undefined) return c.done([]);
  const parts = [`flags 0x${flags.toString(16).padStart(2, '0')}`];
  for (const [bit, name] of [
    [1, 'mtime'],
    [2, 'atime'],
    [4, 'ctime'],
  ] as const) {
    if ((flags & bit) === 0) continue;
    const t = c.i32();
    // A central header names in its flags the times of the local one but carries the modification time only.
    if (t === undefined) break;
    parts.push(`${name} ${unixTimeText(t)}`);
  }
  return c.done(parts);
}

/** The NTFS field (0x000a): its reserved bytes, then each attribute; attribute 1 is the three FILETIMEs. */
function ntfsTimes(c: Cursor, data: Buffer): string {
  const parts: string[] = [];
  const reserved = data.subarray(0, 4);
  if (c.uint(4) === undefined) return c.done(parts);
  if (reserved.some((b) => b !== 0)) parts.push(`reserved ${hex(reserved)}`);
  for (;;) {
    const start = c.at;
    const tag = c.u16();
    const size = c.u16();
    if (tag === undefined || size === undefined || c.at + size > data.length) {
      c.at = start;
      break;
    }
    if (tag === 1 && size === 24) {
      for (const name of ['mtime', 'atime', 'ctime']) parts.push(`${name} ${fileTimeText(c.u64() ?? 0n)}`);
    } else {
      parts.push(`attribute ${tag} ${hex(data.subarray(c.at, c.at + size))}`);
      c.at += size;
    }
  }
  return c.done(parts);
}

/** The old Info-ZIP Unix field (0x5855): access and modification times, then uid and gid where present. */
function oldUnix(c: Cursor): string {
  const parts: string[] = [];
  for (const name of ['atime', 'mtime']) {
    const t = c.i32();
    if (t === undefined) return c.done(parts);
    parts.push(`${name} ${unixTimeText(t)}`);
  }
  const uid = c.u16();
  const gid = uid === undefined ? undefined : c.u16();
  if (uid !== undefined && gid !== undefined) parts.push(`uid ${uid}`, `gid ${gid}`);
  else if (uid !== undefined) c.at -= 2;
  return c.done(parts);
}

/** The Info-ZIP Unix field (0x7855): uid and gid of 16 bits, or nothing (central header). */
function unixIds(c: Cursor): string {
  const uid = c.u16();
  const gid = uid === undefined ? undefined : c.u16();
  if (uid === undefined || gid === undefined) {
    if (uid !== undefined) c.at -= 2;
    return c.done([]);
  }
  return c.done([`uid ${uid}`, `gid ${gid}`]);
}

/** The Info-ZIP new Unix field (0x7875): version, then uid and gid each with its size. */
function newUnix(c: Cursor): string {
  const parts: string[] = [];
  const version = c.u8();
  if (version === undefined) return c.done(parts);
  parts.push(`version ${version}`);
  for (const name of ['uid', 'gid']) {
    const start = c.at;
    const size = c.u8();
    const value = size === undefined ? undefined : c.uint(size);
    if (value === undefined) {
      c.at = start;
      break;
    }
    parts.push(`${name} ${value}`);
  }
  return c.done(parts);
}

function decode(id: number, data: Buffer): string {
  const c = new Cursor(data);
  switch (id) {
    case 0x5455:
      return extendedTimestamp(c);
    case 0x000a:
      return ntfsTimes(c, data);
    case 0x5855:
      return oldUnix(c);
    case 0x7855:
      return unixIds(c);
    case 0x7875:
      return newUnix(c);
    default:
      return hex(data);
  }
}

/**
 * The extra fields of one header as header fields: `<prefix>.UT` (and the other names above), `<prefix>.0xNNNN` for
 * a field the kit does not decode, ` (#2)` after a field that repeats, and `<prefix>.trailing` for bytes too few to
 * be a field; a field whose size runs past the end keeps what is there, said to be cut.
 */
export function zipExtraFields(raw: Uint8Array, prefix: string): Record<string, string> {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.length);
  const out: Record<string, string> = {};
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) {
      out[`${prefix}.trailing`] = hex(bytes.subarray(at));
      break;
    }
    const id = bytes.readUInt16LE(at);
    const size = bytes.readUInt16LE(at + 2);
    const data = bytes.subarray(at + 4, at + 4 + size);
    const name = `${prefix}.${EXTRA_FIELD_NAMES.get(id) ?? `0x${id.toString(16).padStart(4, '0')}`}`;
    let key = name;
    for (let n = 2; key in out; n++) key = `${name} (#${n})`;
    out[key] =
      data.length < size ? `${hex(data)} (cut: ${data.length} of ${size} bytes)` : decode(id, Buffer.from(data));
    at += 4 + size;
  }
  return out;
}
