/**
 * The sandbox belongs to the runner, end to end, with hostile providers: nothing a configuration says picks the
 * launcher (a PATH naming a fake bubblewrap or prlimit); the runner's secrets stay out of reach (its environment, its
 * home's credentials, an agent socket) unless `--pass-env` passes one on purpose, which every report then names; no
 * copy of the answers is readable (the kit's history, its vectors, a repro folder's expected bytes, another instance's
 * scratch); a declared bind that would show any of it, or is a link, or nests with a writable bind, is refused before
 * anything starts; builds cannot read each other; huge one-line answers leave every report written and small; a
 * provider silent at start costs one start. Each run checks its exit status, its reports, and that no secret is in
 * any of them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer } from 'node:net';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import { resolveProgram } from '../io/host-programs.js';
import type { GateReport } from '../report/gate-report.js';
import { runCli } from '../test-support/run-cli.js';
import { kitVectors, threeStaleVectors, tsArgv } from '../test-support/run-helpers.js';

const QUIET = ['--metamorphic', '0', '--fresh', '0', '--jobs', '1'];
const REPORTS = ['kofun-ctk-report.json', 'kofun-ctk-junit.xml', 'kofun-ctk-report.md', 'kofun-ctk-report.html'];
const ids = (): string[] => threeStaleVectors().flatMap((v) => ['--id', v.id]);

/** A hostile provider's configuration in a folder of its own (which it may read), with `env` and more. */
function hostile(
  modes: string[],
  env: Record<string, string>,
  more: object = {},
  folder = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-')),
): { path: string; folder: string } {
  const path = join(folder, 'provider.json');
  const argv = tsArgv('runner/test-support/hostile-provider.ts');
  const config = { name: 'hostile', process: { argv, env: { KCTK_HOSTILE: modes.join(','), ...env } }, ...more };
  writeFileSync(path, JSON.stringify(config));
  return { path, folder };
}

/** Runs the gate with every report format into a fresh folder; the console, and every report as text. */
async function gate(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; console: string; json: GateReport; all: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-reports-'));
  const r = await runCli(['run', ...args, '--report', 'json,junit,md,html', '--report-dir', dir], { env });
  for (const n of REPORTS) assert.ok(existsSync(join(dir, n)), `${n} written:\n${r.stdout}${r.stderr}`);
  const texts = REPORTS.map((n) => readFileSync(join(dir, n), 'utf8'));
  const json = JSON.parse(texts[0] ?? '{}') as GateReport;
  return { code: r.code, console: r.stdout + r.stderr, json, all: [r.stdout, r.stderr, ...texts].join('\n') };
}

