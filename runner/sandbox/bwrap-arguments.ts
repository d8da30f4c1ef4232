/**
 * The bubblewrap command line that runs one provider process (or one declared build) in the view sandbox-view.ts
 * builds, in the spirit of Flatpak's use of bubblewrap and Bowtie's one container per implementation:
 *
 * - a new root holding only the system folders (read-only, by path: no provider can change them), the allowlisted
 *   entries of /etc, and the folders bound from descriptors the runner opened once (`--ro-bind-fd`, `--bind-fd`), so
 *   a link swapped in after the check binds nothing new; masks over what those folders must not show;
 * - one writable place, a size-capped tmpfs holding the instance's scratch folder (its working directory, HOME and
 *   TMPDIR), a size-capped /dev/shm, then /dev and the root made read-only, so no other RAM is writable;
 * - private /dev and /proc, and every namespace unshared: no network, a PID namespace of its own whose processes all
 *   die with its first one, which dies with the runner (`--die-with-parent`);
 * - no capabilities, even for root, and a session of its own (no terminal to stop, or to push input into);
 * - the environment set entry by entry (`--setenv`), never taken from the runner's.
 */

/** One folder bound from a descriptor the launcher inherits (`fd` is its number in the launcher). */
export interface FolderBind {
  fd: number;
  path: string;
  writable: boolean;
}

/** A path hidden inside a shown folder: an empty read-only folder, or an unreadable file, in its place. */
export interface Mask {
  path: string;
  kind: 'dir' | 'file';
}

/** What one sandboxed process sees and gets. */
export interface SandboxLayout {
  /** System folders bound read-only by path (they must exist), and links recreated as links. */
  systemBinds: readonly string[];
  systemLinks: readonly { target: string; path: string }[];
  /** Entries of /etc (absolute paths) bound read-only by path. */
  etc: readonly string[];
  /** Folders bound from descriptors: the runner's Node.js, the kit, the provider's folders, declared binds. */
  folders: readonly FolderBind[];
  /** Host folders a build writes, bound by path (the runner made them, in its own run folder). */
  buildFolders: readonly string[];
  /** Host files a build reads (its fixture), bound read-only by path. */
  buildReads: readonly string[];
  masks: readonly Mask[];
  /** The tmpfs that holds the scratch folder (`/tmp`), its size in bytes, and the scratch folder inside it. */
  tmp: { bytes: number; scratch: string | undefined };
  /** The size of /dev/shm in bytes. */
  shmBytes: number;
  /** Read-only host files (in the run's own folder) shown at a path of their own: a one-shot provider's fixture. */
  files: readonly { src: string; path: string }[];
  /** The working directory inside. */
  chdir: string;
  /** The environment inside, set entry by entry; `clear` first empties what the launcher had. */
  env: { clear: boolean; set: readonly (readonly [string, string])[] };
  /** The descriptor bubblewrap writes its child's pid to (`--info-fd`). */
  infoFd?: number;
  /** The descriptor of a seccomp program loaded before the command runs (`run --hermetic`). */
  seccompFd?: number;
}

/** The options every sandboxed process gets (the start-up probe runs with them too). */
export const BWRAP_ISOLATION: readonly string[] = [
  '--unshare-all',
  '--unshare-user',
  '--cap-drop',
  'ALL',
  '--die-with-parent',
  '--new-session',
];

/** The argv that runs `argv` under the bubblewrap at `bwrap` (an absolute path) with `layout`. */
export function bwrapArguments(bwrap: string, layout: SandboxLayout, argv: readonly string[]): string[] {
  const out = [bwrap];
  for (const path of layout.systemBinds) out.push('--ro-bind', path, path);
  for (const link of layout.systemLinks) out.push('--symlink', link.target, link.path);
  for (const path of layout.etc) out.push('--ro-bind', path, path);
  out.push('--dev', '/dev', '--size', String(layout.shmBytes), '--tmpfs', '/dev/shm', '--remount-ro', '/dev');
  out.push('--proc', '/proc');
  // The scratch tmpfs first: a folder shown from the host may lie below /tmp, and is then bound over it.
  out.push('--perms', '1777', '--size', String(layout.tmp.bytes), '--tmpfs', '/tmp');
  if (layout.tmp.scratch !== undefined) out.push('--perms', '0700', '--dir', layout.tmp.scratch);
  for (const f of layout.folders) out.push(f.writable ? '--bind-fd' : '--ro-bind-fd', String(f.fd), f.path);
  for (const path of layout.buildFolders) out.push('--bind', path, path);
  for (const path of layout.buildReads) out.push('--ro-bind', path, path);
  for (const f of layout.files) out.push('--ro-bind', f.src, f.path);
  for (const m of layout.masks) {
    if (m.kind === 'file') out.push('--ro-bind', '/dev/null', m.path);
    else out.push('--perms', '0555', '--size', '4096', '--tmpfs', m.path, '--remount-ro', m.path);
  }
  out.push('--remount-ro', '/');
  if (layout.infoFd !== undefined) out.push('--info-fd', String(layout.infoFd));
  if (layout.seccompFd !== undefined) out.push('--seccomp', String(layout.seccompFd));
  if (layout.env.clear) out.push('--clearenv');
  for (const [name, value] of layout.env.set) out.push('--setenv', name, value);
  out.push(...BWRAP_ISOLATION, '--chdir', layout.chdir, '--', ...argv);
  return out;
}
