// Benchmarks of the runner and the oracle (`npm run bench [-- --rounds N --jobs J,...]`). Prints ratios; asserts
// nothing, since timing belongs in benchmarks, not in tests.
//
// 1. The main job, `kofun-ctk run --provider reference` over every vector with the metamorphic check on every
//    vector (the defaults), run through bin/kofun-ctk.js in a child process, as a ratio to its in-process floor
//    (target <= 2): in this one process, after an untimed warm-up pass, the oracle loads each fixture once and
//    answers every query vector, and the reference builder loads each release-cost vector's fixture and builds
//    every artifact the gate builds for it, in memory. Medians of N rounds (3 by default), floor and main job
//    alternating, at each jobs setting (1, as the README runs it, and 2, as CI does, by default), with the time of
//    each phase. While the main job runs, every process under it is sampled for its peak resident memory
//    (VmHWM): the runner's own, the largest provider process's, the largest build's (target: runner below 150 MiB).
// 2. The full vector set through the persistent process adapter, as a ratio to the
//    module adapter (target <= 1.5).
// 3. One-shot vs persistent process adapter on a sample of vectors (one process per
//    query costs a process start each).
// 4. For the oracle: decode + evaluate + encode of the largest lawful result (4,096 rows,
//    close to 4 MiB), as a ratio to JSON.parse + JSON.stringify(value, null, 2) of the
//    same bytes (target <= 3). Timed on the oracle side: one evaluateQuery call, from the
//    request bytes to the result bytes (request decode, validation, lookup steps 2 to 9,
//    canonical encode). Not timed: loading the fixture, and the first calls, which also
//    build the per-fixture preparation (evaluate-query.ts) and warm the JIT; the first
//    call's time is printed on its own. Timed on the JSON side: JSON.parse of the result
//    text plus JSON.stringify(value, null, 2); the UTF-8 decoding of the bytes to that
//    text is not timed. Both sides alternate round by round and report their medians.
// 5. The peak RSS of this benchmark process (parts 2 to 4 run in it).
// 6. (scripts/bench-series.ts, after part 5, since part 7 parses a large array) Each step-budget vector's query as a
//    ratio to a bare 1,000,000-step loop (target <= 20 for the slowest).
// 7. The series fixture load as a ratio to JSON.parse of a 1,000,000-element array (target <= 1), with the time of
//    hashing the members' SymbolIds, which bounds it.
// 8. (scripts/bench-sandbox.ts, after part 1) The sandbox's cost: a persistent instance start with and without it, and
//    the main job with it against the same job with --sandbox off (target <= 1.10); the caps' cost: the main job
//    against --limits off (target <= 1.05); and the watchdog's share of the runner's CPU over the full set.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { kitVersion, evaluateQuery, LIMITS } from '../oracle/index.js';
import { kitRoot } from '../oracle/internal.js';
import { launcherFor, referenceSpec } from '../runner/adapters/provider-spec.js';
import { openSandbox, readSandboxPlan } from '../runner/sandbox/open-sandbox.js';
import { killAllGroups } from '../runner/io/process-group.js';
import { runGate } from '../runner/run/run-gate.js';
import { gatePhases } from '../runner/run/run-plan.js';
import {
  loadVectorSet,
  type QueryVector,
  type QueryVectorEntry,
  type VectorSet,
} from '../runner/vectors/vector-source.js';
import { floorPass, runMainJob, runsFromDist, type MainJobRun } from './bench-main-job.js';
import { checksRatio } from './bench-checks.js';
import { cliStartRatio } from './bench-start-up.js';
import { printBudgetQueries, printSeriesLoad } from './bench-series.js';
import { printSandboxCost, printWatchdogShare } from './bench-sandbox.js';
import { median } from './median.js';
import { availableParallelism, tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { referenceBuildArgv } from '../runner/release-cost/reference-build.js';

const ONE_SHOT_SAMPLE = 12;
/** Untimed rounds of both sides before the timed ones (per-fixture preparation, JIT). */
const CODEC_WARMUP_ROUNDS = 3;
const CODEC_ROUNDS = 15;

/** The sandbox the gate runs providers in by default, as the adapters are measured in it. */
const BENCH_SANDBOX = openSandbox(readSandboxPlan({}), {
  kitForInstances: true,
  vectorSets: [join(kitRoot(), 'vectors')],
  outputs: [],
  cwd: process.cwd(),
  env: {},
});

async function gateWallMs(
  set: VectorSet,
  vectors: readonly QueryVectorEntry[],
  adapter: 'process' | 'module' | 'one-shot',
): Promise<{ ms: number; passed: boolean }> {
  const spec = referenceSpec(adapter);
  const started = performance.now();
  const report = await runGate({
    plan: gatePhases({ jobs: 1, timeoutMs: 60_000, startTimeoutMs: 60_000, restartBudget: 0 }),
    resources: {
      kitVersion: kitVersion(),
      vectors: {
        vectorSet: set,
        selected: vectors,
        selectedRelease: [],
        record: { categories: [], ids: [], clauses: [], shard: null, filtered: vectors.length, total: vectors.length },
        knownIds: new Set(vectors.map((v) => v.id)),
      },
      launchers: {
        launcher: launcherFor(spec, { kitVersion: kitVersion(), sandbox: BENCH_SANDBOX }),
        metamorphicLauncher: launcherFor(spec, { kitVersion: kitVersion(), sandbox: BENCH_SANDBOX }),
      },
      adapter,
      sandbox: BENCH_SANDBOX.report,
      releaseBuild: null,
      expectations: [],
      missingFeatures: [],
    },
    sinks: { emit: () => undefined },
  });
  return { ms: performance.now() - started, passed: report.gate.passed };
}

interface CodecTiming {
  vector: string;
  bytes: number;
  rows: number;
  /** The first evaluateQuery call on the loaded fixture (preparation and JIT included). */
  firstMs: number;
  oracleMs: number;
  jsonMs: number;
  /** Whether every timed call returned exactly the vector's expected bytes. */
  sameBytes: boolean;
}

/** A vector of the set, read from its file. */
function readOrThrow(set: VectorSet, entry: QueryVectorEntry): QueryVector {
  const read = set.readVector(entry);
  if (!read.ok) throw new Error(read.reason);
  return read.value;
}

function codecRatio(set: VectorSet): CodecTiming | undefined {
  // The lawful result with the most rows (the 4,096-row cap), the larger one on a tie; vectors are read one at a time.
  let largest: QueryVector | undefined;
  let largestRows = -1;
  for (const entry of set.queryVectors) {
    const v = readOrThrow(set, entry);
    if (v.expected.length > LIMITS.resultBytes) continue;
    const rows = (JSON.parse(Buffer.from(v.expected).toString('utf8')) as { operations: unknown[] }).operations.length;
    if (
      rows > largestRows ||
      (rows === largestRows && largest !== undefined && v.expected.length > largest.expected.length)
    ) {
      largest = v;
      largestRows = rows;
    }
  }
  if (largest === undefined) return undefined;
  const vector = largest;
  const loaded = set.loadedFixture(vector.fixtureSha256);
  const fixture = loaded.ok ? loaded.value : undefined;
  if (fixture === undefined) return undefined;
  const expected = Buffer.from(vector.expected);
  const text = expected.toString('utf8');
  let sameBytes = true;
  const oracleRound = (): number => {
    const t = performance.now();
    const out = evaluateQuery(vector.request, fixture);
    const ms = performance.now() - t;
    sameBytes &&= expected.equals(out);
    return ms;
  };
  const jsonRound = (): number => {
    const t = performance.now();
    JSON.stringify(JSON.parse(text), null, 2);
    return performance.now() - t;
  };
  const firstMs = oracleRound();
  for (let i = 1; i < CODEC_WARMUP_ROUNDS; i++) oracleRound();
  for (let i = 0; i < CODEC_WARMUP_ROUNDS; i++) jsonRound();
  const oracle: number[] = [];
  const json: number[] = [];
  for (let i = 0; i < CODEC_ROUNDS; i++) {
    oracle.push(oracleRound());
    json.push(jsonRound());
  }
  const rows = (JSON.parse(text) as { operations: unknown[] }).operations.length;
  return {
    vector: vector.id,
    bytes: vector.expected.length,
    rows,
    firstMs,
    oracleMs: median(oracle),
    jsonMs: median(json),
    sameBytes,
  };
}

const mib = (kib: number | undefined): string =>
  kib === undefined ? 'n/a (no /proc)' : `${(kib / 1024).toFixed(0)} MiB`;

/** Runs the floor and the main job at each jobs setting `rounds` times, alternating; prints medians and memory. */
async function mainJobRatio(set: VectorSet, rounds: number, jobsList: readonly number[]): Promise<void> {
  const from = runsFromDist()
    ? 'the compiled dist/'
    : 'the TypeScript sources (dist/ is older: npm run build for the installed figure)';
  process.stdout.write(
    `main job: kofun-ctk run --provider reference [--jobs J], every vector, metamorphic on every vector, ` +
      `from ${from}\n`,
  );
  floorPass(set);
  const floors: number[] = [];
  const runs = new Map<number, MainJobRun[]>(jobsList.map((j) => [j, []]));
  let sameBytes = true;
  for (let i = 0; i < rounds; i++) {
    const floor = floorPass(set);
    sameBytes &&= floor.sameBytes;
    floors.push(floor.ms);
    for (const jobs of jobsList) runs.get(jobs)?.push(await runMainJob(['--jobs', String(jobs)]));
  }
  const floorMs = median(floors);
  const bytesNote = sameBytes ? '' : ' (bytes differ from expected!)';
  process.stdout.write(
    `  in-process floor: ${floorMs.toFixed(0)} ms (median of ${rounds} after one untimed pass)${bytesNote}\n`,
  );
  for (const jobs of jobsList) printMainJob(jobs, runs.get(jobs) ?? [], floorMs);
}

/**
 * The wall time of one reference build process (the without-support profile), median over the release-cost vectors'
 * fixtures, each built once: what one of a run's builds costs, node's start included.
 */
function oneBuildMs(): number {
  const folder = join(kitRoot(), 'vectors', 'release-cost');
  const out = mkdtempSync(join(tmpdir(), 'kofun-ctk-bench-build-'));
  const times: number[] = [];
  for (const name of readdirSync(folder).sort()) {
    const vector = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { fixture_sha256: string };
    const fixturePath = join(kitRoot(), 'vectors', 'fixtures', `${vector.fixture_sha256}.json`);
    const argv = referenceBuildArgv('without-support').map((a) =>
      a.replace('{fixture}', fixturePath).replace('{out}', join(out, name)),
    );
    const t = performance.now();
    spawnSync(argv[0] as string, argv.slice(1), { stdio: 'ignore' });
    times.push(performance.now() - t);
  }
  rmSync(out, { recursive: true, force: true });
  return median(times);
}

function printMainJob(jobs: number, runs: readonly MainJobRun[], floorMs: number): void {
  const mainMs = median(runs.map((r) => r.ms));
  const failed = runs.filter((r) => r.exitCode !== 0).length;
  const failedNote = failed === 0 ? '' : ` (${failed} runs did not pass the gate!)`;
  const readme = jobs === availableParallelism() ? ', as the README runs it (the default: the available cores)' : '';
  process.stdout.write(
    `  main job --jobs ${jobs}${readme}: ${mainMs.toFixed(0)} ms (median of ${runs.length})${failedNote}\n`,
  );
  for (const id of [...new Set(runs.flatMap((r) => r.notPassed))].slice(0, 20))
    process.stdout.write(`    not passed: ${id}\n`);
  // The phases of the median run, from the times its progress events arrived.
  const mid = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
  const ends = mid?.phaseEndsMs;
  if (mid !== undefined && ends?.query !== undefined) {
    const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
    // The release-cost builds run alongside the query vectors (run-gate.ts), so the base phase ends with the later.
    const base = Math.max(ends.query, ends.release ?? 0);
    const meta = ends.metamorphic ?? base;
    process.stdout.write(
      `    phases: start-up, query vectors and release-cost builds ${s(base)} (queries done at ${s(ends.query)}, ` +
        `builds at ${s(ends.release ?? 0)}), metamorphic ${s(meta - base)}, fresh, reports and exit ` +
        `${s(mid.ms - meta)}\n`,
    );
  }
  process.stdout.write(`main job --jobs ${jobs} / in-process floor: ${(mainMs / floorMs).toFixed(2)} (target <= 2)\n`);
  const peak = (pick: (r: MainJobRun) => number | undefined): number | undefined => {
    const xs = runs.map(pick).filter((x): x is number => x !== undefined);
    return xs.length === 0 ? undefined : Math.max(...xs);
  };
  const last = runs[runs.length - 1];
  process.stdout.write(`  runner peak RSS: ${mib(peak((r) => r.runnerKiB))} (target < 150 MiB)\n`);
  const providers = `largest of ${last?.providerProcesses ?? 0} provider processes`;
  const builds = `largest of ${last?.buildProcesses ?? 0} build processes`;
  process.stdout.write(`  provider peak RSS: ${mib(peak((r) => r.providerKiB))} (${providers}; target < 250 MiB)\n`);
  process.stdout.write(`  release build peak RSS: ${mib(peak((r) => r.buildKiB))} (${builds})\n`);
  // What bounds the ratio: every release build is a fresh process of the provider's declared command.
  const builds1 = last?.buildPrograms ?? 0;
  const one = oneBuildMs();
  process.stdout.write(
    `  bound: ${builds1} release builds seen, each a fresh node process of the reference builder ` +
      `(${one.toFixed(0)} ms each, median over the release-cost fixtures, node's start included): ` +
      `${((builds1 * one) / jobs / 1000).toFixed(1)} s ` +
      `over ${jobs} jobs, against a floor that builds every artifact in memory\n\n`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '3' }, jobs: { type: 'string', default: '1,2' } },
  });
  const rounds = Number(values.rounds);
  const jobsList = values.jobs.split(',').map(Number);
  if (!Number.isInteger(rounds) || rounds < 1 || !jobsList.every((j) => Number.isInteger(j) && j >= 1))
    throw new Error('--rounds takes a positive integer, --jobs a comma-separated list of them');
  const set = loadVectorSet(join(kitRoot(), 'vectors'));
  const all = set.queryVectors;
  process.stdout.write(
    `kofun-ctk ${kitVersion()} bench: ${all.length} query vectors of set ${set.vectorSetSha256}\n\n`,
  );

  cliStartRatio();
  checksRatio();
  await mainJobRatio(set, rounds, jobsList);
  await printSandboxCost(rounds, jobsList[jobsList.length - 1] ?? 1);

  // The codec comparison runs first, while no provider process is starting or exiting
  // beside it; it is printed in its place below.
  const codec = codecRatio(set);

  // Warm the runner's own caches (fixtures loaded for the verifier, compiled schemas) so
  // that both timed runs measure the adapters, not the first run's start-up.
  await gateWallMs(set, all.slice(0, 1), 'module');
  for (const v of all) set.loadedFixture(v.fixtureSha256);
  const mod = await gateWallMs(set, all, 'module');
  let proc = { ms: 0, passed: false };
  await printWatchdogShare(async () => (proc = await gateWallMs(set, all, 'process')));
  process.stdout.write(
    `full set, persistent process adapter: ${proc.ms.toFixed(0)} ms${proc.passed ? '' : ' (gate failed!)'}\n`,
  );
  process.stdout.write(
    `full set, module adapter:             ${mod.ms.toFixed(0)} ms${mod.passed ? '' : ' (gate failed!)'}\n`,
  );
  process.stdout.write(`  ratio process / module: ${(proc.ms / mod.ms).toFixed(2)} (target <= 1.5)\n\n`);

  const sample = all
    .filter((_, i) => i % Math.max(1, Math.floor(all.length / ONE_SHOT_SAMPLE)) === 0)
    .slice(0, ONE_SHOT_SAMPLE);
  const persistent = await gateWallMs(set, sample, 'process');
  const oneShot = await gateWallMs(set, sample, 'one-shot');
  process.stdout.write(
    `${sample.length} vectors, one-shot adapter:   ${oneShot.ms.toFixed(0)} ms ` +
      `(${(oneShot.ms / sample.length).toFixed(0)} ms per vector)\n`,
  );
  process.stdout.write(
    `${sample.length} vectors, persistent adapter: ${persistent.ms.toFixed(0)} ms ` +
      `(${(persistent.ms / sample.length).toFixed(0)} ms per vector)\n`,
  );
  process.stdout.write(`  ratio one-shot / persistent: ${(oneShot.ms / persistent.ms).toFixed(2)}\n\n`);

  if (codec === undefined) {
    process.stdout.write('largest lawful result: no vector found\n');
  } else {
    process.stdout.write(`largest lawful result: ${codec.vector} (${codec.rows} rows, ${codec.bytes} bytes)\n`);
    process.stdout.write(
      `  oracle decode + evaluate + encode: ${codec.oracleMs.toFixed(1)} ms (median of ${CODEC_ROUNDS} ` +
        `after ${CODEC_WARMUP_ROUNDS} untimed; request bytes to result bytes, ` +
        `fixture already loaded)${codec.sameBytes ? '' : ' (bytes differ from expected!)'}\n`,
    );
    process.stdout.write(
      `  oracle first call on the loaded fixture: ${codec.firstMs.toFixed(1)} ms (per-fixture preparation and JIT ` +
        `warm-up included; untimed above)\n`,
    );
    process.stdout.write(
      `  JSON.parse + JSON.stringify(v, null, 2): ${codec.jsonMs.toFixed(1)} ms (median of ${CODEC_ROUNDS} ` +
        `after ${CODEC_WARMUP_ROUNDS} untimed; from the result text)\n`,
    );
    process.stdout.write(`  ratio: ${(codec.oracleMs / codec.jsonMs).toFixed(2)} (target <= 3)\n\n`);
  }

  const rss = process.resourceUsage().maxRSS;
  process.stdout.write(`bench process peak RSS (parts 2 to 4, in this process): ${(rss / 1024).toFixed(0)} MiB\n\n`);

  printBudgetQueries(set);
  printSeriesLoad(set);
}

main().then(
  () => killAllGroups(),
  (err: unknown) => {
    killAllGroups();
    process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
