// A provider with effects a query must not have (KD-TRUST-09, KD-TRUST-10, KD-EFFECT-04): the reference oracle
// over the persistent protocol that opens an internet socket (KCTK_EFFECT=socket), starts a process (spawn), or
// both, either while it answers the targeted query (KCTK_EFFECT_AT=query, the default; the target is picked by
// KCTK_TARGET_REQUEST_SHA256 as for the broken providers) or once before its handshake (KCTK_EFFECT_AT=start-up).
// Each effect completes before the answer or the handshake is written, so no test depends on timing. With
// KCTK_EFFECT_WHEN=untraced it evades observation: it has its effects only when no tracer is attached to it (the
// TracerPid of /proc/self/status is 0), as a provider that knows how --hermetic used to look would.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { runBrokenProvider } from './broken-providers/broken-provider.js';

const effect = process.env.KCTK_EFFECT ?? 'both';
const at = process.env.KCTK_EFFECT_AT ?? 'query';
const evasive = process.env.KCTK_EFFECT_WHEN === 'untraced';

/** True when a tracer (strace) is attached to this process. */
function traced(): boolean {
  return /^TracerPid:\s*[1-9]/m.test(readFileSync('/proc/self/status', 'utf8'));
}

/** A TCP connection attempt to a closed port of the loopback address: socket() and connect() of AF_INET. */
function openSocket(): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 9 });
    const done = (): void => {
      socket.destroy();
      resolve();
    };
    socket.once('connect', done);
    socket.once('error', done);
  });
}

async function performEffects(): Promise<void> {
  if (evasive && traced()) return;
  if (effect === 'socket' || effect === 'both') await openSocket();
  if (effect === 'spawn' || effect === 'both') spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
}

if (at === 'start-up') await performEffects();
runBrokenProvider(`effects (${effect}) at ${at}`, {
  result: async ({ result, targeted }) => {
    if (at === 'query' && targeted) await performEffects();
    return result;
  },
});
