/**
 * Hostile providers (runner/test-support/hostile-provider.ts, the hostile values of modules/misbehaving-module.ts)
 * against the gate, with the sandbox and, where it applies, without it. For each: the run ends, with exit 1 (the
 * provider's answers are wrong) or 3 as documented; the verdict and its reason are in every report; no process is
 * left; nothing is written outside the report folder; no escape byte reaches the console.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import type { GateReport } from '../report/gate-report.js';
import { runCli } from '../test-support/run-cli.js';
import { kitModulePath, moduleFaultsRun, threeStaleVectors, tsArgv } from '../test-support/run-helpers.js';

const ids = (): string[] => threeStaleVectors().flatMap((v) => ['--id', v.id]);
// One instance: the counts below follow the order in which one instance is asked (its first answer is the hostile one).
const QUIET = ['--metamorphic', '0', '--fresh', '0', '--jobs', '1'];

/** A configuration for the hostile provider with `modes` and `env`, and the binds it declares. */
function hostileConfig(modes: string[], env: Record<string, string>, sandbox?: object): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-')), 'provider.json');
  const argv = tsArgv('runner/test-support/hostile-provider.ts');
  const config = { name: 'hostile', process: { argv, env: { KCTK_HOSTILE: modes.join(','), ...env } } };
  writeFileSync(path, JSON.stringify(sandbox === undefined ? config : { ...config, sandbox }));
  return path;
}

/** Runs the gate in-process with every report format into a fresh folder; the reports as text, by format. */
async function gateWithReports(args: string[]): Promise<{
  code: number;
  console: string;
  dir: string;
  json: GateReport;
  texts: string[];
}> {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-reports-'));
  const r = await runCli(['run', ...args, '--report', 'json,junit,md,html', '--report-dir', dir]);
  const text = (name: string): string => readFileSync(join(dir, name), 'utf8');
  const names = ['kofun-ctk-report.json', 'kofun-ctk-junit.xml', 'kofun-ctk-report.md', 'kofun-ctk-report.html'];
  for (const n of names) assert.ok(existsSync(join(dir, n)), `${n} written:\n${r.stdout}${r.stderr}`);
  const json = JSON.parse(text('kofun-ctk-report.json')) as GateReport;
  return { code: r.code, console: r.stdout + r.stderr, dir, json, texts: names.map(text) };
}

