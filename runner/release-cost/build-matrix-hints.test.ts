import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMatrix, runBuildMatrix, type MatrixOptions, type MatrixResult } from './build-matrix.js';
import type { CauseHint } from './cause-hints.js';
import { CLOCK_OFFSET_SECONDS } from './build-variation.js';
import { findFaketime } from './find-faketime.js';
import { variantBuildConfig } from '../test-support/variant-build.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-matrix-hints-test-'));
// notes.txt starts with "kofun test artifact\n" (20 bytes); each leak line follows it.
const HEADER = 20;
const faketime = findFaketime();

async function matrix(leak: string, options: MatrixOptions = {}): Promise<MatrixResult> {
  return runBuildMatrix(variantBuildConfig(leak), { workDir: root, ...options });
}

function hintsOf(r: MatrixResult, label = 'A1 vs A2'): CauseHint[] {
  return r.comparisons.find((c) => c.label.startsWith(label))?.hints ?? [];
}

const brief = (h: CauseHint): [string, string, string | null, number | null, number | null] => [
  h.variation,
  h.entry,
  h.field,
  h.offsetA,
  h.offsetB,
];

test('the build path leaked: hint at offset 30 on both sides, with both build folders', async () => {
  const r = await matrix('path');
  const [a1, a2] = [r.variations[0]?.v.buildRoot, r.variations[1]?.v.buildRoot];
  // 20 header bytes + "built in: " (10); the build runs in <build path>/src.
  assert.equal(hintsOf(r).map(brief), [['build path', 'notes.txt', null, HEADER + 10, HEADER + 10]]);
  assert.equal([hintsOf(r)[0]?.a, hintsOf(r)[0]?.b], [a1, a2]);
  const text = formatMatrix(r).join('\n');
  assert.match(text, '  cause: the build path leaked into notes.txt at offset 30 (0x1e) in A, 30 (0x1e) in B');
  assert.match(text, '    remedy: map the build path to a fixed prefix');
});

test('HOME, time zone and locale leaked: each named, at 26, 24 and 28', async () => {
  // "home: " (6), "tz: " (4), "locale: " (8) after the 20 header bytes.
  const home = await matrix('home');
  assert.equal(hintsOf(home).map(brief), [['HOME', 'notes.txt', null, HEADER + 6, HEADER + 6]]);
  const tz = await matrix('tz');
  assert.equal(hintsOf(tz).map(brief), [['time zone', 'notes.txt', null, HEADER + 4, HEADER + 4]]);
  assert.equal([hintsOf(tz)[0]?.a, hintsOf(tz)[0]?.b], ['UTC', 'Pacific/Kiritimati']);
  const locale = await matrix('locale');
  assert.equal(hintsOf(locale).map(brief), [['locale', 'notes.txt', null, HEADER + 8, HEADER + 8]]);
  assert.match(
    formatMatrix(locale).join('\n'),
    'cause: the locale leaked into notes.txt at offset 28 (0x1c) in A, 28 (0x1c) in B: A "C.UTF-8", B "fr_FR.UTF-8"',
  );
});

test('the umask leaked into a file mode: hint on data.txt, 0644 against 0600', async () => {
  const r = await matrix('umask');
  const umask = hintsOf(r).filter((h) => h.variation === 'umask');
  assert.equal(umask.map(brief), [['umask', 'data.txt', 'mode', null, null]]);
  assert.equal([umask[0]?.a, umask[0]?.b], ['0644', '0600']);
});

test('Date#toString of the build time: a time hint at offset 30 on both sides', async () => {
  const r = await matrix('time');
  // 20 header bytes + "built at: " (10): the weekday of Date#toString starts there.
  assert.equal(hintsOf(r).map(brief), [['time', 'notes.txt', null, HEADER + 10, HEADER + 10]]);
  assert.match(formatMatrix(r).join('\n'), 'remedy: take every embedded time from SOURCE_DATE_EPOCH');
});

test('the variant clock: shifted by faketime when it is installed, and said to be real when it is not', async () => {
  const real = await matrix('none', { faketime: null });
  const realText = formatMatrix(real).join('\n');
  assert.match(realText, /clock\s+real\s+real \(not varied: faketime not found\)/);
  assert.match(realText, 'note: the clock was not varied (faketime not found on PATH; Debian package faketime)');
  if (faketime === null) {
    console.log('faketime is not installed here: the shifted clock was not exercised');
    return;
  }
  // Epoch seconds alone agree within one second; the shifted clock makes them differ every time.
  const r = await matrix('clock', { faketime });
  assert.equal(r.findings, ['NONDETERMINISTIC'], formatMatrix(r).join('\n'));
  assert.equal(hintsOf(r).map(brief), [['time', 'notes.txt', null, HEADER + 10, HEADER + 10]]);
  const [a, b] = [Number(hintsOf(r)[0]?.a), Number(hintsOf(r)[0]?.b)];
  // B's clock runs CLOCK_OFFSET_SECONDS ahead; the builds ran within a few seconds of each other.
  assert.ok(Math.abs(b - a - CLOCK_OFFSET_SECONDS) < 60, `${a} ${b}`);
  const text = formatMatrix(r).join('\n');
  assert.match(text, new RegExp(`clock\\s+real\\s+\\+${CLOCK_OFFSET_SECONDS} s \\(faketime\\)`));
  assert.not.match(text, 'the clock was not varied');
});

test('a date-only stamp (date -u +%Y-%m-%d) under the shifted clock: a time hint at offset 30', async () => {
  if (faketime === null) {
    console.log('faketime is not installed here: the date-only stamp was not exercised');
    return;
  }
  const r = await matrix('day', { faketime });
  assert.equal(r.findings, ['NONDETERMINISTIC'], formatMatrix(r).join('\n'));
  // 20 header bytes + "built on: " (10); the variant's day is 400 days after the control's.
  assert.equal(hintsOf(r).map(brief), [['time', 'notes.txt', null, HEADER + 10, HEADER + 10]]);
  const [a, b] = [Date.parse(hintsOf(r)[0]?.a ?? ''), Date.parse(hintsOf(r)[0]?.b ?? '')];
  assert.ok(Math.abs((b - a) / 86_400_000 - 400) <= 1, `${hintsOf(r)[0]?.a} ${hintsOf(r)[0]?.b}`);
  assert.match(formatMatrix(r).join('\n'), 'remedy: take every embedded time from SOURCE_DATE_EPOCH');
});

test('a reproducible build has no hints', async () => {
  const r = await matrix('none');
  assert.equal(hintsOf(r), []);
  assert.equal(hintsOf(r, 'A1 vs B'), []);
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
