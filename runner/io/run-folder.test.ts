import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTree, RunFolder, RUN_FOLDER_MARKER, writeNewFile } from './run-folder.js';

test('a tree deeper than PATH_MAX, with a locked folder, is removed; a link in it is removed, never followed', () => {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-remove-'));
  const outside = mkdtempSync(join(tmpdir(), 'kofun-ctk-remove-outside-'));
  writeFileSync(join(outside, 'keep'), 'kept\n');
  const start = process.cwd();
  process.chdir(root);
  try {
    for (let i = 0; i < 30; i += 1) {
      mkdirSync('d'.repeat(200));
      process.chdir('d'.repeat(200));
    }
    writeFileSync('leaf', 'x');
    symlinkSync(outside, 'link');
    chmodSync('.', 0o500);
  } finally {
    process.chdir(start);
  }
  assert.ok(removeTree(root));
  assert.not.ok(existsSync(root));
  assert.ok(existsSync(join(outside, 'keep')), 'what the link named is untouched');
});

test('a run folder is marked, private, made anew, and makes folders that did not exist', () => {
  const parent = mkdtempSync(join(tmpdir(), 'kofun-ctk-runfolder-'));
  const folder = RunFolder.open(parent);
  assert.ok(existsSync(join(folder.path, RUN_FOLDER_MARKER)));
  const a = folder.folder('one-shot');
  const b = folder.folder('one-shot');
  assert.is.not(a, b);
  writeNewFile(join(a, 'fixture.json'), 'x');
  assert.throws(() => writeNewFile(join(a, 'fixture.json'), 'y'), /EEXIST/);
  symlinkSync('/dev/null', join(a, 'planted'));
  assert.throws(() => writeNewFile(join(a, 'planted'), 'y'), /EEXIST|ELOOP/);
  folder.remove();
  assert.not.ok(existsSync(folder.path));
});

test.run();
