/**
 * Broken providers that get the bytes wrong are failed with the clause that names the
 * fault, a classification and a diff; the expectations file turns a known failure into
 * XFAIL and an entry for a passing vector into XPASS.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveGroupCount } from '../io/process-group.js';
import { brokenConfig, expectedOf, judgementOf, pickVector, runGateCli } from '../test-support/run-helpers.js';

const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

test('non-canonical layout: FAIL, KD-CANON-12, layout only', async () => {
  const v = pickVector('stale vector', (x) => x.category === 'stale');
  const r = await runGateCli(['--config', brokenConfig('non-canonical-layout'), '--id', v.id, '--metamorphic', '0']);
  assert.is(r.code, 1);
  const j = judgementOf(r.report, v.id);
  assert.is(j.verdict, 'FAIL');
  assert.ok(j.fail_clauses.includes('KD-CANON-12'), j.fail_clauses.join());
  // KD-CANON-12 (L366): two-space indentation, so canonical bytes open with `{`, LF, two spaces and `"`; four spaces
  // part from them at byte 4. The whole-file diff is left out: it would mark every line.
  assert.is(j.difference?.kind, 'layout');
  assert.is(j.difference?.kind === 'layout' ? j.difference.offset : -1, 4);
  // The context is the text itself; the console escapes it once, a space as · and the LF as \n.
  assert.match(j.difference?.kind === 'layout' ? j.difference.actual_context : '', /^\{\n {4}"/);
  assert.is(j.diff, undefined);
  assert.match(r.stdout, 'layout only: the same JSON value in other bytes from byte offset 4');
  assert.match(r.stdout, /expected \(\d+ bytes\): \{\\n··"/);
  assert.match(r.stdout, /actual \(\d+ bytes\): \{\\n····"/);
});

test('final LF missing: FAIL, KD-CANON-02', async () => {
  const v = pickVector('invalid vector', (x) => x.category === 'invalid');
  const r = await runGateCli(['--config', brokenConfig('final-lf-missing'), '--id', v.id, '--metamorphic', '0']);
  const j = judgementOf(r.report, v.id);
  assert.is(j.verdict, 'FAIL');
  assert.ok(j.fail_clauses.includes('KD-CANON-02'), j.fail_clauses.join());
  // KD-CANON-02 (L358): the object is followed by one LF, the expected result's last byte; the actual bytes end there.
  assert.equal(j.difference?.kind === 'layout' ? [j.difference.offset, j.difference.actual_length] : [], [
    v.expected.length - 1,
    v.expected.length - 1,
  ]);
  assert.is(j.diff, undefined);
});

test('display-name order: FAIL, KD-ORDER-06, order only', async () => {
  const v = pickVector('vector whose rows are not in display-name order', (x) => {
    const names = expectedOf(x).operations.map((o) => String(o.display_name));
    return names.join('\n') !== [...names].sort(byBytes).join('\n');
  });
  const r = await runGateCli(['--config', brokenConfig('display-name-order'), '--id', v.id, '--metamorphic', '0']);
  const j = judgementOf(r.report, v.id);
  assert.is(j.verdict, 'FAIL');
  assert.ok(j.fail_clauses.includes('KD-ORDER-06'), j.fail_clauses.join());
  assert.is(j.difference?.kind, 'order');
  // Shown as the two orders of the rows (each named last by its qualified name), not as a line diff.
  assert.is(j.diff, undefined);
  const array = j.difference?.kind === 'order' ? j.difference.arrays[0] : undefined;
  assert.is(array?.pointer, '/operations');
  const canonical = expectedOf(v).operations;
  const byName = [...canonical].sort((a, b) => byBytes(String(a.display_name), String(b.display_name)));
  const from = array?.from ?? -1;
  assert.ok((array?.expected.length ?? 0) >= 2 && array?.expected.length === array?.actual.length);
  array?.expected.forEach((id, i) => assert.ok(id.endsWith(JSON.stringify(canonical[from + i]?.qualified_name)), id));
  array?.actual.forEach((id, i) => assert.ok(id.endsWith(JSON.stringify(byName[from + i]?.qualified_name)), id));
  assert.match(r.stdout, 'order only at /operations');
});

test('order that changes between runs: FAIL on order, and the metamorphic run differs too', async () => {
  const v = pickVector('vector with three or more rows', (x) => expectedOf(x).operations.length > 2);
  const r = await runGateCli(['--config', brokenConfig('unstable-order'), '--id', v.id, '--metamorphic', 'all']);
  const j = judgementOf(r.report, v.id);
  assert.is(j.verdict, 'FAIL');
  assert.is(j.difference?.kind, 'order');
  assert.is(j.metamorphic?.ok, false);
  assert.ok(j.fail_clauses.includes('KD-ORDER-12'), j.fail_clauses.join());
  assert.is(liveGroupCount(), 0);
});

test('expectations: a listed failure is XFAIL, a listed pass is XPASS, an unknown id fails the gate', async () => {
  const failing = pickVector('invalid vector', (x) => x.category === 'invalid');
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-expect-'));
  const file = join(dir, 'expectations.json');
  writeFileSync(file, JSON.stringify([{ id: failing.id, verdict: 'FAIL', reason: 'final LF is a known bug' }]));
  const ok = await runGateCli([
    '--config',
    brokenConfig('final-lf-missing'),
    '--id',
    failing.id,
    '--metamorphic',
    '0',
    '--expectations',
    file,
  ]);
  assert.is(ok.code, 0, ok.stdout);
  assert.is(judgementOf(ok.report, failing.id).verdict, 'XFAIL');

  writeFileSync(
    file,
    JSON.stringify([
      { id: failing.id, verdict: 'FAIL', reason: 'fixed since' },
      { id: 'stale/no-such-vector', verdict: 'ERROR', reason: 'gone' },
    ]),
  );
  const xpass = await runGateCli([
    '--provider',
    'reference',
    '--id',
    failing.id,
    '--metamorphic',
    '0',
    '--expectations',
    file,
  ]);
  assert.is(xpass.code, 1);
  assert.is(judgementOf(xpass.report, failing.id).verdict, 'XPASS');
  assert.ok(xpass.report?.gate.reasons.includes('expectation names no vector: stale/no-such-vector'));
});

test.run();
