/**
 * `kofun-ctk repro` records the frames of a persistent provider and never shows it the answer; `kofun-ctk replay`
 * sends the recorded frames again, exactly, and compares the replies with the recording and the answer with the
 * expected bytes. Small broken providers stand in for a provider under work.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quote } from 'shell-quote';
import { referenceServeArgv } from '../adapters/provider-spec.js';
import { liveGroupCount } from '../io/process-group.js';
import { REPRO_FOLDER_MARKER } from '../io/repro-folder-marker.js';
import { readTranscript, TRANSCRIPT_FILES } from '../protocol/transcript.js';
import { runCli } from '../test-support/run-cli.js';
import { brokenConfig, pickVector, tsArgv } from '../test-support/run-helpers.js';

const v = pickVector('invalid vector', (x) => x.category === 'invalid');
const vector = v;
const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-replay-test-'));
const folder = join(root, 'case');
const lfMissing = brokenConfig('final-lf-missing');

const types = (bytes: Uint8Array, side: 'runner' | 'provider'): string[] =>
  readTranscript(bytes, side).frames.map((f) => f.frame.type);

test('repro of a persistent provider: the marker, and the frames sent and received, exactly', async () => {
  const r = await runCli(['repro', vector.id, '--config', lfMissing, '--dir', folder]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  const marker = JSON.parse(readFileSync(join(folder, REPRO_FOLDER_MARKER), 'utf8')) as Record<string, unknown>;
  assert.is(marker['format'], 'kofun.ctk.repro-folder/v1');
  assert.is(marker['vector'], vector.id);
  // PROTOCOL.md, "A transcript": hello, the fixture, the query, then shutdown; each answered in turn.
  const sent = new Uint8Array(readFileSync(join(folder, TRANSCRIPT_FILES.sent)));
  const received = new Uint8Array(readFileSync(join(folder, TRANSCRIPT_FILES.received)));
  assert.equal(types(sent, 'runner'), ['hello', 'load-fixture', 'query', 'shutdown']);
  assert.equal(types(received, 'provider'), ['hello', 'fixture-loaded', 'result', 'bye']);
  const [, load, query] = readTranscript(sent, 'runner').frames.map((f) => f.frame);
  assert.equal([...(load?.body ?? [])], [...readFileSync(join(folder, 'fixture.json'))]);
  assert.equal([load?.ref, query?.ref], [vector.fixtureSha256, vector.fixtureSha256]);
  assert.equal([...(query?.body ?? [])], [...vector.request]);
  const result = readTranscript(received, 'provider').frames[2]?.frame;
  assert.equal([...(result?.body ?? [])], [...readFileSync(join(folder, 'actual.bin'))]);
  const listing = readFileSync(join(folder, TRANSCRIPT_FILES.frames), 'utf8');
  assert.is(listing.split('\n').filter((l) => /^[<>] +\d+ {2}KCTK1 /.test(l)).length, 8);
  assert.match(r.stdout, `replay: npx kofun-ctk replay ${folder} --config ${lfMissing}`);
  assert.is(liveGroupCount(), 0);
});

test('replay to the same provider: every reply as recorded, the answer not the expected one (exit 1)', async () => {
  const r = await runCli(['replay', folder, '--config', lfMissing]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, 'recording: every reply as recorded\n');
  // The provider drops the final LF: one byte short, the bytes part at the last byte of the expected ones.
  const n = vector.expected.length;
  assert.match(
    r.stdout,
    `answer: not the bytes of expected.json (${n} bytes) nor of an acceptable alternative: ${n - 1} bytes, ` +
      `differing from byte ${n - 1}\n`,
  );
});

test('replay sends the recorded bytes exactly; a fixed provider answers as expected (exit 0)', async () => {
  // The reference provider behind a tee that keeps every byte it was sent (the sandbox off, so tee can write).
  const tap = join(root, 'tap.bin');
  const command = quote(['sh', '-c', `tee ${quote([tap])} | ${quote(referenceServeArgv())}`]);
  const r = await runCli(['replay', folder, '--process', command, '--sandbox', 'off']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.equal([...readFileSync(tap)], [...readFileSync(join(folder, TRANSCRIPT_FILES.sent))]);
  const n = vector.expected.length;
  // Another name in the hello, and the final LF back: two replies differ from the recording.
  assert.match(
    r.stdout,
    `< KCTK1 result 2 - ${n}  recorded: KCTK1 result 2 - ${n - 1}; bodies differ from byte ${n - 1}\n`,
  );
  assert.match(r.stdout, 'recording: 2 replies differ from the recording\n');
  assert.match(r.stdout, `answer: the bytes of expected.json (${n} bytes)\n`);
  assert.is(liveGroupCount(), 0);
});

test('replay to a provider that crashes on the query, and to one that never starts', async () => {
  const crash = await runCli(['replay', folder, '--config', brokenConfig('crash-on-one')]);
  assert.is(crash.code, 1, crash.stdout + crash.stderr);
  assert.match(crash.stdout, /< \(no reply\) {2}recorded: KCTK1 result 2 - \d+\n/);
  assert.match(crash.stdout, 'provider stopped answering: crash: provider exited with status 70\n');
  assert.match(crash.stdout, 'answer: none to query 2\n');
  assert.match(crash.stderr, 'provider stderr: broken provider: crashing on purpose\n');
  const never = await runCli(['replay', folder, '--process', quote([process.execPath, '-e', 'process.exit(4)'])]);
  assert.is(never.code, 3, never.stdout + never.stderr);
  assert.match(never.stdout, /provider did not start: start: /);
  assert.is(liveGroupCount(), 0);
});

test('bad input: no repro folder, a cut transcript, a one-shot provider: each refused, where and why', async () => {
  const plain = mkdtempSync(join(root, 'plain-'));
  const none = await runCli(['replay', plain, '--provider', 'reference']);
  assert.is(none.code, 2);
  assert.match(none.stderr, `${join(plain, REPRO_FOLDER_MARKER)}: cannot be read (ENOENT)`);
  const cut = join(root, 'cut');
  cpSync(folder, cut, { recursive: true });
  const sent = readFileSync(join(cut, TRANSCRIPT_FILES.sent));
  writeFileSync(join(cut, TRANSCRIPT_FILES.sent), sent.subarray(0, sent.length - 1));
  const short = await runCli(['replay', cut, '--provider', 'reference']);
  assert.is(short.code, 2);
  // The last frame, "KCTK1 shutdown 0 - 0\n", is 21 bytes: it starts 21 bytes before the end of the whole file.
  assert.match(
    short.stderr,
    `${join(cut, TRANSCRIPT_FILES.sent)} at byte ${sent.length - 21}: a frame cut short at the end`,
  );
  const oneShot = await runCli(['replay', folder, '--process', quote(tsArgv('x.ts')), '--one-shot']);
  assert.is(oneShot.code, 2);
  assert.match(oneShot.stderr, 'replay sends frames');
});

test('repro never shows the answer first: the expected bytes after the provider, even over an old repro', async () => {
  const dir = join(root, 'peek');
  const config = join(root, 'peek.json');
  const argv = tsArgv('runner/test-support/repro-peeking-provider.ts');
  writeFileSync(config, JSON.stringify({ name: 'peek', process: { argv, env: { KCTK_REPRO_DIR: dir } } }));
  // The sandbox off, so the provider could see the folder whatever the sandbox hides: only the order protects it.
  for (const round of [1, 2]) {
    const r = await runCli(['repro', vector.id, '--config', config, '--dir', dir, '--sandbox', 'off']);
    assert.is(r.code, 1, `round ${round}: ${r.stdout}${r.stderr}`);
    assert.match(r.stdout, 'verdict: FAIL');
    // The marker was there while the provider ran; no expected.json, not even the one the first round left.
    assert.is(readFileSync(join(dir, 'actual.bin'), 'utf8'), '{"marker":true,"expected":false}\n', `round ${round}`);
    assert.ok(existsSync(join(dir, 'expected.json')));
  }
  assert.is(liveGroupCount(), 0);
});

test('repro of a one-shot provider: no transcript; the default folder is the one its help names', async () => {
  const cwd = mkdtempSync(join(root, 'cwd-'));
  const r = await runCli(['repro', vector.id, '--provider', 'reference', '--adapter', 'one-shot'], { cwd });
  assert.is(r.code, 0, r.stdout + r.stderr);
  // The id's "/" becomes "__", as `repro --help` says: invalid/x is kofun-ctk-repro/invalid__x.
  const dir = join(cwd, 'kofun-ctk-repro', `invalid__${vector.id.slice('invalid/'.length)}`);
  assert.match(r.stdout, `repro folder: ${dir}\n`);
  assert.not.ok(existsSync(join(dir, 'transcript')));
  assert.match(
    readFileSync(join(dir, 'README.md'), 'utf8'),
    '- transcript: none (a one-shot provider is sent no frames)',
  );
  assert.not.match(r.stdout, 'replay:');
  const help = await runCli(['repro', '--help']);
  assert.match(help.stdout.replace(/\s+/g, ' '), 'kofun-ctk-repro/<vector-id with each "/" as "__">');
});

test.run();
