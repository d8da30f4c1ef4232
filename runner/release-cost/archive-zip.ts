/**
 * The inside of a zip-family archive (zip, jar, wheel, vsix, nupkg, apk, …) as an artifact
 * tree, read with yauzl, a maintained reader, never by hand. Entries are matched by name
 * like tar entries; what a release engineer compares beside the bytes (diffoscope's zipinfo
 * view) goes to `meta`: the modification time of the central and the local header, the
 * extra fields of both (one header field each, decoded: zip-extra-fields.ts), the compression
 * method, the general-purpose flags, the non-mode attribute bits, the creating system and the
 * entry comment; the archive comment and the order of the central directory are kept beside
 * the entries (a different order of the same entries, or another archive comment, is a
 * difference of its own). Every expansion is capped before it allocates (KD-LIMIT-08 in
 * spirit): entry count from the central directory, declared and actual inflated bytes.
 */
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { sha256Hex } from '../../oracle/index.js';
import {
  archiveTree,
  memorySource,
  nameFromBytes,
  type ArtifactEntry,
  type ArtifactTree,
  type EntryType,
} from './artifact-tree.js';
import { zipExtraFields } from './zip-extra-fields.js';

/** The caps of archive-inner.ts's InnerLimits that a zip expansion uses. */
export interface ZipLimits {
  maxInflatedBytes: number;
  maxArchiveEntries: number;
}

/** A zip expansion: the tree, or why there is none (archive-inner.ts's InnerResult for zip). */
export type ZipResult = { ok: true; format: 'zip'; tree: ArtifactTree } | { ok: false; format: 'zip'; message: string };

/** Unix `st_mode` file-type bits in the high half of the external attributes (APPNOTE 4.4.15, made by Unix). */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const MADE_BY_UNIX = 3;

/** A DOS date and time (APPNOTE 4.4.6) as `YYYY-MM-DD HH:MM:SS`, in no time zone: that is how zip stores it. */
export function dosDateTime(date: number, time: number): string {
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const year = 1980 + ((date >> 9) & 0x7f);
  const month = (date >> 5) & 0x0f;
  const day = date & 0x1f;
  const hour = (time >> 11) & 0x1f;
  const minute = (time >> 5) & 0x3f;
  const second = (time & 0x1f) * 2;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** A name ending in `/` is a folder (APPNOTE 4.3.8); Unix file-type bits say folder or symbolic link too. */
function typeOf(e: Entry): EntryType {
  const unixType = e.versionMadeBy >> 8 === MADE_BY_UNIX ? (e.externalFileAttributes >>> 16) & S_IFMT : 0;
  if (unixType === S_IFLNK) return 'symlink';
  if (unixType === S_IFDIR || e.fileNameRaw.at(-1) === 0x2f) return 'directory';
  return 'file';
}

async function readEntry(zip: ZipFile, e: Entry, budget: { left: number }): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(e);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    const b = chunk as Buffer;
    budget.left -= b.length;
    if (budget.left < 0) {
      stream.destroy();
      throw new LimitError();
    }
    chunks.push(b);
  }
  return Buffer.concat(chunks);
}

class LimitError extends Error {}

/**
 * The end-of-central-directory comment (APPNOTE 4.3.16) as raw bytes: with decodeStrings off yauzl hands a
 * Buffer, though its type declarations say string.
 */
function archiveComment(zip: ZipFile): Uint8Array {
  const raw: unknown = zip.comment;
  return raw instanceof Uint8Array ? raw : new TextEncoder().encode(String(raw));
}

function message(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 160) : 'error';
}

/**
 * Zip entries by name; a repeated name gets ` (#n)` so no entry is hidden by a later one.
 * Names are read as raw bytes (decodeStrings off) and shown like a folder's raw names, so a
 * name is never re-encoded and an absolute or `..` name is compared, not refused: nothing is
 * extracted. yauzl checks each entry's declared sizes against the bytes it inflates; a
 * mismatch, an encrypted entry or an unknown compression method is an unreadable archive.
 */
