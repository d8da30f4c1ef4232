/**
 * The files of a vector set named on a command line (`kofun-ctk vectors diff OLD NEW`): a folder, or a git revision of
 * the kit's vector folder (`HEAD`, `v0.1.0`, or `REV:PATH` for another folder of the revision). git is run as a child
 * process with an argument vector, never through a shell, and only to read: `git ls-tree` lists the folder's blobs at
 * the revision and `git cat-file --batch` reads them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { readTree } from './load-vector.js';
import type { VectorSetSide } from './diff-vector-sets.js';

/** The most bytes git may hand back for one side (the vector set's own cap is 24 MiB). */
const MAX_GIT_BYTES = 512 * 1024 * 1024;

/** The files of the vector set `name` names, read from `cwd`; or why it names none. */
export function readVectorSetSide(
  name: string,
  cwd: string,
): { ok: true; side: VectorSetSide } | { ok: false; problem: string } {
  const folder = resolve(cwd, name);
  if (existsSync(folder)) {
    if (!statSync(folder).isDirectory()) return { ok: false, problem: `${name}: not a folder` };
    return { ok: true, side: { source: name, files: readTree(folder) } };
  }
  return readRevision(name, cwd);
}

function git(args: string[], cwd: string, input?: Buffer): { ok: true; out: Buffer } | { ok: false; why: string } {
  const r = spawnSync('git', args, {
    cwd,
    input,
    maxBuffer: MAX_GIT_BYTES,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  if (r.error !== undefined) {
    const code = (r.error as NodeJS.ErrnoException).code;
    return { ok: false, why: code === 'ENOENT' ? 'git is not installed' : `git failed: ${code ?? r.error.message}` };
  }
  if (r.status !== 0) {
    const first =
      r.stderr
        .toString('utf8')
        .split('\n')
        .find((l) => l.trim() !== '') ?? `exit ${String(r.status)}`;
    return { ok: false, why: first.trim() };
  }
  return { ok: true, out: r.stdout };
}

/** `REV` (the kit's vector folder at REV) or `REV:PATH` (PATH relative to the repository's top). */
function readRevision(name: string, cwd: string): { ok: true; side: VectorSetSide } | { ok: false; problem: string } {
  const colon = name.indexOf(':');
  const rev = colon < 0 ? name : name.slice(0, colon);
  if (rev === '' || rev.startsWith('-')) return { ok: false, problem: `${name}: neither a folder nor a git revision` };
  const top = git(['rev-parse', '--show-toplevel'], cwd);
  if (!top.ok) return { ok: false, problem: `${name}: neither a folder nor a git revision (${top.why})` };
  const root = top.out.toString('utf8').trim();
  let path: string;
  if (colon >= 0) path = name.slice(colon + 1).replace(/\/+$/, '');
  else {
    const kitVectors = relative(root, join(kitRoot(), 'vectors'));
    if (kitVectors === '' || kitVectors.startsWith('..') || isAbsolute(kitVectors))
      return { ok: false, problem: `${name}: the kit's vector folder is outside this repository; name it as REV:PATH` };
    path = kitVectors.split(sep).join('/');
  }
  const verified = git(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], root);
  if (!verified.ok) return { ok: false, problem: `${name}: neither a folder nor a git revision` };
  const commit = verified.out.toString('utf8').trim();
  const listed = git(['ls-tree', '-r', '-z', '--full-tree', commit, '--', path], root);
  if (!listed.ok) return { ok: false, problem: `${name}: ${listed.why}` };
  const blobs: { path: string; id: string }[] = [];
  for (const entry of listed.out.toString('utf8').split('\0')) {
    const m = /^[0-7]+ blob ([0-9a-f]+)\t(.*)$/s.exec(entry);
    if (m === null) continue;
    const full = m[2] as string;
    if (full.startsWith(`${path}/`)) blobs.push({ path: full.slice(path.length + 1), id: m[1] as string });
  }
  if (blobs.length === 0) return { ok: false, problem: `${name}: ${path}/ holds no file at ${rev}` };
  const read = git(['cat-file', '--batch'], root, Buffer.from(blobs.map((b) => `${b.id}\n`).join('')));
  if (!read.ok) return { ok: false, problem: `${name}: ${read.why}` };
  const files = new Map<string, Uint8Array>();
  let at = 0;
  for (const b of blobs) {
    const eol = read.out.indexOf(0x0a, at);
    const header = read.out.subarray(at, eol).toString('utf8').split(' ');
    const size = Number(header[2]);
    if (header[0] !== b.id || header[1] !== 'blob' || !Number.isSafeInteger(size))
      return { ok: false, problem: `${name}: git cat-file answered out of step at ${b.path}` };
    files.set(b.path, new Uint8Array(read.out.subarray(eol + 1, eol + 1 + size)));
    at = eol + 1 + size + 1;
  }
  return { ok: true, side: { source: `${rev}:${path}`, files } };
}
