// A provider that takes more than its caps on one query (runner/limits/): the reference oracle over the persistent
// protocol that, on the query KCTK_TARGET_REQUEST_SHA256 picks, takes what KCTK_GREED names, step by step, until it
// is ended (the runner's caps must end it; every step is small, so the test machine never holds much more than the
// cap plus one step while the watchdog looks):
//
// - `heap`: 16 MiB buffers, each filled, one every 10 ms;
// - `tmpfs`: 8 MiB files in its scratch folder ($TMPDIR), one every 10 ms;
// - `shm`: 8 MiB files in /dev/shm, one every 10 ms;
// - `fork`: a process (`sleep 600`) every 10 ms;
// - `files`: an open descriptor of /dev/null every millisecond;
// - `cpu`: a busy loop;
// - `deep`: a tree of folders deeper than PATH_MAX in its scratch folder (then it answers), which must not outlive
//   its instance.
//
// A write or fork the kernel refuses is tried again: the provider itself never gives up, only the cap ends it.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBrokenProvider } from './broken-providers/broken-provider.js';

const greed = process.env.KCTK_GREED ?? 'heap';
const MIB = 1024 * 1024;
const held: unknown[] = [];
const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function takeForever(): Promise<never> {
  const scratch = process.env.TMPDIR ?? '/tmp';
  for (let i = 0; ; i += 1) {
    try {
      if (greed === 'heap') held.push(Buffer.alloc(16 * MIB, i % 251));
      else if (greed === 'tmpfs') writeFileSync(join(scratch, `fill-${i}`), Buffer.alloc(8 * MIB, 7));
      else if (greed === 'shm') writeFileSync(`/dev/shm/fill-${i}`, Buffer.alloc(8 * MIB, 7));
      else if (greed === 'fork') held.push(spawn('sleep', ['600'], { stdio: 'ignore' }).on('error', () => undefined));
      else if (greed === 'files') held.push(openSync('/dev/null', 'r'));
      else if (greed === 'cpu') {
        const until = Date.now() + 1000;
        while (Date.now() < until) held.length = 0;
      }
    } catch {
      // Refused by the kernel (ENOSPC, EMFILE, EAGAIN): try again; only the cap ends this provider.
    }
    await pause(greed === 'files' ? 1 : greed === 'cpu' ? 0 : 10);
  }
}

/** How many trees this instance made: each query makes one of its own (a query may be asked twice in a row). */
let trees = 0;

/**
 * A folder chain deeper than PATH_MAX (4096 bytes), made one level at a time relative to the last (no path that long
 * can be named whole), its last folder closed to writing; then back to where it started.
 */
function deepTree(): void {
  const start = process.cwd();
  process.chdir(process.env.TMPDIR ?? '/tmp');
  trees += 1;
  for (let i = 0; i < 40; i += 1) {
    const name = `${i === 0 ? String(trees) : 'd'}${'d'.repeat(199)}`;
    mkdirSync(name);
    process.chdir(name);
  }
  writeFileSync('leaf', Buffer.alloc(MIB, 1));
  chmodSync('.', 0o500);
  process.chdir(start);
}

runBrokenProvider(`greedy (${greed})`, {
  result: async ({ result, targeted }) => {
    if (!targeted) return result;
    if (greed === 'deep') {
      deepTree();
      return result;
    }
    return takeForever();
  },
});
