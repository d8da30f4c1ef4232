/**
 * Stopping a run early: SIGINT and SIGTERM to a real `kofun-ctk run` process, and --global-timeout in-process, with a
 * provider that hangs on one vector. The reports of what ran are written and marked incomplete (exit 3), the vector in
 * flight and the ones after it are NOT-RUN, and no provider process is left.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import type { GateReport } from '../report/gate-report.js';
import { judgementOf, requestSha, runGateCli, threeStaleVectors, tsArgv } from '../test-support/run-helpers.js';

/**
 * A hang-on-one provider configuration whose argv carries `marker`, so its processes can be found in /proc; the
 * provider writes `notice` (when given) as it begins to hang on the target, through a writable bind the
 * configuration declares for the notice's folder (the sandbox lets it write nothing else).
 */
function hangConfig(targetSha: string, marker: string, notice?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-interrupt-'));
  const path = join(dir, 'provider.json');
  const argv = [...tsArgv('runner/test-support/broken-providers/hang-on-one.ts'), marker];
  const env = { KCTK_TARGET_REQUEST_SHA256: targetSha, ...(notice === undefined ? {} : { KCTK_HANG_NOTICE: notice }) };
  const sandbox = notice === undefined ? {} : { sandbox: { writable: [dirname(notice)] } };
  writeFileSync(path, JSON.stringify({ name: 'broken hang', process: { argv, env }, ...sandbox }));
  return path;
}

/** Processes whose command line holds `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((n) => /^[0-9]+$/.test(n))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) found.push(Number(pid));
    } catch {
      // The process ended while the folder was read.
    }
  }
  return found;
}

/** Waits until `ready()` holds, polling; gives up after `limitMs` (a bound on waiting, not an assertion on speed). */
async function until(ready: () => boolean, limitMs: number): Promise<boolean> {
  for (let waited = 0; waited < limitMs; waited += 20) {
    if (ready()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return ready();
}

function checkInterrupted(report: GateReport, reason: string, targetId: string, ids: string[]): void {
  assert.is(report.incomplete, true);
  assert.is(report.interrupted_by, reason);
  assert.is(report.gate.exit_code, 3);
  assert.ok(
    report.gate.reasons.some((r) => r.startsWith(`the run was interrupted (${reason}) after `)),
    report.gate.reasons.join('; '),
  );
  assert.equal(report.vectors.map((v) => v.id).sort(), [...ids].sort(), 'every selected vector is in the report');
  const target = judgementOf(report, targetId);
  assert.is(target.verdict, 'NOT-RUN');
  assert.match(target.error?.message ?? '', `interrupted (${reason})`);
  for (const v of report.vectors) assert.ok(v.verdict === 'PASS' || v.verdict === 'NOT-RUN', `${v.id}: ${v.verdict}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`${signal}: the reports of what ran are written, marked incomplete; the provider is gone`, async () => {
    const vs = threeStaleVectors();
    const target = vs[1];
    if (target === undefined) throw new Error('too few stale vectors');
    const marker = `kofun-ctk-interrupt-marker-${signal}-${process.pid}`;
    const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-interrupt-out-'));
    const events = join(dir, 'events.jsonl');
    const notice = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-interrupt-notice-')), 'hanging');
    const config = hangConfig(requestSha(target), marker, notice);
    const args = ['run', '--config', config, ...vs.flatMap((v) => ['--id', v.id])];
    args.push(
      '--metamorphic',
      '0',
      '--timeout-ms',
      '120000',
      '--report',
      'json,md',
      '--report-dir',
      dir,
      '--events',
      events,
    );
    const child = spawn(process.execPath, [...tsArgv('runner/cli-entry.ts').slice(1), ...args], {
      cwd: kitRoot(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.stdout.resume();
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    // Interrupt once the provider holds the hanging vector: it says so as the hang begins.
    const hanging = await until(() => existsSync(notice), 60_000);
    assert.ok(hanging, `the run never reached the hanging vector: ${stderr}`);
    child.kill(signal);
    const code = await exited;
    assert.is(code, 3, stderr);
    assert.match(stderr, `${signal}: providers stopped, writing the reports of what ran (incomplete)`);
    const report = JSON.parse(readFileSync(join(dir, 'kofun-ctk-report.json'), 'utf8')) as GateReport;
    checkInterrupted(
      report,
      signal,
      target.id,
      vs.map((v) => v.id),
    );
    assert.match(readFileSync(join(dir, 'kofun-ctk-report.md'), 'utf8'), `the run was interrupted (${signal})`);
    const end = readFileSync(events, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; interrupted_by?: string })
      .at(-1);
    assert.equal([end?.event, end?.interrupted_by], ['run-end', signal]);
    assert.ok(await until(() => processesWith(marker).length === 0, 5000), 'a provider process was left behind');
  });
}

test('--global-timeout stops the run the same way, in-process', async () => {
  const vs = threeStaleVectors();
  const target = vs[1];
  if (target === undefined) throw new Error('too few stale vectors');
  const marker = `kofun-ctk-interrupt-marker-timeout-${process.pid}`;
  const r = await runGateCli([
    '--config',
    hangConfig(requestSha(target), marker),
    ...vs.flatMap((v) => ['--id', v.id]),
    '--metamorphic',
    '0',
    '--timeout-ms',
    '120000',
    '--global-timeout',
    '3000',
  ]);
  assert.is(r.code, 3, r.stdout);
  if (r.report === undefined) return assert.unreachable('no report written');
  checkInterrupted(
    r.report,
    'global-timeout',
    target.id,
    vs.map((v) => v.id),
  );
  assert.match(r.stderr, '--global-timeout 3000 ms reached');
  assert.is(liveGroupCount(), 0);
  assert.ok(await until(() => processesWith(marker).length === 0, 5000), 'a provider process was left behind');
  // The option is checked like every other number.
  const bad = await runGateCli(['--provider', 'reference', '--global-timeout', 'soon']);
  assert.is(bad.code, 2);
});

test.run();
