/**
 * release-cost never follows a link out of an artifact: a build that leaves its artifact as a link is refused,
 * a root named on the command line is resolved once (as diff -r does), links inside are compared as links, and
 * an artifact past the entry or byte bound is refused with a clear message before its files are hashed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../test-support/run-cli.js';
import { loadArtifactTree } from './artifact-tree.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-links-'));

async function run(argv: string[]): Promise<{ code: number; out: string }> {
  const r = await runCli(argv, { cwd: root, env: { PATH: process.env['PATH'] ?? '' } });
  return { code: r.code, out: r.stdout + r.stderr };
}

function folder(name: string, files: Record<string, string>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, name, path, '..'), { recursive: true });
    writeFileSync(join(root, name, path), content);
  }
  return name;
}

test(
  'a build that leaves its artifact as a link to a host folder is refused (exit 2), ' + 'the folder never read',
  async () => {
    const r = await run([
      'release-cost',
      '--build-a',
      'ln -s /usr/share built-a',
      '--build-b',
      'ln -s /usr/share built-b',
      '--out-a',
      'built-a',
      '--out-b',
      'built-b',
    ]);
    assert.is(r.code, 2, r.out);
    assert.match(r.out, 'artifact is a symbolic link (to /usr/share); links out of an artifact are never followed');
    assert.not.match(r.out, /artifact digest/);
  },
);

test('a root named on the command line is resolved once, as diff -r does', async () => {
  folder('real', { 'a.txt': 'one\n' });
  folder('copy', { 'a.txt': 'one\n' });
  symlinkSync(join(root, 'real'), join(root, 'named-link'));
  const r = await run(['release-cost', '--a', 'named-link', '--b', 'copy']);
  assert.is(r.code, 0, r.out);
  assert.match(r.out, 'verdict: IDENTICAL (1 entries)');
});

test(
  'links inside an artifact are entries compared by their target, ' + 'never followed (a link to / is one entry)',
  async () => {
    folder('in-a', { 'a.txt': 'one\n' });
    folder('in-b', { 'a.txt': 'one\n' });
    symlinkSync('/', join(root, 'in-a', 'up'));
    symlinkSync('/usr', join(root, 'in-b', 'up'));
    const r = await run(['release-cost', '--a', 'in-a', '--b', 'in-b']);
    assert.is(r.code, 1, r.out);
    assert.match(r.out, 'verdict: DIFFERENT (1 of 2 entries differ, 0 only in A, 0 only in B)');
    const same = await loadArtifactTree('in-a', join(root, 'in-a'));
    assert.equal(same.ok ? same.tree.entries.map((e) => [e.path, e.type, e.linkTarget]) : same.message, [
      ['a.txt', 'file', null],
      ['up', 'symlink', '/'],
    ]);
  },
);

test('entry and byte bounds: refused with the bound named', async () => {
  // Three files of 600 bytes: 1800 bytes and 3 entries.
  folder('big', { a: 'x'.repeat(600), b: 'y'.repeat(600), c: 'z'.repeat(600) });
  const bytes = await loadArtifactTree('big', join(root, 'big'), { maxEntries: 10, maxBytes: 1000 });
  assert.equal(bytes.ok ? 'loaded' : [bytes.reason, bytes.message], [
    'too-large',
    "artifact holds more than 1000 bytes of files (the kit's bound)",
  ]);
  const entries = await loadArtifactTree('big', join(root, 'big'), { maxEntries: 2, maxBytes: 1_000_000 });
  assert.equal(entries.ok ? 'loaded' : [entries.reason, entries.message], [
    'too-large',
    'artifact has more than 2 entries',
  ]);
  const single = await loadArtifactTree('big/a', join(root, 'big', 'a'), { maxEntries: 10, maxBytes: 599 });
  assert.equal(single.ok ? 'loaded' : single.reason, 'too-large');
  const fits = await loadArtifactTree('big', join(root, 'big'), { maxEntries: 3, maxBytes: 1800 });
  assert.is(fits.ok ? fits.tree.entries.length : fits.message, 3);
});

test.run();
