import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { loadArtifactTree, type ArtifactTree } from './artifact-tree.js';
import { compareArtifacts, lineAndColumn } from './compare-artifacts.js';
import { formatComparison } from './format-comparison.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-compare-test-'));
let n = 0;

/** Writes a folder of files (path -> content, optional mode) and returns its path. */
function folder(files: Record<string, string | Uint8Array | [string | Uint8Array, number]>): string {
  const dir = join(root, `f${n++}`);
  for (const [path, spec] of Object.entries(files)) {
    const [content, mode] = Array.isArray(spec) ? spec : [spec, 0o644];
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
    chmodSync(join(dir, path), mode);
  }
  return dir;
}

async function tree(path: string): Promise<ArtifactTree> {
  const r = await loadArtifactTree(path, path);
  if (!r.ok) throw new Error(r.message);
  return r.tree;
}

const bytes32 = Uint8Array.from({ length: 32 }, (_, i) => i);
const base = {
  'lib/a.txt': 'hello world\nsecond line\n',
  'bin/run': ['#!/bin/sh\n', 0o755] as [string, number],
  'data.bin': bytes32,
};

test('identical folders compare identical; directories and modes included', async () => {
  const c = await compareArtifacts(await tree(folder(base)), await tree(folder(base)));
  assert.ok(c.identical);
  // lib, lib/a.txt, bin, bin/run, data.bin
  assert.is(c.identicalCount, 5);
});

test('one byte of a text file: offset 21 (0x15), n vs m, line 2 column 10, window and unified diff', async () => {
  const a = await tree(folder(base));
  const b = await tree(folder({ ...base, 'lib/a.txt': 'hello world\nsecond lime\n' }));
  const c = await compareArtifacts(a, b);
  assert.not.ok(c.identical);
  assert.is(c.different.length, 1);
  const d = c.different[0];
  assert.ok(d);
  assert.is(d.path, 'lib/a.txt');
  assert.equal(d.aspects, ['content']);
  // "hello world\n" is 12 bytes, "second li" 9 more: the first differing byte is at 21.
  assert.is(d.first?.offset, 21);
  assert.is(d.first?.aByte, 0x6e);
  assert.is(d.first?.bByte, 0x6d);
  assert.equal(d.first?.text, { line: 2, column: 10, byteColumn: 10 });
  assert.is(d.first?.windowStart, 13);
  const text = formatComparison(c).join('\n');
  assert.match(text, 'different: lib/a.txt (content)');
  assert.match(text, "first difference at offset 21 (0x15): A 0x6e 'n', B 0x6d 'm'");
  assert.match(text, 'line 2, column 10 (byte column 10)');
  assert.match(text, '  A 0000000d  65 63 6f 6e 64 20 6c 69 6e 65 0a');
  assert.match(text, '  B 0000000d  65 63 6f 6e 64 20 6c 69 6d 65 0a');
  assert.match(text, `\n${' '.repeat(38)}^^`);
  assert.match(text, '-second line\n');
  assert.match(text, /^  \+second lime$/m);
  assert.match(text, '@@ -1,2 +1,2 @@');
});

test('binary difference: offset only, no line or diff; size and mode differences; files only on one side', async () => {
  const changed = Uint8Array.from(bytes32);
  changed[20] = 0xff;
  const a = await tree(folder(base));
  const b = await tree(
    folder({
      'lib/a.txt': base['lib/a.txt'],
      'bin/run': ['#!/bin/sh\n', 0o700],
      'data.bin': changed,
      'extra.txt': 'x',
    }),
  );
  const c = await compareArtifacts(a, b);
  const byPath = new Map(c.different.map((d) => [d.path, d]));
  assert.equal(byPath.get('bin/run')?.aspects, ['mode']);
  const bin = byPath.get('data.bin');
  assert.is(bin?.first?.offset, 20);
  assert.is(bin?.first?.text, null);
  assert.is(bin?.diff, null);
  assert.equal(
    c.onlyInB.map((e) => e.path),
    ['extra.txt'],
  );
  const text = formatComparison(c).join('\n');
  assert.match(text, 'mode: A 0755, B 0700');
  assert.match(text, "first difference at offset 20 (0x14): A 0x14 '.', B 0xff '.'");
  assert.match(text, 'only in B: extra.txt (file, 1 bytes, mode 0644)');
});

