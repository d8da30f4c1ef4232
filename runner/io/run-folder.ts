/**
 * The one folder on the host disk where a command that starts providers or builds keeps what it writes for them
 * (one-shot fixtures, build folders, traces, scratch folders when the sandbox is off): made private (0700) in the
 * temporary folder, marked with a file naming the process that owns it, never shown to a provider (sandbox-view.ts),
 * and removed when the command ends, however deep or locked what a build left there. A command killed before it
 * could remove its folder leaves the marker behind, and the next command removes that folder once the marker's owner
 * is gone: found by the marker, never by guessing names.
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeSync,
  constants,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseJsonInput } from '../../oracle/internal.js';
import { launcherEnvironment, resolveProgram } from './host-programs.js';

/** The prefix of every run folder's name, and the name of its marker file. */
export const RUN_FOLDER_PREFIX = 'kofun-ctk-run-';
export const RUN_FOLDER_MARKER = 'kofun-ctk-run.json';

/** The largest marker read (a marker is a line). */
const MAX_MARKER_BYTES = 4096;

/** Who owns a run folder: the process, when it started (clock ticks after boot), and the boot. */
interface RunMarker {
  kit: 'kofun-ctk';
  pid: number;
  start_ticks: number;
  boot_id: string;
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started; with its pid and the boot, who it is. */
export function processStartTicks(pid: number, procRoot = '/proc'): number | undefined {
  try {
    const text = readFileSync(`${procRoot}/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[22 - 3]);
    return Number.isSafeInteger(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `bytes` to a new file at `path`: never through a link, never over a file already there. */
export function writeNewFile(path: string, bytes: Uint8Array | string, mode = 0o600): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  try {
    const data = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
    let at = 0;
    while (at < data.length) at += writeSync(fd, data, at, data.length - at);
  } finally {
    closeSync(fd);
  }
}

/** A run's private folder. */
export class RunFolder {
  private count = 0;
  private removed = false;

  private constructor(readonly path: string) {}

  /** Makes the folder and its marker (and removes what killed runs left first). */
  static open(parent: string = tmpdir()): RunFolder {
    removeStaleRunFolders(parent);
    const path = mkdtempSync(join(parent, RUN_FOLDER_PREFIX));
    const marker: RunMarker = {
      kit: 'kofun-ctk',
      pid: process.pid,
      start_ticks: processStartTicks(process.pid) ?? 0,
      boot_id: bootId(),
    };
    writeNewFile(join(path, RUN_FOLDER_MARKER), `${JSON.stringify(marker)}\n`);
    const folder = new RunFolder(path);
    live.add(folder);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.once('exit', () => {
        for (const f of live) f.remove();
      });
    }
    return folder;
  }

  /** A new, empty folder inside (`name-N`), made here and nowhere else: it cannot already exist. */
  folder(name: string): string {
    this.count += 1;
    const path = join(this.path, `${name}-${this.count}`);
    mkdirSync(path, { mode: 0o700 });
    return path;
  }

  /** Removes the folder and all it holds. */
  remove(): void {
    if (this.removed) return;
    this.removed = true;
    live.delete(this);
    removeTree(this.path);
  }
}

/** The run folders of this process not yet removed: removed on exit, however the process exits normally. */
const live = new Set<RunFolder>();
let exitHookInstalled = false;

/**
 * Removes `path` and everything below it, however deep (past PATH_MAX) and whatever modes a provider or build left:
 * coreutils' `rm -rf` walks by descriptor and never follows a link; folders a user other than root cannot empty are
 * opened up with `chmod -R` (which follows no link either) and removed again. True when nothing is left.
 */
export function removeTree(path: string): boolean {
  let entry;
  try {
    entry = lstatSync(path);
  } catch {
    return true;
  }
  if (!entry.isDirectory()) {
    spawnHelper('rm', ['-f', '--', path]);
    return !exists(path);
  }
  spawnHelper('rm', ['-rf', '--one-file-system', '--', path]);
  if (!exists(path)) return true;
  spawnHelper('chmod', ['-R', 'u+rwx', '--', path]);
  spawnHelper('rm', ['-rf', '--one-file-system', '--', path]);
  return !exists(path);
}

const helpers = new Map<string, string | undefined>();

function spawnHelper(name: string, args: readonly string[]): void {
  if (!helpers.has(name)) {
    const found = resolveProgram(name);
    helpers.set(name, found.ok ? found.path : undefined);
  }
  const program = helpers.get(name);
  if (program === undefined) return;
  spawnSync(program, [...args], { stdio: 'ignore', env: launcherEnvironment(), timeout: 120_000 });
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes the run folders in `parent` whose owner is gone (a command killed with SIGKILL, a machine rebooted): a
 * folder of this user, not a link, holding a readable marker whose process is no longer the one that made it. A
 * folder without a marker, of another user or of a live process is left alone.
 */
export function removeStaleRunFolders(parent: string = tmpdir()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return removed;
  }
  const boot = bootId();
  for (const name of names) {
    if (!name.startsWith(RUN_FOLDER_PREFIX)) continue;
    const path = join(parent, name);
    const marker = readMarker(path);
    if (marker === undefined) continue;
    const alive =
      marker.boot_id === boot && marker.start_ticks !== 0 && processStartTicks(marker.pid) === marker.start_ticks;
    if (alive) continue;
    if (removeTree(path)) removed.push(path);
  }
  return removed;
}

function readMarker(folder: string): RunMarker | undefined {
  try {
    const stat = lstatSync(folder);
    if (!stat.isDirectory() || stat.uid !== process.getuid?.()) return undefined;
    const fd = openSync(join(folder, RUN_FOLDER_MARKER), constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      if (fstatSync(fd).size > MAX_MARKER_BYTES) return undefined;
      const read = parseJsonInput(new Uint8Array(readFileSync(fd)), { maxBytes: MAX_MARKER_BYTES });
      if (!read.ok || read.value === null || typeof read.value !== 'object') return undefined;
      const value = read.value as Partial<RunMarker>;
      if (value.kit !== 'kofun-ctk' || typeof value.pid !== 'number' || typeof value.start_ticks !== 'number')
        return undefined;
      return { kit: 'kofun-ctk', pid: value.pid, start_ticks: value.start_ticks, boot_id: String(value.boot_id) };
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
