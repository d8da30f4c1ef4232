/**
 * The caps end to end (runner/limits/): a provider that takes more than a cap on one query (heap, its scratch tmpfs,
 * /dev/shm, processes, its scratch folder's size, open files, CPU time) is ended by the runner; that vector is an
 * ERROR `resource` naming the cap, the limit and what was measured, in every report; the instance is started again
 * and the other vectors pass; nothing is left on the machine (no process, no run folder, not even a tree deeper than
 * PATH_MAX); a run removes what a killed run left, found by its marker; a bad `limits` value is refused with its JSON
 * pointer (exit 2); `--limits off` is named in every report. Each cap is set small here, and the provider takes it a
 * step at a time, so the machine never holds much more than the cap.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveGroupCount } from '../io/process-group.js';
import { processStartTicks, RUN_FOLDER_MARKER, RUN_FOLDER_PREFIX } from '../io/run-folder.js';
import type { GateReport } from '../report/gate-report.js';
import { runCli } from '../test-support/run-cli.js';
import { judgementOf, requestSha, threeStaleVectors, tsArgv } from '../test-support/run-helpers.js';

const QUIET = ['--metamorphic', '0', '--fresh', '0', '--jobs', '1', '--timeout-ms', '60000'];
const REPORTS = ['kofun-ctk-report.json', 'kofun-ctk-junit.xml', 'kofun-ctk-report.md', 'kofun-ctk-report.html'];

/** A greedy provider's configuration taking `greed` on the second of the three stale vectors, with `limits`. */
function greedyConfig(greed: string, limits: object, marker: string): { path: string; targetId: string } {
  const vs = threeStaleVectors();
  const target = vs[1];
  if (target === undefined) throw new Error('too few stale vectors');
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-limits-')), 'provider.json');
  const argv = [...tsArgv('runner/test-support/greedy-provider.ts'), marker];
  const env = { KCTK_GREED: greed, KCTK_TARGET_REQUEST_SHA256: requestSha(target) };
  writeFileSync(path, JSON.stringify({ name: `greedy ${greed}`, process: { argv, env }, limits }));
  return { path, targetId: target.id };
}

