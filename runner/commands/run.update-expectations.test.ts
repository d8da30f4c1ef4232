/**
 * `run --update-expectations FILE` writes the expectations from a run, and a run with
 * `--expectations FILE` so written passes; a pinned clause catches a vector that starts
 * failing for another reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveGroupCount } from '../io/process-group.js';
import { parseExpectations } from '../judge/expectations.js';
import { brokenConfig, kitVectors, runGateCli } from '../test-support/run-helpers.js';

test('a layout-breaking provider: the written file makes the next run pass, and the bytes are stable', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-expect-'));
  const file = join(dir, 'expectations.json');
  const config = brokenConfig('non-canonical-layout');
  const args = ['--config', config, '--category', 'stale', '--metamorphic', '0'];
  const first = await runGateCli([...args, '--update-expectations', file]);
  assert.is(first.code, 1, first.stdout);
  const stale = kitVectors()
    .queryVectors.filter((v) => v.category === 'stale')
    .map((v) => v.id)
    .sort();
  const written = parseExpectations(JSON.parse(readFileSync(file, 'utf8')), file);
  // Every stale vector breaks the layout (four-space indent), KD-CANON-12 among its clauses.
  assert.equal(
    written.map((e) => e.id),
    stale,
  );
  assert.ok(written.every((e) => e.verdict === 'FAIL' && (e.clauses ?? []).includes('KD-CANON-12')));
  assert.match(first.stdout, new RegExp(`expectations: ${stale.length} entries written`));

  const second = await runGateCli([...args, '--expectations', file]);
  assert.is(second.code, 0, second.stdout);
  assert.is(second.report?.counts.XFAIL, stale.length);

  // Rewriting from the passing run keeps the file byte for byte, hand-written reasons included.
  const edited = JSON.parse(readFileSync(file, 'utf8')) as { reason: string }[];
  (edited[0] as { reason: string }).reason = 'four-space indent, issue #7';
  writeFileSync(file, `${JSON.stringify(edited, null, 2)}\n`);
  const before = readFileSync(file, 'utf8');
  const third = await runGateCli([...args, '--expectations', file, '--update-expectations', file]);
  assert.is(third.code, 0, third.stdout);
  assert.is(readFileSync(file, 'utf8'), before);
  assert.is(liveGroupCount(), 0);
});

test('a prefix entry pinned to another clause does not hide the layout failure', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-expect-'));
  const file = join(dir, 'expectations.json');
  writeFileSync(
    file,
    JSON.stringify([{ id: 'stale/*', verdict: 'FAIL', reason: 'order bug', clauses: ['KD-ORDER-06'] }]),
  );
  const r = await runGateCli([
    '--config',
    brokenConfig('non-canonical-layout'),
    '--category',
    'stale',
    '--metamorphic',
    '0',
    '--expectations',
    file,
  ]);
  assert.is(r.code, 1, r.stdout);
  assert.is(r.report?.counts.XFAIL, 0);
  assert.ok((r.report?.counts.FAIL ?? 0) > 0);
});

test.run();
