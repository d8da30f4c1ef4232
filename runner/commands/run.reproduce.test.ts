/**
 * Every failure carries the command that reproduces it, in the console, the JSON, JUnit and Markdown reports, and
 * that command, run as given, reproduces the failure.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { liveGroupCount } from '../io/process-group.js';
import { runCli } from '../test-support/run-cli.js';
import {
  brokenConfig,
  expectedOf,
  judgementOf,
  pickVector,
  requestSha,
  runGateCli,
  threeStaleVectors,
} from '../test-support/run-helpers.js';

test('a crash on one vector: its reproduce command is shown everywhere and reproduces the ERROR', async () => {
  const vs = threeStaleVectors();
  const target = vs[1];
  if (target === undefined) throw new Error('too few stale vectors');
  const config = brokenConfig('crash-on-one', {
    KCTK_TARGET_REQUEST_SHA256: requestSha(target),
  });
  const r = await runGateCli([
    '--config',
    config,
    ...vs.flatMap((v) => ['--id', v.id]),
    '--metamorphic',
    '0',
    '--timeout-ms',
    '5000',
  ]);
  const j = judgementOf(r.report, target.id);
  assert.is(j.verdict, 'ERROR');
  assert.is(j.reproduce, `npx kofun-ctk repro ${target.id} --config ${config} --timeout-ms 5000`);
  for (const v of vs)
    if (v.id !== target.id) assert.is(judgementOf(r.report, v.id).reproduce, undefined, 'a passing vector has none');
  assert.match(r.stdout, `reproduce: ${j.reproduce}`);

  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-reports-'));
  const md = await runCli([
    'run',
    '--config',
    config,
    '--id',
    target.id,
    '--metamorphic',
    '0',
    '--report',
    'md,junit',
    '--report-dir',
    dir,
  ]);
  assert.is(md.code, 1);
  assert.match(
    readFileSync(join(dir, 'kofun-ctk-report.md'), 'utf8'),
    `Reproduce:\n\n\`\`\`sh\nnpx kofun-ctk repro ${target.id} --config ${config}\n\`\`\``,
  );
  assert.match(
    readFileSync(join(dir, 'kofun-ctk-junit.xml'), 'utf8'),
    `reproduce: npx kofun-ctk repro ${target.id} --config ${config}`,
  );

  const [npx, bin, ...argv] = parse(j.reproduce ?? '').map(String);
  assert.equal([npx, bin], ['npx', 'kofun-ctk']);
  const again = await runCli([...argv, '--dir', mkdtempSync(join(tmpdir(), 'kofun-ctk-repro-'))]);
  assert.is(again.code, 1);
  assert.match(again.stdout, 'verdict: ERROR');
  assert.is(liveGroupCount(), 0);
});

test('a metamorphic failure is reproduced through the gate with its seed', async () => {
  const v = pickVector('vector with three or more rows', (x) => expectedOf(x).operations.length > 2);
  const config = brokenConfig('unstable-order');
  const r = await runGateCli(['--config', config, '--id', v.id, '--metamorphic', 'all', '--seed', '7']);
  const j = judgementOf(r.report, v.id);
  if (j.metamorphic?.ok !== false) return assert.unreachable(`expected a metamorphic failure, got ${j.verdict}`);
  assert.is(j.reproduce, `npx kofun-ctk run --config ${config} --id ${v.id} --metamorphic all --seed 7`);
  const [, , ...argv] = parse(j.reproduce ?? '').map(String);
  const again = await runGateCli(argv.slice(1));
  assert.is(judgementOf(again.report, v.id).metamorphic?.ok, false);
});

test.run();