/** Processes whose command line holds `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((n) => /^[0-9]+$/.test(n))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) found.push(Number(pid));
    } catch {
      // The process ended while /proc was read.
    }
  }
  return found;
}

/** Polls until `ready()` holds or `limitMs` passed (a bound on waiting, never an assertion on speed). */
async function until(ready: () => boolean, limitMs: number): Promise<boolean> {
  for (let waited = 0; waited < limitMs; waited += 25) {
    if (ready()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return ready();
}

/** A file the provider must not be able to change: its content now, to compare after the run. */
function canary(path: string): { path: string; before: string } {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'untouched\n');
  return { path, before: 'untouched\n' };
}

test(
  'in the sandbox: the kit, node_modules and reports stay unwritten, ' + 'no network, no process outlives the run',
  async () => {
    const marker = `kofun-ctk-hostile-forger-${process.pid}`;
    const inKit = canary(join(kitRoot(), '.tmp', `hostile-canary-${process.pid}`));
    const inModules = canary(join(kitRoot(), 'node_modules', `.hostile-canary-${process.pid}`));
    const outside = canary(join(mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-outside-')), 'file'));
    const forgeDir = mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-forge-'));
    writeFileSync(join(forgeDir, 'report.json'), 'honest\n');
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const config = hostileConfig(['rewrite-kit', 'plant-link', 'forge-later', 'network', 'escapes'], {
        KCTK_REWRITE: [inKit.path, inModules.path].join(':'),
        KCTK_LINK_AT: join(dirname(outside.path), 'planted'),
        KCTK_LINK_TO: outside.path,
        KCTK_FORGE_DIR: forgeDir,
        KCTK_MARKER: marker,
        KCTK_NET_PORT: String(port),
      });
      const r = await gateWithReports(['--config', config, ...ids(), ...QUIET]);
      // Every answer lacks its final LF (KD-CANON-02); the first query's error carries terminal escapes.
      assert.is(r.code, 1, r.console);
      assert.equal([r.json.counts.ERROR, r.json.counts.FAIL], [1, 2], r.console);
      assert.is(r.json.sandbox?.mode, 'on');
      for (const text of r.texts) assert.match(text, 'KD-CANON-02');
      for (const text of r.texts) assert.match(text, 'sandbox');
      assert.not.match(r.console, '\u001b', 'no escape byte reaches the console');
      for (const c of [inKit, inModules, outside]) assert.is(readFileSync(c.path, 'utf8'), c.before, c.path);
      assert.not.ok(existsSync(join(dirname(outside.path), 'planted')), 'no link planted outside the scratch folder');
      assert.is(connections, 0, 'the provider reached no network, not even the host loopback');
      // The forger is gone with its instance: nothing is left to rewrite the reports after the run.
      assert.ok(await until(() => processesWith(marker).length === 0, 10_000), 'no forger left');
      assert.is(readFileSync(join(forgeDir, 'report.json'), 'utf8'), 'honest\n');
      assert.is(liveGroupCount(), 0);
    } finally {
      server.close();
      rmSync(inKit.path, { force: true });
      rmSync(inModules.path, { force: true });
    }
  },
);

test(
  'an unsolicited frame is an ERROR protocol of a vector, in every report; ' + 'job-control signals are ignored',
  async () => {
    for (const sandbox of ['on', 'off']) {
      // Without the sandbox the provider is the runner's child, and signals it: the runner must not stop.
      const config = hostileConfig(['unsolicited', 'stop-runner'], {});
      const r = await gateWithReports(['--config', config, ...ids(), ...QUIET, '--sandbox', sandbox]);
      assert.is(r.code, 1, r.console);
      const second = r.json.vectors.find((v) => v.verdict === 'ERROR');
      assert.ok(second !== undefined, r.console);
      assert.is(second.error?.kind, 'protocol');
      // Charged to the vector in flight when it arrives, else to the next (lane-pool.test.ts pins the latter).
      assert.match(second.error?.message ?? '', 'an id the runner never sent');
      for (const text of r.texts) assert.match(text, 'an id the runner never sent');
      assert.is(liveGroupCount(), 0);
    }
  },
);

test('a hello declaring interpretations the register does not hold is refused at start, with the nearest', async () => {
  const r = await gateWithReports(['--config', hostileConfig(['undeclarable'], {}), ...ids(), ...QUIET]);
  assert.is(r.code, 3, r.console);
  assert.is(r.json.provider, null, 'the refused identity is in no report as declared');
  for (const v of r.json.vectors) assert.is(v.verdict, 'NOT-RUN');
  const reason = r.json.gate.reasons.join('; ');
  assert.match(reason, '"OQ-99:Z" (nearest known: OQ-09:');
  assert.match(reason, '"../../etc/passwd" (nearest known: ');
  for (const text of r.texts) assert.match(text, 'OQ-99:Z');
});

test('a module throwing any value, or returning a Proxy claiming 1e9 bytes, costs its vector as internal', async () => {
  const faults = ['throw-getters', 'throw-revoked', 'throw-symbol', 'thenable-throws', 'proxy-bytes'];
  const r = await moduleFaultsRun(faults, ['--jobs', '1'], 20000);
  assert.is(r.code, 1, `${r.stdout}${r.stderr}`);
  for (const fault of faults) {
    const judged = r.judged.get(fault);
    assert.is(judged?.verdict, 'ERROR', fault);
    assert.is(judged?.error?.code, 'internal', fault);
    assert.match(r.stdout, `ERROR ${judged?.id}`, fault);
  }
  assert.not.match(r.stdout, 'restarted', 'the module host did not crash');
  assert.not.match(r.stdout + r.stderr, '\u001b');
});

test('a provider answering from the vector files is refused them as its folder and cannot find them', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-')), 'provider.json');
  // Named in its command, the vector set would be one of the provider's own folders: refused before anything starts.
  const named = [...tsArgv('runner/test-support/fixture-memoriser-provider.ts'), join(kitRoot(), 'vectors')];
  writeFileSync(path, JSON.stringify({ name: 'memoriser', process: { argv: named } }));
  const refused = await runCli(['run', '--config', path, ...ids(), ...QUIET]);
  assert.is(refused.code, 2, refused.stdout);
  assert.match(refused.stderr, `the provider's folder ${join(kitRoot(), 'vectors')} cannot be shown`);
  // Told the path another way, it finds an empty folder there.
  const argv = tsArgv('runner/test-support/fixture-memoriser-provider.ts');
  const env = { KCTK_MEMORISER_VECTORS: join(kitRoot(), 'vectors') };
  writeFileSync(path, JSON.stringify({ name: 'memoriser', process: { argv, env } }));
  const r = await runCli(['run', '--config', path, ...ids(), ...QUIET]);
  assert.ok(r.code === 1 || r.code === 3, `${r.code}: ${r.stdout}`);
  assert.not.match(r.stdout, /^PASS /m, 'no vector passes from the goldens');
});

/**
 * A copy of the kit (the compiled tree this test runs from, the package files, its own copy of xmlbuilder2, the
 * other packages linked), so a provider may really rewrite a library the runner loads for JUnit.
 */
function kitCopy(): { root: string; entry: string; library: string } | undefined {
  const entry = kitModulePath('runner/cli-entry.ts');
  if (!entry.endsWith('.js')) return undefined;
  const tree = dirname(dirname(entry));
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-kit-copy-'));
  for (const folder of ['oracle', 'runner', 'bin']) cpSync(join(tree, folder), join(root, folder), { recursive: true });
  cpSync(join(kitRoot(), 'package.json'), join(root, 'package.json'));
  cpSync(join(kitRoot(), 'oracle', 'schemas'), join(root, 'oracle', 'schemas'), { recursive: true });
  cpSync(join(kitRoot(), 'oracle', 'interpretations.json'), join(root, 'oracle', 'interpretations.json'));
  symlinkSync(join(kitRoot(), 'vectors'), join(root, 'vectors'));
  mkdirSync(join(root, 'node_modules'));
  for (const name of readdirSync(join(kitRoot(), 'node_modules'))) {
    const from = join(kitRoot(), 'node_modules', name);
    if (name === 'xmlbuilder2') cpSync(from, join(root, 'node_modules', name), { recursive: true });
    else symlinkSync(from, join(root, 'node_modules', name));
  }
  return {
    root,
    entry: join(root, 'runner', 'cli-entry.js'),
    library: join(root, 'node_modules', 'xmlbuilder2', 'lib', 'index.js'),
  };
}

test(
  'a provider that rewrites a library the runner loads for JUnit, and plants a link at a report, ' +
    'changes no verdict',
  async () => {
    for (const sandbox of ['on', 'off']) {
      const copy = kitCopy();
      if (copy === undefined) return console.log('  (run from the sources: the kit copy needs the compiled tree)');
      const before = readFileSync(copy.library, 'utf8');
      const reports = mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-reports-'));
      const outside = canary(join(mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-outside-')), 'file'));
      const config = hostileConfig(['rewrite-kit', 'plant-link'], {
        KCTK_REWRITE: copy.library,
        KCTK_LINK_AT: join(reports, 'kofun-ctk-junit.xml'),
        KCTK_LINK_TO: outside.path,
      });
      const argv = [copy.entry, 'run', '--config', config, ...ids(), ...QUIET, '--sandbox', sandbox];
      argv.push('--report', 'junit,json', '--report-dir', reports);
      const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (text += c.toString('utf8')));
      const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      assert.is(code, 1, `${sandbox}: ${text}`);
      const rewritten = readFileSync(copy.library, 'utf8') !== before;
      // With the sandbox the library is out of reach; without it the rewrite lands, after the runner loaded it.
      assert.is(rewritten, sandbox === 'off', `${sandbox}: the rewrite ${rewritten ? 'landed' : 'was refused'}`);
      assert.not.ok(
        lstatSync(join(reports, 'kofun-ctk-junit.xml')).isSymbolicLink(),
        `${sandbox}: a link written through`,
      );
      assert.match(readFileSync(join(reports, 'kofun-ctk-junit.xml'), 'utf8'), '<testsuites');
      assert.is(readFileSync(outside.path, 'utf8'), outside.before, `${sandbox}: the file behind the link`);
      rmSync(copy.root, { recursive: true, force: true });
    }
  },
);

test('binds are validated before anything starts; a sandbox that cannot start is a usage error', async () => {
  const kitWritable = hostileConfig([], {}, { writable: [dirname(kitRoot())] });
  const r1 = await runCli(['run', '--config', kitWritable, ...ids(), ...QUIET]);
  assert.is(r1.code, 2);
  assert.match(r1.stderr, `/sandbox/writable/0: ${dirname(kitRoot())} cannot be bound: it would show`);
  const missing = hostileConfig([], {}, { read_only: ['/no/such/toolchain'] });
  const r2 = await runCli(['run', '--config', missing, ...ids(), ...QUIET]);
  assert.is(r2.code, 2);
  assert.match(r2.stderr, '/sandbox/read_only/0: /no/such/toolchain: no such file or folder');
  const r3 = await runCli(['run', '--provider', 'reference', ...ids(), ...QUIET, '--bwrap', '/no/such/bwrap']);
  assert.is(r3.code, 2);
  assert.match(r3.stderr, 'the sandbox cannot start: bubblewrap /no/such/bwrap: no executable file there');
  assert.match(r3.stderr, '--sandbox off');
  const r4 = await runCli(['run', '--provider', 'reference', ...ids(), ...QUIET, '--sandbox', 'maybe']);
  assert.is(r4.code, 2);
  assert.match(r4.stderr, '--sandbox maybe: use on or off');
  const cache = mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-cache-'));
  const withCache = hostileConfig([], {}, { writable: [cache] });
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-hostile-reports-'));
  const r5 = await runCli(['run', '--config', withCache, ...ids(), ...QUIET, '--report', 'md', '--report-dir', dir]);
  assert.is(r5.code, 1, r5.stdout);
  const md = readFileSync(join(dir, 'kofun-ctk-report.md'), 'utf8');
  assert.match(md, `writable bind ${cache}: the provider can change what is there`);
  const off = await runCli(['run', '--provider', 'reference', ...ids(), ...QUIET, '--sandbox', 'off']);
  assert.is(off.code, 0, off.stdout);
  assert.match(off.stdout, "sandbox: OFF (--sandbox off); the provider ran with the runner's own rights");
});

test.run();
