import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readTree } from '../../runner/internal.js';
import { writeTreeAtomically } from './write-tree.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

test('writes the tree, leaves equal files alone, removes stale files and empty folders, keeps dotfiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kctk-write-tree-'));
  try {
    mkdirSync(join(dir, 'old'), { recursive: true });
    writeFileSync(join(dir, 'old', 'stale.json'), 'x');
    writeFileSync(join(dir, '.in-flight.tmp'), 'y');
    const files = new Map([
      ['a/one.json', bytes('1\n')],
      ['two.json', bytes('2\n')],
    ]);
    const first = writeTreeAtomically(dir, files);
    assert.equal(first.written, ['a/one.json', 'two.json']);
    assert.equal(first.removed, ['old/stale.json']);
    assert.not.ok(existsSync(join(dir, 'old')));
    assert.ok(existsSync(join(dir, '.in-flight.tmp')));
    assert.is(readFileSync(join(dir, 'a', 'one.json'), 'utf8'), '1\n');
    const again = writeTreeAtomically(dir, files);
    assert.equal(again, { written: [], removed: [] });
    assert.equal([...readTree(dir).keys()], ['a/one.json', 'two.json']);
    assert.equal(readdirSync(join(dir, 'a')), ['one.json']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
