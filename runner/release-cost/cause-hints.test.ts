import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pack } from 'tar-stream';
import { loadArtifactTree, type ArtifactTree } from './artifact-tree.js';
import { compareArtifacts } from './compare-artifacts.js';
import { causeHints, REMEDY, type BuildDifferences, type CauseHint } from './cause-hints.js';
import { formatCauseHints } from './format-cause-hints.js';
import { zipBytes, type ZipEntrySpec } from '../test-support/zip-bytes.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-hints-test-'));
let n = 0;

async function folder(
  files: Record<string, string | Uint8Array | [string | Uint8Array, number]>,
): Promise<ArtifactTree> {
  const dir = join(root, `f${n++}`);
  for (const [path, spec] of Object.entries(files)) {
    const [content, mode] = Array.isArray(spec) ? spec : [spec, 0o644];
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
    chmodSync(join(dir, path), mode);
  }
  const r = await loadArtifactTree(dir, dir);
  if (!r.ok) throw new Error(r.message);
  return r.tree;
}

// 1700000000 is 2023-11-14T22:13:20Z; B's clock is 400 days and three hours (34,570,800 s) later.
const CLOCK_A = { windows: [{ from: 1_700_000_000, to: 1_700_000_003 }], tz: 'UTC' };
const CLOCK_B = { windows: [{ from: 1_734_570_800, to: 1_734_570_803 }], tz: 'Pacific/Kiritimati' };
const NOTHING: BuildDifferences = { values: [], clockA: null, clockB: null, umask: null };

async function hintsOf(
  a: Record<string, string | Uint8Array | [string, number]>,
  b: typeof a,
  builds: BuildDifferences,
): Promise<CauseHint[]> {
  return causeHints(await compareArtifacts(await folder(a), await folder(b)), builds);
}

const brief = (h: CauseHint): [string, string, string | null, number | null, number | null] => [
  h.variation,
  h.entry,
  h.field,
  h.offsetA,
  h.offsetB,
];

test('the build path, found on each side where the bytes differ, at the hand-counted offset', async () => {
  const builds: BuildDifferences = {
    ...NOTHING,
    values: [{ variation: 'build path', a: '/work/a/build', b: '/elsewhere/deeper/build' }],
  };
  // "kofun test artifact\n" is 20 bytes and "built in: " 10 more: the path starts at 30 on both sides.
  const hints = await hintsOf(
    { 'notes.txt': 'kofun test artifact\nbuilt in: /work/a/build/src\n' },
    { 'notes.txt': 'kofun test artifact\nbuilt in: /elsewhere/deeper/build/src\n' },
    builds,
  );
  assert.equal(hints.map(brief), [['build path', 'notes.txt', null, 30, 30]]);
  assert.is(hints[0]?.remedy, REMEDY['build path']);
  assert.equal(formatCauseHints(hints), [
    'cause: the build path leaked into notes.txt at offset 30 (0x1e) in A, 30 (0x1e) in B: A "/work/a/build", ' +
      'B "/elsewhere/deeper/build"',
    '  remedy: map the build path to a fixed prefix (-ffile-prefix-map=OLD=NEW, --remap-path-prefix, -trimpath) ' +
      'or build in a fixed folder',
  ]);
});

test('HOME and the locale name in one file; the time-zone name in another', async () => {
  const builds: BuildDifferences = {
    ...NOTHING,
    values: [
      { variation: 'HOME', a: '/h/a', b: '/h/variant' },
      { variation: 'time zone', a: 'UTC', b: 'Pacific/Kiritimati' },
      { variation: 'locale', a: 'C.UTF-8', b: 'fr_FR.UTF-8' },
    ],
  };
  // "home: " is 6 bytes; the locale follows "home: /h/a\n" (11) or "home: /h/variant\n" (17), then "locale: " (8).
  const hints = await hintsOf(
    { 'env.txt': 'home: /h/a\nlocale: C.UTF-8\n', 'tz.txt': 'tz: UTC\n' },
    { 'env.txt': 'home: /h/variant\nlocale: fr_FR.UTF-8\n', 'tz.txt': 'tz: Pacific/Kiritimati\n' },
    builds,
  );
  assert.equal(hints.map(brief), [
    ['HOME', 'env.txt', null, 6, 6],
    ['locale', 'env.txt', null, 19, 25],
    ['time zone', 'tz.txt', null, 4, 4],
  ]);
  assert.match(
    formatCauseHints(hints).join('\n'),
    '  remedy: format times in UTC (TZ=UTC) or take them from SOURCE_DATE_EPOCH',
  );
});