test('a prefix: the first difference is the end of the shorter file', async () => {
  const c = await compareArtifacts(await tree(folder({ m: 'abc' })), await tree(folder({ m: 'abcdef' })));
  const d = c.different[0];
  assert.equal(d?.aspects, ['size', 'content']);
  assert.is(d?.first?.offset, 3);
  assert.is(d?.first?.aByte, null);
  assert.is(d?.first?.bByte, 0x64);
  assert.match(formatComparison(c).join('\n'), "A end of file, B 0x64 'd'");
});

test('line and column count characters; an offset inside a multi-byte character belongs to it', () => {
  const s = Buffer.from('ab\n\u65e5\u672cx');
  // 日 is E6 97 A5 at 3..5, 本 is E6 9C AC at 6..8: offset 7 is inside 本, the second character of line 2.
  assert.equal(lineAndColumn(s, 7), { line: 2, column: 2, byteColumn: 5 });
  assert.equal(lineAndColumn(s, 9), { line: 2, column: 3, byteColumn: 7 });
  assert.equal(lineAndColumn(s, 0), { line: 1, column: 1, byteColumn: 1 });
});

test(
  'gzip: a header-only difference (MTIME) is found ' + 'outside in the header and the payload is the same inside',
  async () => {
    const gz = gzipSync(Buffer.from('payload\n'));
    const later = Buffer.from(gz);
    later.writeUInt32LE(1_700_000_000, 4);
    const c = await compareArtifacts(await tree(folder({ 'x.gz': gz })), await tree(folder({ 'x.gz': later })));
    const d = c.different[0];
    // MTIME is little-endian at 4..7: 1,700,000,000 = 0x6553f100
    // is 00 f1 53 65, so byte 4 (00) agrees and byte 5 is first.
    assert.is(d?.first?.offset, 5);
    assert.ok(d?.inner !== null && d?.inner !== undefined && 'comparison' in d.inner);
    if (d?.inner && 'comparison' in d.inner) {
      assert.is(d.inner.format, 'gzip');
      const payload = d.inner.comparison.different[0];
      assert.equal(payload?.aspects, ['metadata']);
      assert.equal(payload?.metadata, [{ field: 'gzip.mtime', a: 0, b: 1_700_000_000 }]);
    }
    const text = formatComparison(c).join('\n');
    assert.match(text, 'inside (gzip): same bytes; only archive header fields differ');
    assert.match(text, 'gzip.mtime: A 0, B 1700000000');
  },
);

function tar(entries: [string, string][]): Promise<Buffer> {
  const p = pack();
  for (const [name, body] of entries) p.entry({ name, mtime: new Date(0), mode: 0o644, uid: 0, gid: 0 }, body);
  p.finalize();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    p.on('data', (c: unknown) => {
      chunks.push(c as Buffer);
    });
    p.on('end', () => resolve(Buffer.concat(chunks)));
    p.on('error', reject);
  });
}

test('tar: the differing entry is named inside, with its own offset; the outer offset is hand-computed', async () => {
  const ta = await tar([
    ['a.txt', 'alpha\n'],
    ['b.txt', 'bravo\n'],
  ]);
  const tb = await tar([
    ['a.txt', 'alpha\n'],
    ['b.txt', 'brave\n'],
  ]);
  const c = await compareArtifacts(await tree(folder({ 'r.tar': ta })), await tree(folder({ 'r.tar': tb })));
  const d = c.different[0];
  // a.txt header (512) + its data block (512) + b.txt header (512) + "brav" (4).
  assert.is(d?.first?.offset, 1540);
  assert.ok(d?.inner && 'comparison' in d.inner);
  if (d?.inner && 'comparison' in d.inner) {
    assert.is(d.inner.format, 'tar');
    assert.is(d.inner.comparison.identicalCount, 1);
    const inner = d.inner.comparison.different[0];
    assert.is(inner?.path, 'b.txt');
    assert.is(inner?.first?.offset, 4);
  }
  assert.match(formatComparison(c).join('\n'), 'different: r.tar :: b.txt (content)');
});

