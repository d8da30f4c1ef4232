import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { tsArgv } from '../test-support/run-helpers.js';
import { environHasEntry, MARKER_VARIABLE } from '../io/marked-processes.js';
import { oneShotProcessLauncher } from './one-shot-process.js';
import { persistentProcessLauncher } from './persistent-process.js';
import { liveGroupCount } from '../io/process-group.js';

const script = join(kitRoot(), 'runner', 'test-support', 'detaching-provider.mjs');
const sha = 'b'.repeat(64);
const hasProc = existsSync('/proc/self/environ');

function pidFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'kofun-ctk-contain-')), 'pids');
}

/** The pids a detaching provider recorded. */
function recorded(file: string): number[] {
  return readFileSync(file, 'utf8').trim().split('\n').map(Number);
}

/** True while `pid` runs (a zombie waiting for its reaper no longer runs). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

/** Waits until no recorded pid runs, or gives up after `rounds` checks; returns those still running. */
async function survivors(pids: number[], rounds = 50): Promise<number[]> {
  for (let i = 0; i < rounds; i += 1) {
    const alive = pids.filter(running);
    if (alive.length === 0) return [];
    await new Promise((r) => setTimeout(r, 20));
  }
  return pids.filter(running);
}

test('an environ block holds an entry only as a whole NUL-separated entry', () => {
  const block = new Uint8Array(Buffer.from('A=1\0XKOFUN=7\0KOFUN=7\0', 'utf8'));
  assert.ok(environHasEntry(block, 'KOFUN=7'));
  assert.ok(environHasEntry(block, 'A=1'));
  assert.not.ok(environHasEntry(block, 'KOFUN='));
  assert.not.ok(environHasEntry(block, 'OFUN=7'));
  assert.not.ok(environHasEntry(new Uint8Array(Buffer.from('XKOFUN=7\0', 'utf8')), 'KOFUN=7'));
  assert.ok(MARKER_VARIABLE.startsWith('KOFUN_CTK_CONTAINMENT_'));
});

for (const how of ['setsid', 'double-fork']) {
  test(`persistent: a ${how} descendant holding stdout is ended when the instance closes`, async () => {
    if (!hasProc) return console.log('  (no /proc on this system: marker containment not checked)');
    const file = pidFile();
    const launch = persistentProcessLauncher(
      { argv: [process.execPath, script, 'persistent', how], env: { KCTK_PID_FILE: file } },
      '0.1.0',
    );
    const started = await launch({ timeoutMs: 10000 });
    if (!started.ok) throw new Error(started.fault.message);
    const c = started.value;
    assert.ok((await c.loadFixture(sha, new Uint8Array([0x7b, 0x7d]), 10000)).ok);
    const pids = recorded(file);
    assert.is(pids.length, 1);
    assert.ok(running(pids[0] ?? 0), 'the descendant runs while the provider does');
    await c.close();
    assert.equal(await survivors(pids), []);
    assert.is(liveGroupCount(), 0);
  });

  test(`one-shot: a ${how} descendant holding stdout neither delays the answer nor survives it`, async () => {
    if (!hasProc) return console.log('  (no /proc on this system: marker containment not checked)');
    const file = pidFile();
    const launch = oneShotProcessLauncher(
      { argv: [process.execPath, script, 'one-shot', how], env: { KCTK_PID_FILE: file } },
      { name: 'x', version: '0' },
    );
    const started = await launch({ timeoutMs: 10000 });
    if (!started.ok) throw new Error(started.fault.message);
    const c = started.value;
    await c.loadFixture(sha, new Uint8Array([0x7b, 0x7d]), 10000);
    // Were the descendant not ended, stdout would never end and this would be a timeout fault.
    const r = await c.query(sha, new Uint8Array(Buffer.from('ask')), 60000);
    assert.equal(r.ok ? Buffer.from(r.value).toString() : r.fault.message, 'ask');
    assert.equal(await survivors(recorded(file)), []);
    await c.close();
    assert.is(liveGroupCount(), 0);
  });
}

// With the sandbox off, the marker and the process group are all the runner has (the sandbox's own tests are in
// runner/sandbox/): a provider that the sandbox would contain is found by them here.
test(
  '--sandbox off: the runner exits with its verdict while a double-forked orphan holds its pipes, ' + 'then ends it',
  async () => {
    if (!hasProc) return console.log('  (no /proc on this system: marker containment not checked)');
    const file = pidFile();
    const provider = `${JSON.stringify(process.execPath)} ${JSON.stringify(script)} persistent double-fork`;
    const argv = [...tsArgv('runner/cli-entry.ts').slice(1), 'run'];
    argv.push('--process', provider, '--category', 'stale', '--metamorphic', '0', '--fresh', '0');
    // The runner's own variables never reach a provider, with the sandbox or without: the pid file is passed.
    argv.push('--timeout-ms', '20000', '-j', '2', '--sandbox', 'off', '--pass-env', 'KCTK_PID_FILE');
    const child = spawn(process.execPath, argv, {
      env: { ...process.env, KCTK_PID_FILE: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => out.push(c));
    // A guard against a hang only (the test then fails on the signal): no time is asserted.
    const guard = setTimeout(() => child.kill('SIGKILL'), 240000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) =>
      child.on('exit', (c, s) => r([c, s])),
    );
    clearTimeout(guard);
    const text = Buffer.concat(out).toString('utf8');
    assert.is(signal, null, `the runner was stopped by the guard:\n${text}`);
    // An echoing provider fails the gate: exit 1, the verdict given.
    assert.is(code, 1, text);
    assert.match(text, /FAIL/);
    const pids = recorded(file);
    assert.ok(pids.length >= 1);
    assert.equal(await survivors(pids), []);
  },
);

test.run();
