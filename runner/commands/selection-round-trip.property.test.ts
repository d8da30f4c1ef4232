/**
 * Every selection option round-trips through the JSON report and `merge-reports` (fixed seed; fast-check prints the
 * seed and the path of a failing case): for combinations of `--category`, `--exclude-category`, `--id`, `--clause`,
 * `--last-failed`, `--expectations` and `--fuzz`, the run split into two shards merges (merge-reports selects again
 * what each shard's report records) into exactly the vectors the options select, worked from README.md's rules,
 * with the options recorded as given, the fuzz phase kept, and the verdicts and exit status README.md gives; the
 * merged report, an unsharded report, merges alone as it is. The reference provider answers (module adapter, no
 * metamorphic phase) so a case costs little; the earlier report for `--last-failed` is a real run of a provider that
 * lists rows in display-name order, and expectations make XPASSes and entries that name no vector, so exits 0 and 1
 * both occur.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GateReport } from '../report/gate-report.js';
import { runCli } from '../test-support/run-cli.js';
import { brokenConfig, kitVectors } from '../test-support/run-helpers.js';
import { signedReportJson } from '../report/report-digest.js';

/** Small categories, so a case runs a few dozen vectors at most. */
const CATEGORIES = ['stale', 'canonical-order', 'effect'] as const;
const SEED = 2121;
const RUNS = 3;

const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-round-trip-'));
let file = 0;
const fresh = (name: string): string => join(dir, `${(file += 1)}-${name}`);

interface Case {
  categories: string[];
  exclude: string[];
  ids: string[];
  clauses: string[];
  lastFailed: boolean;
  expectations: { id: string; verdict: 'FAIL'; reason: string }[] | undefined;
  fuzz: number | undefined;
}

/** The options of a case, as a user would type them. */
function argsOf(c: Case, earlier: string, expectationsFile: string | undefined): string[] {
  return [
    ...c.categories.flatMap((x) => ['--category', x]),
    ...c.exclude.flatMap((x) => ['--exclude-category', x]),
    ...c.ids.flatMap((x) => ['--id', x]),
    ...c.clauses.flatMap((x) => ['--clause', x]),
    ...(c.lastFailed ? ['--last-failed', earlier] : []),
    ...(expectationsFile === undefined ? [] : ['--expectations', expectationsFile]),
    ...(c.fuzz === undefined ? [] : ['--fuzz', '2', '--fuzz-seed', String(c.fuzz), '--fuzz-out', fresh('fuzz')]),
  ];
}

async function run(args: string[]): Promise<{ code: number; report?: GateReport; stderr: string }> {
  const out = fresh('report.json');
  const r = await runCli([
    'run',
    '--provider',
    'reference',
    '--adapter',
    'module',
    '--metamorphic',
    '0',
    ...args,
    '--reporter',
    'quiet',
    '--report',
    'json',
    '--out',
    out,
  ]);
  if (r.code === 2) return { code: r.code, stderr: r.stderr };
  return { code: r.code, report: JSON.parse(readFileSync(out, 'utf8')) as GateReport, stderr: r.stderr };
}

async function merge(files: string[]): Promise<{ code: number; report?: GateReport; stderr: string }> {
  const r = await runCli(['merge-reports', ...files]);
  return { code: r.code, stderr: r.stderr, ...(r.code === 2 ? {} : { report: JSON.parse(r.stdout) as GateReport }) };
}

function save(report: GateReport): string {
  const path = fresh('shard.json');
  writeFileSync(path, signedReportJson(report as GateReport));
  return path;
}

const verdicts = (r: GateReport | undefined): Record<string, string> =>
  Object.fromEntries((r?.vectors ?? []).map((v) => [v.id, v.verdict]));

/** A selection record without the counts a shard or a merge changes. */
const recorded = (r: GateReport | undefined): unknown => {
  const { shard: _shard, total: _total, ...rest } = r?.selection ?? ({} as GateReport['selection']);
  return rest;
};

/**
 * Two cases run besides the random ones, so every option is met whatever the seed draws: an exclusion that removes a
 * selected category, a clause filter and an expectation that makes a judged vector XPASS; and `--last-failed` with
 * an id prefix, an expectation for vectors not selected, and the fuzz phase.
 */
function examples(pool: readonly { id: string; category: string; clauses: readonly string[] }[]): [Case][] {
  // A clause both a stale and an effect vector exercise, so leaving out effect changes what the clause selects.
  const effectClauses = new Set(pool.filter((v) => v.category === 'effect').flatMap((v) => v.clauses));
  const stale = pool.find((v) => v.category === 'stale' && v.clauses.some((c) => effectClauses.has(c)));
  const clause = stale?.clauses.find((c) => effectClauses.has(c));
  assert.ok(stale !== undefined && clause !== undefined, 'a clause shared by stale and effect vectors');
  return [
    [
      {
        categories: ['stale', 'effect'],
        exclude: ['effect'],
        ids: [],
        clauses: [clause],
        lastFailed: false,
        expectations: [{ id: stale.id, verdict: 'FAIL', reason: 'known' }],
        fuzz: undefined,
      },
    ],
    [
      {
        categories: ['canonical-order'],
        exclude: [],
        ids: ['canonical-order/*'],
        clauses: [],
        lastFailed: true,
        expectations: [{ id: 'effect/*', verdict: 'FAIL', reason: 'not selected' }],
        fuzz: 3,
      },
    ],
  ];
}

