/**
 * Broken providers that get the facts wrong (disclosure, staleness, closure, extension
 * work) are failed with the clause the verifier names.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brokenConfig, expectedOf, judgementOf, pickVector, runGateCli } from '../test-support/run-helpers.js';

async function judge(provider: string, id: string): Promise<{ verdict: string; clauses: string[] }> {
  const r = await runGateCli(['--config', brokenConfig(provider), '--id', id, '--metamorphic', '0']);
  const j = judgementOf(r.report, id);
  assert.is(r.code, j.verdict === 'FAIL' || j.verdict === 'ERROR' ? 1 : 0);
  return { verdict: j.verdict, clauses: j.fail_clauses };
}

test('a hidden name leaked into a row: FAIL, KD-DISCLOSE-03 (the leak scan)', async () => {
  // A row beside a private current-file candidate: the name the provider leaks exists (hidden vectors without a
  // hidden candidate, such as hidden/diagnostic-safe-without-location, have none to leak).
  const v = pickVector(
    'hidden vector with rows beside a private candidate',
    (x) => x.id === 'hidden/general-private-current-file' && expectedOf(x).operations.length > 0,
  );
  const j = await judge('hidden-name-leak', v.id);
  assert.is(j.verdict, 'FAIL');
  assert.ok(j.clauses.includes('KD-DISCLOSE-03'), j.clauses.join());
});

test('generation ignored: FAIL where only the generation is stale, KD-STALE-*', async () => {
  const v = pickVector(
    'stale-generation vector without alternatives',
    (x) => expectedOf(x).reason === 'stale-generation' && x.acceptable.length === 0,
  );
  const j = await judge('generation-ignored', v.id);
  assert.is(j.verdict, 'FAIL');
  assert.ok(
    j.clauses.some((c) => c.startsWith('KD-STALE-')),
    j.clauses.join(),
  );
});

test('provisional upgraded to validated: FAIL with a closure, operation or type clause', async () => {
  const v = pickVector('vector with a provisional row', (x) =>
    expectedOf(x).operations.some((o) => o.status === 'provisional'),
  );
  const j = await judge('provisional-upgraded', v.id);
  assert.is(j.verdict, 'FAIL');
  assert.ok(
    j.clauses.some((c) => /^KD-(CLOSURE|OP|TYPE)-/.test(c)),
    j.clauses.join(),
  );
});

test('fabricated extension rows instead of unsupported-in-profile: FAIL, KD-LOOKUP-11', async () => {
  const v = pickVector('partial vector with an unsupported-in-profile omission', (x) => {
    const e = expectedOf(x);
    return e.status === 'partial' && e.omissions.some((o) => o.reason === 'unsupported-in-profile');
  });
  const j = await judge('fabricated-extension', v.id);
  assert.is(j.verdict, 'FAIL');
  assert.ok(j.clauses.includes('KD-LOOKUP-11'), j.clauses.join());
});

test('rows over the cap without truncation: FAIL with KD-LIMIT-05 (or ERROR oversize past 4 MiB)', async () => {
  const v = pickVector(
    'truncated vector with many rows',
    (x) => expectedOf(x).truncated === true && expectedOf(x).operations.length > 1000,
  );
  const r = await runGateCli(['--config', brokenConfig('rows-over-cap'), '--id', v.id, '--metamorphic', '0']);
  const j = judgementOf(r.report, v.id);
  assert.is(r.code, 1);
  if (j.verdict === 'ERROR') assert.is(j.error?.kind, 'oversize');
  else {
    assert.is(j.verdict, 'FAIL');
    assert.ok(j.fail_clauses.includes('KD-LIMIT-05'), j.fail_clauses.join());
  }
});

test.run();
