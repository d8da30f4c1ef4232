/**
 * Selection from the command line: --exclude-category, --list (no provider started), "did you mean" for names that
 * match nothing, and --last-failed re-running exactly the vectors an earlier report failed, with a real provider that
 * crashes on one vector and the reference provider that then passes it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveGroupCount } from '../io/process-group.js';
import { runCli } from '../test-support/run-cli.js';
import { brokenConfig, kitVectors, requestSha, runGateCli, threeStaleVectors } from '../test-support/run-helpers.js';
import type { GateReport } from '../report/gate-report.js';
import { signedReportJson } from '../report/report-digest.js';

const listed = (stdout: string): string[][] =>
  stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.split('\t'));

test('--list prints the selection without a provider; --exclude-category leaves a category out', async () => {
  const all = [...kitVectors().queryVectors, ...kitVectors().releaseVectors];
  const r = await runCli(['run', '--list', '--exclude-category', 'release-cost']);
  assert.is(r.code, 0, r.stderr);
  const rows = listed(r.stdout);
  assert.is(rows.length, all.filter((v) => v.category !== 'release-cost').length);
  assert.ok(rows.length > 0 && rows.every((row) => row[1] !== 'release-cost'));
  assert.ok(
    all.some((v) => v.category === 'release-cost'),
    'the kit has release-cost vectors to leave out',
  );
  assert.match(r.stderr, `${rows.length} of ${all.length} vectors selected`);
  // Excluding wins over including the same category: nothing is left, which is a usage error.
  const none = await runCli(['run', '--list', '--category', 'stale', '--exclude-category', 'stale']);
  assert.is(none.code, 2);
  assert.match(none.stderr, 'no vector matches the filters');
  assert.is(liveGroupCount(), 0);
});

test('a name that matches nothing is a usage error naming the nearest known one', async () => {
  const id = (threeStaleVectors()[0] ?? { id: '' }).id;
  const typo = await runCli([
    'run',
    '--list',
    '--category',
    'stal',
    '--exclude-category',
    'relese-cost',
    '--id',
    id.slice(0, -1),
  ]);
  assert.is(typo.code, 2);
  assert.match(typo.stderr, '--category stal: no such category (did you mean stale?)');
  assert.match(typo.stderr, '--exclude-category relese-cost: no such category (did you mean release-cost?)');
  assert.match(typo.stderr, `--id ${id.slice(0, -1)}: no such vector (did you mean ${id}?)`);
  const prefix = await runCli(['run', '--list', '--id', 'stal/*']);
  assert.match(prefix.stderr, '--id stal/*: no such vector (did you mean stale/*?)');
  const far = await runCli(['run', '--list', '--category', 'zzzzzz']);
  assert.is(far.code, 2);
  assert.match(far.stderr, '--category zzzzzz: no such category');
  assert.not.match(far.stderr, 'did you mean');
  const repro = await runCli([
    'repro',
    id.slice(0, -1),
    '--provider',
    'reference',
    '--dir',
    mkdtempSync(join(tmpdir(), 'kofun-ctk-repro-')),
  ]);
  assert.is(repro.code, 2);
  assert.match(repro.stderr, `(did you mean ${id}?)`);
});

test('--last-failed re-runs only what failed the gate in the earlier report', async () => {
  const vs = threeStaleVectors();
  const target = vs[1];
  if (target === undefined) throw new Error('too few stale vectors');
  const ids = vs.flatMap((v) => ['--id', v.id]);
  const first = await runGateCli([
    '--config',
    brokenConfig('crash-on-one', {
      KCTK_TARGET_REQUEST_SHA256: requestSha(target),
    }),
    ...ids,
    '--metamorphic',
    '0',
  ]);
  assert.is(first.code, 1);
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-last-failed-'));
  const file = join(dir, 'report.json');
  writeFileSync(file, signedReportJson(first.report as GateReport));
  const list = await runCli(['run', '--list', '--last-failed', file]);
  assert.is(list.code, 0, list.stderr);
  assert.equal(
    listed(list.stdout).map((row) => row[0]),
    [target.id],
  );
  // Other filters still apply on top: a category the failure is not in leaves nothing.
  const narrowed = await runCli(['run', '--list', '--last-failed', file, '--category', 'invalid']);
  assert.is(narrowed.code, 2);
  const again = await runGateCli(['--provider', 'reference', '--last-failed', file, '--metamorphic', '0']);
  assert.is(again.code, 0, again.stdout);
  assert.equal(
    again.report?.vectors.map((v) => [v.id, v.verdict]),
    [[target.id, 'PASS']],
  );
  assert.is(again.report?.selection.last_failed, true);
  assert.is(liveGroupCount(), 0);

  // A passing report has nothing to re-run; that is said, not run as an empty green gate.
  writeFileSync(file, signedReportJson(again.report as GateReport));
  const nothing = await runCli(['run', '--list', '--last-failed', file]);
  assert.is(nothing.code, 2);
  assert.match(nothing.stderr, 'no vector failed the gate in that report');
});

test(
  '--last-failed refuses a report of another vector set, ' + 'one that is not a report, and a duplicate key',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-last-failed-'));
    const file = join(dir, 'report.json');
    const other = {
      format: 'kofun.ctk.report/v1',
      kit_version: '0',
      vector_set_sha256: 'f'.repeat(64),
      selection: {},
      vectors: [{ id: 'x', verdict: 'FAIL' }],
    };
    writeFileSync(file, JSON.stringify(other));
    const r1 = await runCli(['run', '--list', '--last-failed', file]);
    assert.is(r1.code, 2);
    assert.match(
      r1.stderr,
      `the report is of vector set ${'f'.repeat(64)}, this run of ${kitVectors().vectorSetSha256}`,
    );
    writeFileSync(file, '[1, 2]');
    const r2 = await runCli(['run', '--list', '--last-failed', file]);
    assert.match(r2.stderr, 'not a kofun.ctk.report/v1 JSON report');
    // `{"format":` is 10 bytes: the repeated key's opening quote is at byte 10 + 22 ("kofun.ctk.report/v1",) = 32.
    writeFileSync(file, '{"format":"kofun.ctk.report/v1","format":"x"}');
    const r3 = await runCli(['run', '--list', '--last-failed', file]);
    assert.is(r3.code, 2);
    assert.match(r3.stderr, 'byte 32, /format: duplicate key "format"');
  },
);

test.run();