test('tar: the same entries in another order are not identical; only the order is named', async () => {
  const ta = await tar([
    ['a.txt', 'alpha\n'],
    ['b.txt', 'bravo\n'],
  ]);
  const tb = await tar([
    ['b.txt', 'bravo\n'],
    ['a.txt', 'alpha\n'],
  ]);
  const c = await compareArtifacts(await tree(folder({ 'r.tar': ta })), await tree(folder({ 'r.tar': tb })));
  assert.not.ok(c.identical);
  const d = c.different[0];
  assert.ok(d?.inner && 'comparison' in d.inner);
  if (d?.inner && 'comparison' in d.inner) {
    assert.not.ok(d.inner.comparison.identical);
    assert.is(d.inner.comparison.identicalCount, 2);
    assert.equal(d.inner.comparison.order, { a: ['a.txt', 'b.txt'], b: ['b.txt', 'a.txt'], position: 0 });
  }
  assert.match(formatComparison(c).join('\n'), 'inside (tar): same bytes; only the entry order differs');
});

test('tar: bytes differing where no entry, order or header field read differs: said to differ elsewhere', async () => {
  const ta = await tar([['a.txt', 'alpha\n']]);
  // One more zero block after the end-of-archive blocks: the same entries, 512 more bytes.
  const tb = Buffer.concat([ta, Buffer.alloc(512)]);
  const c = await compareArtifacts(await tree(folder({ 'r.tar': ta })), await tree(folder({ 'r.tar': tb })));
  const d = c.different[0];
  // a.txt's header and data block (1024) and the two end blocks (1024): B's extra block starts at 2048.
  assert.is(d?.first?.offset, 2048);
  assert.match(
    formatComparison(c).join('\n'),
    'inside (tar): same entries, order and header fields as read; the archive bytes differ elsewhere ' +
      '(first difference above)',
  );
});

test('tar.gz: gzip, then tar, then the entry', async () => {
  const ta = gzipSync(await tar([['pkg/main.js', 'export const v = 1;\n']]));
  const tb = gzipSync(await tar([['pkg/main.js', 'export const v = 2;\n']]));
  const c = await compareArtifacts(await tree(folder({ 'r.tgz': ta })), await tree(folder({ 'r.tgz': tb })));
  const text = formatComparison(c).join('\n');
  assert.match(text, 'inside (gzip): different');
  assert.match(text, 'inside (tar): different');
  assert.match(text, 'different: r.tgz :: gunzip :: pkg/main.js (content)');
  // "export const v = " is 17 bytes.
  assert.match(text, "first difference at offset 17 (0x11): A 0x31 '1', B 0x32 '2'");
});

test('a corrupt gzip is reported inside as not compared, never thrown', async () => {
  const bad = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]);
  const c = await compareArtifacts(
    await tree(folder({ 'x.gz': bad })),
    await tree(folder({ 'x.gz': gzipSync(Buffer.from('ok')) })),
  );
  assert.match(formatComparison(c).join('\n'), /inside \(gzip\): not compared: A: not a readable gzip stream/);
});

test('file names and diff lines are escaped before printing', async () => {
  const evil = 'evil\u001b[31mred\u202e.txt';
  const c = await compareArtifacts(
    await tree(folder({ [evil]: 'one\u0007\n' })),
    await tree(folder({ [evil]: 'two\u0007\n' })),
  );
  const text = formatComparison(c).join('\n');
  assert.not.match(text, /[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
  assert.match(text, 'evil\\u{1b}[31mred\\u{202e}.txt');
  assert.match(text, '-one\\u{7}');
});

test('missing and empty artifacts are not artifacts', async () => {
  const missing = await loadArtifactTree('m', join(root, 'does-not-exist'));
  assert.ok(!missing.ok && missing.reason === 'missing');
  mkdirSync(join(root, 'empty-dir'));
  const emptyDir = await loadArtifactTree('e', join(root, 'empty-dir'));
  assert.ok(!emptyDir.ok && emptyDir.reason === 'empty');
  writeFileSync(join(root, 'empty-file'), '');
  const emptyFile = await loadArtifactTree('e', join(root, 'empty-file'));
  assert.ok(!emptyFile.ok && emptyFile.reason === 'empty');
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
