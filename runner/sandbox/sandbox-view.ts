/**
 * What a sandboxed process sees, built up from an allowlist rather than carved out of the whole host (as Flatpak
 * builds its sandboxes): the system folders read-only (/usr and the links into it, the loader's files, an allowlist
 * of /etc without credential files), the runner's own Node.js, the provider's own folders, the binds its
 * configuration declares, and a private scratch. Never the runner user's home as a whole or the credentials in it,
 * /root, /run and the other socket folders, /tmp, another instance's scratch, the kit's history, any vector set, the
 * run's outputs or a repro folder: a folder the provider is shown that holds one of those gets it masked by an empty
 * read-only folder (or an unreadable file), and a declared bind that would show one is refused before anything starts.
 *
 * Pure rules over real paths (sandbox-binds.ts resolves and opens them); bwrap-arguments.ts turns the view into
 * bubblewrap's options.
 */
import { homedir } from 'node:os';
import { isAbsolute, relative, sep } from 'node:path';
import { escapeText } from '../../oracle/index.js';

/** A path and what it is, for messages and the report. */
export interface NamedPath {
  path: string;
  what: string;
}

/** The host's system folders a process needs: /usr, and /bin, /lib, ... (links into /usr on a merged-/usr system). */
export const SYSTEM_ROOTS: readonly string[] = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * The entries of /etc a process may need (name lookup of users and hosts, the loader's cache, time zones, TLS roots,
 * the configuration folders of Debian's language runtimes). Nothing else of /etc: not shadow, sudoers, ssh keys,
 * npmrc, pip.conf or anything a package manager keeps a token in. A trailing `*` matches any suffix.
 */
export const ETC_ALLOWLIST: readonly string[] = [
  'alternatives',
  'ca-certificates',
  'ca-certificates.conf',
  'debian_version',
  'default/locale',
  'gai.conf',
  'group',
  'host.conf',
  'hosts',
  'java-*',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'locale.alias',
  'locale.conf',
  'localtime',
  'lsb-release',
  'magic',
  'magic.mime',
  'mime.types',
  'nsswitch.conf',
  'os-release',
  'passwd',
  'perl',
  'protocols',
  'python3',
  'python3.*',
  'resolv.conf',
  'services',
  'shells',
  'ssl/certs',
  'ssl/openssl.cnf',
  'timezone',
];

/** Folders never shown, not even in part: the kernel's and the runtime's (sockets of every service live in /run). */
const NEVER_SHOWN: readonly NamedPath[] = [
  { path: '/proc', what: "the host's processes" },
  { path: '/sys', what: "the host's kernel interfaces" },
  { path: '/dev', what: "the host's devices" },
  { path: '/run', what: 'the runtime folder of the host (its sockets)' },
  { path: '/var/run', what: 'the runtime folder of the host (its sockets)' },
];

/**
 * Credential stores under a home folder: never shown, even when a toolchain below the home folder is declared.
 */
export const HOME_CREDENTIALS: readonly string[] = [
  '.ssh',
  '.gnupg',
  '.aws',
  '.azure',
  '.config/gcloud',
  '.config/gh',
  '.docker',
  '.kube',
  '.npmrc',
  '.netrc',
  '.pypirc',
  '.git-credentials',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.gitconfig',
  '.config/git',
];

/** What the view must keep out, beside the fixed rules above. */
export interface ViewPolicy {
  /** Folders shown only below, never whole: the runner user's home, /root, /tmp, /var/tmp. */
  neverWhole: readonly NamedPath[];
  /** Credential files and folders (inside the home folders). */
  credentials: readonly NamedPath[];
  /** What the run knows holds answers or outputs: vector sets, the kit's history, outputs, repro folders. */
  hidden: readonly NamedPath[];
}

/** The homes and temporary folders of the host, as the fixed part of a policy. */
export function hostPolicyRoots(home: string = homedir()): Pick<ViewPolicy, 'neverWhole' | 'credentials'> {
  const homes = [...new Set([home, '/root'])];
  return {
    neverWhole: [
      ...homes.map((path) => ({ path, what: path === home ? "the runner user's home" : "root's home" })),
      { path: '/tmp', what: "the host's temporary folder" },
      { path: '/var/tmp', what: "the host's temporary folder" },
    ],
    credentials: homes.flatMap((h) => HOME_CREDENTIALS.map((c) => ({ path: `${h}/${c}`, what: 'credentials' }))),
  };
}

/** True when `inner` is `outer` or lies inside it (both absolute and real). */
export function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Why a declared bind of `path` (absolute and real) would show what the sandbox hides, or undefined. A bind may lie
 * below a home folder or /tmp (a toolchain under the home folder is declared this way), but never be one, hold one,
 * or reach credentials, a socket folder or anything the run hides.
 */
export function declaredBindProblem(path: string, policy: ViewPolicy): string | undefined {
  if (path === '/') return 'it is the whole file system';
  for (const r of NEVER_SHOWN)
    if (within(path, r.path) || within(r.path, path)) return `it would show ${r.path} (${r.what})`;
  for (const r of policy.neverWhole)
    if (within(r.path, path)) return `it would show ${escapeText(r.path)} (${r.what}) whole`;
  for (const c of [...policy.credentials, ...policy.hidden])
    if (within(path, c.path) || within(c.path, path)) return `it would show ${escapeText(c.path)} (${c.what})`;
  return undefined;
}

/**
 * Why the provider's own folder (the configuration's, its working directory, the command's) cannot be shown, or
 * undefined. Unlike a declared bind it may hold hidden paths: those are masked (`masksWithin`).
 */
export function providerFolderProblem(path: string, policy: ViewPolicy): string | undefined {
  if (path === '/') return 'it is the whole file system';
  for (const r of NEVER_SHOWN)
    if (within(path, r.path) || within(r.path, path)) return `it would show ${r.path} (${r.what})`;
  for (const r of policy.neverWhole)
    if (within(r.path, path))
      return `it is or holds ${escapeText(r.path)} (${r.what}), which the sandbox never shows whole`;
  for (const c of [...policy.credentials, ...policy.hidden])
    if (within(path, c.path)) return `it lies in ${escapeText(c.path)} (${c.what})`;
  return undefined;
}

/** The hidden paths and credentials inside `folder`, to be masked when the folder is shown. */
export function masksWithin(folder: string, policy: ViewPolicy): NamedPath[] {
  return [...policy.credentials, ...policy.hidden].filter((h) => h.path !== folder && within(h.path, folder));
}

/**
 * Why the writable binds cannot be had as declared, or undefined: a writable bind holding another bind (the one
 * inside could be swapped for a link between instances) or lying inside another writable bind.
 */
export function writableNestingProblem(
  writable: readonly NamedPath[],
  others: readonly NamedPath[],
): { at: NamedPath; message: string } | undefined {
  for (const w of writable) {
    for (const o of [...writable, ...others]) {
      if (o === w) continue;
      if (within(o.path, w.path))
        return {
          at: w,
          message:
            `a writable bind ${escapeText(w.path)} holds ${escapeText(o.path)} (${o.what}), ` +
            'which a provider could then replace',
        };
    }
  }
  return undefined;
}

/** True when `name` (relative to /etc) is on the allowlist. */
export function etcAllowed(name: string): boolean {
  return ETC_ALLOWLIST.some((entry) =>
    entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) && !name.includes('/') : entry === name,
  );
}
