import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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

test("a date alone (date -u +%Y-%m-%d) of each build's day, in UTC or in the build's time zone", async () => {
  // "day: " is 5 bytes. A ran on 2023-11-14 (UTC); B at 2024-12-19T12:00:00Z (1734609600 = 1734570800 + 10 h 46 min
  // 40 s), which is 2024-12-20 02:00 on Kiritimati (UTC+14): B's local date is 2024-12-20.
  const clockB = { windows: [{ from: 1_734_609_600, to: 1_734_609_603 }], tz: 'Pacific/Kiritimati' };
  const builds: BuildDifferences = { ...NOTHING, clockA: CLOCK_A, clockB };
  const hints = await hintsOf({ 'd.txt': 'day: 2023-11-14\n' }, { 'd.txt': 'day: 2024-12-20\n' }, builds);
  assert.equal(hints.map(brief), [['time', 'd.txt', null, 5, 5]]);
  assert.equal([hints[0]?.a, hints[0]?.b], ['2023-11-14', '2024-12-20']);
  assert.is(hints[0]?.remedy, REMEDY.time);
  // A day neither build ran on (2024-12-21 is not B's day in UTC nor on Kiritimati) is no time of B's clock.
  const other = await hintsOf({ 'd.txt': 'day: 2023-11-15\n' }, { 'd.txt': 'day: 2024-12-21\n' }, builds);
  assert.equal(other, []);
});

test('no clock (two artifacts): ISO time, date, epoch seconds, date(1) stamp, in any file, packed too', async () => {
  // Each pair is one form on both sides, where the bytes differ: "built " 6 bytes, "on " 3, "at=" 3, date(1) at 0.
  const hints = await hintsOf(
    {
      'iso.txt': 'built 2026-01-31T12:00:00Z\n',
      'day.txt': 'on 2026-01-31.\n',
      'epoch.txt': 'at=1769860800\n',
      'date.txt': 'Sat Jan 31 12:00:00 UTC 2026\n',
      'p.tar': await tarBytes([{ name: 'stamp.txt', data: 'packed 2026-01-31T12:00:00+00:00\n' }]),
    },
    {
      'iso.txt': 'built 2026-02-01T08:30:15Z\n',
      'day.txt': 'on 2026-02-01.\n',
      'epoch.txt': 'at=1769934615\n',
      'date.txt': 'Sun Feb  1 08:30:15 UTC 2026\n',
      'p.tar': await tarBytes([{ name: 'stamp.txt', data: 'packed 2026-02-01T08:30:15+00:00\n' }]),
    },
    NOTHING,
  );
  assert.equal(hints.map(brief), [
    ['time', 'date.txt', null, 0, 0],
    ['time', 'day.txt', null, 3, 3],
    ['time', 'epoch.txt', null, 3, 3],
    ['time', 'iso.txt', null, 6, 6],
    // A tar stores its entries' bytes as they are: the stamp is found in the archive too, after the 512-byte header.
    ['time', 'p.tar', null, 519, 519],
    ['time', 'p.tar :: stamp.txt', null, 7, 7],
  ]);
  assert.equal(
    hints.map((h) => [h.a, h.b]),
    [
      ['Sat Jan 31 12:00:00 UTC 2026', 'Sun Feb  1 08:30:15 UTC 2026'],
      ['2026-01-31', '2026-02-01'],
      ['1769860800', '1769934615'],
      ['2026-01-31T12:00:00', '2026-02-01T08:30:15'],
      ['2026-01-31T12:00:00', '2026-02-01T08:30:15'],
      ['2026-01-31T12:00:00', '2026-02-01T08:30:15'],
    ],
  );
  assert.ok(hints.every((h) => h.remedy === REMEDY.time && h.remedy.includes('SOURCE_DATE_EPOCH')));
});

