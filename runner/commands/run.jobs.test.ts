/**
 * `--jobs` changes how fast a run is, never what it says: one run of a failing provider at `--jobs 1` and one at
 * `--jobs 3`, with the same seed, on a selection of query and release-cost vectors (which run alongside each other),
 * give the same verdicts, the same JSON report but for its wall times, host and self digest, and the same Markdown
 * report but for its times. The event streams show one progress count over both kinds of vector and never more than
 * `jobs` vectors in flight.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveGroupCount } from '../io/process-group.js';
import type { GateReport } from '../report/gate-report.js';
import type { RunEvent } from '../report/run-events.js';
import { referenceBuildArgv } from '../release-cost/reference-build.js';
import { runCli } from '../test-support/run-cli.js';
import { tsArgv } from '../test-support/run-helpers.js';

/** The parts of a JSON report that are wall times, the host, or the digest of the report's own bytes. */
const UNSTABLE_KEYS = new Set(['started_at', 'duration_ms', 'hostname', 'report_sha256']);

/**
 * Query vectors the provider fails, in the base and metamorphic phases (their fixtures list candidates out of
 * SymbolId order, and their variants always do), and passes (stale answers have no rows to lose).
 */
const QUERY_IDS = ['complete/multiline-*', 'stale/combined-s*'];
/** Release-cost vectors, which its declared build fails (B is built with discovery enabled). */
const RELEASE_IDS = ['release-cost/effects-world', 'release-cost/empty-source'];

/**
 * A provider whose answers depend on the fixture's order (so the metamorphic and fresh phases find failures too),
 * declaring a build whose support-disabled profile is really the discovery-enabled one (KD-RELEASE-02 broken).
 */
function config(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-jobs-')), 'provider.json');
  writeFileSync(
    path,
    JSON.stringify({
      name: 'broken answer depends on the fixture order',
      process: { argv: tsArgv('runner/test-support/broken-providers/fixture-order-dependent.ts'), mode: 'persistent' },
      build: {
        schema: 'kofun.ctk.release-build/v1',
        commands: {
          without_support: referenceBuildArgv('without-support'),
          support_disabled: referenceBuildArgv('discovery-enabled'),
          discovery_enabled: referenceBuildArgv('discovery-enabled'),
        },
      },
    }),
  );
  return path;
}

interface JobsRun {
  report: GateReport;
  json: string;
  markdown: string;
  events: RunEvent[];
}

async function runAt(provider: string, jobs: number): Promise<JobsRun> {
  const dir = mkdtempSync(join(tmpdir(), `kofun-ctk-jobs-${jobs}-`));
  const r = await runCli([
    'run',
    '--config',
    provider,
    ...[...QUERY_IDS, ...RELEASE_IDS].flatMap((id) => ['--id', id]),
    '--seed',
    '7',
    '--jobs',
    String(jobs),
    '--report',
    'json,md',
    '--report-dir',
    dir,
    '--events',
    join(dir, 'events.jsonl'),
  ]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  const json = readFileSync(join(dir, 'kofun-ctk-report.json'), 'utf8');
  const events = readFileSync(join(dir, 'events.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as RunEvent);
  return {
    report: JSON.parse(json) as GateReport,
    json,
    markdown: readFileSync(join(dir, 'kofun-ctk-report.md'), 'utf8'),
    events,
  };
}

/** A JSON value without its unstable keys, at any depth. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !UNSTABLE_KEYS.has(k))
      .map(([k, v]) => [k, stable(v)]),
  );
}

/**
 * The Markdown report without its times: the start time and wall times masked, and the "Slowest vectors" table left
 * out, since its rows are chosen and ordered by wall time.
 */
function markdownWithoutTimes(markdown: string): string {
  return markdown
    .replace(/## Slowest vectors\n[\s\S]*?\n\n/, '')
    .replace(/\| started \| [^|]* on [^|]* \|/, '| started | T |')
    .replace(/[0-9]+\.[0-9]{3} m?s\b/g, 'T');
}

const isRelease = (id: string): boolean => id.startsWith('release-cost/');

test('a run at --jobs 1 and at --jobs 3 reports the same, and counts both kinds of vector once', async () => {
  const provider = config();
  const one = await runAt(provider, 1);
  const three = await runAt(provider, 3);

  // The selection holds failures of every kind the run compares: base, release-cost, metamorphic and fresh.
  const failing = one.report.vectors.filter((v) => v.verdict === 'FAIL').map((v) => v.id);
  assert.ok(failing.some(isRelease), failing.join(' '));
  assert.ok(
    failing.some((id) => id.startsWith('complete/')),
    failing.join(' '),
  );
  assert.ok(one.report.counts.PASS > 0);
  assert.ok(one.report.vectors.some((v) => v.metamorphic !== undefined && !v.metamorphic.ok));
  assert.ok(one.report.fresh?.cases.some((c) => c.judgement.verdict === 'FAIL'));

  const verdicts = (r: JobsRun) => r.report.vectors.map((v) => `${v.id} ${v.verdict}`);
  assert.equal(verdicts(three), verdicts(one));
  assert.equal(stable(three.report), stable(one.report));
  // The self digest is the last field of the file; all else but the times is the same text.
  assert.ok(one.json.trimEnd().endsWith(`"report_sha256": "${one.report.report_sha256 ?? ''}"\n}`));
  assert.is(markdownWithoutTimes(three.markdown), markdownWithoutTimes(one.markdown));

  const total = one.report.vectors.length;
  assert.is(one.report.vectors.filter((v) => isRelease(v.id)).length, RELEASE_IDS.length);
  for (const [jobs, run] of [
    [1, one],
    [3, three],
  ] as const) {
    const base = run.events.flatMap((e) => (e.event === 'progress' && e.phase === 'base' ? [e] : []));
    // One count over query and release-cost vectors, each counted once, in order.
    assert.equal(
      base.map((e) => e.done),
      Array.from({ length: total }, (_, i) => i + 1),
    );
    assert.ok(base.every((e) => e.total === total));
    assert.is(new Set(base.map((e) => e.id)).size, total);
    // Never more than `jobs` queries and builds in flight together.
    const inFlight = new Set<string>();
    let most = 0;
    let overlapped = false;
    for (const e of run.events) {
      if (e.event === 'vector-start' && e.phase === 'base') {
        inFlight.add(e.id);
        most = Math.max(most, inFlight.size);
        const ids = [...inFlight];
        if (ids.some(isRelease) && !ids.every(isRelease)) overlapped = true;
      } else if (e.event === 'progress' && e.phase === 'base') inFlight.delete(e.id);
    }
    assert.ok(most <= jobs, `${most} in flight at --jobs ${jobs}`);
    // With slots to spare, builds and queries share them: a query goes out while a build is in flight.
    if (jobs === 3) assert.ok(overlapped, 'no query went out while a build was in flight');
  }
  assert.is(liveGroupCount(), 0);
});

test.run();