export async function expandZip(bytes: Uint8Array, location: string, limits: ZipLimits): Promise<ZipResult> {
  let zip: ZipFile;
  try {
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch (err) {
    return { ok: false, format: 'zip', message: `not a readable zip archive (${message(err)})` };
  }
  if (zip.entryCount > limits.maxArchiveEntries) {
    zip.close();
    return {
      ok: false,
      format: 'zip',
      message: `more than ${limits.maxArchiveEntries} zip entries (${zip.entryCount})`,
    };
  }
  const entries: ArtifactEntry[] = [];
  const seen = new Map<string, number>();
  const budget = { left: limits.maxInflatedBytes };
  try {
    for await (const e of zip.eachEntry()) {
      const base = nameFromBytes(e.fileNameRaw)
        .replace(/^(\.\/)+/, '')
        .replace(/\/+$/, '');
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const path = count === 1 ? base : `${base} (#${count})`;
      const local = await zip.readLocalFileHeaderPromise(e);
      const type = typeOf(e);
      if (type !== 'directory' && e.uncompressedSize > budget.left) throw new LimitError();
      const data = type === 'directory' ? Buffer.alloc(0) : await readEntry(zip, e, budget);
      const unix = e.versionMadeBy >> 8 === MADE_BY_UNIX;
      const meta: Record<string, string | number> = {
        'zip.mtime': dosDateTime(e.lastModFileDate, e.lastModFileTime),
        'zip.method': e.compressionMethod,
        'zip.flags': e.generalPurposeBitFlag,
        'zip.made-by': e.versionMadeBy,
        'zip.version-needed': e.versionNeededToExtract,
        // The permission bits are the entry's mode; only the other attribute bits are metadata.
        'zip.attributes': (unix ? e.externalFileAttributes & ~(0o7777 << 16) : e.externalFileAttributes) >>> 0,
        // Each extra field a header field of its own, decoded where its layout is known (zip-extra-fields.ts).
        ...zipExtraFields(e.extraFieldRaw, 'zip.extra'),
        ...zipExtraFields(local.extraField, 'zip.local-extra'),
      };
      const localTime = dosDateTime(local.lastModFileDate, local.lastModFileTime);
      if (localTime !== meta['zip.mtime']) meta['zip.local-mtime'] = localTime;
      if (e.fileCommentLength > 0) meta['zip.comment'] = nameFromBytes(e.fileCommentRaw);
      if (e.compressedSize !== local.compressedSize && (e.generalPurposeBitFlag & 0x08) === 0) {
        meta['zip.local-compressed-size'] = local.compressedSize;
      }
      const linkTarget = type === 'symlink' ? nameFromBytes(data) : null;
      entries.push({
        path,
        type,
        mode: unix ? (e.externalFileAttributes >>> 16) & 0o7777 : 0,
        size: type === 'file' ? data.length : 0,
        sha256:
          type === 'file'
            ? sha256Hex(data)
            : linkTarget !== null
              ? sha256Hex(new TextEncoder().encode(linkTarget))
              : null,
        linkTarget,
        meta,
        content: type === 'file' ? memorySource(new Uint8Array(data.buffer, data.byteOffset, data.length)) : null,
      });
    }
  } catch (err) {
    if (err instanceof LimitError)
      return { ok: false, format: 'zip', message: `zip entries over ${limits.maxInflatedBytes} bytes` };
    return { ok: false, format: 'zip', message: `not a readable zip archive (${message(err)})` };
  } finally {
    zip.close();
  }
  const archiveMeta: Record<string, string> = {};
  const comment = archiveComment(zip);
  if (comment.length > 0) archiveMeta['zip.archive-comment'] = nameFromBytes(comment);
  return { ok: true, format: 'zip', tree: archiveTree(location, 'zip', entries, archiveMeta) };
}
