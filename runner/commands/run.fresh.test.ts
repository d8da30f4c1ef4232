/**
 * The fresh phase of the default run: the reference passes it, with the seed in every report; a provider answering
 * from the vector files (keyed on a canonical form of the fixture and the request) passes every vector and every
 * metamorphic variant, fails the default gate on the fresh cases alone, and a failing case is derived and failed
 * again by the command the report gives for it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import { renderReport } from '../report/render-report.js';
import { runCli } from '../test-support/run-cli.js';
import { runGateCli, tsArgv } from '../test-support/run-helpers.js';

/**
 * The memoriser, reading the kit's own vector folder (named to it). The sandbox hides that folder from every provider
 * (runner/sandbox/sandbox.test.ts shows the memoriser fails there at once); these runs are with the sandbox off, to
 * show that the fresh phase alone catches a provider that can read the goldens.
 */
function memoriserConfig(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-test-')), 'provider.json');
  const argv = [...tsArgv('runner/test-support/fixture-memoriser-provider.ts'), join(kitRoot(), 'vectors')];
  writeFileSync(path, JSON.stringify({ name: 'memoriser', process: { argv, mode: 'persistent' } }));
  return path;
}

test('the reference passes the fresh cases; the seed and every case are in every report', async () => {
  const r = await runGateCli(['--provider', 'reference', '--category', 'stale', '--metamorphic', '0', '--seed', '11']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const fresh = r.report?.fresh;
  assert.ok(fresh !== undefined, 'the default run has the fresh phase');
  assert.is(fresh.seed, 11);
  assert.is(fresh.sample, 24);
  assert.is(r.report?.metamorphic.seed, 11);
  // The stale category has 29 vectors on worlds of a few candidates, each answered with its renamed key.
  assert.is(fresh.cases.length, 24);
  assert.is(fresh.counts.PASS, 24);
  for (const c of fresh.cases) {
    assert.is(c.seed, 11);
    assert.is(c.judgement.id, c.from);
    assert.ok(c.from.startsWith('stale/'), c.from);
  }
  assert.match(r.stdout, /fresh: up to 24 cases in renamed worlds, seed 11 \(replay with --seed 11\)/);
  assert.match(r.stdout, /fresh: 24 cases in renamed worlds \(24 asked\), seed 11: PASS 24 \(replay with --seed 11\)/);
  for (const format of ['md', 'junit', 'html'] as const) {
    const text = renderReport(r.report as NonNullable<typeof r.report>, format);
    assert.ok(text.includes('seed 11') || text.includes('value="11"'), `${format} carries the seed`);
    assert.ok(text.includes('fresh'), `${format} has the fresh phase`);
  }
  assert.is(liveGroupCount(), 0);
});

test('without --seed a seed is drawn, printed and recorded, and seeds both phases', async () => {
  const r = await runGateCli(['--provider', 'reference', '--id', 'stale/generation-newer', '--metamorphic', '1']);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const seed = r.report?.metamorphic.seed;
  assert.ok(seed !== undefined && Number.isInteger(seed) && seed >= 0 && seed < 1_000_000_000, String(seed));
  assert.is(r.report?.fresh?.seed, seed);
  assert.match(r.stdout, new RegExp(`replay with --seed ${seed}`));
});

test('a provider answering from the vector files passes every vector and variant, and fails the gate', async () => {
  const config = memoriserConfig();
  const r = await runGateCli(['--config', config, '--category', 'complete', '--seed', '7', '--sandbox', 'off']);
  assert.is(r.code, 1, r.stdout + r.stderr);
  const report = r.report;
  assert.ok(report !== undefined);
  assert.ok(
    report.vectors.every((v) => v.verdict === 'PASS' && v.metamorphic?.ok === true),
    'every vector and its metamorphic variant pass',
  );
  const fresh = report.fresh;
  assert.ok(fresh !== undefined);
  assert.is(fresh.counts.FAIL, fresh.cases.length, 'no fresh case is a golden');
  assert.ok(fresh.cases.length > 0);
  // The vectors and their variants alone would pass it: the fresh cases are the gate's only reason.
  assert.equal(report.gate.reasons, [
    `fresh: ${fresh.cases.length} FAIL of ${fresh.cases.length} cases derived with seed 7`,
  ]);
  const failed = fresh.cases[0];
  assert.ok(failed !== undefined);
  const reproduce = failed.judgement.reproduce ?? '';
  assert.match(reproduce, new RegExp(`--id ${failed.from.replace('/', '\\/')} .*--seed 7 --fresh all`));
  assert.match(renderReport(report, 'md'), /## Fresh cases that fail the gate/);

  // The command the report gives derives the same case again (the same renamed world) and fails it again.
  const args = parse(reproduce).map(String);
  assert.equal(args.slice(0, 3), ['npx', 'kofun-ctk', 'run']);
  const again = await runGateCli(args.slice(3));
  assert.is(again.code, 1, again.stdout + again.stderr);
  const replayed = again.report?.fresh?.cases;
  assert.is(replayed?.length, 1);
  assert.is(replayed?.[0]?.from, failed.from);
  assert.is(replayed?.[0]?.fixture_sha256, failed.fixture_sha256);
  assert.is(replayed?.[0]?.judgement.verdict, 'FAIL');

  assert.is(liveGroupCount(), 0);
});

test('--fresh takes a count or all; --list --plan shows the fresh phase and the seed', async () => {
  const bad = await runGateCli(['--provider', 'reference', '--category', 'stale', '--fresh', 'many']);
  assert.is(bad.code, 2);
  const plan = await runCli(['run', '--provider', 'reference', '--list', '--plan', '--fresh', 'all', '--seed', '3']);
  assert.is(plan.code, 0, plan.stderr);
  const printed = JSON.parse(plan.stdout) as { phases: { fresh: unknown; metamorphic: { seed: number } } };
  assert.equal(printed.phases.fresh, { sample: 'all', seed: 3 });
  assert.is(printed.phases.metamorphic.seed, 3);
});

test.run();