test('secrets, credentials, sockets, history, vectors and repro folders stay out of reach of a provider', async () => {
  const tag = `${process.pid}-${Date.now()}`;
  const home = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-home-'));
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.npmrc'), `//registry.example/:_authToken=NPMRC-SECRET-${tag}\n`);
  writeFileSync(join(home, '.ssh', 'id_ed25519'), `SSH-SECRET-${tag}\n`);
  const agent = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-agent-')), 'agent.sock');
  const server = createServer((socket) => socket.end(`AGENT-SECRET-${tag}`));
  await new Promise<void>((r) => server.listen(agent, r));
  const saved = { HOME: process.env.HOME, token: process.env.KOFUN_TEST_CI_TOKEN, sock: process.env.SSH_AUTH_SOCK };
  process.env.HOME = home;
  process.env.KOFUN_TEST_CI_TOKEN = `CI-TOKEN-${tag}`;
  process.env.SSH_AUTH_SOCK = agent;
  try {
    const folder = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-'));
    // Answers left beside the provider: a default repro folder, and a marked one under another name.
    mkdirSync(join(folder, 'kofun-ctk-repro', 'stale__x'), { recursive: true });
    writeFileSync(join(folder, 'kofun-ctk-repro', 'stale__x', 'expected.json'), `REPRO-ANSWER-${tag}`);
    mkdirSync(join(folder, 'old-repro'));
    writeFileSync(join(folder, 'old-repro', '.kofun-ctk-repro'), '{}\n');
    writeFileSync(join(folder, 'old-repro', 'expected.json'), `MARKED-ANSWER-${tag}`);
    const reads = [
      join(home, '.npmrc'),
      join(home, '.ssh', 'id_ed25519'),
      '/etc/shadow',
      '/run',
      '/root',
      join(kitRoot(), '.git'),
      join(kitRoot(), 'vectors', 'manifest.json'),
      join(folder, 'kofun-ctk-repro', 'stale__x', 'expected.json'),
      join(folder, 'old-repro', 'expected.json'),
      '/tmp/kofun-ctk-scratch-*',
    ];
    const probing = {
      KCTK_READ: reads.join(':'),
      KCTK_ECHO: 'KOFUN_TEST_CI_TOKEN:SSH_AUTH_SOCK:HOME',
      KCTK_UNIX_SOCKET: agent,
    };
    const config = hostile(['probe'], probing, {}, folder);
    const secrets = [`NPMRC-SECRET-${tag}`, `SSH-SECRET-${tag}`, `AGENT-SECRET-${tag}`, `CI-TOKEN-${tag}`];
    const answers = [`REPRO-ANSWER-${tag}`, `MARKED-ANSWER-${tag}`, 'kofun.ctk.manifest/v1', 'gitdir:', 'shadow: root'];
    const env = { KOFUN_TEST_CI_TOKEN: `CI-TOKEN-${tag}` };

    const inside = await gate(['--config', config.path, ...ids(), ...QUIET, '-j', '2'], env);
    // The first query's answer is the probe's error (ERROR), the others lack their final LF (FAIL): exit 1.
    assert.is(inside.code, 1, inside.console);
    assert.match(inside.all, 'refused (ENOENT)', 'the probe ran and was refused');
    for (const s of [...secrets, ...answers]) assert.not.match(inside.all, s, `in the sandbox: ${s}`);
    assert.match(inside.all, 'env KOFUN_TEST_CI_TOKEN: unset');
    assert.match(inside.all, `unix ${agent}: refused`);
    // Its own scratch folder, and no other instance's.
    assert.match(inside.all, /\/tmp\/kofun-ctk-scratch-\*: kofun-ctk-scratch-[0-9]+-[0-9a-f]+(;|")/);
    assert.equal(inside.json.sandbox?.environment?.passed, []);
    assert.is(liveGroupCount(), 0);

    // Passed on purpose: the provider sees it, and every report names what was passed.
    const passed = await gate(['--config', config.path, ...ids(), ...QUIET, '--pass-env', 'KOFUN_TEST_CI_TOKEN'], env);
    assert.match(passed.all, `env KOFUN_TEST_CI_TOKEN: CI-TOKEN-${tag}`);
    assert.equal(passed.json.sandbox?.environment?.passed, ['KOFUN_TEST_CI_TOKEN']);
    assert.match(passed.all, "--pass-env KOFUN_TEST_CI_TOKEN: the runner's value reaches the provider");
    for (const s of secrets.filter((x) => !x.startsWith('CI-TOKEN'))) assert.not.match(passed.all, s, s);

    // Without the sandbox the runner's environment still never reaches the provider; its files do, and it says so.
    const outside = await gate(['--config', config.path, ...ids(), ...QUIET, '--sandbox', 'off'], env);
    assert.match(outside.all, 'env KOFUN_TEST_CI_TOKEN: unset');
    assert.not.match(outside.all, `CI-TOKEN-${tag}`);
    assert.match(outside.all, `NPMRC-SECRET-${tag}`, 'with the sandbox off the home folder is readable');
    assert.match(outside.all, "sandbox: OFF (--sandbox off); the provider ran with the runner's own rights");
  } finally {
    server.close();
    for (const [name, value] of [
      ['HOME', saved.HOME],
      ['KOFUN_TEST_CI_TOKEN', saved.token],
      ['SSH_AUTH_SOCK', saved.sock],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

test("the launcher is the runner's: a configuration PATH naming a fake bwrap or prlimit is never run", async () => {
  const fake = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-bin-'));
  const used = join(fake, 'used');
  for (const name of ['bwrap', 'prlimit', 'strace']) {
    writeFileSync(join(fake, name), `#!/bin/sh\necho ${name} >> ${used}\nexec /usr/bin/${name} "$@"\n`);
    chmodSync(join(fake, name), 0o755);
  }
  const config = hostile([], { PATH: `${fake}:/usr/bin:/bin`, LD_PRELOAD: join(fake, 'no-such-library.so') });
  const r = await gate(['--config', config.path, ...ids(), ...QUIET]);
  assert.is(r.code, 1, r.console);
  assert.not.ok(existsSync(used), `a fake helper ran: ${existsSync(used) ? readFileSync(used, 'utf8') : ''}`);
  const bwrap = resolveProgram('bwrap');
  assert.ok(bwrap.ok);
  assert.is(r.json.sandbox?.launcher, bwrap.ok ? bwrap.path : '');
  assert.is(r.json.sandbox?.mode, 'on');
  assert.equal(r.json.sandbox?.environment?.allowlist, ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ']);
  // LD_PRELOAD reached the provider only (its loader complained there), never the launcher, which started it.
  for (const v of r.json.vectors) assert.ok(v.verdict === 'FAIL', `${v.id}: ${v.verdict}`);
});

test('declared binds that are links, show what is hidden, nest, or take a temporary folder are refused', async () => {
  const base = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-binds-'));
  const writable = join(base, 'w');
  mkdirSync(join(writable, 'x'), { recursive: true });
  symlinkSync(writable, join(base, 'link'));
  const home = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-home-'));
  mkdirSync(join(home, '.ssh'));
  mkdirSync(join(home, 'toolchain'));
  const saved = process.env.HOME;
  process.env.HOME = home;
  try {
    for (const [sandbox, where, why] of [
      [{ read_only: [join(base, 'link')] }, '/sandbox/read_only/0', 'is a link'],
      [{ read_only: [join(kitRoot(), 'vectors')] }, '/sandbox/read_only/0', 'a vector set'],
      [{ read_only: [kitRoot()] }, '/sandbox/read_only/0', 'it would show'],
      [{ writable: [writable, join(writable, 'x')] }, '/sandbox/writable/0', 'which a provider could then replace'],
      [{ writable: ['/tmp'] }, '/sandbox/writable/0', /it would show \S+ \(.*\) whole/],
      [{ read_only: [home] }, '/sandbox/read_only/0', "the runner user's home"],
      [{ read_only: [join(home, '.ssh')] }, '/sandbox/read_only/0', 'credentials'],
      [{ read_only: ['/run'] }, '/sandbox/read_only/0', 'its sockets'],
    ] as const) {
      const config = hostile([], {}, { sandbox });
      const r = await runCli(['run', '--config', config.path, ...ids(), ...QUIET]);
      assert.is(r.code, 2, `${JSON.stringify(sandbox)}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, where);
      assert.match(r.stderr, why);
      assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    }
    // A toolchain below the home folder may be declared: the provider starts and runs.
    const toolchain = hostile([], {}, { sandbox: { read_only: [join(home, 'toolchain')] } });
    const ok = await runCli(['run', '--config', toolchain.path, ...ids(), ...QUIET]);
    assert.is(ok.code, 1, ok.stdout + ok.stderr);
  } finally {
    if (saved === undefined) delete process.env.HOME;
    else process.env.HOME = saved;
  }
});

test("declared builds see their own folders only: B cannot copy A's artifact (KD-RELEASE-02 then fails)", async () => {
  const release = kitVectors().releaseVectors[0]?.id;
  assert.ok(release !== undefined, 'a release-cost vector');
  const write = (what: string): string[] => [
    process.execPath,
    '-e',
    "const fs = require('fs'), p = require('path').join(process.env.KOFUN_CTK_OUT, 'artifact');" +
      `fs.writeFileSync(p, '${what}'); fs.chmodSync(p, 0o644);`,
  ];
  // B looks for the artifacts of earlier builds beside its own build folder and copies the first it finds.
  const copyA =
    "const fs = require('fs'), path = require('path'); const out = process.env.KOFUN_CTK_OUT;" +
    "const at = path.join(process.env.KOFUN_CTK_SRC, '..', '..', 'artifacts'); let copied = false;" +
    'try { for (const d of fs.readdirSync(at)) { fs.cpSync(path.join(at, d), out, { recursive: true });' +
    ' copied = true; break; } } catch {}' +
    "if (!copied) { fs.writeFileSync(path.join(out, 'artifact'), 'B'); " +
    "fs.chmodSync(path.join(out, 'artifact'), 0o644); }";
  const build = {
    schema: 'kofun.ctk.release-build/v1',
    commands: {
      without_support: write('A'),
      support_disabled: [process.execPath, '-e', copyA],
      discovery_enabled: write('C'),
    },
  };
  const config = hostile([], {}, { build });
  const args = ['--config', config.path, '--id', release, ...QUIET];
  const inside = await gate(args);
  const judged = inside.json.vectors.find((v) => v.id === release);
  assert.is(judged?.verdict, 'FAIL', inside.console);
  assert.ok(judged?.fail_clauses.includes('KD-RELEASE-02'), JSON.stringify(judged));
  // Without the sandbox the copy works, and the byte-identity gate is fooled: what the sandbox prevents.
  const outside = await gate([...args, '--sandbox', 'off']);
  assert.is(outside.json.vectors.find((v) => v.id === release)?.verdict, 'PASS', outside.console);
  assert.is(liveGroupCount(), 0);
});

test('huge one-line answers: every report of every format is written, each bounded', async () => {
  const config = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-huge-')), 'provider.json');
  const argv = tsArgv('runner/test-support/huge-answer-provider.ts');
  writeFileSync(config, JSON.stringify({ name: 'huge', process: { argv } }));
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-reports-'));
  const reports = ['--report', 'json,junit,md,html', '--report-dir', dir];
  const r = await runCli(['run', '--config', config, '--category', 'stale', ...QUIET, ...reports]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  for (const n of REPORTS) {
    assert.ok(existsSync(join(dir, n)), n);
    // An answer of 1,000,000 bytes for each stale vector (36): a report holding them would be over 30 MB.
    assert.ok(statSync(join(dir, n)).size < 8 * 1024 * 1024, `${n}: ${statSync(join(dir, n)).size} bytes`);
  }
  assert.match(readFileSync(join(dir, 'kofun-ctk-report.md'), 'utf8'), 'more characters of this line');
});

test('a provider silent at start costs one start timeout per run, named as such, with no restart', async () => {
  const starts = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-silent-')), 'starts');
  const folder = mkdtempSync(join(tmpdir(), 'kofun-ctk-escape-silent-'));
  const config = join(folder, 'provider.json');
  const script = `require('fs').appendFileSync(${JSON.stringify(starts)}, 'start\\n'); setInterval(() => {}, 1000);`;
  const sandbox = { writable: [join(starts, '..')] };
  writeFileSync(
    config,
    JSON.stringify({ name: 'silent', process: { argv: [process.execPath, '-e', script] }, sandbox }),
  );
  const phases = ['--metamorphic', 'all', '--fresh', '3', '-j', '2', '--start-timeout-ms', '3000'];
  const r = await runCli(['run', '--config', config, ...ids(), ...phases]);
  assert.is(r.code, 3, r.stdout + r.stderr);
  assert.is(readFileSync(starts, 'utf8'), 'start\n', 'started once for the whole run');
  assert.match(r.stdout, 'no hello within 3000 ms (--start-timeout-ms)');
  assert.not.match(r.stdout, 'restarted');
  assert.not.match(r.stdout, 'died');
  assert.is(liveGroupCount(), 0);
});

test.run();
