import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { loadArtifactTree, memorySource, type ArtifactEntry, type ArtifactTree } from './artifact-tree.js';
import { DEFAULT_INNER_LIMITS, expandArchive, sniffArchive } from './archive-inner.js';
import { dosDateTime } from './archive-zip.js';
import {
  compareArtifacts,
  DEFAULT_COMPARE_OPTIONS,
  type ArtifactComparison,
  type EntryDifference,
} from './compare-artifacts.js';
import { formatComparison } from './format-comparison.js';
import { zipBytes, DOS_DATE, DOS_TIME, type ZipEntrySpec } from '../test-support/zip-bytes.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-zip-test-'));
let n = 0;

/** A single-file artifact holding `bytes`, under a name that says nothing about its format. */
async function fileTree(bytes: Uint8Array, name = 'bundle.bin'): Promise<ArtifactTree> {
  const path = join(root, `${n++}-${name}`);
  writeFileSync(path, bytes);
  const r = await loadArtifactTree(name, path);
  if (!r.ok) throw new Error(r.message);
  return r.tree;
}

function entryOf(bytes: Uint8Array): ArtifactEntry {
  return {
    path: 'x',
    type: 'file',
    mode: 0o644,
    size: bytes.length,
    sha256: null,
    linkTarget: null,
    meta: {},
    content: memorySource(bytes),
  };
}

function inner(c: ArtifactComparison): ArtifactComparison {
  const d = c.different[0];
  if (d === undefined || d.inner === null || !('comparison' in d.inner))
    throw new Error(formatComparison(c).join('\n'));
  return d.inner.comparison;
}

function innerDifference(c: ArtifactComparison, path: string): EntryDifference {
  const d = inner(c).different.find((x) => x.path === path);
  if (d === undefined) throw new Error(formatComparison(c).join('\n'));
  return d;
}

const base: ZipEntrySpec[] = [
  { name: 'META-INF/MANIFEST.MF', data: 'Manifest-Version: 1.0\n' },
  { name: 'lib/app.txt', data: 'hello zip\n' },
];

test('DOS date and time fields decode by hand: 45482 / 22382 is 2023-11-14 22:13:20', () => {
  assert.is(dosDateTime(DOS_DATE, DOS_TIME), '2023-11-14 22:13:20');
  // 1980-01-01 00:00:00 is date (0 << 9) | (1 << 5) | 1 = 33, time 0.
  assert.is(dosDateTime(33, 0), '1980-01-01 00:00:00');
});

test('zip is recognised by its bytes, not by its name', async () => {
  assert.is(await sniffArchive(entryOf(zipBytes(base))), 'zip');
  // The 22-byte end record alone is an empty zip.
  assert.is(await sniffArchive(entryOf(zipBytes([]))), 'zip');
  // "PK" followed by anything else is not a zip header.
  assert.is(await sniffArchive(entryOf(new TextEncoder().encode('PK is a name\n'))), null);
  const r = await expandArchive(entryOf(zipBytes(base)), 'named.txt');
  assert.ok(r !== null && r.ok);
  if (r === null || !r.ok) return;
  // Sorted by name bytes: 'M' (0x4d) before 'l' (0x6c).
  assert.equal(
    r.tree.entries.map((e) => [e.path, e.type, e.mode, e.size]),
    [
      ['META-INF/MANIFEST.MF', 'file', 0o644, 22],
      ['lib/app.txt', 'file', 0o644, 10],
    ],
  );
});

test(
  "a zip pair differing only in one entry's modification time: same bytes, " + 'header field zip.mtime named',
  async () => {
    // 22:13:22 is time (22 << 11) | (13 << 5) | 11 = 45483.
    const a = await fileTree(zipBytes(base));
    const b = await fileTree(zipBytes([base[0] as ZipEntrySpec, { ...(base[1] as ZipEntrySpec), time: 45483 }]));
    const c = await compareArtifacts(a, b);
    assert.not.ok(c.identical);
    const d = innerDifference(c, 'lib/app.txt');
    assert.equal(d.aspects, ['metadata']);
    assert.equal(d.metadata, [{ field: 'zip.mtime', a: '2023-11-14 22:13:20', b: '2023-11-14 22:13:22' }]);
    assert.is(inner(c).identicalCount, 1);
    const text = formatComparison(c).join('\n');
    assert.match(text, 'inside (zip): same bytes; only archive header fields differ');
    assert.match(text, 'zip.mtime: A 2023-11-14 22:13:20, B 2023-11-14 22:13:22');
  },
);

