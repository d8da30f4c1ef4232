/**
 * A module provider runs in a process the kit owns: what a hostile module does to its own process (a signal,
 * writes to file descriptors 1 and 2, memory outside the V8 heap, a detached child) ends that process alone,
 * as an ERROR with its cause, and nothing reaches the runner's terminal or outlives the instance.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { kitFixtureBytes, kitModulePath, kitVectors, loadedVector } from '../test-support/run-helpers.js';
import { moduleHostArgv, moduleProcessLauncher } from './module-process-launcher.js';
import { persistentProcessLauncher } from './persistent-process.js';
import { liveGroupCount } from '../io/process-group.js';
import type { CallOutcome, ProviderConnection } from './provider-connection.js';

const modulePath = kitModulePath('runner/test-support/modules/misbehaving-module.ts');
const first = kitVectors().queryVectors[0];
if (first === undefined) throw new Error('the kit has no query vectors');
const vector = loadedVector(first);
const fixture = kitFixtureBytes(vector.fixtureSha256);

/** Starts the module with `fault` aimed at the vector's request, loads its fixture, and queries it. */
async function queryWith(
  fault: string,
  launch = moduleProcessLauncher(modulePath, kitRoot()),
): Promise<{ c: ProviderConnection; r: CallOutcome<Uint8Array> }> {
  process.env.KCTK_MODULE_FAULT = fault;
  process.env.KCTK_TARGET_REQUEST_SHA256 = createHash('sha256')
    .update(vector?.request ?? new Uint8Array())
    .digest('hex');
  try {
    const started = await launch({ timeoutMs: 30000 });
    if (!started.ok) throw new Error(`did not start: ${started.fault.message}`);
    const c = started.value;
    assert.is(c.identity.adapter, 'module');
    const loaded = await c.loadFixture(vector?.fixtureSha256 ?? '', fixture, 30000);
    assert.ok(loaded.ok);
    return { c, r: await c.query(vector?.fixtureSha256 ?? '', vector?.request ?? new Uint8Array(), 30000) };
  } finally {
    delete process.env.KCTK_MODULE_FAULT;
    delete process.env.KCTK_TARGET_REQUEST_SHA256;
  }
}

const kindOf = (r: CallOutcome<Uint8Array>): string => (r.ok ? 'ok' : r.fault.kind);

test('a well-behaved module answers from its own process with the expected bytes', async () => {
  const { c, r } = await queryWith('none');
  assert.equal(
    r.ok ? Buffer.from(r.value).toString('utf8') : r.fault.message,
    Buffer.from(vector.expected).toString('utf8'),
  );
  await c.close();
  assert.is(liveGroupCount(), 0);
});

test('SIGKILL to its own process: a crash of the provider, the runner untouched', async () => {
  const { c, r } = await queryWith('kill-self');
  assert.is(kindOf(r), 'crash');
  assert.match(r.ok ? '' : r.fault.message, /killed by SIGKILL/);
  await c.close();
});

test('escape sequences written to fd 1 and 2: a protocol ERROR, the bytes kept only as the stderr tail', async () => {
  const { c, r } = await queryWith('fd-write');
  assert.is(kindOf(r), 'protocol');
  if (!r.ok && r.fault.kind !== 'provider-error')
    assert.match(Buffer.from(r.fault.stderrTail).toString('utf8'), /on stderr/);
  await c.close();
});

test('ArrayBuffer memory past the resident cap ends the provider with the cap named', async () => {
  // The default cap is 2 GiB; the mechanism is the same with a cap of 256 MiB, which this machine can spare.
  const cap = 256 * 1024 * 1024;
  const url = new URL(`file://${modulePath}`).href;
  const launch = persistentProcessLauncher({ argv: moduleHostArgv(url) }, '0.1.0', {
    adapter: 'module',
    maxResidentBytes: cap,
  });
  const { c, r } = await queryWith('array-buffers', launch);
  assert.is(kindOf(r), 'resource');
  assert.match(r.ok ? '' : r.fault.message, new RegExp(`exceeded the memory cap of ${cap} bytes`));
  await c.close();
});

test('a detached child of the module is ended with the instance', async () => {
  const pidFile = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-module-')), 'pids');
  process.env.KCTK_PID_FILE = pidFile;
  try {
    const { c, r } = await queryWith('spawn-detached');
    assert.ok(r.ok);
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    assert.ok(existsSync(`/proc/${pid}`));
    await c.close();
    let running = true;
    for (let i = 0; i < 50 && running; i += 1) {
      running = existsSync(`/proc/${pid}`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (running) await new Promise((res) => setTimeout(res, 20));
    }
    assert.not.ok(running, `pid ${pid} survived`);
  } finally {
    delete process.env.KCTK_PID_FILE;
  }
  assert.is(liveGroupCount(), 0);
});

test.run();
