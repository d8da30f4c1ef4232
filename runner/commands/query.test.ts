import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../test-support/run-cli.js';
import { makeFixture } from '../../oracle/test-support/make-fixture.js';
import { load, requestOn, bytesOf } from '../../oracle/test-support/query-support.js';
import { INVALID_REQUEST } from '../../oracle/test-support/result-texts.js';

async function run(
  argv: string[],
  stdin: Uint8Array,
  cwd: string,
): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  const r = await runCli(argv, { stdin, cwd });
  return { code: r.code, stdout: r.stdoutBytes, stderr: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'kofun-query-'));
const fixture = makeFixture();
writeFileSync(join(dir, 'fixture.json'), JSON.stringify(fixture));

test('a current request gets the oracle result on stdout, exit 0', async () => {
  const fx = load(fixture);
  const req = bytesOf(requestOn(fx));
  const r = await run(['query', '--fixture', 'fixture.json'], req, dir);
  assert.is(r.code, 0);
  assert.is(r.stderr, '');
  const text = r.stdout.toString('utf8');
  assert.ok(text.startsWith('{\n  "analysis": {\n'));
  assert.ok(text.includes('"status": "complete"'));
  assert.ok(text.includes('"display_name": "length"'));
});

test('garbage and an oversized stdin are answered invalid-request, exit 0', async () => {
  const garbage = await run(['query', '--fixture', 'fixture.json'], new TextEncoder().encode('{"schema": 1}'), dir);
  assert.is(garbage.code, 0);
  assert.is(garbage.stdout.toString('utf8'), INVALID_REQUEST);
  const big = await run(['query', '--fixture', 'fixture.json'], new Uint8Array(200_000).fill(0x20), dir);
  assert.is(big.code, 0);
  assert.is(big.stdout.toString('utf8'), INVALID_REQUEST);
  const exact = await run(['query', '--fixture', 'fixture.json'], new Uint8Array(65_536).fill(0x20), dir);
  assert.is(exact.stdout.toString('utf8'), INVALID_REQUEST, '65,536 bytes are read and then refused as not canonical');
});

test('a vector file loads its fixture by reference', async () => {
  const fx = load(fixture);
  mkdirSync(join(dir, 'vectors', 'fixtures'), { recursive: true });
  mkdirSync(join(dir, 'vectors', 'complete'), { recursive: true });
  writeFileSync(join(dir, 'vectors', 'fixtures', `${fx.fixtureSha256}.json`), JSON.stringify(fixture));
  writeFileSync(
    join(dir, 'vectors', 'complete', 'v.json'),
    JSON.stringify({ format: 'kofun.ctk.vector/v1', fixture_sha256: fx.fixtureSha256 }),
  );
  const r = await run(['query', '--fixture', 'vectors/complete/v.json'], bytesOf(requestOn(fx)), dir);
  assert.is(r.code, 0);
  assert.ok(r.stdout.toString('utf8').includes('"status": "complete"'));
});

test('a bad fixture exits 2 with one line per violation, code, clause and pointer, no stack', async () => {
  const bad = makeFixture();
  bad.generation = -1;
  bad.facts.push({ ...(bad.facts[0] as (typeof bad.facts)[number]) });
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
  const r = await run(['query', '--fixture', 'bad.json'], new Uint8Array(0), dir);
  assert.is(r.code, 2);
  assert.is(r.stdout.length, 0);
  const lines = r.stderr.trimEnd().split('\n');
  assert.ok(lines.length >= 1);
  for (const line of lines) {
    assert.match(line, /^kofun-ctk query: bad fixture: [a-z-]+ \((KD|OQ|KIT)-[A-Z0-9-]+\)/);
    assert.not.match(line, /\n|^\s+at /);
  }
  assert.ok(r.stderr.includes('/generation'), 'the pointer names the field');
  const missing = await run(['query', '--fixture', 'nope.json'], new Uint8Array(0), dir);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /^kofun-ctk query: bad fixture: fixture-read /);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
test.run();