test('a value found on one side only, or in bytes both sides share, is no hint: no cause is guessed', async () => {
  const builds: BuildDifferences = {
    ...NOTHING,
    values: [{ variation: 'time zone', a: 'UTC', b: 'Pacific/Kiritimati' }],
  };
  // B never names its zone; and "UTC" in the shared prefix is the same on both sides.
  assert.equal(await hintsOf({ 'x.txt': 'UTC: a\n' }, { 'x.txt': 'UTC: b\n' }, builds), []);
  assert.equal(await hintsOf({ 'x.txt': 'zone UTC\n' }, { 'x.txt': 'zone +14\n' }, builds), []);
  // Nothing known about the builds: no hint at all.
  assert.equal(await hintsOf({ 'x.txt': 'built in: /a\n' }, { 'x.txt': 'built in: /b\n' }, NOTHING), []);
});

test("the time: epoch seconds, ISO 8601 and a local date of each build's clock window", async () => {
  const builds: BuildDifferences = { ...NOTHING, clockA: CLOCK_A, clockB: CLOCK_B };
  // "built at: " is 10 bytes. 1734570801 is 2024-12-19T01:13:21Z, 15:13:21 on Kiritimati (UTC+14) the same day.
  const hints = await hintsOf(
    {
      's.txt': 'built at: 1700000001\n',
      'i.txt': 'date=2023-11-14T22:13:21Z\n',
      'l.txt': 'at Tue Nov 14 2023 22:13:21 GMT+0000\n',
    },
    {
      's.txt': 'built at: 1734570801\n',
      'i.txt': 'date=2024-12-19T01:13:21Z\n',
      'l.txt': 'at Thu Dec 19 2024 15:13:21 GMT+1400\n',
    },
    builds,
  );
  assert.equal(hints.map(brief), [
    ['time', 'i.txt', null, 5, 5],
    ['time', 'l.txt', null, 3, 3],
    ['time', 's.txt', null, 10, 10],
  ]);
  assert.equal([hints[2]?.a, hints[2]?.b], ['1700000001', '1734570801']);
});

test('a timestamp outside the window, or the pinned SOURCE_DATE_EPOCH on both sides, is no time hint', async () => {
  const builds: BuildDifferences = { ...NOTHING, clockA: CLOCK_A, clockB: CLOCK_B };
  // 1600000000 is 2020: no build of this pair ran then.
  assert.equal(await hintsOf({ 'x.txt': 'at 1600000000 a\n' }, { 'x.txt': 'at 1600000000 b\n' }, builds), []);
  assert.equal(await hintsOf({ 'x.txt': 'v1 1700000001\n' }, { 'x.txt': 'v2 1700000001\n' }, builds), []);
});

test('a 32-bit little-endian epoch field in binary bytes is found at its offset', async () => {
  const builds: BuildDifferences = { ...NOTHING, clockA: CLOCK_A, clockB: CLOCK_B };
  // 1700000002 = 0x6553f102 (LE 02 f1 53 65); 1734570802 = 0x67637332 (LE 32 73 63 67); after a 4-byte magic.
  const a = Uint8Array.from([0x7f, 0x4b, 0x46, 0x00, 0x02, 0xf1, 0x53, 0x65]);
  const b = Uint8Array.from([0x7f, 0x4b, 0x46, 0x00, 0x32, 0x73, 0x63, 0x67]);
  const hints = await hintsOf({ 'm.bin': a }, { 'm.bin': b }, builds);
  assert.equal(hints.map(brief), [['time', 'm.bin', null, 4, 4]]);
  assert.equal([hints[0]?.a, hints[0]?.b], ['0x02f15365 (LE 1700000002)', '0x32736367 (LE 1734570802)']);
});

