/**
 * `kofun-ctk run --fuzz N`: a seeded fuzz phase after the vectors. The reference passes it;
 * a provider that memorised the vectors passes every vector and fails the phase, and its
 * disagreement is written out as a vector set; the seed and number of cases are in the report.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FUZZ_CLASSES } from '../fuzz/fuzz-case.js';
import { liveGroupCount } from '../io/process-group.js';
import { renderReport } from '../report/render-report.js';
import { runGateCli, tsArgv } from '../test-support/run-helpers.js';

function memorisedConfig(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-test-')), 'provider.json');
  writeFileSync(
    path,
    JSON.stringify({
      name: 'memorised',
      process: { argv: tsArgv('runner/test-support/memorised-provider.ts'), mode: 'persistent' },
    }),
  );
  return path;
}

test('the reference passes the fuzz phase; the seed and the number of cases are in the report', async () => {
  const r = await runGateCli([
    '--provider',
    'reference',
    '--category',
    'stale',
    '--metamorphic',
    '0',
    '--fuzz',
    '8',
    '--fuzz-seed',
    '11',
  ]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const { classes, ...fuzz } = r.report?.fuzz ?? {};
  assert.equal(fuzz, { seed: 11, cases: 8, outcome: 'passed' });
  // Each of the 8 cases counts once in every class it reaches.
  assert.equal(Object.keys(classes ?? {}), [...FUZZ_CLASSES]);
  for (const n of Object.values(classes ?? {})) assert.ok(n >= 0 && n <= 8, String(n));
  assert.match(r.stdout, /fuzz: 8 generated cases, seed 11 \(cases per class: byte-order \d+, .*\): no disagreement/);
  assert.is(liveGroupCount(), 0);
});

test(
  'a provider that memorised the vectors passes them all and fails the fuzz phase, ' + 'which writes a vector',
  async () => {
    const out = mkdtempSync(join(tmpdir(), 'kofun-ctk-fuzz-'));
    const r = await runGateCli([
      '--config',
      memorisedConfig(),
      '--category',
      'stale',
      '--metamorphic',
      '0',
      '--fuzz',
      '20',
      '--fuzz-seed',
      '7',
      '--fuzz-out',
      out,
      // The memoriser reads the kit's vectors, which the sandbox hides (runner/sandbox/ tests that), and the fresh
      // phase would catch it too: this is the fuzz phase's test.
      '--sandbox',
      'off',
      '--fresh',
      '0',
    ]);
    assert.is(r.code, 1, r.stdout + r.stderr);
    const report = r.report;
    assert.ok(report !== undefined);
    assert.ok(
      report.vectors.every((v) => v.verdict === 'PASS'),
      'every published vector passes',
    );
    assert.is(report.fuzz?.outcome, 'disagreement');
    assert.is(report.fuzz?.seed, 7);
    assert.is(report.fuzz?.cases, 20);
    // The final LF is missing (KD-CANON-02), which the verifier names.
    assert.ok(report.fuzz?.clauses?.includes('KD-CANON-02'), JSON.stringify(report.fuzz));
    const id = report.fuzz?.vector_id ?? '';
    assert.ok(existsSync(join(out, `${id}.json`)), id);
    assert.ok(existsSync(join(out, 'manifest.json')));
    assert.ok(
      report.gate.reasons.some((x) => x.startsWith('fuzz: a disagreement in 20 generated cases (seed 7)')),
      report.gate.reasons.join('\n'),
    );
    for (const format of ['md', 'junit'] as const) {
      const text = renderReport(report, format);
      assert.ok(text.includes('seed 7') && text.includes('20'), `${format} carries seed and cases`);
    }
    assert.match(readFileSync(join(out, `${id}.json`), 'utf8'), /Found by kofun-ctk fuzz/);
    assert.is(liveGroupCount(), 0);
  },
);

test('--fuzz takes a count', async () => {
  const r = await runGateCli(['--provider', 'reference', '--category', 'stale', '--fuzz', 'many']);
  assert.is(r.code, 2);
});

test.run();
