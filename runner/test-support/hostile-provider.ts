/**
 * A hostile persistent provider: the reference oracle with its final LF dropped (so every vector FAILs, KD-CANON-02,
 * and the gate's honest exit status is 1), and the tricks a provider could play on the runner, chosen by the
 * comma-separated KCTK_HOSTILE:
 *
 * - `rewrite-kit`: append code that forces exit status 0 to every file named in KCTK_REWRITE (colon-separated), as
 *   a provider running as the runner's user could do to a library the runner loads late;
 * - `plant-link`: plant a symbolic link at KCTK_LINK_AT pointing to KCTK_LINK_TO (a report path, before it is
 *   written);
 * - `forge-later`: start a descendant that double-forks, calls setsid and re-execs with an empty environment, then
 *   waits to rewrite every file in KCTK_FORGE_DIR once the run is over (its command line carries KCTK_MARKER);
 * - `stop-runner`: send SIGTSTP, SIGTTIN and SIGTTOU to its parent, the runner when it is not sandboxed;
 * - `unsolicited`: after its first answer, send a result frame for an id the runner never sent;
 * - `undeclarable`: declare interpretations the register does not hold;
 * - `network`: connect to 127.0.0.1:KCTK_NET_PORT on fixture load (the test listens there on the host);
 * - `escapes`: put terminal escapes in its stderr and an error message.
 * - `probe`: answer its first query with an error whose text says what it could reach: the first bytes of every file
 *   (or the names in every folder) in KCTK_READ (colon-separated; a name ending in `*` lists the folder's entries
 *   starting so), the value of every variable in KCTK_ECHO, and whether the Unix socket KCTK_UNIX_SOCKET accepts a
 *   connection; the runner puts that text in every report, so a secret it reached would show there.
 *
 * What each attempt did is written to stderr (`hostile: …`), which the runner keeps as evidence.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { connect } from 'node:net';
import { type LoadedFixture } from '../../oracle/index.js';
import type { DiscoveryModuleProvider } from '../adapters/module-provider.js';
import { createReferenceProvider } from '../adapters/reference-provider.js';
import { serveProvider } from '../adapters/serve-provider.js';
import { encodeFrame, NO_REF } from '../protocol/frame.js';

const modes = new Set((process.env.KCTK_HOSTILE ?? '').split(',').filter((m) => m !== ''));
const say = (line: string): void => void process.stderr.write(`hostile: ${line}\n`);
const attempt = (what: string, act: () => void): void => {
  try {
    act();
    say(`${what}: done`);
  } catch (err) {
    say(`${what}: refused (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
};

if (modes.has('rewrite-kit')) {
  for (const file of (process.env.KCTK_REWRITE ?? '').split(':').filter((f) => f !== '')) {
    attempt(`rewrite ${file}`, () => appendFileSync(file, '\n;process.on("exit", () => { process.exitCode = 0; });\n'));
  }
}
if (modes.has('plant-link')) {
  attempt('plant link', () => symlinkSync(process.env.KCTK_LINK_TO ?? '/dev/null', process.env.KCTK_LINK_AT ?? ''));
}
if (modes.has('forge-later')) {
  const dir = process.env.KCTK_FORGE_DIR ?? '/nonexistent';
  const marker = process.env.KCTK_MARKER ?? 'kofun-ctk-hostile';
  // The grandchild leaves the group and the session and drops the environment (and with it any marker), then
  // waits for the run to be over before it rewrites the reports.
  const forger = `sleep 5; for f in ${dir}/*; do echo forged > "$f"; done # ${marker}`;
  const child = spawn('sh', ['-c', `(setsid env -i sh -c '${forger}' &) ; exit 0`], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  say('forger started');
}
if (modes.has('stop-runner')) {
  for (const signal of ['SIGTSTP', 'SIGTTIN', 'SIGTTOU'] as const)
    attempt(`${signal} to ${process.ppid}`, () => process.kill(process.ppid, signal));
}
if (modes.has('escapes')) process.stderr.write('\x1b[2J\x1b]0;owned\x07\x1b[31mred\n');

const probed = modes.has('probe') ? await probe() : '';
if (modes.has('probe')) say(probed);
const reference = createReferenceProvider();
let answered = 0;
const provider: DiscoveryModuleProvider<LoadedFixture> = {
  name: 'hostile',
  version: '1',
  interpretations: modes.has('undeclarable') ? ['OQ-99:Z', '../../etc/passwd'] : [],
  loadFixture: async (bytes) => {
    if (modes.has('network')) await tryNetwork(Number(process.env.KCTK_NET_PORT));
    return reference.loadFixture(bytes);
  },
  query: (fixture, request) => {
    const result = reference.query(fixture, request) as Uint8Array;
    answered += 1;
    if (modes.has('unsolicited') && answered === 1) {
      setImmediate(() => process.stdout.write(encodeFrame('result', 4_000_000_000, NO_REF, result)));
    }
    if (modes.has('escapes') && answered === 1) throw new Error('\x1b[2J\x1b]0;owned\x07 cleared your screen');
    if (modes.has('probe') && answered === 1) throw new Error(probed);
    return result.subarray(0, result.length - 1);
  },
};

/** What the provider could reach, one `what: found` entry each, read once at start. */
function probe(): Promise<string> {
  const found: string[] = [];
  for (const name of (process.env.KCTK_ECHO ?? '').split(':').filter((n) => n !== ''))
    found.push(`env ${name}: ${process.env[name] ?? 'unset'}`);
  for (const path of (process.env.KCTK_READ ?? '').split(':').filter((p) => p !== '')) {
    try {
      if (path.endsWith('*')) {
        const prefix = basename(path).slice(0, -1);
        found.push(
          `${path}: ${
            readdirSync(dirname(path))
              .filter((n) => n.startsWith(prefix))
              .join(' ') || 'none'
          }`,
        );
      } else if (statSync(path).isDirectory())
        found.push(`${path}: ${readdirSync(path).join(' ').slice(0, 100) || 'empty'}`);
      else found.push(`${path}: ${readFileSync(path, 'utf8').slice(0, 100) || 'empty'}`);
    } catch (err) {
      found.push(`${path}: refused (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  const socketPath = process.env.KCTK_UNIX_SOCKET;
  if (socketPath === undefined) return Promise.resolve(found.join('; '));
  return new Promise((resolve) => {
    const socket = connect({ path: socketPath }, () => {
      socket.on('data', (d) => {
        found.push(`unix ${socketPath}: ${d.toString('utf8')}`);
        socket.end();
        resolve(found.join('; '));
      });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      found.push(`unix ${socketPath}: refused (${err.code ?? 'error'})`);
      resolve(found.join('; '));
    });
  });
}

function tryNetwork(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => {
      say('network: connected');
      socket.end();
      resolve();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      say(`network: refused (${err.code ?? 'error'})`);
      resolve();
    });
  });
}

void serveProvider(process.stdin, process.stdout, provider).then(() => process.exit(0));