test('content inside a zip entry: the first differing byte is found in the entry, not the archive', async () => {
  const a = await fileTree(zipBytes(base));
  const b = await fileTree(
    zipBytes([base[0] as ZipEntrySpec, { name: 'lib/app.txt', data: 'hello zap\n', method: 8 }]),
  );
  const d = innerDifference(await compareArtifacts(a, b), 'lib/app.txt');
  // "hello z" is 7 bytes: offset 7 holds 'i' (0x69) in A and 'a' (0x61) in B.
  assert.equal(d.aspects, ['content', 'metadata']);
  assert.is(d.first?.offset, 7);
  assert.is(d.first?.aByte, 0x69);
  assert.is(d.first?.bByte, 0x61);
  assert.equal(
    d.metadata.map((m) => [m.field, m.a, m.b]),
    [['zip.method', 0, 8]],
  );
});

test('compression method, extra field and attributes are header fields of their own', async () => {
  // An extended-timestamp extra field (0x5455, 5 bytes: flags 1, mtime 1700000000 LE = 00 f1 53 65).
  const extra = Uint8Array.from([0x55, 0x54, 0x05, 0x00, 0x01, 0x00, 0xf1, 0x53, 0x65]);
  const a = await fileTree(zipBytes(base));
  const b = await fileTree(
    zipBytes([
      { ...(base[0] as ZipEntrySpec), method: 8 },
      { ...(base[1] as ZipEntrySpec), extra, unixMode: 0o100600 },
    ]),
  );
  const c = await compareArtifacts(a, b);
  const manifest = innerDifference(c, 'META-INF/MANIFEST.MF');
  assert.equal(manifest.aspects, ['metadata']);
  assert.equal(manifest.metadata, [{ field: 'zip.method', a: 0, b: 8 }]);
  const app = innerDifference(c, 'lib/app.txt');
  assert.equal(app.aspects, ['mode', 'metadata']);
  assert.is(app.b.mode, 0o600);
  assert.equal(
    app.metadata.map((m) => [m.field, m.a, m.b]),
    [
      // A has no extra field; B's is decoded: flags 1 (a modification time), 1700000000 = 2023-11-14T22:13:20Z.
      ['zip.extra.UT', null, 'flags 0x01, mtime 2023-11-14T22:13:20Z (1700000000)'],
      ['zip.local-extra.UT', null, 'flags 0x01, mtime 2023-11-14T22:13:20Z (1700000000)'],
    ],
  );
});

test('another order of the same entries is a difference of the archive, not of each entry', async () => {
  const a = await fileTree(zipBytes(base));
  const b = await fileTree(zipBytes([base[1] as ZipEntrySpec, base[0] as ZipEntrySpec]));
  const c = await compareArtifacts(a, b);
  assert.not.ok(c.identical);
  // Both entries are the same bytes with the same headers; only the central directory lists them the other way.
  assert.equal(inner(c).different, []);
  assert.is(inner(c).identicalCount, 2);
  assert.equal(inner(c).order, {
    a: ['META-INF/MANIFEST.MF', 'lib/app.txt'],
    b: ['lib/app.txt', 'META-INF/MANIFEST.MF'],
    position: 0,
  });
  const text = formatComparison(c).join('\n');
  assert.match(text, 'inside (zip): same bytes; only the entry order differs');
  assert.match(
    text,
    [
      '    entry order: differs at position 1 of 2 (the entries both archives hold, as stored)',
      '      A: META-INF/MANIFEST.MF, lib/app.txt',
      '      B: lib/app.txt, META-INF/MANIFEST.MF',
    ].join('\n'),
  );
});

test('an entry added before the others is only in B: the order of the entries both hold is the same', async () => {
  const added: ZipEntrySpec = { name: 'AAA-first.txt', data: 'new\n' };
  const c = await compareArtifacts(await fileTree(zipBytes(base)), await fileTree(zipBytes([added, ...base])));
  assert.is(inner(c).order, null);
  assert.equal(
    inner(c).onlyInB.map((e) => e.path),
    ['AAA-first.txt'],
  );
  assert.equal(inner(c).different, []);
});

test('the archive comment is a header field of the archive: compared, and absent when there is none', async () => {
  const a = await fileTree(zipBytes(base, 'built 2023-11-14 on host-a'));
  const b = await fileTree(zipBytes(base, 'built 2024-12-19 on host-b'));
  const c = await compareArtifacts(a, b);
  assert.not.ok(c.identical);
  assert.equal(inner(c).archiveMetadata, [
    { field: 'zip.archive-comment', a: 'built 2023-11-14 on host-a', b: 'built 2024-12-19 on host-b' },
  ]);
  assert.equal(inner(c).different, []);
  const text = formatComparison(c).join('\n');
  assert.match(text, 'inside (zip): same bytes; only archive header fields differ');
  assert.match(text, 'archive zip.archive-comment: A built 2023-11-14 on host-a, B built 2024-12-19 on host-b');
  const none = await compareArtifacts(a, await fileTree(zipBytes(base)));
  assert.match(
    formatComparison(none).join('\n'),
    'archive zip.archive-comment: A built 2023-11-14 on host-a, B (absent)',
  );
  // The same comment on both sides of archives that differ otherwise is no difference of its own.
  const reordered = await fileTree(
    zipBytes([base[1] as ZipEntrySpec, base[0] as ZipEntrySpec], 'built 2023-11-14 on host-a'),
  );
  assert.equal(inner(await compareArtifacts(a, reordered)).archiveMetadata, []);
});

