/**
 * Every JSON input of the kit is read fail-closed: each bad input below is a usage error (exit 2) with one line
 * naming the byte offset or the JSON pointer, before anything runs.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-inputs-'));
function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function refusal(argv: string[]): Promise<string> {
  const r = await runCli(argv);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
  assert.not.match(r.stderr, /\n\s+at /);
  return r.stderr;
}

test('provider configuration: a duplicate key, invalid UTF-8, a misspelled key', async () => {
  // {"name":"a","name":"b",...}: the second "name" starts at byte 12.
  const dup = file('dup.json', '{"name":"a","name":"b","process":{"argv":["x"]}}');
  assert.match(await refusal(['run', '--config', dup]), /byte 12, \/name: duplicate key "name"/);
  // {"name":"<FF>",...}: the 0xFF is byte 9.
  const bad = file(
    'bad.json',
    Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff]), Buffer.from('","process":{"argv":["x"]}}')]),
  );
  assert.match(await refusal(['run', '--config', bad]), /byte 9: invalid UTF-8/);
  const typo = file('typo.json', '{"name":"a","proces":{"argv":["x"]}}');
  const message = await refusal(['run', '--config', typo]);
  assert.match(message, /\/proces: unknown key \(misspelled\?\)/);
  assert.not.match(message, /oneOf/);
  const nested = file('nested.json', '{"name":"a","process":{"argv":["x"],"mdoe":"one-shot"}}');
  assert.match(await refusal(['run', '--config', nested]), /\/process\/mdoe: unknown key/);
});

test('expectations: a duplicate key and a misspelled one', async () => {
  // [{"id":"x","verdict":"FAIL","verdict":"ERROR","reason":"r"}]: the second "verdict" starts at byte 28.
  const dup = file('exp-dup.json', '[{"id":"x","verdict":"FAIL","verdict":"ERROR","reason":"r"}]');
  assert.match(
    await refusal(['run', '--provider', 'reference', '--expectations', dup]),
    /byte 28, \/0\/verdict: duplicate key "verdict"/,
  );
  const typo = file('exp-typo.json', '[{"id":"x","verdict":"FAIL","reasn":"r"}]');
  assert.match(
    await refusal(['run', '--provider', 'reference', '--expectations', typo]),
    /\/0\/reasn: unknown key \(did you mean reason\?\)/,
  );
});

test('build configuration: a duplicate key, named from the provider configuration and from release-cost', async () => {
  // {"schema":"kofun.ctk.release-build/v1","schema":...}: the second "schema" starts at byte 39.
  const build = file(
    'build.json',
    '{"schema":"kofun.ctk.release-build/v1","schema":"kofun.ctk.release-build/v1","commands":{}}',
  );
  const config = file('with-build.json', JSON.stringify({ name: 'a', process: { argv: ['x'] }, build: 'build.json' }));
  assert.match(await refusal(['run', '--config', config]), /byte 39, \/schema: duplicate key "schema"/);
  assert.match(
    await refusal(['release-cost', '--vectors', '--build-config', build]),
    /byte 39, \/schema: duplicate key "schema"/,
  );
});

test('shard reports: a duplicate key is refused before the report is looked at', async () => {
  // {"format":"kofun.ctk.report/v1","format":...}: the second "format" starts at byte 32.
  const report = file('report.json', '{"format":"kofun.ctk.report/v1","format":"kofun.ctk.report/v1"}');
  assert.match(await refusal(['merge-reports', report]), /byte 32, \/format: duplicate key "format"/);
});

test('--last-failed: a report with a duplicate key or invalid UTF-8 is refused with its byte offset', async () => {
  // {"vector_set_sha256":"a","vector_set_sha256":"b"}: the second key starts at byte 25.
  const dup = file('last-dup.json', '{"vector_set_sha256":"a","vector_set_sha256":"b"}');
  assert.match(
    await refusal(['run', '--provider', 'reference', '--list', '--last-failed', dup]),
    /--last-failed report .*last-dup\.json: byte 25, \/vector_set_sha256: duplicate key "vector_set_sha256"/,
  );
  // {"a":"<FF>"}: the 0xFF is byte 6.
  const bad = file('last-bad.json', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}')]));
  assert.match(
    await refusal(['run', '--provider', 'reference', '--list', '--last-failed', bad]),
    /last-bad\.json: byte 6: invalid UTF-8/,
  );
});

test('a vector set whose manifest has a duplicate key is refused', async () => {
  const set = mkdtempSync(join(tmpdir(), 'kofun-ctk-set-'));
  // {"files":[],"files":[]}: the second "files" starts at byte 12.
  writeFileSync(join(set, 'manifest.json'), '{"files":[],"files":[]}');
  assert.match(
    await refusal(['run', '--provider', 'reference', '--vectors', set]),
    /manifest\.json is refused: byte 12, \/files: duplicate key "files"/,
  );
});

test.run();
