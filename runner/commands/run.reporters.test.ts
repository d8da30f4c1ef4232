/**
 * `run` under GitHub Actions: annotations on stdout and a job summary appended to
 * $GITHUB_STEP_SUMMARY that keeps the file within GitHub's 1 MiB; `--reporter` refuses an
 * unknown name; `--report html` writes the HTML report.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveGroupCount } from '../io/process-group.js';
import { JOB_SUMMARY_LIMIT } from '../report/render-job-summary.js';
import { runCli } from '../test-support/run-cli.js';
import { brokenConfig, kitVectors } from '../test-support/run-helpers.js';

test('GITHUB_ACTIONS=true: an ::error per clause group, a ::notice, the job summary kept within 1 MiB', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-gha-'));
  const summary = join(dir, 'step-summary.md');
  const before = 'x'.repeat(JOB_SUMMARY_LIMIT - 3000);
  writeFileSync(summary, before);
  const args = ['run', '--config', brokenConfig('non-canonical-layout'), '--category', 'stale', '--metamorphic', '0'];
  const r = await runCli(args, { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
  assert.is(r.code, 1, r.stdout);
  // Every stale vector breaks one rule, KD-CANON-12 (L366: two-space indent), in its layout only: one group, one
  // annotation counting them all, then where the rest is.
  const stale = kitVectors().queryVectors.filter((v) => v.category === 'stale').length;
  const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::'));
  assert.is(annotations.length, 2, annotations.join('\n'));
  assert.match(
    annotations[0] ?? '',
    new RegExp(`^::error title=kofun-ctk KD-CANON-12 \\(layout only\\)::${stale} vectors FAIL KD-CANON-12 .*: stale/`),
  );
  assert.is(
    annotations[1],
    `::notice title=kofun-ctk::all ${stale} vectors that fail the gate or did not run are in the job summary and ` +
      'the reports (--report json,junit,md,html)',
  );
  assert.match(r.stdout, /^by violated clause:\n {2}KD-CANON-12: \d+ failing \(stale\)$/m);
  const text = readFileSync(summary, 'utf8');
  assert.ok(text.startsWith(before));
  assert.match(text.slice(before.length), /^## kofun-ctk gate: FAILED \(exit 1\)/);
  assert.ok(statSync(summary).size <= JOB_SUMMARY_LIMIT, String(statSync(summary).size));
  assert.is(liveGroupCount(), 0);
});

test('--reporter with an unknown name is a usage error; --report html writes the page', async () => {
  const bad = await runCli(['run', '--provider', 'reference', '--reporter', 'fancy']);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--reporter fancy: use auto, progress, line, dot, github, quiet/);
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-html-'));
  const out = join(dir, 'report.html');
  const r = await runCli([
    'run',
    '--provider',
    'reference',
    '--category',
    'stale',
    '--metamorphic',
    '0',
    '--reporter',
    'quiet',
    '--report',
    'html',
    '--out',
    out,
  ]);
  assert.is(r.code, 0, r.stdout);
  assert.match(r.stdout, /^gate PASSED \(exit 0\)/);
  assert.match(readFileSync(out, 'utf8'), /^<!DOCTYPE html>\n/);
});

test.run();
