/**
 * Provider bytes that are not UTF-8 reach the judgement as evidence, each byte of an ill-formed sequence as \xNN
 * (never U+FFFD): the stderr tail of a crash, the message of a provider error, stdout bytes outside a frame.
 * Expected texts are the providers' bytes (undecodable-provider.mjs) escaped by hand.
 */
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitRoot } from '../../oracle/internal.js';
import { errorFromFault } from '../judge/judge-vector.js';
import { persistentProcessLauncher } from './persistent-process.js';
import { liveGroupCount } from '../io/process-group.js';

const SHA = 'b'.repeat(64);

async function firstQueryError(mode: string) {
  const argv = [process.execPath, join(kitRoot(), 'runner', 'test-support', 'undecodable-provider.mjs'), mode];
  const started = await persistentProcessLauncher({ argv }, '0.1.0')({ timeoutMs: 10_000 });
  if (!started.ok) throw new Error(`undecodable ${mode} did not start: ${started.fault.message}`);
  const c = started.value;
  assert.ok((await c.loadFixture(SHA, new Uint8Array([0x7b, 0x7d]), 10_000)).ok);
  const r = await c.query(SHA, new Uint8Array([0x7b, 0x7d]), 10_000);
  await c.close();
  assert.is(liveGroupCount(), 0);
  if (r.ok) throw new Error(`undecodable ${mode} answered`);
  return errorFromFault(r.fault);
}

test('stderr tail 61 ff 62 0a 6f 6b c3: "a\\xffb", a line break, "ok\\xc3"', async () => {
  const e = await firstQueryError('crash-stderr');
  assert.is(e.kind, 'crash');
  assert.is(e.stderr_tail, 'a\\xffb\nok\\xc3');
});

test('provider error body 62 61 64 20 c0 80 20 ed a0 80: "bad \\xc0\\x80 \\xed\\xa0\\x80"', async () => {
  const e = await firstQueryError('error-reply');
  assert.is(e.kind, 'provider-error');
  assert.is(e.code, 'internal');
  assert.is(e.message, 'bad \\xc0\\x80 \\xed\\xa0\\x80');
});

test('stdout 6e 6f 69 73 65 ff 0a outside a frame: the protocol error shows "noise\\xff\\n"', async () => {
  const e = await firstQueryError('stray-stdout');
  assert.is(e.kind, 'protocol');
  assert.is(e.message, 'header line is not printable ASCII; stdout outside a frame: "noise\\xff\\n"');
});

test.run();