async function tarOf(mtime: number): Promise<Uint8Array> {
  const p = pack();
  p.entry({ name: 'a.txt', mtime: new Date(mtime * 1000), mode: 0o644 }, Buffer.from('same\n'));
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

test("archive header times of the build: tar mtime and zip DOS time (read in the build's time zone)", async () => {
  const builds: BuildDifferences = { ...NOTHING, clockA: CLOCK_A, clockB: CLOCK_B };
  // B's zip time is Kiritimati local time: 2024-12-19 15:13:20 is
  // (44 << 9) | (12 << 5) | 19 = 22931, (15 << 11) | (13 << 5) | 10 = 31146.
  const entry: ZipEntrySpec = { name: 'x.txt', data: 'same\n' };
  const hints = await hintsOf(
    { 'p.tar': await tarOf(1_700_000_001), 'p.zip': zipBytes([entry]) },
    { 'p.tar': await tarOf(1_734_570_801), 'p.zip': zipBytes([{ ...entry, date: 22931, time: 31146 }]) },
    builds,
  );
  assert.equal(hints.map(brief), [
    ['time', 'p.tar :: a.txt', 'tar.mtime', null, null],
    ['time', 'p.zip :: x.txt', 'zip.mtime', null, null],
  ]);
  assert.equal([hints[1]?.a, hints[1]?.b], ['2023-11-14 22:13:20', '2024-12-19 15:13:20']);
  assert.match(
    formatCauseHints(hints).join('\n'),
    'cause: the time leaked into p.zip :: x.txt at header field zip.mtime: A "2023-11-14 22:13:20", ' +
      'B "2024-12-19 15:13:20"',
  );
});

test('modes that differ only in bits a umask clears are the umask; other bits are not', async () => {
  const builds: BuildDifferences = { ...NOTHING, umask: { a: 0o022, b: 0o077 } };
  // 0644 ^ 0600 = 0044, inside 0077: the umask. 0644 ^ 0744 = 0100, outside both: not the umask.
  const hints = await hintsOf(
    { 'a.txt': ['x', 0o644], 'b.sh': ['y', 0o644] },
    { 'a.txt': ['x', 0o600], 'b.sh': ['y', 0o744] },
    builds,
  );
  assert.equal(hints.map(brief), [['umask', 'a.txt', 'mode', null, null]]);
  assert.equal([hints[0]?.a, hints[0]?.b], ['0644', '0600']);
});

test('zip entries in another order: one file-order hint with the sorting remedy', async () => {
  const e1: ZipEntrySpec = { name: 'a.txt', data: 'a' };
  const e2: ZipEntrySpec = { name: 'b.txt', data: 'b' };
  const hints = await hintsOf({ 'app.jar': zipBytes([e1, e2]) }, { 'app.jar': zipBytes([e2, e1]) }, NOTHING);
  assert.equal(hints.map(brief), [['file order', 'app.jar :: a.txt', 'zip.index', null, null]]);
  assert.match(
    formatCauseHints(hints).join('\n'),
    'remedy: sort archive entries (and folder listings) by name before packing',
  );
});

test('entry names from the artifact are escaped in the hint line', async () => {
  const builds: BuildDifferences = { ...NOTHING, values: [{ variation: 'HOME', a: '/h/a', b: '/h/b' }] };
  const hints = await hintsOf({ 'evil\u001b[2J.txt': 'home /h/a' }, { 'evil\u001b[2J.txt': 'home /h/b' }, builds);
  const line = formatCauseHints(hints)[0] ?? '';
  assert.not.match(line, '\u001b');
  assert.match(line, 'cause: the HOME leaked into evil');
});

test.run();
