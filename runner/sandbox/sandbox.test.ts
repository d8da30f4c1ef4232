/**
 * The sandbox as a mechanism (the end-to-end classes are in runner/commands/run.sandbox-escapes.test.ts): a declared
 * folder is bound from the descriptor opened when it was checked, so a swap for a link afterwards binds nothing new;
 * the launcher is an absolute path started with the runner's environment, and a configuration's LD_PRELOAD reaches
 * only the process inside; the seccomp program of --hermetic ends a fork and an internet socket with SIGSYS and lets
 * threads and Unix sockets be; the layout mounts the scratch tmpfs before the folders and makes the root read-only.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { resolveProgram } from '../io/host-programs.js';
import { bwrapArguments, type SandboxLayout } from './bwrap-arguments.js';
import { openSandbox, readSandboxPlan } from './open-sandbox.js';
import type { Sandbox } from './sandbox.js';
import { SIGSYS_EXIT_STATUS } from './seccomp-filter.js';

const canSandbox = resolveProgram('bwrap').ok && process.platform === 'linux';
if (!canSandbox) console.log('note: bubblewrap is not here; the sandbox mechanism was not checked');

function sandboxWith(declared: { read_only?: string[] }, baseDir: string): Sandbox {
  return openSandbox(readSandboxPlan({ sandbox: 'on' }), {
    declared: { declared, baseDir, source: 'test configuration' },
    providerFolders: [],
    vectorSets: [join(kitRoot(), 'vectors')],
    outputs: [],
    cwd: baseDir,
    env: {},
  });
}

/** Runs `argv` in the sandbox as a provider instance; its status and stdout. */
function runInside(sandbox: Sandbox, argv: string[], hermetic = false): { status: number | null; stdout: string } {
  const c = sandbox.contain(argv, { instance: { env: { LD_PRELOAD: '' }, hermetic } });
  const r = spawnSync(c.argv[0] as string, c.argv.slice(1), {
    cwd: c.cwd,
    env: c.env,
    stdio: ['ignore', 'pipe', 'pipe', ...c.stdio],
    timeout: 60_000,
  });
  c.release();
  return { status: r.status, stdout: (r.stdout ?? Buffer.alloc(0)).toString('utf8') };
}

if (canSandbox) {
  test('a declared folder swapped for a link after the check still binds the folder that was checked', () => {
    const base = mkdtempSync(join(tmpdir(), 'kofun-ctk-swap-'));
    const tool = join(base, 'tool');
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(tool);
    mkdirSync(elsewhere);
    writeFileSync(join(tool, 'which'), 'the checked folder\n');
    writeFileSync(join(elsewhere, 'which'), 'a folder never checked\n');
    const sandbox = sandboxWith({ read_only: [tool] }, base);
    try {
      // Between instances the provider (or anyone) swaps the checked folder for a link elsewhere.
      renameSync(tool, join(base, 'tool-moved'));
      symlinkSync(elsewhere, tool);
      const r = runInside(sandbox, ['/bin/cat', join(tool, 'which')]);
      assert.is(r.stdout, 'the checked folder\n');
    } finally {
      sandbox.dispose();
    }
  });

  test("the launcher is an absolute program with the runner's environment; LD_PRELOAD only reaches inside", () => {
    const sandbox = sandboxWith({}, tmpdir());
    try {
      const c = sandbox.contain(['/bin/true'], { instance: { env: { LD_PRELOAD: '/x.so', PATH: '/evil' } } });
      const bwrap = resolveProgram('bwrap');
      assert.is(c.argv[0], bwrap.ok ? bwrap.path : '');
      assert.equal(c.env, {}, 'nothing of the configuration, nothing of the runner');
      const set = c.argv.findIndex((a, i) => a === '--setenv' && c.argv[i + 1] === 'LD_PRELOAD');
      assert.ok(set > 0 && c.argv[set + 2] === '/x.so', 'passed to bubblewrap for the process inside');
      const path = c.argv.findIndex((a, i) => a === '--setenv' && c.argv[i + 1] === 'PATH');
      assert.is(c.argv[path + 2], '/evil', "PATH inside is the configuration's to set");
      c.release();
    } finally {
      sandbox.dispose();
    }
  });

  test('--hermetic: a fork and an internet socket are ended with SIGSYS; threads and Unix sockets are not', () => {
    const sandbox = sandboxWith({}, tmpdir());
    const node = (code: string): { status: number | null; stdout: string } =>
      runInside(sandbox, [process.execPath, '-e', code], true);
    try {
      assert.is(node("require('child_process').spawnSync('/bin/true')").status, SIGSYS_EXIT_STATUS);
      assert.is(node("require('net').connect(9, '127.0.0.1').on('error', () => {})").status, SIGSYS_EXIT_STATUS);
      const thread = node(
        "new (require('worker_threads').Worker)('1', { eval: true }).on('exit', () => console.log('thread ok'))",
      );
      assert.equal(thread, { status: 0, stdout: 'thread ok\n' });
      const unix = node("require('net').connect('/nonexistent').on('error', (e) => console.log(e.code))");
      assert.equal(unix, { status: 0, stdout: 'ENOENT\n' });
      // Without --hermetic the same fork runs.
      assert.is(
        runInside(sandbox, [process.execPath, '-e', "require('child_process').spawnSync('/bin/true')"]).status,
        0,
      );
    } finally {
      sandbox.dispose();
    }
  });
}

test('the layout: the scratch tmpfs before any shown folder, masks after them, the root read-only last', () => {
  const layout: SandboxLayout = {
    systemBinds: ['/usr'],
    systemLinks: [{ target: 'usr/bin', path: '/bin' }],
    etc: ['/etc/passwd'],
    folders: [{ fd: 5, path: '/tmp/provider', writable: false }],
    buildFolders: [],
    buildReads: [],
    masks: [{ path: '/tmp/provider/vectors', kind: 'dir' }],
    tmp: { bytes: 1048576, scratch: '/tmp/kofun-ctk-scratch-1-ab' },
    shmBytes: 65536,
    files: [],
    chdir: '/tmp/kofun-ctk-scratch-1-ab',
    env: { clear: false, set: [['HOME', '/tmp/kofun-ctk-scratch-1-ab']] },
    infoFd: 3,
  };
  const argv = bwrapArguments('/usr/bin/bwrap', layout, ['/usr/bin/prlimit', '--', 'provider']);
  const at = (...words: string[]): number => argv.findIndex((_, i) => words.every((w, j) => argv[i + j] === w));
  assert.ok(at('--size', '1048576', '--tmpfs', '/tmp') < at('--ro-bind-fd', '5', '/tmp/provider'));
  assert.ok(at('--ro-bind-fd', '5', '/tmp/provider') < at('--tmpfs', '/tmp/provider/vectors'));
  assert.ok(at('--size', '65536', '--tmpfs', '/dev/shm') < at('--remount-ro', '/dev'));
  const rootReadOnly = at('--remount-ro', '/');
  assert.ok(rootReadOnly > at('--tmpfs', '/tmp/provider/vectors'));
  assert.ok(rootReadOnly < at('--unshare-all'));
  assert.equal(argv.slice(-4), ['--', '/usr/bin/prlimit', '--', 'provider']);
  assert.ok(at('--unshare-user') > 0 && at('--cap-drop', 'ALL') > 0 && at('--die-with-parent') > 0);
});

test.run();
