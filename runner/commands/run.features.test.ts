/**
 * Features (PROTOCOL.md, "Features"): a provider that declares what it does not implement, in its hello and its
 * configuration, gets those vectors and their fresh cases NOT-APPLICABLE with the feature named, never sent and
 * never PASS; every report and the gate line say "conformant except features X, Y"; the gate exits 0 with them only
 * under --allow-missing-features; shards merge only with the same declaration; an unknown name is refused at start
 * with the nearest known one. The provider (test-support/partial-provider.ts) answers `unsupported` to what it
 * lacks, so a vector the runner sent it anyway would be an ERROR.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveGroupCount } from '../io/process-group.js';
import type { GateReport } from '../report/gate-report.js';
import { checkMergeSelection } from '../report/check-merge-selection.js';
import { runCli } from '../test-support/run-cli.js';
import { kitVectors, tsArgv } from '../test-support/run-helpers.js';

/** One vector of each kind, worked from their requests: explain-operation, include_unavailable: true, neither. */
const EXPLAIN = 'complete/explain-callable-operation';
const INCLUDE = 'complete/owned-literal-include-unavailable';
const PLAIN = 'complete/list-text-type';
const RELEASE = 'release-cost/empty-source';
const IDS = [EXPLAIN, INCLUDE, PLAIN, RELEASE];

function config(over: Record<string, unknown>, env: Record<string, string>): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-features-')), 'provider.json');
  writeFileSync(
    path,
    JSON.stringify({
      name: 'partial provider',
      process: { argv: tsArgv('runner/test-support/partial-provider.ts'), env },
      ...over,
    }),
  );
  return path;
}

/** Lacks explain-operation and include-unavailable (declared in its hello) and release-cost (its configuration). */
const partial = (): string =>
  config(
    { missing_features: ['release-cost'] },
    {
      KCTK_HELLO_MISSING_FEATURES: 'include-unavailable,explain-operation',
      KCTK_LACKS: 'explain-operation,include-unavailable',
    },
  );

async function gate(cfg: string, extra: string[] = [], env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-features-reports-'));
  const r = await runCli(
    [
      'run',
      '--config',
      cfg,
      ...IDS.flatMap((id) => ['--id', id]),
      '--metamorphic',
      '0',
      // No fresh phase unless `extra` asks for one (commander takes an option's last value).
      '--fresh',
      '0',
      '--seed',
      '5',
      '--report',
      'json,junit,md,html',
      '--report-dir',
      dir,
      ...extra,
    ],
    { env },
  );
  const read = (name: string): string => readFileSync(join(dir, name), 'utf8');
  const report = JSON.parse(read('kofun-ctk-report.json')) as GateReport;
  assert.is(liveGroupCount(), 0);
  return { ...r, report, read, dir };
}

const EXCEPT = 'conformant except features explain-operation, include-unavailable, release-cost';

test('declared in hello and configuration: NOT-APPLICABLE, never sent; the gate fails without the flag', async () => {
  const r = await gate(partial(), ['--fresh', 'all']);
  assert.is(r.code, 1, r.stdout + r.stderr);
  const verdicts = Object.fromEntries(r.report.vectors.map((v) => [v.id, [v.verdict, v.missing_features]]));
  assert.equal(verdicts, {
    [EXPLAIN]: ['NOT-APPLICABLE', ['explain-operation']],
    [INCLUDE]: ['NOT-APPLICABLE', ['include-unavailable']],
    [PLAIN]: ['PASS', undefined],
    // Declared missing by the configuration: not built, so neither NOT-RUN nor an incomplete run.
    [RELEASE]: ['NOT-APPLICABLE', ['release-cost']],
  });
  assert.is(r.report.incomplete, false);
  assert.equal(r.report.provider?.missing_features, ['explain-operation', 'include-unavailable', 'release-cost']);
  assert.equal(r.report.gate.missing_features, ['explain-operation', 'include-unavailable', 'release-cost']);
  assert.is(r.report.gate.allow_missing_features, false);
  assert.ok(
    r.report.gate.reasons.some((x) => x.startsWith(EXCEPT) && x.includes('--allow-missing-features')),
    r.report.gate.reasons.join('\n'),
  );
  // Their fresh cases too; the plain vector's case is asked and passes.
  const fresh = Object.fromEntries((r.report.fresh?.cases ?? []).map((c) => [c.from, c.judgement.verdict]));
  assert.equal(fresh, { [EXPLAIN]: 'NOT-APPLICABLE', [INCLUDE]: 'NOT-APPLICABLE', [PLAIN]: 'PASS' });
  assert.equal(r.report.summary.by_feature, [
    { feature: 'explain-operation', vectors: 1 },
    { feature: 'include-unavailable', vectors: 1 },
    { feature: 'release-cost', vectors: 1 },
  ]);
  assert.match(r.stdout, /gate FAILED \(exit 1\)/);
  // A NOT-APPLICABLE vector did not fail: --last-failed finds nothing to run again in this report.
  const again = await runCli(['run', '--config', partial(), '--last-failed', join(r.dir, 'kofun-ctk-report.json')]);
  assert.is(again.code, 2);
  assert.match(again.stderr, 'no vector failed the gate in that report');
});

