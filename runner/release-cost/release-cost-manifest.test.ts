import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { SCHEMA_NAMES, schemaViolations } from '../../oracle/index.js';
import { main } from '../cli.js';
import { VARIANT_BUILDER, variantBuildCommands } from '../test-support/variant-build.js';
import { zipBytes, type ZipEntrySpec } from '../test-support/zip-bytes.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-release-manifest-test-'));

async function run(args: string[]): Promise<{ code: number; out: string }> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const code = await main(args, {
    stdin: new PassThrough(),
    stdout,
    stderr: new PassThrough(),
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '' },
  });
  return { code, out };
}

interface Hint {
  variation: string;
  entry: string;
  field: string | null;
  offset_a: number | null;
  offset_b: number | null;
  a: string | null;
  b: string | null;
  remedy: string;
}

function manifest(name: string): Record<string, unknown> {
  const value = JSON.parse(readFileSync(join(root, name), 'utf8')) as Record<string, unknown>;
  assert.equal(
    schemaViolations(SCHEMA_NAMES.releaseManifest, value),
    [],
    `${name} follows kofun.ctk.release-manifest/v1`,
  );
  return value;
}

test(
  '--a/--b of two jars that differ in one entry time: the manifest lists both insides, the time hint, ' +
    'and follows its schema',
  async () => {
    const entries: ZipEntrySpec[] = [{ name: 'Main.class', data: 'cafe' }];
    writeFileSync(join(root, 'a.jar'), zipBytes(entries));
    // 22:13:22 is DOS time (22 << 11) | (13 << 5) | 11 = 45483.
    writeFileSync(join(root, 'b.jar'), zipBytes([{ ...(entries[0] as ZipEntrySpec), time: 45483 }]));
    const r = await run(['release-cost', '--a', 'a.jar', '--b', 'b.jar', '--manifest', 'pair.json']);
    assert.is(r.code, 1, r.out);
    assert.match(r.out, 'inside (zip): same bytes; only archive header fields differ');
    const m = manifest('pair.json') as {
      a: {
        entries: {
          inside: { format: string; entries: { path: string; meta: Record<string, unknown> }[]; order: string[] };
        }[];
      };
      hints: Hint[];
      verdict: string;
    };
    assert.is(m.verdict, 'DIFFERENT');
    const inside = m.a.entries[0]?.inside;
    assert.is(inside?.format, 'zip');
    assert.is(inside?.entries[0]?.path, 'Main.class');
    assert.is(inside?.entries[0]?.meta['zip.mtime'], '2023-11-14 22:13:20');
    assert.equal(inside?.order, ['Main.class']);
    // Neither side was built, but the differing header field is a time: its cause and the zip remedy.
    assert.equal(m.hints, [
      {
        variation: 'time',
        entry: '(artifact) :: Main.class',
        field: 'zip.mtime',
        offset_a: null,
        offset_b: null,
        a: '2023-11-14 22:13:20',
        b: '2023-11-14 22:13:22',
        remedy:
          'set the file times before packing (touch --no-dereference --date=@$SOURCE_DATE_EPOCH) and run zip with ' +
          'TZ=UTC, since zip stores DOS times in local time; or normalize afterwards: ' +
          'strip-nondeterminism --timestamp=$SOURCE_DATE_EPOCH OUT.zip',
      },
    ]);
  },
);

