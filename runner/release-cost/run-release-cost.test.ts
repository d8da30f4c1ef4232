/**
 * The release-cost category inside `kofun-ctk run` (KD-RELEASE-02, KD-RELEASE-03): the
 * reference builder passes, a provider build that carries discovery bytes with discovery
 * disabled fails naming the clause, the file and the byte, expectations apply, and a
 * failing build is ERROR, and `release-cost --vectors` judges a vector exactly as `run` does. Single
 * vectors keep this fast; run.release-selection.test.ts covers providers without build commands,
 * filters and shards.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import type { GateReport } from '../report/gate-report.js';
import { runCli } from '../test-support/run-cli.js';
import { judgementOf, runGateCli } from '../test-support/run-helpers.js';
import { variantBuild } from '../test-support/variant-build.js';

const RELEASE_ID = 'release-cost/empty-source';

/**
 * A provider configuration declaring `build`; the provider is the
 * plain-JavaScript fake, which starts fast (only release-cost vectors run).
 */
function config(buildSection: unknown, dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-release-run-'))): string {
  const path = join(dir, 'provider.json');
  const argv = [process.execPath, join(kitRoot(), 'runner', 'test-support', 'fake-provider.mjs'), 'echo'];
  writeFileSync(path, JSON.stringify({ name: 'fake provider', process: { argv }, build: buildSection }));
  return path;
}

function releaseBuild(commands: Record<string, string[]>): unknown {
  return { schema: 'kofun.ctk.release-build/v1', commands };
}

test('--provider reference builds a release-cost vector with the reference builder and passes', async () => {
  const r = await runGateCli([
    '--provider',
    'reference',
    '--id',
    RELEASE_ID,
    '--id',
    'stale/wrong-file',
    '--metamorphic',
    '0',
  ]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.is(r.report?.counts.PASS, 2);
  assert.is(r.report?.selection.total, 2);
  const j = judgementOf(r.report, RELEASE_ID);
  assert.is(j.category, 'release-cost');
  assert.is(j.verdict, 'PASS');
  // The reference builder declares the runtime-metadata profile too, so no identity is left unchecked.
  assert.equal(j.notes, []);
  assert.is(liveGroupCount(), 0);
});

test(
  'a build carrying discovery bytes with discovery ' + 'disabled fails KD-RELEASE-02 at the first differing byte',
  async () => {
    const leaky = config(
      releaseBuild({
        without_support: variantBuild('off'),
        support_disabled: variantBuild('disabled', '--leak', 'discovery-in-disabled'),
        discovery_enabled: variantBuild('on'),
      }),
    );
    const r = await runGateCli(['--config', leaky, '--id', RELEASE_ID, '--metamorphic', '0']);
    assert.is(r.code, 1, r.stdout + r.stderr);
    const j = judgementOf(r.report, RELEASE_ID);
    assert.is(j.verdict, 'FAIL');
    assert.equal(j.fail_clauses, ['KD-RELEASE-02']);
    // The builder writes this text without support; the leak appends a line, so the files part at its end.
    const normalApp = Buffer.byteLength('KOFUN-TEST-MODULE v1\nbody: 0123456789abcdef\n', 'utf8');
    assert.is(j.violations[0]?.code, 'release-bytes-differ');
    assert.is(j.violations[0]?.offset, normalApp);
    assert.is(j.violations[0]?.actual, `different: app.bin at byte ${normalApp}`);
    assert.match(r.stdout, `FAIL ${RELEASE_ID}  KD-RELEASE-02`);
    assert.match(r.stdout, `KD-RELEASE-02 release-bytes-differ at byte ${normalApp}`);
    assert.match(r.stdout, `first difference at offset ${normalApp}`);
    // No runtime_metadata command: the identities that need it are named as unchecked.
    assert.ok(
      j.notes.some((n) => n.includes('KD-RELEASE-04') && n.includes('not run')),
      j.notes.join('\n'),
    );

    // The expectations file covers release-cost vectors like any other.
    const expectations = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-release-xfail-')), 'expectations.json');
    writeFileSync(
      expectations,
      JSON.stringify([
        { id: RELEASE_ID, verdict: 'FAIL', reason: 'the disabled build still links the discovery tables' },
      ]),
    );
    const known = await runGateCli([
      '--config',
      leaky,
      '--id',
      RELEASE_ID,
      '--metamorphic',
      '0',
      '--no-release-vary',
      '--expectations',
      expectations,
    ]);
    assert.is(known.code, 0, known.stdout);
    assert.is(judgementOf(known.report, RELEASE_ID).verdict, 'XFAIL');
    assert.is(liveGroupCount(), 0);
  },
);

test('a build that fails is ERROR with its exit status and stderr', async () => {
  const failing = config(
    releaseBuild({
      without_support: variantBuild('off'),
      support_disabled: variantBuild('disabled', '--leak', 'fail'),
      discovery_enabled: variantBuild('on'),
    }),
  );
  const r = await runGateCli(['--config', failing, '--id', RELEASE_ID, '--metamorphic', '0']);
  assert.is(r.code, 1, r.stdout);
  const j = judgementOf(r.report, RELEASE_ID);
  assert.is(j.verdict, 'ERROR');
  assert.is(j.error?.kind, 'crash');
  assert.is(j.error?.message, 'build support-disabled (support_disabled): exited with status 3');
  assert.match(j.error?.stderr_tail ?? '', 'failing on purpose');
});

test('one release-build file, one judging: release-cost --vectors --build-config and a provider build', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-release-file-'));
  const file = join(dir, 'release-build.json');
  writeFileSync(
    file,
    JSON.stringify(
      releaseBuild({
        without_support: variantBuild('off'),
        support_disabled: variantBuild('disabled', '--leak', 'discovery-in-disabled'),
        discovery_enabled: variantBuild('on'),
      }),
    ),
  );
  const direct = await runCli(
    [
      'release-cost',
      '--vectors',
      '--build-config',
      'release-build.json',
      '--id',
      RELEASE_ID,
      '--no-vary',
      '--report',
      'json',
      '--report-dir',
      'direct',
    ],
    { cwd: dir },
  );
  assert.is(direct.code, 1, direct.stdout + direct.stderr);
  const viaRun = await runGateCli([
    '--config',
    config('release-build.json', dir),
    '--id',
    RELEASE_ID,
    '--metamorphic',
    '0',
    '--no-release-vary',
  ]);
  assert.is(viaRun.code, 1, viaRun.stdout);
  // Discovery bytes in the support-disabled build break KD-RELEASE-02 (the artifact must be the one without support).
  const expected = judgementOf(viaRun.report, RELEASE_ID);
  assert.equal(expected.fail_clauses, ['KD-RELEASE-02']);
  const report = JSON.parse(readFileSync(join(dir, 'direct', 'kofun-ctk-report.json'), 'utf8')) as GateReport;
  const judged = judgementOf(report, RELEASE_ID);
  // The same judging path: the same verdict, clauses, violations and listing, whichever command built it.
  const judgedAs = (j: typeof judged): unknown => [j.verdict, j.fail_clauses, j.violations, j.diff];
  assert.equal(judgedAs(judged), judgedAs(expected));
});

test.run();
