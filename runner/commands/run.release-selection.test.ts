/**
 * Release-cost vectors in `kofun-ctk run` from a provider that declares no build commands:
 * NOT-RUN with the reason, exit 3, and a summary saying how to judge them or leave them
 * out; a selection without them passes; `--clause` and `--shard` select them together
 * with the query vectors. No build runs here, so this stays fast.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { liveGroupCount } from '../io/process-group.js';
import { judgementOf, kitVectors, runGateCli } from '../test-support/run-helpers.js';

const RELEASE_ID = 'release-cost/empty-source';

/**
 * The Python example provider (it answers the stale and invalid vectors exactly), without `build` and without the
 * configuration's `missing_features`; its hello declares explain-operation and step-budget missing, which
 * --allow-missing-features accepts.
 */
function config(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-release-selection-')), 'provider.json');
  writeFileSync(
    path,
    JSON.stringify({
      name: 'python provider',
      process: { argv: ['python3', join(kitRoot(), 'examples', 'python-provider', 'provider.py')] },
    }),
  );
  return path;
}

test(
  'without build commands the release-cost vectors are NOT-RUN (exit 3); ' + 'a selection without them passes',
  async () => {
    const plain = config();
    const r = await runGateCli([
      '--config',
      plain,
      '--allow-missing-features',
      '--id',
      RELEASE_ID,
      '--id',
      'stale/wrong-file',
      '--metamorphic',
      '0',
    ]);
    assert.is(r.code, 3, r.stdout + r.stderr);
    const j = judgementOf(r.report, RELEASE_ID);
    assert.is(j.verdict, 'NOT-RUN');
    // The vector's own message says how to leave the category out, for a reader who sees only that vector.
    assert.match(j.error?.message ?? '', /^no build commands declared: /);
    assert.match(j.error?.message ?? '', '--exclude-category release-cost');
    assert.is(judgementOf(r.report, 'stale/wrong-file').verdict, 'PASS');
    assert.ok(r.report?.gate.reasons.some((x) => x.includes('no build commands declared')));
    // The summary says how to judge them or leave them out.
    assert.match(r.stdout, /declare "build"/);
    assert.match(r.stdout, 'To leave them out: --exclude-category release-cost');

    const queryOnly = await runGateCli([
      '--config',
      plain,
      '--allow-missing-features',
      '--category',
      'stale',
      '--id',
      'stale/wrong-file',
      '--metamorphic',
      '0',
    ]);
    assert.is(queryOnly.code, 0, queryOnly.stdout);
    assert.is(queryOnly.report?.counts['NOT-RUN'], 0);
    const excluded = await runGateCli([
      '--config',
      plain,
      '--allow-missing-features',
      '--exclude-category',
      'release-cost',
      '--id',
      RELEASE_ID,
      '--id',
      'stale/wrong-file',
      '--metamorphic',
      '0',
    ]);
    assert.is(excluded.code, 0, excluded.stdout);
    assert.equal(
      excluded.report?.vectors.map((v) => v.id),
      ['stale/wrong-file'],
    );
    assert.is(liveGroupCount(), 0);
  },
);

test('--clause and --shard select release-cost vectors with the query vectors', async () => {
  const plain = config();
  const withClause = kitVectors()
    .releaseVectors.filter((v) => v.clauses.includes('KD-RELEASE-06'))
    .map((v) => v.id);
  const byClause = await runGateCli([
    '--config',
    plain,
    '--allow-missing-features',
    '--clause',
    'KD-RELEASE-06',
    '--metamorphic',
    '0',
  ]);
  assert.is(byClause.code, 3);
  assert.equal(
    byClause.report?.vectors.map((v) => v.id),
    withClause,
  );
  assert.ok(withClause.length > 0);

  const ids = ['--id', 'release-cost/e*', '--id', 'stale/wrong-file'];
  const expected = [
    ...kitVectors()
      .releaseVectors.filter((v) => v.id.startsWith('release-cost/e'))
      .map((v) => v.id),
    'stale/wrong-file',
  ].sort();
  const parts: string[][] = [];
  for (const shard of ['1/2', '2/2']) {
    const r = await runGateCli([
      '--config',
      plain,
      '--allow-missing-features',
      ...ids,
      '--shard',
      shard,
      '--metamorphic',
      '0',
    ]);
    assert.is(r.report?.selection.filtered, expected.length);
    parts.push(r.report?.vectors.map((v) => v.id) ?? []);
  }
  assert.equal([...(parts[0] ?? []), ...(parts[1] ?? [])].sort(), expected);
  assert.is(new Set([...(parts[0] ?? []), ...(parts[1] ?? [])]).size, expected.length);
});

test.run();
