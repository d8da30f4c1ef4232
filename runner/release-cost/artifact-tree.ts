/**
 * An artifact as a sorted list of entries: a folder walked without following links, a
 * single file, or the inside of a gzip, tar or zip file (archive-inner.ts, archive-zip.ts,
 * which keep an archive's stored entry order and its own header fields beside). Entries carry
 * type, permission bits, size and SHA-256, and a byte source for the comparison, so
 * a large file is hashed and compared in chunks rather than held in memory.
 */
import { lstat, open, readdir, readlink, realpath } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { compareUtf8, createSha256, sha256Hex } from '../../oracle/index.js';

export type EntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';

/** Random access to an entry's bytes. */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset`; fewer at the end. */
  readAt(offset: number, length: number): Promise<Uint8Array>;
}

/** One entry of an artifact. */
export interface ArtifactEntry {
  /** Relative, `/`-separated; `''` is the artifact itself when it is a single file or an archive payload. */
  path: string;
  type: EntryType;
  /** Permission bits (mode & 0o7777). */
  mode: number;
  /** Byte length for files, 0 otherwise. */
  size: number;
  /** SHA-256 of the bytes for files, of the target for links; null for directories and other types. */
  sha256: string | null;
  /** Target of a symbolic or hard link. */
  linkTarget: string | null;
  /** Archive header fields that are not bytes, type or mode (tar: mtime, uid, gid, uname, gname). */
  meta: Record<string, string | number>;
  /** The bytes of a file; null for other types. */
  content: ByteSource | null;
}

/** An artifact: where it came from and its entries sorted by path bytes. */
export interface ArtifactTree {
  /** Display location, e.g. the path given on the command line. */
  location: string;
  kind: 'file' | 'folder' | 'gzip' | 'tar' | 'zip';
  entries: ArtifactEntry[];
  /**
   * A tar or zip archive's entry paths in the order the archive stores them (`entries` is sorted, so the order
   * would be lost); null for a folder, a file and a gzip payload, which have no order of their own.
   */
  order: string[] | null;
  /** Header fields of the archive itself rather than of an entry (zip: `zip.archive-comment`). */
  meta: Record<string, string | number>;
}

export type LoadResult =
  | { ok: true; tree: ArtifactTree }
  | { ok: false; reason: 'missing' | 'empty' | 'unreadable' | 'too-large' | 'link'; message: string };

/** Limits of a walk: entries, and bytes of files (checked from their sizes before any is hashed). */
export interface WalkLimits {
  maxEntries: number;
  maxBytes: number;
}

/** Far above any release artifact of a discovery provider, far below what would tie up a CI machine. */
export const DEFAULT_WALK_LIMITS: WalkLimits = { maxEntries: 200_000, maxBytes: 1024 * 1024 * 1024 };

/**
 * What a link at the root of an artifact means. `refuse`: the artifact a build leaves is itself a link, which
 * would make the kit hash whatever it points to (a host folder, the whole file system); it is refused.
 * `resolve`: a root named on the command line is resolved once, as `diff -r` does. Nothing inside an artifact
 * is ever followed: links there are entries compared as links.
 */
export type RootLinks = 'refuse' | 'resolve';

/** The display name of an entry path; the artifact itself has the empty path. */
export function displayPath(path: string): string {
  return path === '' ? '(artifact)' : path;
}

/** A byte source over memory. */
export function memorySource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    readAt: async (offset, length) =>
      bytes.subarray(Math.min(offset, bytes.length), Math.min(offset + length, bytes.length)),
  };
}

/** A byte source over a file that is opened for each read, so no descriptor stays open between reads. */
export function fileSource(fsPath: string | Buffer, size: number): ByteSource {
  return {
    size,
    readAt: async (offset, length) => {
      const n = Math.max(0, Math.min(length, size - offset));
      const out = new Uint8Array(n);
      if (n === 0) return out;
      const fh = await open(fsPath, 'r');
      try {
        let got = 0;
        while (got < n) {
          const { bytesRead } = await fh.read(out, got, n - got, offset + got);
          if (bytesRead === 0) break;
          got += bytesRead;
        }
        return out.subarray(0, got);
      } finally {
        await fh.close();
      }
    },
  };
}

/** Reads all of a source; callers check `size` against their cap first. */
export async function readAllOf(source: ByteSource): Promise<Uint8Array> {
  return source.readAt(0, source.size);
}

/** Hashes at most `limit` bytes: a file that something still appends to is read no further than its size was. */
async function hashFile(fsPath: string | Buffer, limit: number): Promise<{ sha256: string; size: number }> {
  const h = createSha256();
  let size = 0;
  if (limit === 0) return { sha256: h.hex(), size };
  for await (const chunk of createReadStream(fsPath, { end: limit - 1 })) {
    const b = chunk as Buffer;
    size += b.length;
    h.update(b);
  }
  return { sha256: h.hex(), size };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A file name from raw bytes: UTF-8 when valid, else each byte as `\x{NN}` so distinct names stay distinct. */
export function nameFromBytes(raw: Uint8Array): string {
  try {
    return utf8.decode(raw);
  } catch {
    let s = '';
    for (const b of raw)
      s += b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : `\\x{${b.toString(16).padStart(2, '0')}}`;
    return s;
  }
}

/** Sorts entries by path bytes (never by file-system order). */
export function sortEntries(entries: ArtifactEntry[]): ArtifactEntry[] {
  return entries.sort((a, b) => compareUtf8(a.path, b.path));
}

/** The tree of a tar or zip archive: its entries sorted by path, the order it stored them in kept beside them. */
export function archiveTree(
  location: string,
  kind: 'tar' | 'zip',
  stored: ArtifactEntry[],
  meta: Record<string, string | number> = {},
): ArtifactTree {
  const order = stored.map((e) => e.path);
  return { location, kind, entries: sortEntries(stored), order, meta };
}

function typeOf(s: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): EntryType {
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'directory';
  if (s.isSymbolicLink()) return 'symlink';
  return 'other';
}

/**
 * Loads a file or folder artifact. A missing path, an empty file or a folder with no
 * entries is not an artifact (the gate exits 2): an empty pair would prove nothing.
 */
export async function loadArtifactTree(
  location: string,
  fsPath: string,
  limits: WalkLimits = DEFAULT_WALK_LIMITS,
  rootLinks: RootLinks = 'refuse',
): Promise<LoadResult> {
  let rootStat;
  try {
    rootStat = await lstat(fsPath);
    if (rootStat.isSymbolicLink()) {
      if (rootLinks === 'refuse') {
        const target = nameFromBytes(await readlink(fsPath, { encoding: 'buffer' }));
        return {
          ok: false,
          reason: 'link',
          message: `artifact is a symbolic link (to ${target}); links out of an artifact are never followed`,
        };
      }
      fsPath = await realpath(fsPath);
      rootStat = await lstat(fsPath);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { ok: false, reason: 'missing', message: 'artifact does not exist' };
    return { ok: false, reason: 'unreadable', message: `artifact cannot be read (${code ?? 'error'})` };
  }
  try {
    if (rootStat.isFile()) {
      if (rootStat.size > limits.maxBytes) return { ok: false, reason: 'too-large', message: tooManyBytes(limits) };
      const { sha256: digest, size } = await hashFile(fsPath, rootStat.size);
      if (size === 0) return { ok: false, reason: 'empty', message: 'artifact file is empty' };
      const entry: ArtifactEntry = {
        path: '',
        type: 'file',
        mode: rootStat.mode & 0o7777,
        size,
        sha256: digest,
        linkTarget: null,
        meta: {},
        content: fileSource(fsPath, size),
      };
      return { ok: true, tree: { location, kind: 'file', entries: [entry], order: null, meta: {} } };
    }
    if (!rootStat.isDirectory())
      return { ok: false, reason: 'unreadable', message: 'artifact is neither a file nor a folder' };
    const entries: ArtifactEntry[] = [];
    const budget = { bytes: limits.maxBytes };
    const overflow = await walk(Buffer.from(fsPath), '', entries, limits, budget);
    if (overflow === 'entries')
      return { ok: false, reason: 'too-large', message: `artifact has more than ${limits.maxEntries} entries` };
    if (overflow === 'bytes') return { ok: false, reason: 'too-large', message: tooManyBytes(limits) };
    if (entries.length === 0) return { ok: false, reason: 'empty', message: 'artifact folder is empty' };
    return { ok: true, tree: { location, kind: 'folder', entries: sortEntries(entries), order: null, meta: {} } };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, reason: 'unreadable', message: `artifact cannot be read (${code ?? 'error'})` };
  }
}

function tooManyBytes(limits: WalkLimits): string {
  return `artifact holds more than ${limits.maxBytes} bytes of files (the kit's bound)`;
}