test('--a/--b of two zips in another order with another comment: the order, the comment and both hints', async () => {
  const x: ZipEntrySpec = { name: 'x.txt', data: 'x' };
  const y: ZipEntrySpec = { name: 'y.txt', data: 'y' };
  writeFileSync(join(root, 'a.zip'), zipBytes([x, y], 'release 1 from host-a'));
  writeFileSync(join(root, 'b.zip'), zipBytes([y, x], 'release 1 from host-b'));
  const r = await run(['release-cost', '--a', 'a.zip', '--b', 'b.zip', '--manifest', 'zips.json']);
  assert.is(r.code, 1, r.out);
  const m = manifest('zips.json') as {
    a: { entries: { inside: { order: string[]; meta: Record<string, unknown> } }[] };
    b: { entries: { inside: { order: string[]; meta: Record<string, unknown> } }[] };
    hints: Hint[];
  };
  assert.equal(m.a.entries[0]?.inside.order, ['x.txt', 'y.txt']);
  assert.equal(m.b.entries[0]?.inside.order, ['y.txt', 'x.txt']);
  assert.equal(m.b.entries[0]?.inside.meta, { 'zip.archive-comment': 'release 1 from host-b' });
  assert.equal(
    m.hints.map((h) => [h.variation, h.entry, h.field, h.a, h.b]),
    [
      ['file order', '(artifact)', 'entry order', 'x.txt, y.txt', 'y.txt, x.txt'],
      ['comment', '(artifact)', 'zip.archive-comment', 'release 1 from host-a', 'release 1 from host-b'],
    ],
  );
  assert.match(r.out, 'inside (zip): same bytes; only the entry order and archive header fields differ');
});

test(
  '--build-a/--build-b with two output paths: the leaked output path is a build-path hint, ' +
    'in the console and the JSON alike',
  async () => {
    const cmd = (out: string): string => `${process.execPath} ${VARIANT_BUILDER} --out ${out} --feature off --leak out`;
    const r = await run([
      'release-cost',
      '--build-a',
      cmd('outA'),
      '--build-b',
      cmd('outB'),
      '--out-a',
      'outA',
      '--out-b',
      'outB',
      '--manifest',
      'built.json',
    ]);
    assert.is(r.code, 1, r.out);
    const m = manifest('built.json') as { hints: Hint[] };
    // "kofun test artifact\n" (20) + "out: " (5): both absolute output paths start at 25.
    assert.equal(m.hints, [
      {
        variation: 'build path',
        entry: 'notes.txt',
        field: null,
        offset_a: 25,
        offset_b: 25,
        a: join(root, 'outA'),
        b: join(root, 'outB'),
        remedy:
          'map the build path to a fixed prefix (-ffile-prefix-map=OLD=NEW, --remap-path-prefix, -trimpath) ' +
          'or build in a fixed folder',
      },
    ]);
    assert.match(
      r.out,
      `cause: the build path leaked into notes.txt at offset 25 (0x19) in A, 25 (0x19) in B: ` +
        `A "${join(root, 'outA')}", B "${join(root, 'outB')}"`,
    );
  },
);

test(
  '--matrix --manifest: every comparison carries the hints the console prints, ' + 'and the file follows its schema',
  async () => {
    writeFileSync(
      join(root, 'matrix.json'),
      JSON.stringify({
        schema: 'kofun.ctk.release-build/v1',
        timeout_ms: 20000,
        commands: variantBuildCommands('locale'),
      }),
    );
    const r = await run(['release-cost', '--matrix', 'matrix.json', '--manifest', 'matrix-manifest.json']);
    assert.is(r.code, 1, r.out);
    const m = manifest('matrix-manifest.json') as { matrix: { comparisons: { label: string; hints: Hint[] }[] } };
    const determinism = m.matrix.comparisons.find((c) => c.label.startsWith('A1 vs A2'));
    // "kofun test artifact\n" (20) + "locale: " (8).
    assert.equal(
      determinism?.hints.map((h) => [h.variation, h.entry, h.offset_a, h.offset_b, h.a, h.b]),
      [['locale', 'notes.txt', 28, 28, 'C.UTF-8', 'fr_FR.UTF-8']],
    );
    assert.match(
      r.out,
      'cause: the locale leaked into notes.txt at offset 28 (0x1c) in A, 28 (0x1c) in B: A "C.UTF-8", B "fr_FR.UTF-8"',
    );
  },
);

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