/** Runs the three stale vectors with every report format; the reports as text, and the JSON one parsed. */
async function run(args: string[]): Promise<{ code: number; console: string; json: GateReport; texts: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-limits-reports-'));
  const ids = threeStaleVectors().flatMap((v) => ['--id', v.id]);
  const r = await runCli(['run', ...args, ...ids, ...QUIET, '--report', 'json,junit,md,html', '--report-dir', dir]);
  for (const n of REPORTS) assert.ok(existsSync(join(dir, n)), `${n} written:\n${r.stdout}${r.stderr}`);
  const texts = REPORTS.map((n) => readFileSync(join(dir, n), 'utf8'));
  return { code: r.code, console: r.stdout + r.stderr, json: JSON.parse(texts[0] ?? '{}') as GateReport, texts };
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

/** The run folders this process made that are still there. */
function ownRunFolders(): string[] {
  return readdirSync(tmpdir())
    .filter((n) => n.startsWith(RUN_FOLDER_PREFIX))
    .filter((n) => {
      try {
        return readFileSync(join(tmpdir(), n, RUN_FOLDER_MARKER), 'utf8').includes(`"pid":${process.pid},`);
      } catch {
        return false;
      }
    });
}

/** The vector taking too much is an ERROR `resource` saying `cap`; the others pass; the machine is left clean. */
async function endedAtTheCap(greed: string, limits: object, cap: RegExp, extra: string[] = []): Promise<GateReport> {
  const marker = `kofun-ctk-greedy-${greed}-${process.pid}`;
  const config = greedyConfig(greed, limits, marker);
  const r = await run(['--config', config.path, ...extra]);
  assert.is(r.code, 1, r.console);
  const target = judgementOf(r.json, config.targetId);
  assert.is(target.verdict, 'ERROR', `${greed}: ${JSON.stringify(target)}`);
  assert.is(target.error?.kind, 'resource', greed);
  assert.match(target.error?.message ?? '', cap);
  for (const v of r.json.vectors) if (v.id !== config.targetId) assert.is(v.verdict, 'PASS', `${greed}: ${v.id}`);
  for (const text of r.texts) assert.match(text, cap, `${greed}: every report names the cap`);
  assert.match(r.console, /limits: on \(watchdog\)|limits: on \(cgroup\)/);
  assert.is(liveGroupCount(), 0);
  assert.equal(processesWith(marker), [], `${greed}: no process left`);
  assert.equal(ownRunFolders(), [], `${greed}: no run folder left`);
  return r.json;
}

test('memory: a heap past the cap is ended, its vector an ERROR resource naming the cap and the measure', async () => {
  const cap = /memory cap 256 MiB exceeded \([0-9.]+ MiB resident and tmpfs\)/;
  await endedAtTheCap('heap', { memory: '256 MiB' }, cap);
});

test('memory: what the scratch tmpfs holds counts against the memory cap', async () => {
  const cap = /memory cap 192 MiB exceeded \([0-9.]+ MiB resident and tmpfs\)/;
  await endedAtTheCap('tmpfs', { memory: '192 MiB' }, cap);
});

test('/dev/shm is a tmpfs of its own size: filling it is the shm cap', async () => {
  await endedAtTheCap('shm', { shm: '32 MiB' }, /shm cap 32 MiB reached \(\/dev\/shm is full\)/);
});

test('processes: forking past the cap ends the instance', async () => {
  await endedAtTheCap('fork', { processes: 48 }, /processes cap 48 tasks reached \([0-9]+ processes and threads/);
});

test('scratch: writing past the scratch size is the scratch cap', async () => {
  await endedAtTheCap('tmpfs', { scratch: '32 MiB' }, /scratch cap 32 MiB reached \(\/tmp is full\)/);
});

test('open files: holding the cap of descriptors ends the instance', async () => {
  await endedAtTheCap('files', { open_files: 64 }, /open files cap 64 reached \(a process holds [0-9]+\)/);
});

test('cpu: a query busy past its CPU seconds is ended before the wall-clock timeout', async () => {
  const cap = /cpu cap 1 s per query exceeded \([0-9.]+ s of CPU time\)/;
  await endedAtTheCap('cpu', { cpu_seconds_per_query: 1 }, cap);
});

test('with the sandbox off the caps hold too, and a scratch tree deeper than PATH_MAX is removed', async () => {
  const marker = `kofun-ctk-greedy-deep-${process.pid}`;
  const config = greedyConfig('deep', {}, marker);
  const r = await run(['--config', config.path, '--sandbox', 'off']);
  assert.is(r.code, 0, r.console);
  assert.equal(ownRunFolders(), [], 'the run folder, deep tree and all, is gone');
  await endedAtTheCap('heap', { memory: '256 MiB' }, /memory cap 256 MiB exceeded/, ['--sandbox', 'off']);
});

test("a run removes the folder a killed run left (by its marker), never a live run's or an unmarked one", async () => {
  const dead = join(tmpdir(), `${RUN_FOLDER_PREFIX}test-dead-${process.pid}`);
  const live = join(tmpdir(), `${RUN_FOLDER_PREFIX}test-live-${process.pid}`);
  const unmarked = join(tmpdir(), `${RUN_FOLDER_PREFIX}test-unmarked-${process.pid}`);
  const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  for (const dir of [dead, live, unmarked]) mkdirSync(join(dir, 'scratch-1', 'deep'), { recursive: true });
  // A pid that cannot be a live process of this boot (above the kernel's pid_max), and this very process.
  const marker = (pid: number, ticks: number): string =>
    JSON.stringify({ kit: 'kofun-ctk', pid, start_ticks: ticks, boot_id: boot });
  writeFileSync(join(dead, RUN_FOLDER_MARKER), marker(4194305, 1));
  writeFileSync(join(live, RUN_FOLDER_MARKER), marker(process.pid, processStartTicks(process.pid) ?? 0));
  const r = await runCli(['run', '--provider', 'reference', '--id', threeStaleVectors()[0]?.id ?? '', ...QUIET]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.not.ok(existsSync(dead), 'the folder of a run that is gone is removed');
  assert.ok(existsSync(live), "a live run's folder stays");
  assert.ok(existsSync(unmarked), 'an unmarked folder stays');
  for (const dir of [live, unmarked]) rmSync(dir, { recursive: true, force: true });
});

test('a bad limit is refused with its JSON pointer (exit 2); --limits off is named in every report', async () => {
  for (const [limits, where, why] of [
    [{ memory: 'lots' }, '/limits/memory', ''],
    [{ processes: 0 }, '/limits/processes', ''],
    [{ memory: '64 TiB' }, '/limits/memory', "above the machine's memory"],
    [{ open_files: 2 ** 40 }, '/limits/open_files', "above the machine's descriptor limit"],
    [{ swap: '1 GiB' }, '/limits', ''],
  ] as const) {
    const config = greedyConfig('heap', limits, 'unused');
    const r = await runCli(['run', '--config', config.path, ...QUIET, '--id', threeStaleVectors()[0]?.id ?? '']);
    assert.is(r.code, 2, `${JSON.stringify(limits)}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, where);
    if (why !== '') assert.match(r.stderr, why);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
  const off = await run(['--provider', 'reference', '--limits', 'off']);
  assert.is(off.code, 0, off.console);
  assert.is(off.json.sandbox?.limits?.mode, 'off');
  assert.is(off.json.sandbox?.limits?.reason, '--limits off');
  for (const text of off.texts.slice(1)) assert.match(text, 'limits: OFF (--limits off)');
});

test.run();
