import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';
import { computeReleaseExpectation, kitRoot } from '../../oracle/internal.js';
import { listTextWorld } from '../../suites/fixtures/list-text-world.js';
import type { GateReport } from '../report/gate-report.js';
import { runCli } from '../test-support/run-cli.js';
import { subsetFiles, writeVectorSubset } from '../test-support/vector-subset.js';
import { VARIANT_BUILDER as builder, variantBuildCommands } from '../test-support/variant-build.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-release-cli-test-'));
const node = `'${process.execPath}'`;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(argv: string[]): Promise<Run> {
  const r = await runCli(argv, { cwd: root, env: { PATH: process.env['PATH'] ?? '' } });
  return { code: r.code, stdout: r.stdout, stderr: r.stderr };
}

const lastLine = (s: string): string => s.trimEnd().split('\n').at(-1) ?? '';

function folder(name: string, files: Record<string, string | Buffer>): string {
  const dir = join(root, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
    chmodSync(join(dir, path), 0o644);
  }
  return name;
}

const base = { 'lib/a.txt': 'hello world\nsecond line\n', 'data.bin': Buffer.from([0, 1, 2, 3]) };

test('two identical folders: exit 0 and one IDENTICAL verdict line at the end', async () => {
  const r = await run(['release-cost', '--a', folder('same-a', base), '--b', folder('same-b', base)]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.is(lastLine(r.stdout), 'verdict: IDENTICAL (3 entries)');
  assert.is(r.stdout.match(/^verdict:/gm)?.length, 1);
});

test('one byte differs in one file: exit 1, the file named, offset 21 (0x15), line 2 column 10', async () => {
  const r = await run([
    'release-cost',
    '--a',
    folder('one-a', base),
    '--b',
    folder('one-b', { ...base, 'lib/a.txt': 'hello world\nsecond lime\n' }),
  ]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, 'different: lib/a.txt (content)');
  assert.match(r.stdout, "first difference at offset 21 (0x15): A 0x6e 'n', B 0x6d 'm'");
  assert.match(r.stdout, 'line 2, column 10');
  assert.is(lastLine(r.stdout), 'verdict: DIFFERENT (1 of 3 entries differ, 0 only in A, 0 only in B)');
});

test('two artifacts built elsewhere: a date(1) stamp in a file is named as the time, with its remedy', async () => {
  const r = await run([
    'release-cost',
    '--a',
    folder('stamp-a', { ...base, VERSION: '1.0 built Sat Jan 31 12:00:00 UTC 2026\n' }),
    '--b',
    folder('stamp-b', { ...base, VERSION: '1.0 built Sun Feb  1 08:30:15 UTC 2026\n' }),
  ]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  // "1.0 built " is 10 bytes.
  assert.match(
    r.stdout,
    'cause: the time leaked into VERSION at offset 10 (0xa) in A, 10 (0xa) in B: ' +
      'A "Sat Jan 31 12:00:00 UTC 2026", B "Sun Feb  1 08:30:15 UTC 2026"\n' +
      '  remedy: take every embedded time from SOURCE_DATE_EPOCH and clamp archive entry times to it\n',
  );
});

test('single files are artifacts too; a gzip is compared inside', async () => {
  folder('gz-a', { 'x.gz': gzipSync(Buffer.from('version 1\n')) });
  folder('gz-b', { 'x.gz': gzipSync(Buffer.from('version 2\n')) });
  const r = await run(['release-cost', '--a', 'gz-a/x.gz', '--b', 'gz-b/x.gz']);
  assert.is(r.code, 1);
  assert.match(r.stdout, 'different: (artifact) (content)');
  assert.match(r.stdout, 'inside (gzip): different');
  assert.match(r.stdout, "first difference at offset 8 (0x8): A 0x31 '1', B 0x32 '2'");
});

async function tarOf(names: readonly string[]): Promise<Buffer> {
  const p = pack();
  for (const name of names) p.entry({ name, mtime: new Date(1_700_000_000_000), mode: 0o644 }, `${name} body\n`);
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

test('a tar holding the same entries in another order: different, the entry order named, the tar remedy', async () => {
  const one = await tarOf(['a.txt', 'b.txt']);
  const two = await tarOf(['b.txt', 'a.txt']);
  writeFileSync(join(root, 'one.tar'), one);
  writeFileSync(join(root, 'two.tar'), two);
  const r = await run(['release-cost', '--a', 'one.tar', '--b', 'two.tar']);
  assert.is(r.code, 1, r.stdout + r.stderr);
  const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
  // Each entry is a 512-byte header and its 11 data bytes padded to 512; two zero blocks end the archive: 3072.
  // Both archives start with their first entry's name: "a.txt" (61) against "b.txt" (62) at offset 0.
  const tail = '00 00 00 00 00 00 00 00 00 00 00  |';
  assert.is(
    r.stdout,
    [
      `artifact A: one.tar (file, 3072 bytes, sha256 ${sha(one)})`,
      `artifact B: two.tar (file, 3072 bytes, sha256 ${sha(two)})`,
      'entries: 0 identical, 1 different, 0 only in A, 0 only in B',
      'different: (artifact) (content)',
      `  sha256: A ${sha(one)}`,
      `          B ${sha(two)}`,
      "  first difference at offset 0 (0x0): A 0x61 'a', B 0x62 'b'",
      `  A 00000000  61 2e 74 78 74 ${tail}a.txt...........|`,
      `  B 00000000  62 2e 74 78 74 ${tail}b.txt...........|`,
      `${' '.repeat(14)}^^`,
      '  inside (tar): same bytes; only the entry order differs',
      '    entries: 2 identical, 0 different, 0 only in A, 0 only in B',
      '    entry order: differs at position 1 of 2 (the entries both archives hold, as stored)',
      '      A: a.txt, b.txt',
      '      B: b.txt, a.txt',
      'cause: the file order leaked into (artifact) at its entry order: A "a.txt, b.txt", B "b.txt, a.txt"',
      '  remedy: pack in name order: GNU tar --sort=name (tar 1.28 and later), or a sorted list: ' +
        'find DIR -print0 | LC_ALL=C sort -z | tar --null --no-recursion -T - -cf OUT.tar',
      'verdict: DIFFERENT (1 of 1 entries differ, 0 only in A, 0 only in B)',
      '',
    ].join('\n'),
  );
});

test('missing or empty artifacts and bad usage exit 2 without a stack trace', async () => {
  folder('ok', base);
  mkdirSync(join(root, 'empty'));
  const missing = await run(['release-cost', '--a', 'ok', '--b', 'nowhere']);
  assert.is(missing.code, 2);
  assert.is(lastLine(missing.stdout), 'verdict: ERROR artifact B missing');
  const empty = await run(['release-cost', '--a', 'empty', '--b', 'ok']);
  assert.is(empty.code, 2);
  assert.is(lastLine(empty.stdout), 'verdict: ERROR artifact A empty');
  for (const argv of [
    ['release-cost'],
    ['release-cost', '--a', 'ok'],
    ['release-cost', '--a', 'ok', '--build-a', 'x', '--b', 'ok'],
    ['release-cost', '--a', 'ok', '--b', 'ok', '--max-lines', '0'],
    ['release-cost', '--build-a', "'unterminated", '--b', 'ok', '--out', 'o'],
    ['release-cost', '--build-a', 'true', '--b', 'ok'],
    ['release-cost', '--matrix', 'nowhere.json'],
  ]) {
    const r = await run(argv);
    assert.is(r.code, 2, argv.join(' '));
    assert.not.match(r.stderr + r.stdout, /\bat .*\.(ts|js):\d+/);
  }
});

test('output is capped with an "N more" line and still ends with the verdict', async () => {
  const many: Record<string, string> = {};
  const other: Record<string, string> = {};
  for (let i = 0; i < 30; i++) {
    many[`f${String(i).padStart(2, '0')}.txt`] = `value ${i}\n`;
    other[`f${String(i).padStart(2, '0')}.txt`] = `value ${i + 1}\n`;
  }
  const r = await run([
    'release-cost',
    '--a',
    folder('cap-a', many),
    '--b',
    folder('cap-b', other),
    '--max-lines',
    '10',
  ]);
  assert.is(r.code, 1);
  const lines = r.stdout.trimEnd().split('\n');
  assert.is(lines.length, 11);
  assert.match(lines[9] ?? '', /^… \d+ more lines$/);
  assert.is(lines[10], 'verdict: DIFFERENT (30 of 30 entries differ, 0 only in A, 0 only in B)');
});

test('build commands: argv without a shell, each output copied away, the difference found', async () => {
  const r = await run([
    'release-cost',
    '--build-a',
    `${node} ${builder} --out out-a --feature off`,
    '--build-b',
    `${node} ${builder} --out out-b --feature on`,
    '--out-a',
    'out-a',
    '--out-b',
    'out-b',
  ]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, 'build A: ok');
  assert.match(r.stdout, 'different: app.bin (size, content)');
  // "KOFUN-TEST-MODULE v1\n" (21 bytes) + "body: 0123456789abcdef\n" (23 bytes): B appends its discovery line at 44.
  assert.match(r.stdout, "first difference at offset 44 (0x2c): A end of file, B 0x64 'd'");
  const same = await run([
    'release-cost',
    '--build-a',
    `${node} ${builder} --out shared`,
    '--build-b',
    `${node} ${builder} --out shared`,
    '--out',
    'shared',
  ]);
  assert.is(same.code, 0, same.stdout);
  const shell = await run(['release-cost', '--build-a', `echo $HOME > shell-out`, '--b', 'ok', '--out', 'shell-out']);
  // Through a shell this would write shell-out; no shell runs, so the redirection is refused rather than passed on.
  assert.is(shell.code, 2);
  assert.match(shell.stderr, 'operator > is not allowed');
});

test('a failing build exits 2 with the build named', async () => {
  const r = await run(['release-cost', '--build-a', `${node} ${builder} --leak fail`, '--b', 'ok', '--out', 'never']);
  assert.is(r.code, 2);
  assert.match(r.stdout, 'stderr: variant-builder: failing on purpose');
  assert.is(lastLine(r.stdout), 'verdict: ERROR build A exited with status 3');
});

test('--manifest records both sides with their artifact digests and archive contents', async () => {
  folder('man-a', { 'pkg.gz': gzipSync(Buffer.from('x')), 'a.txt': 'a' });
  folder('man-b', { 'pkg.gz': gzipSync(Buffer.from('x')), 'a.txt': 'b' });
  const r = await run(['release-cost', '--a', 'man-a', '--b', 'man-b', '--manifest', 'manifest.json']);
  assert.is(r.code, 1);
  const m = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
    schema: string;
    verdict: string;
    a: { artifact_digest: string; entries: { path: string; sha256: string; inside: { format: string } | null }[] };
    b: { artifact_digest: string };
  };
  assert.is(m.schema, 'kofun.ctk.release-manifest/v1');
  assert.is(m.verdict, 'DIFFERENT');
  assert.match(m.a.artifact_digest, /^[0-9a-f]{64}$/);
  assert.is.not(m.a.artifact_digest, m.b.artifact_digest);
  // a.txt holds the one byte "a"; SHA-256("a") is the widely published ca978112….
  assert.is(m.a.entries[0]?.sha256, 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb');
  assert.equal(
    m.a.entries.map((e) => e.path),
    ['a.txt', 'pkg.gz'],
  );
  assert.is(m.a.entries[1]?.inside?.format, 'gzip');
});

test('build-reference writes the reference artifact whose digest is the expectation digest', async () => {
  const fixture = listTextWorld();
  writeFileSync(join(root, 'fixture.json'), JSON.stringify(fixture));
  const r = await run([
    'release-cost',
    'build-reference',
    '--fixture',
    'fixture.json',
    '--profile',
    'support-disabled',
    '--out',
    'ref',
  ]);
  assert.is(r.code, 0, r.stderr);
  assert.equal(readdirSync(join(root, 'ref')).sort(), ['exports.txt', 'module.kfo']);
  const check = await run(['release-cost', '--a', 'ref', '--b', 'ref', '--manifest', 'ref-manifest.json']);
  assert.is(check.code, 0);
  const m = JSON.parse(readFileSync(join(root, 'ref-manifest.json'), 'utf8')) as { a: { artifact_digest: string } };
  const reference = computeReleaseExpectation(fixture).profiles[1]?.digest;
  assert.is(m.a.artifact_digest, reference);
  // The console names the same value the same way: a vector's profile `digest` is the artifact digest.
  assert.match(check.stdout, `artifact A: ref (folder, 2 entries, artifact digest ${reference ?? '?'})`);
  const bad = await run([
    'release-cost',
    'build-reference',
    '--fixture',
    'fixture.json',
    '--profile',
    'debug',
    '--out',
    'ref2',
  ]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, 'unknown profile');
  const notEmpty = await run([
    'release-cost',
    'build-reference',
    '--fixture',
    'fixture.json',
    '--profile',
    'without-support',
    '--out',
    'ref',
  ]);
  assert.is(notEmpty.code, 2);
  assert.match(notEmpty.stderr, 'output folder is not empty');
});

/** The JSON report a `release-cost --vectors … --report json --report-dir DIR` run wrote. */
function jsonReport(dir: string): GateReport {
  return JSON.parse(readFileSync(join(root, dir, 'kofun-ctk-report.json'), 'utf8')) as GateReport;
}

test(
  '--vectors is a gate run without a provider: the reference builder passes, a provider build is judged as run ' +
    'judges it (FAIL and ERROR exit 1), --id selects as run does',
  async () => {
    const set = writeVectorSubset(subsetFiles(['release-cost/empty-source', 'release-cost/null-signature']));
    const ref = await run([
      'release-cost',
      '--vectors',
      set,
      '--reference',
      '--no-vary',
      '--id',
      'release-cost/null*',
      '--report',
      'json',
      '--report-dir',
      'ref-report',
    ]);
    assert.is(ref.code, 0, ref.stdout + ref.stderr);
    const refReport = jsonReport('ref-report');
    // `run`'s --id: a prefix ending in * selects the one id it starts; the category is the release-cost one alone.
    assert.equal(
      refReport.vectors.map((v) => `${v.verdict} ${v.id}`),
      ['PASS release-cost/null-signature'],
    );
    assert.equal(refReport.selection.categories, ['release-cost']);
    assert.equal(refReport.selection.ids, ['release-cost/null*']);
    assert.is(refReport.selection.filtered, 1);
    // No provider starts: the builds are all the run does.
    assert.is(refReport.provider, null);
    assert.match(ref.stdout, 'gate PASSED (exit 0)');

    writeFileSync(
      join(root, 'provider-build.json'),
      JSON.stringify({ schema: 'kofun.ctk.release-build/v1', commands: variantBuildCommands() }),
    );
    // The stand-in builder honours the identities (off and disabled identical, on different) of both vectors, but it
    // is not the reference builder: none of its three artifacts is the reference one.
    const digests = await run([
      'release-cost',
      '--vectors',
      set,
      '--build-config',
      'provider-build.json',
      '--no-vary',
      '--check-digests',
      '--report',
      'json',
      '--report-dir',
      'digests-report',
    ]);
    assert.is(digests.code, 1, digests.stdout + digests.stderr);
    const digestReport = jsonReport('digests-report');
    for (const j of digestReport.vectors) {
      assert.is(j.verdict, 'FAIL', j.id);
      assert.equal(
        j.violations.map((v) => v.code),
        ['release-digest-mismatch', 'release-digest-mismatch', 'release-digest-mismatch'],
      );
      assert.ok(j.fail_clauses?.includes('KD-RELEASE-02'));
    }
    // The console reporter and the reproducing command are the run's, naming this very command.
    assert.match(digests.stdout, 'gate FAILED (exit 1)');
    assert.match(digests.stdout, `kofun-ctk release-cost --vectors ${set} --build-config `);

    writeFileSync(
      join(root, 'failing-build.json'),
      JSON.stringify({
        schema: 'kofun.ctk.release-build/v1',
        commands: { ...variantBuildCommands(), support_disabled: [process.execPath, builder, '--leak', 'fail'] },
      }),
    );
    const failing = await run([
      'release-cost',
      '--vectors',
      set,
      '--build-config',
      'failing-build.json',
      '--no-vary',
      '--id',
      'release-cost/empty-source',
      '--report',
      'json',
      '--report-dir',
      'failing-report',
    ]);
    // An ERROR fails the gate, exit 1, as in `run` (usage errors alone exit 2).
    assert.is(failing.code, 1, failing.stdout + failing.stderr);
    const error = jsonReport('failing-report').vectors[0];
    assert.is(error?.verdict, 'ERROR');
    assert.is(error?.error?.kind, 'crash');
    assert.is(error?.error?.message, 'build support-disabled (support_disabled): exited with status 3');
  },
);

test('--vectors refuses what run refuses: a tampered vector set, an id that names nothing, a mode mix', async () => {
  const files = subsetFiles(['release-cost/null-signature']);
  const set = writeVectorSubset(files);
  // A vector file changed after its manifest was written: the set no longer is the one its manifest names.
  const path = join(set, 'release-cost', 'null-signature.json');
  writeFileSync(path, readFileSync(path, 'utf8').replace('"intent": "', '"intent": "tampered '));
  const tampered = await run(['release-cost', '--vectors', set, '--reference']);
  assert.is(tampered.code, 2);
  assert.is(
    tampered.stderr,
    `kofun-ctk: vector set ${set}: release-cost/null-signature.json does not match its SHA-256 in manifest.json\n`,
  );
  const viaRun = await run(['run', '--provider', 'reference', '--vectors', set]);
  assert.is(viaRun.code, 2);
  assert.is(viaRun.stderr, tampered.stderr);

  const kit = ['release-cost', '--vectors', '--reference'];
  const unknown = await run([...kit, '--id', 'release-cost/no-such-id']);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, '--id release-cost/no-such-id: no such vector');
  // The old substring filter is refused, naming the selection of run that replaces it.
  const filter = await run([...kit, '--filter', 'release-cost/null']);
  assert.is(filter.code, 2);
  assert.match(filter.stderr, '--filter was replaced by --id');
  const timeout = await run(['release-cost', '--vectors', '--build-config', 'b.json', '--timeout', '5']);
  assert.is(timeout.code, 2);
  assert.match(timeout.stderr, '--timeout applies to --reference builds');
  const neither = await run(['release-cost', '--vectors']);
  assert.is(neither.code, 2);
  assert.match(neither.stderr, 'needs exactly one of --build-config and --reference');
  const mixed = await run([...kit, '--manifest', 'm.json', '--max-lines', '5']);
  assert.is(mixed.code, 2);
  assert.is(mixed.stderr, 'kofun-ctk: release-cost: --vectors cannot be combined with --manifest, --max-lines\n');
  const vectorsOnly = await run(['release-cost', '--a', 'x', '--b', 'y', '--id', 'z', '--report', 'json']);
  assert.is(vectorsOnly.code, 2);
  assert.is(vectorsOnly.stderr, 'kofun-ctk: release-cost: --id, --report: only with --vectors\n');
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test('an unfit --manifest or build-reference --out is refused before any build runs (exit 2, one line)', async () => {
  writeFileSync(join(root, 'plain-file'), 'x');
  const marker = join(root, 'build-ran');
  const touch = `${node} -e "require('fs').writeFileSync(process.argv[1], '')" '${marker}'`;
  const r = await run([
    'release-cost',
    '--build-a',
    touch,
    '--build-b',
    touch,
    '--out',
    'never',
    '--manifest',
    'plain-file/manifest.json',
  ]);
  assert.is(r.code, 2, r.stdout + r.stderr);
  const manifest = join(root, 'plain-file/manifest.json');
  assert.is(
    r.stderr.trim(),
    `kofun-ctk: release-cost: --manifest ${manifest}: ${join(root, 'plain-file')} is not a folder`,
  );
  assert.not.ok(readdirSync(root).includes('build-ran'), 'a build ran before the manifest path was checked');
  const fixture = join(kitRoot(), 'vectors', 'fixtures', readdirSync(join(kitRoot(), 'vectors', 'fixtures'))[0] ?? '');
  const ref = await run([
    'release-cost',
    'build-reference',
    '--fixture',
    fixture,
    '--profile',
    'without-support',
    '--out',
    'plain-file',
  ]);
  assert.is(ref.code, 2, ref.stdout + ref.stderr);
  assert.match(ref.stderr, `--out ${join(root, 'plain-file')}: is not a folder`);
});

test.run();
