/**
 * One world per analysis key (KIT-25, KD-TRUST-07): a provider that caches complete, partial
 * and invalid answers by (analysis key, canonical request bytes) across fixtures passes every
 * query vector. A vector set in which one key named two worlds would fail here on the second
 * vector of the pair, whichever order the gate runs them in.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitVectors, runGateCli, tsArgv } from '../test-support/run-helpers.js';

test('a provider caching by analysis key and request bytes passes every query vector', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-test-'));
  const config = join(dir, 'provider.json');
  writeFileSync(
    config,
    JSON.stringify({
      name: 'result cache',
      process: { argv: tsArgv('runner/test-support/result-cache-provider.ts'), env: {}, mode: 'persistent' },
    }),
  );
  // The fresh phase's renamed worlds are no vectors of the set, and this test reads the vectors' verdicts only.
  const r = await runGateCli(['--config', config, '--metamorphic', '0', '--fresh', '0']);
  const query = new Set(kitVectors().queryVectors.map((v) => v.id));
  const judged = (r.report?.vectors ?? []).filter((v) => query.has(v.id));
  assert.is(judged.length, query.size, 'every query vector is judged');
  const failing = judged
    .filter((v) => v.verdict !== 'PASS' && v.verdict !== 'ACCEPTABLE')
    .map((v) => `${v.id} ${v.verdict}`);
  assert.equal(failing, []);
});

test.run();
