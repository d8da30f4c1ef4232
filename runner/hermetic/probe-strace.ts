/**
 * Whether strace can trace here: it must exist and be allowed to ptrace (a container may refuse it). The probe
 * traces a short run of this very Node binary with the same options a provider gets, so a refusal shows before
 * any provider starts, never as a provider fault.
 */
import { spawnSync } from 'node:child_process';
import { escapeBytes } from '../../oracle/index.js';
import { launcherEnvironment, resolveProgram } from '../io/host-programs.js';
import { STRACE_OPTIONS } from './hermetic-session.js';

/** How long the probe may take. */
const PROBE_TIMEOUT_MS = 20_000;

/** The facility, or why there is none. */
export type StraceProbe = { ok: true; command: string; version: string } | { ok: false; reason: string };

/**
 * Probes `command` (a path, or a name looked up in the runner's own PATH, resolved here once to the absolute path
 * every instance then runs: a provider configuration's PATH never chooses it).
 */
export function probeStrace(given: string): StraceProbe {
  const found = resolveProgram(given);
  if (!found.ok) return { ok: false, reason: `strace ${escapeBytes(Buffer.from(given))} not found` };
  const command = found.path;
  const run = spawnSync(command, [...STRACE_OPTIONS, '-o', '/dev/null', '--', process.execPath, '-e', ''], {
    timeout: PROBE_TIMEOUT_MS,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: launcherEnvironment(),
  });
  if (run.error !== undefined) {
    const code = (run.error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'not found' : `could not be run (${code ?? 'error'})`;
    return { ok: false, reason: `strace ${escapeBytes(Buffer.from(command))} ${why}` };
  }
  if (run.status !== 0) {
    const first = (run.stderr ?? Buffer.alloc(0)).subarray(0, 400);
    const line = escapeBytes(first.subarray(0, first.indexOf(0x0a) < 0 ? first.length : first.indexOf(0x0a)));
    return { ok: false, reason: `strace cannot trace here (ptrace refused?): ${line || `exit status ${run.status}`}` };
  }
  const version = spawnSync(command, ['-V'], {
    timeout: PROBE_TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: launcherEnvironment(),
  });
  const head = (version.stdout ?? Buffer.alloc(0)).subarray(0, 200);
  const text = escapeBytes(head.subarray(0, head.indexOf(0x0a) < 0 ? head.length : head.indexOf(0x0a)));
  return { ok: true, command, version: text === '' ? 'strace' : text };
}
