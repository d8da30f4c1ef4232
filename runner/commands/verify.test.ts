import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeFixture } from '../../oracle/test-support/make-fixture.js';
import { COMPLETE, mutate, requestText } from '../../oracle/test-support/result-texts.js';
import { runCli } from '../test-support/run-cli.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-verify-'));
writeFileSync(join(dir, 'fixture.json'), JSON.stringify(makeFixture()));
writeFileSync(join(dir, 'request.json'), requestText());
writeFileSync(join(dir, 'stale-request.json'), requestText({ generation: 16 }));

async function run(argv: string[], stdin: string | Buffer): Promise<Run> {
  const r = await runCli(argv, { stdin, cwd: dir });
  return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}

test('a clean result exits 0 and prints nothing', async () => {
  assert.equal(await run(['verify'], COMPLETE), { code: 0, stdout: '', stderr: '' });
  assert.equal(await run(['verify', '--fixture', 'fixture.json', '--request', 'request.json'], COMPLETE), {
    code: 0,
    stdout: '',
    stderr: '',
  });
});

test('violations exit 1, one line each, in order', async () => {
  const bad = mutate(
    mutate(COMPLETE, '"truncated": false', '"truncated": true'),
    '"reason": null,\n  "schema"',
    '"reason": "limit-exhausted",\n  "schema"',
  );
  const r = await run(['verify'], bad);
  assert.is(r.code, 1);
  assert.is(
    r.stdout,
    'KD-LIMIT-12 complete-truncated at /truncated: A complete result always has truncated: false. (expected false, ' +
      'actual true)\n' +
      'KD-RES-06 complete-with-reason at /reason: A complete result has a null reason. (expected null, ' +
      'actual "limit-exhausted")\n',
  );
  const stale = await run(
    ['verify', '--fixture', 'fixture.json', '--request', 'stale-request.json'],
    mutate(COMPLETE, '"generation": 17', '"generation": 16'),
  );
  assert.is(stale.code, 1);
  assert.match(stale.stdout, /^KD-STALE-04 stale-not-reported at \/status: /);
});

test('provider text reaches the terminal escaped', async () => {
  // A lenient reading of an escaped ESC in an unknown key; the key shows up in the pointer.
  const evil = COMPLETE.replace('"authoritative": false,', '"authoritative": false,\n  "\\u001b[2J": 1,');
  const r = await run(['verify'], evil);
  assert.is(r.code, 1);
  assert.not.match(r.stdout, /\u001b/);
  assert.match(r.stdout, /at \/\\u\{1b\}\[2J: /);
});

test('an oversized result is a KD-LIMIT-03 violation, not a crash', async () => {
  const r = await run(['verify'], Buffer.alloc(4 * 1024 * 1024 + 1, 0x20));
  assert.is(r.code, 1);
  assert.is(
    r.stdout,
    'KD-LIMIT-03 size at byte 4194304: The result is longer than the cap of 4194304 bytes. ' +
      '(expected at most 4194304 bytes, actual 4194305 bytes)\n',
  );
});

test('unreadable or refused files exit 2 without a stack trace', async () => {
  for (const argv of [
    ['verify', '--request', 'missing.json'],
    ['verify', '--fixture', 'missing.json'],
    ['verify', '--fixture', 'request.json'],
    ['verify', '--bogus'],
  ]) {
    const r = await run(argv, COMPLETE);
    assert.is(r.code, 2, argv.join(' '));
    assert.is(r.stdout, '');
    assert.not.match(r.stderr, /\bat .*\.(ts|js):\d+/);
  }
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
