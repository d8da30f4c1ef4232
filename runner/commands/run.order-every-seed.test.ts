/**
 * The same verdict on every seed (metamorphic-variant.ts, fresh-phase.ts): a provider whose answer follows the input
 * order of the fixture's arrays fails on every seed, by the seed-free variant with every order reversed; one whose
 * answer follows the order of the fixture file's keys fails the fresh phase's cases, whose worlds have their keys
 * reordered.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { liveGroupCount } from '../io/process-group.js';
import { brokenConfig, judgementOf, runGateCli, tsArgv } from '../test-support/run-helpers.js';

// Its fixture lists a row's two dependencies in canonical order, so only a reordered fixture shows the fault.
const TWO_DEPENDENCIES = 'hidden/source-documentation-and-locations';

test('dependencies in fixture order: the vector passes, the reversed variant fails it on four seeds', async () => {
  const config = brokenConfig('dependencies-in-fixture-order');
  for (const seed of [1, 2, 3, 4]) {
    const r = await runGateCli(['--config', config, '--id', TWO_DEPENDENCIES, '--seed', String(seed), '--fresh', '0']);
    assert.is(r.code, 1, `seed ${seed}: ${r.stdout}`);
    const j = judgementOf(r.report, TWO_DEPENDENCIES);
    assert.is(j.verdict, 'FAIL');
    // Failed by the metamorphic check alone: the vector's own answer passed.
    assert.is(j.clause_source, 'metamorphic');
    assert.ok(j.metamorphic?.ok === false && j.metamorphic.variant === 'reversed', JSON.stringify(j.metamorphic));
    assert.ok(j.fail_clauses.includes('KD-ORDER-12'), j.fail_clauses.join());
  }
  assert.is(liveGroupCount(), 0);
});

test('an answer that follows the fixture key order: every vector passes, every fresh case fails', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-test-')), 'provider.json');
  const argv = tsArgv('runner/test-support/key-order-provider.ts');
  writeFileSync(path, JSON.stringify({ name: 'key order', process: { argv, mode: 'persistent' } }));
  const ids = ['complete/list-text-operations', 'complete/explain-callable-operation'];
  const args = ids.flatMap((id) => ['--id', id]);
  const r = await runGateCli(['--config', path, ...args, '--metamorphic', '0', '--fresh', 'all', '--seed', '7']);
  assert.is(r.code, 1, r.stdout);
  assert.equal(
    r.report?.vectors.map((v) => v.verdict),
    ['PASS', 'PASS'],
  );
  const cases = r.report?.fresh?.cases ?? [];
  assert.is(cases.length, 2);
  // Each case has rows, and the last one is lost in the renamed world, whose keys are in another order.
  for (const c of cases) assert.is(c.judgement.verdict, 'FAIL', c.from);
  assert.is(liveGroupCount(), 0);
});

test.run();