test('every selection option round-trips through the JSON report and merge-reports', async () => {
  const set = kitVectors();
  const pool = [...set.queryVectors].filter((v) => (CATEGORIES as readonly string[]).includes(v.category));
  const ids = pool.map((v) => v.id);
  const clauses = [...new Set(pool.flatMap((v) => v.clauses))].sort().slice(0, 12);
  // The earlier report: a real run whose failures are the vectors whose rows are not in display-name order.
  const earlierPath = fresh('earlier.json');
  const earlier = await runCli([
    'run',
    '--config',
    brokenConfig('display-name-order'),
    '--category',
    'stale,canonical-order',
    '--metamorphic',
    '0',
    '--reporter',
    'quiet',
    '--report',
    'json',
    '--out',
    earlierPath,
  ]);
  assert.is(earlier.code, 1, earlier.stderr);
  const failedBefore = (JSON.parse(readFileSync(earlierPath, 'utf8')) as GateReport).vectors
    .filter((v) => v.verdict !== 'PASS')
    .map((v) => v.id)
    .sort();

  const expectation = fc.oneof(
    fc.constantFrom(...ids).map((id) => ({ id, verdict: 'FAIL' as const, reason: 'known' })),
    fc.constantFrom('stale/*', 'effect/*', 'nosuch/*').map((id) => ({ id, verdict: 'FAIL' as const, reason: 'r' })),
  );
  const aCase: fc.Arbitrary<Case> = fc.record({
    categories: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { minLength: 1, maxLength: 2 }),
    exclude: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { maxLength: 1 }),
    ids: fc.oneof(
      fc.constant<string[]>([]),
      fc.uniqueArray(fc.constantFrom(...ids.slice(0, 30), 'stale/*', 'canonical-order/*'), {
        minLength: 1,
        maxLength: 3,
      }),
    ),
    clauses: fc.oneof(
      fc.constant<string[]>([]),
      fc.uniqueArray(fc.constantFrom(...clauses), { minLength: 1, maxLength: 2 }),
    ),
    lastFailed: fc.boolean(),
    expectations: fc.option(fc.uniqueArray(expectation, { maxLength: 2, selector: (e) => e.id }), {
      nil: undefined,
      freq: 2,
    }),
    fuzz: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined, freq: 2 }),
  });

  await fc.assert(
    fc.asyncProperty(aCase, async (c) => {
      const expectationsFile = c.expectations === undefined ? undefined : fresh('expectations.json');
      if (expectationsFile !== undefined) writeFileSync(expectationsFile, JSON.stringify(c.expectations));
      const args = argsOf(c, earlierPath, expectationsFile);
      // What the options select, worked from README.md: OR within one filter, AND across filters, minus the excluded
      // categories, within the earlier report's failures.
      const matches = (pattern: string, id: string): boolean =>
        pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : pattern === id;
      const selected = set.queryVectors
        .filter(
          (v) =>
            c.categories.includes(v.category) &&
            !c.exclude.includes(v.category) &&
            (!c.lastFailed || failedBefore.includes(v.id)) &&
            (c.ids.length === 0 || c.ids.some((p) => matches(p, v.id))) &&
            (c.clauses.length === 0 || v.clauses.some((x) => c.clauses.includes(x))),
        )
        .map((v) => v.id)
        .sort();
      // Filters that select nothing together are a usage error (run.selection.test.ts); such a case proves nothing
      // more here, and costs no run.
      fc.pre(selected.length > 0);
      const shards = [await run([...args, '--shard', '1/2']), await run([...args, '--shard', '2/2'])];
      const files = shards.map((s) => {
        assert.ok(s.report !== undefined, s.stderr);
        return save(s.report as GateReport);
      });
      const merged = await merge(files);
      const report = merged.report as GateReport;
      assert.ok(report !== undefined, merged.stderr);

      // The merge judges exactly what the options select, once, and records the options as given, with the ids
      // --last-failed chose.
      assert.equal(
        report.vectors.map((v) => v.id),
        selected,
      );
      assert.equal(report.selection.categories, c.categories);
      assert.equal(report.selection.exclude_categories, c.exclude);
      assert.equal(report.selection.ids, c.ids);
      assert.equal(report.selection.clauses, c.clauses);
      assert.is(report.selection.last_failed, c.lastFailed);
      assert.equal(report.selection.last_failed_ids, c.lastFailed ? failedBefore : undefined);
      assert.is(report.selection.filtered, selected.length);
      assert.equal(report.fuzz, shards[0]?.report?.fuzz);
      assert.is(report.fuzz?.outcome, c.fuzz === undefined ? undefined : 'passed');

      // README.md's verdicts and exit status, for a provider that passes every vector: an expectation that governs
      // a judged vector makes it XPASS, one that names no vector of the set fails the gate; either exits 1, else 0.
      const governs = (id: string): boolean => (c.expectations ?? []).some((e) => matches(e.id, id));
      const unknown = (c.expectations ?? []).some((e) => !set.queryVectors.some((v) => matches(e.id, v.id)));
      assert.equal(
        report.vectors.map((v) => v.verdict),
        selected.map((id) => (governs(id) ? 'XPASS' : 'PASS')),
      );
      const exit = selected.some(governs) || unknown ? 1 : 0;
      assert.is(merged.code, exit, merged.stderr);
      for (const s of shards) assert.is(s.code, s.report?.vectors.some((v) => governs(v.id)) || unknown ? 1 : 0);

      // The merged report is an unsharded report of the same options: merged alone, it stands as it is.
      const again = await merge([save(report)]);
      assert.is(again.code, exit, again.stderr);
      assert.equal(verdicts(again.report), verdicts(report));
      assert.equal(recorded(again.report), recorded(report));
      assert.equal(again.report?.fuzz, report.fuzz);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true, examples: examples(pool) },
  );
});

test.run();
