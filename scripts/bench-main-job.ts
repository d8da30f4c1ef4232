// The main job and its in-process floor, for the benchmark (scripts/bench.ts); see there for what each one covers.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, createReadStream, openSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { basename, join } from 'node:path';
import { evaluateQuery, loadFixtureFile } from '../oracle/index.js';
import { buildFromLoaded, kitRoot, RELEASE_PROFILES, type ReleaseProfile } from '../oracle/internal.js';
import type { QueryVector, VectorSet } from '../runner/vectors/vector-source.js';
import { sampleProcessTree, type SampledProcess } from './process-tree-rss.js';
import { buildIsCurrent } from '../bin/build-stamp.js';

/** One run of the main job: wall time, exit status, and the peak resident memory of each kind of process. */
export interface MainJobRun {
  ms: number;
  exitCode: number | null;
  /** The vectors that did not pass, as `id verdict (error kind)`, so a failed gate says why. */
  notPassed: string[];
  /** The runner's own process (in a checkout running the sources, the larger of the launcher and the runner). */
  runnerKiB: number | undefined;
  /** The largest provider process (`kofun-ctk serve`: base and metamorphic instances). */
  providerKiB: number | undefined;
  providerProcesses: number;
  /** The largest release build (the reference builder). */
  buildKiB: number | undefined;
  buildProcesses: number;
  /** The build processes that ran the builder itself (bubblewrap's own processes left out). */
  buildPrograms: number;
  /**
   * Milliseconds from the start of the process to the last progress event of each phase, as the events reached
   * this process: the base phase's query vectors, its release-cost vectors (built after them), the metamorphic phase.
   */
  phaseEndsMs: { query?: number; release?: number; metamorphic?: number };
}

/** Whether bin/kofun-ctk.js will run dist/ (as an installed kit does) rather than the TypeScript sources. */
export function runsFromDist(): boolean {
  return buildIsCurrent(kitRoot());
}

const maxOf = (ps: SampledProcess[]): number | undefined =>
  ps.length === 0 ? undefined : Math.max(...ps.map((p) => p.peakKiB));

/** Runs `kofun-ctk run --provider reference <extra>` in a child process, sampling its process tree. */
export async function runMainJob(extra: readonly string[]): Promise<MainJobRun> {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-bench-'));
  const argv = [
    join(kitRoot(), 'bin', 'kofun-ctk.js'),
    'run',
    '--provider',
    'reference',
    ...extra,
    '--report',
    'json',
    '--out',
    join(dir, 'report.json'),
  ];
  // The event stream comes through a named pipe, so each phase's end is timed as it happens.
  const fifo = join(dir, 'events.fifo');
  execFileSync('mkfifo', [fifo]);
  argv.push('--events', fifo);
  const started = performance.now();
  const child = spawn(process.execPath, argv, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const sampler = sampleProcessTree(child.pid ?? -1, 50);
  const phaseEndsMs: MainJobRun['phaseEndsMs'] = {};
  createInterface({ input: createReadStream(fifo) }).on('line', (line) => {
    const e = parseEvent(line);
    if (e?.event !== 'progress') return;
    const at = performance.now() - started;
    if (e.phase === 'metamorphic') phaseEndsMs.metamorphic = at;
    else if (e.phase !== 'base') return;
    else if (String(e.id).startsWith('release-cost/')) phaseEndsMs.release = at;
    else phaseEndsMs.query = at;
  });
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const ms = performance.now() - started;
  // A runner that stopped before opening the pipe leaves this reader waiting: a writer that opens and closes ends it.
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // ENXIO: no reader is waiting any more.
  }
  const seen = sampler.stop();
  const notPassed = notPassedIn(join(dir, 'report.json'));
  rmSync(dir, { recursive: true, force: true });
  const isBuild = (p: SampledProcess): boolean => p.argv.some((a) => a.includes('reference-build-main'));
  const isProvider = (p: SampledProcess): boolean => !isBuild(p) && p.argv.includes('serve');
  const isRunner = (p: SampledProcess): boolean => !isBuild(p) && !isProvider(p) && p.argv.includes('run');
  const builds = seen.filter(isBuild);
  const providers = seen.filter(isProvider);
  return {
    ms,
    exitCode,
    notPassed,
    runnerKiB: maxOf(seen.filter(isRunner)),
    providerKiB: maxOf(providers),
    providerProcesses: providers.length,
    buildKiB: maxOf(builds),
    buildProcesses: builds.length,
    buildPrograms: builds.filter((p) => basename(p.argv[0] ?? '') !== 'bwrap').length,
    phaseEndsMs,
  };
}

function parseEvent(line: string): { event?: unknown; phase?: unknown; id?: unknown } | undefined {
  try {
    return JSON.parse(line) as { event?: unknown; phase?: unknown; id?: unknown };
  } catch {
    return undefined;
  }
}

function notPassedIn(reportPath: string): string[] {
  try {
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
      vectors: { id: string; verdict: string; error?: { kind: string } }[];
    };
    return report.vectors
      .filter((v) => v.verdict !== 'PASS')
      .map((v) => `${v.id} ${v.verdict}${v.error === undefined ? '' : ` (${v.error.kind})`}`);
  } catch {
    return ['no JSON report was written'];
  }
}

/** The builds the gate makes of one release-cost vector: each profile, and without-support again (the variant). */
const GATE_BUILDS: readonly ReleaseProfile[] = [...RELEASE_PROFILES, 'without-support'];

/**
 * One pass of the in-process floor: the oracle loads each fixture of the query vectors once and answers every query
 * vector; the reference builder loads each release-cost vector's fixture and builds every artifact the gate builds
 * for it. Returns the pass's wall time and whether every answer was the vector's expected bytes.
 */
export function floorPass(set: VectorSet): { ms: number; sameBytes: boolean } {
  // Reading the vector files is the runner's business, not the oracle's: done before the clock starts.
  const queries = set.queryVectors.map((entry): QueryVector => {
    const read = set.readVector(entry);
    if (!read.ok) throw new Error(read.reason);
    return read.value;
  });
  const fixturePaths = new Map(queries.map((v) => [v.fixtureSha256, set.fixturePath(v.fixtureSha256)]));
  const releasePaths = set.releaseVectors.map((v) => set.fixturePath(v.fixtureSha256));
  let sameBytes = true;
  const started = performance.now();
  const loaded = new Map<string, ReturnType<typeof loadFixtureFile>>();
  for (const [sha, path] of fixturePaths) loaded.set(sha, loadFixtureFile(path));
  for (const v of queries) {
    const fixture = loaded.get(v.fixtureSha256);
    if (fixture === undefined || !fixture.ok) {
      sameBytes = false;
      continue;
    }
    sameBytes &&= Buffer.from(v.expected).equals(evaluateQuery(v.request, fixture.fixture));
  }
  for (const path of releasePaths) {
    const fixture = loadFixtureFile(path);
    if (!fixture.ok) sameBytes = false;
    else for (const profile of GATE_BUILDS) buildFromLoaded(fixture.fixture, profile);
  }
  return { ms: performance.now() - started, sameBytes };
}