test('no clock: a time on one side only, a number past 2100, or a day no calendar has is no time hint', async () => {
  // B holds no time where A holds one; 9999999999 is the year 2286; there is no 30 or 31 February.
  assert.equal(await hintsOf({ 'v.txt': 'build 1700000001\n' }, { 'v.txt': 'build 2.0.1\n' }, NOTHING), []);
  assert.equal(await hintsOf({ 'n.txt': 'id 1234567890\n' }, { 'n.txt': 'id 9999999999\n' }, NOTHING), []);
  assert.equal(await hintsOf({ 'x.txt': 'on 2026-02-30\n' }, { 'x.txt': 'on 2026-02-31\n' }, NOTHING), []);
  // Two numbers of another form each (a date against epoch seconds) are no pair either.
  assert.equal(await hintsOf({ 'm.txt': 'at 2026-01-31\n' }, { 'm.txt': 'at 1769934615\n' }, NOTHING), []);
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

test('archive header times of two builds: tar mtime and zip DOS time, each with its format remedy', async () => {
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
  assert.match(hints[0]?.remedy ?? '', 'GNU tar --mtime=@$SOURCE_DATE_EPOCH');
  assert.match(hints[1]?.remedy ?? '', 'run zip with TZ=UTC, since zip stores DOS times in local time');
});

test('the umask is named once per folder or archive, at the first entry in path order', async () => {
  const builds: BuildDifferences = { ...NOTHING, umask: { a: 0o022, b: 0o077 } };
  const files = (mode: number): Record<string, [string, number]> => ({
    'c.txt': ['c', mode],
    'a.txt': ['a', mode],
    'lib/b.txt': ['b', mode],
  });
  const hints = await hintsOf(files(0o644), files(0o600), builds);
  assert.equal(hints.map(brief), [['umask', 'a.txt', 'mode', null, null]]);
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

test('zip entries in another order: one file-order hint at the archive, with the zip remedy', async () => {
  const e1: ZipEntrySpec = { name: 'a.txt', data: 'a' };
  const e2: ZipEntrySpec = { name: 'b.txt', data: 'b' };
  const hints = await hintsOf({ 'app.jar': zipBytes([e1, e2]) }, { 'app.jar': zipBytes([e2, e1]) }, NOTHING);
  assert.equal(hints.map(brief), [['file order', 'app.jar', 'entry order', null, null]]);
  assert.equal(formatCauseHints(hints), [
    'cause: the file order leaked into app.jar at its entry order: A "a.txt, b.txt", B "b.txt, a.txt"',
    '  remedy: pack in name order: find DIR | LC_ALL=C sort | zip -X -@ OUT.zip; ' +
      'or normalize afterwards: strip-nondeterminism OUT.zip (it sorts the entries by name)',
  ]);
});

async function tarBytes(
  entries: readonly { name: string; data: string; mtime?: number; uid?: number; uname?: string }[],
): Promise<Uint8Array> {
  const p = pack();
  for (const e of entries) {
    const owner = { uid: e.uid ?? 0, gid: e.uid ?? 0, uname: e.uname ?? 'root', gname: e.uname ?? 'root' };
    p.entry({ name: e.name, mtime: new Date((e.mtime ?? 1_700_000_000) * 1000), mode: 0o644, ...owner }, e.data);
  }
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

test('tar entries in another order: the file order at the archive, with the tar remedy', async () => {
  const a = { name: 'a.txt', data: 'a\n' };
  const b = { name: 'b.txt', data: 'b\n' };
  const hints = await hintsOf({ 'p.tar': await tarBytes([a, b]) }, { 'p.tar': await tarBytes([b, a]) }, NOTHING);
  assert.equal(hints.map(brief), [['file order', 'p.tar', 'entry order', null, null]]);
  assert.equal(formatCauseHints(hints), [
    'cause: the file order leaked into p.tar at its entry order: A "a.txt, b.txt", B "b.txt, a.txt"',
    '  remedy: pack in name order: GNU tar --sort=name (tar 1.28 and later), or a sorted list: ' +
      'find DIR -print0 | LC_ALL=C sort -z | tar --null --no-recursion -T - -cf OUT.tar',
  ]);
});

test('an order that parts after two entries is quoted from there: three names, then how many more', async () => {
  // a..f against a, b, d, c, e, f: the orders first part at the third entry (0-based position 2).
  const names = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => ({ name: `${x}.txt`, data: `${x}\n` }));
  const swapped = [0, 1, 3, 2, 4, 5].map((i) => names[i] as { name: string; data: string });
  const hints = await hintsOf({ 'p.tar': await tarBytes(names) }, { 'p.tar': await tarBytes(swapped) }, NOTHING);
  assert.equal(
    hints.map((h) => [h.a, h.b]),
    [['…, c.txt, d.txt, e.txt, … 1 more', '…, d.txt, c.txt, e.txt, … 1 more']],
  );
});

test('a zip archive comment that differs: a comment cause at the archive, with its remedy', async () => {
  const entry: ZipEntrySpec = { name: 'x.txt', data: 'same\n' };
  const hints = await hintsOf(
    { 'p.zip': zipBytes([entry], 'built on host-a') },
    { 'p.zip': zipBytes([entry], 'built on host-b') },
    NOTHING,
  );
  assert.equal(hints.map(brief), [['comment', 'p.zip', 'zip.archive-comment', null, null]]);
  assert.equal(formatCauseHints(hints), [
    'cause: a comment differs in p.zip at header field zip.archive-comment: A "built on host-a", B "built on host-b"',
    '  remedy: write a fixed comment or none: nothing a build varies (time, path, host name) belongs in it; ' +
      'zip -z OUT.zip < /dev/null clears the archive comment',
  ]);
  // A comment on one side only: the other side's value is absent.
  const one = await hintsOf({ 'p.zip': zipBytes([entry], 'built on host-a') }, { 'p.zip': zipBytes([entry]) }, NOTHING);
  assert.match(formatCauseHints(one)[0] ?? '', 'A "built on host-a", B (absent)');
});

test('a zip entry time that differs is the time, with the zip remedy, with nothing known of the builds', async () => {
  // 22:13:22 is DOS time (22 << 11) | (13 << 5) | 11 = 45483; the default 45482 is 22:13:20.
  const x: ZipEntrySpec = { name: 'x.txt', data: 'same\n' };
  const y: ZipEntrySpec = { name: 'y.txt', data: 'also\n' };
  const hints = await hintsOf(
    { 'p.zip': zipBytes([x, y]) },
    {
      'p.zip': zipBytes([
        { ...x, time: 45483 },
        { ...y, time: 45483 },
      ]),
    },
    NOTHING,
  );
  // Both entries have B's later time; the cause is named once, at the first entry in path order.
  assert.equal(hints.map(brief), [['time', 'p.zip :: x.txt', 'zip.mtime', null, null]]);
  assert.equal(formatCauseHints(hints), [
    'cause: the time leaked into p.zip :: x.txt at header field zip.mtime: A "2023-11-14 22:13:20", ' +
      'B "2023-11-14 22:13:22"',
    '  remedy: set the file times before packing (touch --no-dereference --date=@$SOURCE_DATE_EPOCH) and run zip ' +
      'with TZ=UTC, since zip stores DOS times in local time; or normalize afterwards: ' +
      'strip-nondeterminism --timestamp=$SOURCE_DATE_EPOCH OUT.zip',
  ]);
});

test('zip extra fields: a differing extended timestamp is the time, a differing Unix uid/gid the owner', async () => {
  // "UT" (0x5455): size 5, flags 1, mtime LE: 1700000000 = 0x6553f100, 1734570800 = 0x67637330.
  // "ux" (0x7875): size 11, version 1, uid size 4, uid LE, gid size 4, gid LE: 1000 = 0x3e8 against 0.
  const utA = [0x55, 0x54, 0x05, 0x00, 0x01, 0x00, 0xf1, 0x53, 0x65];
  const utB = [0x55, 0x54, 0x05, 0x00, 0x01, 0x30, 0x73, 0x63, 0x67];
  const uxA = [0x75, 0x78, 0x0b, 0x00, 0x01, 0x04, 0xe8, 0x03, 0x00, 0x00, 0x04, 0xe8, 0x03, 0x00, 0x00];
  const uxB = [0x75, 0x78, 0x0b, 0x00, 0x01, 0x04, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00];
  const entry = (extra: number[]): ZipEntrySpec => ({ name: 'x.txt', data: 'same\n', extra: Uint8Array.from(extra) });
  const both = await hintsOf(
    { 'p.zip': zipBytes([entry([...utA, ...uxA])]) },
    { 'p.zip': zipBytes([entry([...utB, ...uxB])]) },
    NOTHING,
  );
  // The local header carries the same fields: zip.local-extra differs for the same causes, named once.
  assert.equal(both.map(brief), [
    ['time', 'p.zip :: x.txt', 'zip.extra.UT', null, null],
    ['owner', 'p.zip :: x.txt', 'zip.extra.ux', null, null],
  ]);
  // Decoded, not hex: 1734570800 is 2024-12-19T01:13:20Z; ux is version 1, then uid and gid of 4 bytes each.
  assert.equal(
    both.map((h) => [h.a, h.b]),
    [
      ['flags 0x01, mtime 2023-11-14T22:13:20Z (1700000000)', 'flags 0x01, mtime 2024-12-19T01:13:20Z (1734570800)'],
      ['version 1, uid 1000, gid 1000', 'version 1, uid 0, gid 0'],
    ],
  );
  assert.match(
    formatCauseHints(both)[0] ?? '',
    'cause: the time leaked into p.zip :: x.txt at header field zip.extra.UT: ' +
      'A "flags 0x01, mtime 2023-11-14T22:13:20Z (1700000000)", ' +
      'B "flags 0x01, mtime 2024-12-19T01:13:20Z (1734570800)"',
  );
  assert.is(
    both[0]?.remedy,
    'leave the Unix extra fields (file times, uid and gid) out: zip -X; ' +
      'or normalize afterwards: strip-nondeterminism --timestamp=$SOURCE_DATE_EPOCH OUT.zip',
  );
  // Only the owner differs: no time is blamed.
  const owner = await hintsOf(
    { 'p.zip': zipBytes([entry([...utA, ...uxA])]) },
    { 'p.zip': zipBytes([entry([...utA, ...uxB])]) },
    NOTHING,
  );
  assert.equal(
    owner.map((h) => h.variation),
    ['owner'],
  );
});

test('a tar owner that differs is the owner, named once per entry at its first field', async () => {
  const hints = await hintsOf(
    { 'p.tar': await tarBytes([{ name: 'a.txt', data: 'a\n', uid: 1000, uname: 'builder' }]) },
    { 'p.tar': await tarBytes([{ name: 'a.txt', data: 'a\n' }]) },
    NOTHING,
  );
  // tar.gid, tar.gname, tar.uid and tar.uname all differ; in field order tar.gid is first.
  assert.equal(hints.map(brief), [['owner', 'p.tar :: a.txt', 'tar.gid', null, null]]);
  assert.equal(formatCauseHints(hints), [
    'cause: the owner leaked into p.tar :: a.txt at header field tar.gid: A "1000", B "0"',
    '  remedy: record a fixed owner: GNU tar --owner=0 --group=0 --numeric-owner',
  ]);
});

test('a gzip header time that differs is the time, with the gzip remedy', async () => {
  // MTIME is the little-endian u32 at offset 4 of the member header (RFC 1952); node writes 0 there.
  const gz = (mtime: number): Uint8Array => {
    const b = gzipSync('same payload\n');
    b.writeUInt32LE(mtime, 4);
    return new Uint8Array(b);
  };
  const hints = await hintsOf({ 'p.gz': gz(1_700_000_000) }, { 'p.gz': gz(1_734_570_800) }, NOTHING);
  assert.equal(hints.map(brief), [['time', 'p.gz :: gunzip', 'gzip.mtime', null, null]]);
  assert.equal([hints[0]?.a, hints[0]?.b], ['1700000000', '1734570800']);
  assert.is(
    hints[0]?.remedy,
    'leave the file name and time out of the gzip header: gzip -n (--no-name); ' +
      'or normalize afterwards: strip-nondeterminism --timestamp=$SOURCE_DATE_EPOCH FILE.gz',
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
