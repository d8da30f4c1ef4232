/**
 * The inside of a gzip, tar or zip-family file, as an artifact tree, so the gate
 * compares a packaged release inside as well as outside (KD-RELEASE-02, in the spirit of
 * diffoscope). Archives are recognised by their bytes, never by their names. gzip is
 * inflated with node:zlib; tar is read with tar-stream and zip with yauzl
 * (archive-zip.ts), maintained parsers, never by hand. Every expansion is capped before
 * it allocates: archive size, inflated size and entry count (KD-LIMIT-08 in spirit).
 */
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import { extract } from 'tar-stream';
import { sha256Hex } from '../../oracle/index.js';
import { expandZip } from './archive-zip.js';
import { archiveTree, memorySource, readAllOf, type ArtifactEntry, type ArtifactTree } from './artifact-tree.js';

const gunzipAsync = promisify(gunzip);

export type ArchiveFormat = 'gzip' | 'tar' | 'zip';

/** Caps of one expansion. */
export interface InnerLimits {
  /** Largest archive read into memory. */
  maxArchiveBytes: number;
  /** Largest inflated gzip payload, and largest total of tar or zip entry bytes. */
  maxInflatedBytes: number;
  /** Most entries of one tar or zip archive. */
  maxArchiveEntries: number;
}

export const DEFAULT_INNER_LIMITS: InnerLimits = {
  maxArchiveBytes: 256 * 1024 * 1024,
  maxInflatedBytes: 256 * 1024 * 1024,
  maxArchiveEntries: 100_000,
};

export type InnerResult =
  { ok: true; format: ArchiveFormat; tree: ArtifactTree } | { ok: false; format: ArchiveFormat; message: string };

/**
 * The format of an entry's bytes by magic number: gzip (1f 8b), POSIX/GNU tar ("ustar" at
 * 257), or zip: a local file header (`PK\x03\x04`) at 0, as every jar, wheel, vsix, nupkg
 * and apk starts, or the end-of-central-directory record (`PK\x05\x06`) of an empty zip.
 */
export async function sniffArchive(entry: ArtifactEntry): Promise<ArchiveFormat | null> {
  if (entry.type !== 'file' || entry.content === null || entry.size < 2) return null;
  const head = await entry.content.readAt(0, 512);
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b) {
    if ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06)) return 'zip';
  }
  if (
    head.length === 512 &&
    entry.size % 512 === 0 &&
    Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar'
  )
    return 'tar';
  return null;
}

/** Expands an archive entry; null when it is not an archive. Errors and over-cap archives are data. */
export async function expandArchive(
  entry: ArtifactEntry,
  location: string,
  limits: InnerLimits = DEFAULT_INNER_LIMITS,
): Promise<InnerResult | null> {
  const format = await sniffArchive(entry);
  if (format === null || entry.content === null) return null;
  if (entry.size > limits.maxArchiveBytes)
    return { ok: false, format, message: `archive larger than ${limits.maxArchiveBytes} bytes; inside not compared` };
  const bytes = await readAllOf(entry.content);
  if (format === 'zip') return expandZip(bytes, location, limits);
  return format === 'gzip' ? expandGzip(bytes, location, limits) : expandTar(bytes, location, limits);
}

/** The gzip payload as one entry with the empty path; the member header's mtime, OS and name go to `meta`. */
export async function expandGzip(bytes: Uint8Array, location: string, limits: InnerLimits): Promise<InnerResult> {
  let payload: Buffer;
  try {
    payload = await gunzipAsync(bytes, { maxOutputLength: limits.maxInflatedBytes });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const message =
      code === 'ERR_BUFFER_TOO_LARGE'
        ? `inflated size over ${limits.maxInflatedBytes} bytes`
        : `not a readable gzip stream (${code ?? 'error'})`;
    return { ok: false, format: 'gzip', message };
  }
  const entry: ArtifactEntry = {
    path: '',
    type: 'file',
    mode: 0,
    size: payload.length,
    sha256: sha256Hex(payload),
    linkTarget: null,
    meta: gzipHeaderMeta(bytes),
    content: memorySource(new Uint8Array(payload.buffer, payload.byteOffset, payload.length)),
  };
  return { ok: true, format: 'gzip', tree: { location, kind: 'gzip', entries: [entry], order: null, meta: {} } };
}

