/**
 * Providers that crash, hang, flood stdout or misbehave inside a worker cost the one
 * vector they fail on (ERROR), are restarted for the others, and leave no process.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { liveGroupCount } from '../io/process-group.js';
import { brokenConfig, faultRun, othersPass, runGateCli, threeStaleVectors } from '../test-support/run-helpers.js';

test('crash on one vector: ERROR crash with the stderr tail; the restarted provider passes the rest', async () => {
  const r = await faultRun((sha) => ['--config', brokenConfig('crash-on-one', { KCTK_TARGET_REQUEST_SHA256: sha })]);
  assert.is(r.code, 1);
  assert.is(r.target.verdict, 'ERROR');
  assert.is(r.target.error?.kind, 'crash');
  assert.match(r.target.error?.stderr_tail ?? '', /crashing on purpose/);
  othersPass(r.verdicts, r.target.id);
});

test('hang: ERROR timeout, the group is killed', async () => {
  const r = await faultRun((sha) => ['--config', brokenConfig('hang-on-one', { KCTK_TARGET_REQUEST_SHA256: sha })]);
  assert.is(r.target.error?.kind, 'timeout');
  othersPass(r.verdicts, r.target.id);
});

test('stdout flood: ERROR protocol after at most one header line of bytes', async () => {
  const r = await faultRun((sha) => ['--config', brokenConfig('stdout-flood', { KCTK_TARGET_REQUEST_SHA256: sha })]);
  assert.is(r.target.error?.kind, 'protocol');
  othersPass(r.verdicts, r.target.id);
});

test('a provider that keeps crashing spends the restart budget; the rest is NOT-RUN; the ERRORs exit 1', async () => {
  const vs = threeStaleVectors();
  // Without a target, crash-on-one crashes on the first query of every instance.
  const r = await runGateCli([
    '--config',
    brokenConfig('crash-on-one'),
    ...vs.flatMap((v) => ['--id', v.id]),
    '--metamorphic',
    '0',
    '--restart-budget',
    '1',
    // One lane: its instance and the one restart each crash once; more lanes would each start an instance.
    '--jobs',
    '1',
  ]);
  // The crashes are failures found: exit 1, though the run is incomplete as well.
  assert.is(r.code, 1);
  assert.is(r.report?.incomplete, true);
  assert.equal(r.report?.counts.ERROR, 2);
  assert.equal(r.report?.counts['NOT-RUN'], 1);
  assert.ok(r.report?.vectors.some((v) => v.verdict === 'NOT-RUN' && /restart budget/.test(v.error?.message ?? '')));
  assert.is(liveGroupCount(), 0);
});

test.run();
