import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { persistentProcessLauncher } from './persistent-process.js';
import { liveGroupCount } from '../io/process-group.js';
import type { ProviderConnection } from './provider-connection.js';

const fake = (mode: string) =>
  persistentProcessLauncher(
    { argv: [process.execPath, join(kitRoot(), 'runner', 'test-support', 'fake-provider.mjs'), mode] },
    '0.1.0',
  );
const sha = 'a'.repeat(64);
const bytes = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'latin1'));

/** Waits until the instance has died (a bound on waiting, not an assertion on speed). */
async function death(c: ProviderConnection): Promise<void> {
  for (let i = 0; i < 1000 && c.alive; i += 1) await new Promise((r) => setTimeout(r, 5));
}

async function started(mode: string): Promise<ProviderConnection> {
  const s = await fake(mode)({ timeoutMs: 5000 });
  if (!s.ok) throw new Error(`fake ${mode} did not start: ${s.fault.message}`);
  return s.value;
}

test('a well-behaved peer: handshake identity, bytes carried exactly both ways, clean shutdown', async () => {
  const c = await started('echo');
  assert.equal(c.identity, {
    name: 'fake echo',
    version: '0',
    interpretations: ['OQ-01:C'],
    adapter: 'process-persistent',
  });
  assert.ok((await c.loadFixture(sha, bytes('{}'), 2000)).ok);
  const request = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x0a, 0x00, 0xff, 0x0a]);
  const r = await c.query(sha, request, 2000);
  assert.ok(r.ok);
  if (r.ok) assert.equal([...r.value], [...request]);
  await c.close();
  assert.not.ok(c.alive);
  assert.is(liveGroupCount(), 0);
});

test('a wrong id, an unsolicited frame, a junk header: protocol faults', async () => {
  for (const mode of ['wrong-id', 'junk-header']) {
    const c = await started(mode);
    await c.loadFixture(sha, bytes('{}'), 2000);
    const r = await c.query(sha, bytes('x'), 2000);
    assert.is(r.ok ? 'ok' : r.fault.kind, 'protocol', mode);
    assert.not.ok(c.alive);
    await c.close();
  }
  const c = await started('unsolicited');
  await c.loadFixture(sha, bytes('{}'), 2000);
  const first = await c.query(sha, bytes('x'), 2000);
  assert.ok(first.ok);
  // The extra frame arrives while nothing is asked: the instance is dropped.
  await death(c);
  const second = await c.query(sha, bytes('x'), 2000);
  assert.is(second.ok ? 'ok' : second.fault.kind, 'protocol');
  await c.close();
  assert.is(liveGroupCount(), 0);
});

test('a second reply is blamed on the query it repeats, an unknown id on itself', async () => {
  const c = await started('double-reply');
  await c.loadFixture(sha, bytes('{}'), 2000);
  // The fixture is id 1, the query id 2: its answer arrives twice.
  const first = await c.query(sha, bytes('x'), 2000);
  assert.ok(first.ok);
  await death(c);
  assert.not.ok(c.alive);
  assert.is(c.deathFault?.message, 'result message for id 2, a query or fixture already answered (a second reply)');
  await c.close();
  const wrong = await started('wrong-id');
  await wrong.loadFixture(sha, bytes('{}'), 2000);
  await wrong.query(sha, bytes('x'), 2000);
  assert.is(wrong.deathFault?.message, 'result message for id 3, an id the runner never sent');
  await wrong.close();
});

test('a provider that closes its stdout but stays alive is a protocol ERROR at once, not at the timeout', async () => {
  const c = await started('close-stdout');
  // A timeout of a minute: were the closed stdout not noticed, the outcome would be a timeout.
  const r = await c.loadFixture(sha, bytes('{}'), 60000);
  assert.equal(r.ok ? 'ok' : [r.fault.kind, r.fault.message], [
    'protocol',
    'provider closed its stdout while still running',
  ]);
  await c.close();
  assert.is(liveGroupCount(), 0);
});

test('a result declared over 4 MiB is refused from its header: oversize', async () => {
  const c = await started('oversize');
  await c.loadFixture(sha, bytes('{}'), 2000);
  const r = await c.query(sha, bytes('x'), 2000);
  assert.is(r.ok ? 'ok' : r.fault.kind, 'oversize');
  await c.close();
});

test('a bad hello is a start fault; a crash carries the stderr tail', async () => {
  const bad = await fake('bad-hello')({ timeoutMs: 5000 });
  assert.is(bad.ok ? 'ok' : bad.fault.kind, 'start');
  const c = await started('exit-at-load');
  const r = await c.loadFixture(sha, bytes('{}'), 2000);
  assert.is(r.ok ? 'ok' : r.fault.kind, 'crash');
  if (!r.ok && r.fault.kind === 'crash') {
    assert.match(r.fault.message, /status 3/);
    assert.match(Buffer.from(r.fault.stderrTail).toString('utf8'), /giving up/);
  }
  await c.close();
  const missing = await persistentProcessLauncher(
    { argv: [join(kitRoot(), 'no-such-binary')] },
    '0.1.0',
  )({ timeoutMs: 2000 });
  assert.is(missing.ok ? 'ok' : missing.fault.kind, 'start');
  assert.is(liveGroupCount(), 0);
});

test.run();