/**
 * RFC 1952 member header fields that vary between builds: MTIME
 * (LE u32 at 4), OS (byte 9), FNAME when FLG.FNAME is set.
 */
function gzipHeaderMeta(bytes: Uint8Array): Record<string, string | number> {
  const meta: Record<string, string | number> = {};
  if (bytes.length < 10) return meta;
  meta['gzip.mtime'] = new DataView(bytes.buffer, bytes.byteOffset, bytes.length).getUint32(4, true);
  meta['gzip.os'] = bytes[9] as number;
  const flags = bytes[3] as number;
  let at = 10;
  if (flags & 0x04 && at + 2 <= bytes.length) at += 2 + ((bytes[at] as number) | ((bytes[at + 1] as number) << 8));
  if (flags & 0x08) {
    const end = bytes.indexOf(0, at);
    if (end > at) meta['gzip.name'] = Buffer.from(bytes.subarray(at, end)).toString('latin1');
  }
  return meta;
}

/**
 * Tar entries by name, and the order the archive stores them in (compared on its own: a tar packed from an
 * unsorted folder listing holds the same entries in another order); a repeated name gets ` (#n)` so no entry is
 * hidden by a later one.
 */
export async function expandTar(bytes: Uint8Array, location: string, limits: InnerLimits): Promise<InnerResult> {
  const entries: ArtifactEntry[] = [];
  const seen = new Map<string, number>();
  let total = 0;
  const ex = extract();
  ex.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  try {
    for await (const e of ex) {
      if (entries.length >= limits.maxArchiveEntries) {
        e.resume();
        return { ok: false, format: 'tar', message: `more than ${limits.maxArchiveEntries} tar entries` };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of e) {
        total += (chunk as Buffer).length;
        if (total > limits.maxInflatedBytes)
          return { ok: false, format: 'tar', message: `tar entries over ${limits.maxInflatedBytes} bytes` };
        chunks.push(chunk as Buffer);
      }
      const h = e.header;
      const base = h.name.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      const path = count === 1 ? base : `${base} (#${count})`;
      const data = Buffer.concat(chunks);
      const type =
        h.type === 'file' || h.type === 'contiguous-file' || h.type === undefined || h.type === null
          ? 'file'
          : h.type === 'directory'
            ? 'directory'
            : h.type === 'symlink'
              ? 'symlink'
              : h.type === 'link'
                ? 'hardlink'
                : 'other';
      const meta: Record<string, string | number> = {};
      if (h.mtime !== undefined) meta['tar.mtime'] = Math.floor(h.mtime.getTime() / 1000);
      if (h.uid !== undefined) meta['tar.uid'] = h.uid;
      if (h.gid !== undefined) meta['tar.gid'] = h.gid;
      if (h.uname !== undefined) meta['tar.uname'] = h.uname;
      if (h.gname !== undefined) meta['tar.gname'] = h.gname;
      if (type === 'other' && typeof h.type === 'string') meta['tar.type'] = h.type;
      const isLink = type === 'symlink' || type === 'hardlink';
      const linkTarget = isLink ? (h.linkname ?? '') : null;
      entries.push({
        path,
        type,
        mode: (h.mode ?? 0) & 0o7777,
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
    return {
      ok: false,
      format: 'tar',
      message: `not a readable tar stream (${err instanceof Error ? err.message.slice(0, 120) : 'error'})`,
    };
  }
  return { ok: true, format: 'tar', tree: archiveTree(location, 'tar', entries) };
}