/** Walks a folder depth-first without following symbolic links; says which bound was passed, if one was. */
async function walk(
  dirPath: Buffer,
  prefix: string,
  out: ArtifactEntry[],
  limits: WalkLimits,
  budget: { bytes: number },
): Promise<'entries' | 'bytes' | undefined> {
  const names = await readdir(dirPath, { encoding: 'buffer' });
  for (const raw of names) {
    if (out.length >= limits.maxEntries) return 'entries';
    const childPath = Buffer.concat([dirPath, Buffer.from('/'), raw]);
    const rel = prefix === '' ? nameFromBytes(raw) : `${prefix}/${nameFromBytes(raw)}`;
    const s = await lstat(childPath);
    const type = typeOf(s);
    if (type === 'file') {
      budget.bytes -= s.size;
      if (budget.bytes < 0) return 'bytes';
      const { sha256: digest, size } = await hashFile(childPath, s.size);
      out.push({
        path: rel,
        type,
        mode: s.mode & 0o7777,
        size,
        sha256: digest,
        linkTarget: null,
        meta: {},
        content: fileSource(childPath, size),
      });
    } else if (type === 'symlink') {
      const target = nameFromBytes(await readlink(childPath, { encoding: 'buffer' }));
      out.push({
        path: rel,
        type,
        mode: s.mode & 0o7777,
        size: 0,
        sha256: sha256Hex(new TextEncoder().encode(target)),
        linkTarget: target,
        meta: {},
        content: null,
      });
    } else {
      out.push({
        path: rel,
        type,
        mode: s.mode & 0o7777,
        size: 0,
        sha256: null,
        linkTarget: null,
        meta: {},
        content: null,
      });
      if (type === 'directory') {
        const overflow = await walk(childPath, rel, out, limits, budget);
        if (overflow !== undefined) return overflow;
      }
    }
  }
  return undefined;
}