test('--allow-missing-features: exit 0, and every report and the gate line say conformant except', async () => {
  const summary = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-features-summary-')), 'summary.md');
  const r = await gate(partial(), ['--allow-missing-features', '--reporter', 'github'], {
    GITHUB_STEP_SUMMARY: summary,
  });
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.ok(r.report.gate.passed);
  assert.is(r.report.gate.allow_missing_features, true);
  assert.equal(r.report.gate.reasons, []);
  assert.match(r.stdout, `gate PASSED, ${EXCEPT} (exit 0)`);
  assert.match(r.stdout, `::warning title=kofun-ctk NOT-APPLICABLE explain-operation::`);
  assert.match(r.read('kofun-ctk-report.md'), `# kofun-ctk gate: PASSED, ${EXCEPT}`);
  assert.match(r.read('kofun-ctk-report.html'), `PASSED, ${EXCEPT}`);
  assert.match(r.read('kofun-ctk-junit.xml'), `value="passed, ${EXCEPT}"`);
  assert.match(r.read('kofun-ctk-junit.xml'), 'NOT-APPLICABLE: needs features explain-operation');
  assert.match(readFileSync(summary, 'utf8'), `## kofun-ctk gate: PASSED, ${EXCEPT} (exit 0)`);

  // Shards of this run merge into the same gate; a shard that judged a vector NOT-APPLICABLE for a feature it does
  // not need is refused.
  // One run at a time: a run ends every provider process of this process when it finishes.
  const shards = [];
  for (const s of ['1/2', '2/2'])
    shards.push(await gate(partial(), ['--allow-missing-features', '--shard', s, '--reporter', 'quiet']));
  const out = join(r.dir, 'merged.json');
  const merged = await runCli([
    'merge-reports',
    ...shards.map((s) => join(s.dir, 'kofun-ctk-report.json')),
    '--out',
    out,
  ]);
  assert.is(merged.code, 0, merged.stdout + merged.stderr);
  assert.match(merged.stderr, `gate PASSED, ${EXCEPT} (exit 0)`);
  const mergedReport = JSON.parse(readFileSync(out, 'utf8')) as GateReport;
  assert.equal(mergedReport.gate.missing_features, r.report.gate.missing_features);
  assert.is(mergedReport.counts['NOT-APPLICABLE'], 3);
  const forged = structuredClone(shards.map((s) => s.report));
  for (const v of forged.flatMap((f) => f.vectors))
    if (v.id === PLAIN) Object.assign(v, { verdict: 'NOT-APPLICABLE', missing_features: ['explain-operation'] });
  const problems = checkMergeSelection(forged, kitVectors());
  assert.equal(
    problems.map((p) => p.vector),
    [PLAIN],
  );
  const strict = await gate(partial(), ['--shard', '2/2', '--reporter', 'quiet']);
  const mixed = await runCli([
    'merge-reports',
    join(shards[0]?.dir ?? '', 'kofun-ctk-report.json'),
    join(strict.dir, 'kofun-ctk-report.json'),
    '--out',
    join(r.dir, 'mixed.json'),
  ]);
  assert.is(mixed.code, 2);
  assert.match(mixed.stderr + mixed.stdout, 'with and without --allow-missing-features');
});

test('an unknown feature name is refused at start, naming the nearest known one', async () => {
  const misspelt = config({ missing_features: ['explain-operations'] }, {});
  const fromConfig = await runCli(['run', '--config', misspelt, '--id', PLAIN]);
  assert.is(fromConfig.code, 2);
  assert.match(fromConfig.stderr, '"explain-operations" (nearest known: explain-operation)');

  const hello = config({}, { KCTK_HELLO_MISSING_FEATURES: 'step-budgets' });
  const r = await gate(hello);
  assert.is(r.code, 3, r.stdout + r.stderr);
  const notRun = r.report.vectors.filter((v) => v.verdict === 'NOT-RUN');
  assert.is(notRun.length, IDS.length);
  assert.match(r.report.gate.reasons.join('\n'), '"step-budgets" (nearest known: step-budget)');
  assert.is(r.report.provider, null, 'no report shows a refused declaration');
});

test.run();
