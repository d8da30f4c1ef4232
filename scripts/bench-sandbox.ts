// The sandbox's cost (runner/sandbox/) and the caps' (runner/limits/), for `npm run bench`: a persistent reference
// instance started and closed (handshake included) in the sandbox and without it, the main job with the sandbox (the
// default) against the same job with --sandbox off (target: at most 10% slower), the main job with its caps held (the
// default) against --limits off (target: at most 5% slower), and the watchdog's share of the runner's CPU. Medians;
// nothing asserted.
import { join } from 'node:path';
import { kitVersion } from '../oracle/index.js';
import { kitRoot } from '../oracle/internal.js';
import { launcherFor, referenceSpec } from '../runner/adapters/provider-spec.js';
import { watchdogCpuMicros } from '../runner/limits/watchdog.js';
import { openSandbox, readSandboxPlan } from '../runner/sandbox/open-sandbox.js';
import { runMainJob } from './bench-main-job.js';
import { median } from './median.js';

/** How many instance starts each way. */
const STARTS = 15;

async function startMs(sandboxOn: boolean): Promise<number> {
  const sandbox = openSandbox(readSandboxPlan({ sandbox: sandboxOn ? 'on' : 'off' }), {
    kitForInstances: true,
    vectorSets: [join(kitRoot(), 'vectors')],
    outputs: [],
    cwd: process.cwd(),
    env: {},
  });
  const launch = launcherFor(referenceSpec('process'), { kitVersion: kitVersion(), sandbox });
  const times: number[] = [];
  try {
    for (let i = 0; i < STARTS; i++) {
      const t = performance.now();
      const started = await launch({ timeoutMs: 60_000 });
      if (!started.ok) throw new Error(`the reference did not start: ${started.fault.message}`);
      await started.value.close();
      times.push(performance.now() - t);
    }
  } finally {
    sandbox.dispose();
  }
  return median(times);
}

/** Prints the sandbox's cost: instance start, and the main job at `jobs`, `rounds` times each way, alternating. */
export async function printSandboxCost(rounds: number, jobs: number): Promise<void> {
  const on = await startMs(true);
  const off = await startMs(false);
  process.stdout.write(
    `persistent instance start (handshake, close): sandbox ${on.toFixed(0)} ms, --sandbox off ${off.toFixed(0)} ms ` +
      `(medians of ${STARTS})\n`,
  );
  process.stdout.write(`  instance start, sandbox / --sandbox off: ${(on / off).toFixed(2)}\n`);
  const withSandbox: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < rounds; i++) {
    withSandbox.push((await runMainJob(['--jobs', String(jobs)])).ms);
    without.push((await runMainJob(['--jobs', String(jobs), '--sandbox', 'off'])).ms);
  }
  const a = median(withSandbox);
  const b = median(without);
  process.stdout.write(
    `main job --jobs ${jobs}: sandbox ${a.toFixed(0)} ms, --sandbox off ${b.toFixed(0)} ms (medians of ${rounds})\n`,
  );
  process.stdout.write(`main job, sandbox / --sandbox off: ${(a / b).toFixed(2)} (target <= 1.10)\n\n`);
  const capped: number[] = [];
  const uncapped: number[] = [];
  for (let i = 0; i < rounds; i++) {
    capped.push((await runMainJob(['--jobs', String(jobs)])).ms);
    uncapped.push((await runMainJob(['--jobs', String(jobs), '--limits', 'off'])).ms);
  }
  const c = median(capped);
  const d = median(uncapped);
  process.stdout.write(
    `main job --jobs ${jobs}: caps held ${c.toFixed(0)} ms, --limits off ${d.toFixed(0)} ms (medians of ${rounds})\n`,
  );
  process.stdout.write(`main job, caps / --limits off: ${(c / d).toFixed(2)} (target <= 1.05)\n\n`);
}

/**
 * The watchdog's share of the runner's CPU over an in-process gate run (it polls every live instance each period):
 * its own CPU time against the whole process's, measured around `run`.
 */
export async function printWatchdogShare(run: () => Promise<unknown>): Promise<void> {
  const before = process.cpuUsage();
  const watchdogBefore = watchdogCpuMicros();
  await run();
  const spent = process.cpuUsage(before);
  const total = spent.user + spent.system;
  const watchdog = watchdogCpuMicros() - watchdogBefore;
  process.stdout.write(
    `watchdog CPU: ${(watchdog / 1000).toFixed(0)} ms of the runner's ${(total / 1000).toFixed(0)} ms over the full ` +
      `set in the sandbox: ${((100 * watchdog) / Math.max(1, total)).toFixed(1)}%\n\n`,
  );
}
