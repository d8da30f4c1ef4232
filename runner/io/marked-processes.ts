/**
 * Finding a provider's descendants that left its process group (`setsid`, a double fork): every provider is
 * started with a marker variable in its environment, which every descendant inherits unless it replaces its
 * whole environment, and the kit finds the processes carrying it through /proc/<pid>/environ (the technique
 * of Jenkins' ProcessTreeKiller). Only Linux has /proc; elsewhere the scan finds nothing and the process
 * group alone contains the provider.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The marker variable of this runner. Its name carries a random token, so a kit run as a provider of another
 * kit keeps the outer marker and adds its own, and two runs on one machine never end each other's providers.
 */
export const MARKER_VARIABLE = `KOFUN_CTK_CONTAINMENT_${randomBytes(8).toString('hex')}`;

/** True when a raw environ block (NUL-separated `NAME=VALUE` entries) holds `entry` exactly. */
export function environHasEntry(environ: Uint8Array, entry: string): boolean {
  const needle = Buffer.from(`${entry}\0`, 'utf8');
  const block = Buffer.from(environ.buffer, environ.byteOffset, environ.length);
  for (let at = block.indexOf(needle); at >= 0; at = block.indexOf(needle, at + 1)) {
    if (at === 0 || block[at - 1] === 0) return true;
  }
  return false;
}

/** The pids under `procRoot` whose environment holds `entry` (never this process). */
export function findMarkedProcesses(entry: string, procRoot = '/proc'): number[] {
  let names: string[];
  try {
    names = readdirSync(procRoot);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const name of names) {
    if (!/^[0-9]+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`${procRoot}/${name}/environ`);
    } catch {
      // Gone meanwhile, or another user's process: neither can be ours.
      continue;
    }
    if (environHasEntry(environ, entry)) found.push(pid);
  }
  return found;
}

/**
 * SIGKILLs every process carrying `entry`, scanning again until none is left, as a process may fork while it
 * is being ended. Returns how many were killed.
 */
export function killMarkedProcesses(entry: string, procRoot = '/proc'): number {
  let killed = 0;
  for (let round = 0; round < 50; round += 1) {
    const pids = findMarkedProcesses(entry, procRoot);
    if (pids.length === 0) break;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed += 1;
      } catch {
        // ESRCH: it ended by itself.
      }
    }
  }
  return killed;
}
