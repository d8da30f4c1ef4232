// Zip archives for the gate's own tests, laid out field by field (APPNOTE 4.3.7, 4.3.12,
// 4.3.16) so a test knows every offset and header value it writes; the gate reads them
// with yauzl. Only what the tests vary: stored or deflated data, DOS time and date, extra
// fields, Unix attributes, entry order, the archive comment.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntrySpec {
  name: string;
  data: string | Uint8Array;
  /** 0 stored (default), 8 deflated. */
  method?: 0 | 8;
  /** DOS time and date fields; 2023-11-14 22:13:20 by default (time 45482, date 22382). */
  time?: number;
  date?: number;
  extra?: Uint8Array;
  /** Unix mode (file type and permission bits) for the external attributes; 0o100644 by default. */
  unixMode?: number;
}

/** 2023-11-14 22:13:20 as DOS fields: time (22 << 11) | (13 << 5) | (20 / 2), date (43 << 9) | (11 << 5) | 14. */
export const DOS_TIME = 45482;
export const DOS_DATE = 22382;

/** A zip archive holding `entries` in the given order; `comment` ends its end record (APPNOTE 4.3.16). */
export function zipBytes(entries: readonly ZipEntrySpec[], comment = ''): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : Buffer.from(e.data);
    const method = e.method ?? 0;
    const stored = method === 8 ? deflateRawSync(data) : data;
    const extra = Buffer.from(e.extra ?? new Uint8Array(0));
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(e.time ?? DOS_TIME, 10);
    local.writeUInt16LE(e.date ?? DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(e.time ?? DOS_TIME, 12);
    central.writeUInt16LE(e.date ?? DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(((e.unixMode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    const localRecord = Buffer.concat([local, name, extra, stored]);
    locals.push(localRecord);
    centrals.push(Buffer.concat([central, name, extra]));
    offset += localRecord.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  const commentBytes = Buffer.from(comment, 'utf8');
  end.writeUInt16LE(commentBytes.length, 20);
  return new Uint8Array(Buffer.concat([...locals, cd, end, commentBytes]));
}
