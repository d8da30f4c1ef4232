/**
 * The bubblewrap command line that runs one provider process (or one declared build) isolated by the operating
 * system, in the spirit of Flatpak's use of bubblewrap and Bowtie's one container per implementation:
 *
 * - the whole file system read-only (`--ro-bind / /`), so the kit's checkout, its node_modules, the vectors and the
 *   report folders can be read but never changed, whatever the provider's user may write outside;
 * - one writable scratch folder (the instance's working directory) and the binds its configuration declares;
 * - the vector sets hidden under an empty tmpfs, so a provider cannot answer from the golden files;
 * - private /dev and /proc, and every namespace unshared: no network (KD-TRUST-10 enforced, not only observed), a
 *   PID namespace of its own whose processes all die with its first one, which dies with the runner
 *   (`--die-with-parent`), so nothing a provider starts, detached or re-exec'd, outlives its instance;
 * - no capabilities, even for root, and a session of its own (no terminal to stop, or to push input into).
 */

/** What one sandboxed process sees: the folders it may write, the ones it may not see, the extra ones it reads. */
export interface SandboxLayout {
  /** Working directory; writable. */
  readonly scratch: string;
  /** Folders hidden under an empty tmpfs (they must exist). */
  readonly hidden: readonly string[];
  /** Declared read-only binds, bound after the hidden folders (so one inside a hidden folder stays visible). */
  readonly readOnly: readonly string[];
  /** Declared writable binds, and a build's own folders. */
  readonly writable: readonly string[];
}

/** The options every sandboxed process gets (the start-up probe runs with them too). */
export const BWRAP_ISOLATION: readonly string[] = [
  '--unshare-all',
  '--cap-drop',
  'ALL',
  '--die-with-parent',
  '--new-session',
];

/** The argv that runs `argv` under `bwrap` with `layout`. */
export function bwrapArguments(bwrap: string, layout: SandboxLayout, argv: readonly string[]): string[] {
  const out = [bwrap, '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  for (const path of layout.hidden) out.push('--tmpfs', path);
  out.push('--bind', layout.scratch, layout.scratch);
  for (const path of layout.readOnly) out.push('--ro-bind', path, path);
  for (const path of layout.writable) out.push('--bind', path, path);
  out.push(...BWRAP_ISOLATION, '--chdir', layout.scratch, '--', ...argv);
  return out;
}