async function tarBytes(files: Record<string, string | Uint8Array>): Promise<Uint8Array> {
  const p = pack();
  for (const [name, data] of Object.entries(files))
    p.entry({ name, mtime: new Date(1_700_000_000_000), mode: 0o644 }, Buffer.from(data));
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

test('nested: a tar inside a zip, and a zip inside a tar.gz, are opened to the differing entry', async () => {
  const tarA = await tarBytes({ 'inner.txt': 'one\n' });
  const tarB = await tarBytes({ 'inner.txt': 'two\n' });
  const c1 = await compareArtifacts(
    await fileTree(zipBytes([{ name: 'data.tar', data: tarA }])),
    await fileTree(zipBytes([{ name: 'data.tar', data: tarB }])),
  );
  const text1 = formatComparison(c1).join('\n');
  assert.match(text1, 'inside (zip): different');
  assert.match(text1, 'inside (tar): different');
  assert.match(text1, 'different: (artifact) :: data.tar :: inner.txt (content)');
  const zipA = zipBytes([{ name: 'x.txt', data: 'same\n' }]);
  const zipB = zipBytes([{ name: 'x.txt', data: 'same\n', time: 45483 }]);
  const c2 = await compareArtifacts(
    await fileTree(gzipSync(await tarBytes({ 'pkg.whl': zipA }))),
    await fileTree(gzipSync(await tarBytes({ 'pkg.whl': zipB }))),
  );
  const text2 = formatComparison(c2).join('\n');
  assert.match(text2, '(artifact) :: gunzip :: pkg.whl :: x.txt (metadata)');
  assert.match(text2, 'zip.mtime: A 2023-11-14 22:13:20, B 2023-11-14 22:13:22');
});

test('bounds: entry count, inflated bytes and nesting depth each stop with a clear message', async () => {
  const three = zipBytes([
    { name: 'a', data: 'a' },
    { name: 'b', data: 'b' },
    { name: 'c', data: 'c' },
  ]);
  const few = await expandArchive(entryOf(three), 'x', { ...DEFAULT_INNER_LIMITS, maxArchiveEntries: 2 });
  assert.equal(few, { ok: false, format: 'zip', message: 'more than 2 zip entries (3)' });
  // 4,096 zero bytes deflate to a few bytes; the declared size is over a 1,000-byte cap.
  const bomb = zipBytes([{ name: 'zeros', data: new Uint8Array(4096), method: 8 }]);
  const big = await expandArchive(entryOf(bomb), 'x', { ...DEFAULT_INNER_LIMITS, maxInflatedBytes: 1000 });
  assert.equal(big, { ok: false, format: 'zip', message: 'zip entries over 1000 bytes' });
  // A zip in a zip in a zip, compared with a depth bound of 1: the second level is named, not opened.
  const nest = (t: string): Uint8Array =>
    zipBytes([{ name: 'l1.zip', data: zipBytes([{ name: 'l2.zip', data: zipBytes([{ name: 'f', data: t }]) }]) }]);
  const c = await compareArtifacts(await fileTree(nest('1')), await fileTree(nest('2')), {
    ...DEFAULT_COMPARE_OPTIONS,
    maxArchiveDepth: 1,
  });
  assert.match(
    formatComparison(c).join('\n'),
    'inside (zip): not compared: archive nested deeper than 1 levels; inside not compared',
  );
});

test('a damaged zip is a clear error, never a throw', async () => {
  const good = zipBytes(base);
  // Cut off the end-of-central-directory record: the reader cannot find the directory.
  const cut = good.subarray(0, good.length - 22);
  const r = await expandArchive(entryOf(cut), 'x');
  assert.ok(r !== null && !r.ok);
  if (r !== null && !r.ok) assert.match(r.message, /^not a readable zip archive \(/);
  const c = await compareArtifacts(await fileTree(cut), await fileTree(good));
  assert.match(formatComparison(c).join('\n'), 'inside (zip): not compared: A: not a readable zip archive (');
});

test.run();
