/**
 * Helpers for the runner's end-to-end tests: run `kofun-ctk run` in-process with captured
 * streams and a JSON report, pick vectors of the kit's own vector set by what their
 * expected results contain (so the tests survive vector renames), and start the broken
 * providers through a configuration file.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kitRoot } from '../../oracle/internal.js';
import type { GateReport } from '../report/gate-report.js';
import { loadVectorSet, type QueryVector, type QueryVectorEntry, type VectorSet } from '../vectors/vector-source.js';
import { adoptHandedVectorSet } from './handed-vector-set.js';
import { runCli } from './run-cli.js';
import * as assert from 'uvu/assert';
import { liveGroupCount } from '../io/process-group.js';

let cached: VectorSet | undefined;

/** The kit's vector set, read once. */
export function kitVectors(): VectorSet {
  adoptHandedVectorSet();
  return (cached ??= loadVectorSet(join(kitRoot(), 'vectors')));
}

/** A vector of the kit's set read from its file, with its bytes; throws when the file cannot be read as checked. */
export function loadedVector(entry: Pick<QueryVectorEntry, 'id'>): QueryVector {
  const read = kitVectors().readVector(entry);
  if (!read.ok) throw new Error(read.reason);
  return read.value;
}

const loadedById = new Map<string, QueryVector>();

/** A query vector of the kit's set with its bytes, each read once in this process. */
function loadedOnce(entry: QueryVectorEntry): QueryVector {
  let v = loadedById.get(entry.id);
  if (v === undefined) {
    v = loadedVector(entry);
    loadedById.set(entry.id, v);
  }
  return v;
}

let loaded: QueryVector[] | undefined;

/** Every query vector of the kit's set with its bytes, read once (the tests pick vectors by their content). */
export function kitQueryVectors(): QueryVector[] {
  return (loaded ??= kitVectors().queryVectors.map(loadedOnce));
}

/** A shared fixture's bytes from the kit's set; throws when the file cannot be read as checked. */
export function kitFixtureBytes(sha256: string): Uint8Array {
  const read = kitVectors().readFixture(sha256);
  if (!read.ok) throw new Error(read.reason);
  return read.value;
}

/** A vector's expected result, decoded. */
export function expectedOf(
  v: QueryVector,
): Record<string, unknown> & { operations: Record<string, unknown>[]; omissions: { reason: string }[] } {
  return JSON.parse(Buffer.from(v.expected).toString('utf8')) as Record<string, unknown> & {
    operations: Record<string, unknown>[];
    omissions: { reason: string }[];
  };
}

/**
 * The first vector (in id order) matching `predicate`; fails the test when there is none. Vectors are read in id
 * order up to the first that matches, not all 20 MiB of them.
 */
export function pickVector(what: string, predicate: (v: QueryVector) => boolean): QueryVector {
  for (const entry of kitVectors().queryVectors) {
    const v = loadedOnce(entry);
    if (predicate(v)) return v;
  }
  throw new Error(`the kit's vectors have no ${what}`);
}

/** The SHA-256 of a vector's request bytes (how single-vector broken providers pick their target). */
export function requestSha(v: QueryVector): string {
  return createHash('sha256').update(v.request).digest('hex');
}

/**
 * The file this run loads for the kit's TypeScript file `relativePath`: the source, or, when the tests run compiled
 * (scripts/run-tests.mjs transpiles the tree once per run), its compiled copy in the same tree as this module.
 */
export function kitModulePath(relativePath: string): string {
  if (import.meta.url.endsWith('.ts')) return join(kitRoot(), relativePath);
  return fileURLToPath(new URL(`../../${relativePath.replace(/\.ts$/, '.js')}`, import.meta.url));
}

/** argv that runs a TypeScript file of the kit from any working directory: compiled, or the source through tsx. */
export function tsArgv(relativePath: string): string[] {
  const path = kitModulePath(relativePath);
  if (path.endsWith('.js')) return [process.execPath, path];
  return [process.execPath, '--import', import.meta.resolve('tsx'), path];
}

/** Writes a provider configuration for a broken provider and returns its path. */
export function brokenConfig(name: string, env: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-test-'));
  const path = join(dir, 'provider.json');
  const config = {
    name: `broken ${name}`,
    process: { argv: tsArgv(`runner/test-support/broken-providers/${name}.ts`), env, mode: 'persistent' },
  };
  writeFileSync(path, JSON.stringify(config));
  return path;
}

export interface RunOutcome {
  code: number;
  stdout: string;
  stderr: string;
  report: GateReport | undefined;
}

/** Runs `kofun-ctk run <args> --report json --out <tmp>` in-process. */
export async function runGateCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunOutcome> {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-report-'));
  const out = join(dir, 'report.json');
  const { code, stdout: o, stderr: e } = await runCli(['run', ...args, '--report', 'json', '--out', out], { env });
  let report: GateReport | undefined;
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as GateReport;
  } catch {
    report = undefined;
  }
  return { code, stdout: o, stderr: e, report };
}

/** The judgement of one vector in a report. */
export function judgementOf(report: GateReport | undefined, id: string): GateReport['vectors'][number] {
  const j = report?.vectors.find((v) => v.id === id);
  if (j === undefined) throw new Error(`no judgement for ${id}`);
  return j;
}

/** The first three stale vectors: the small set the fault tests aim one fault into (only they are read). */
export const threeStaleVectors = (): QueryVector[] =>
  kitVectors()
    .queryVectors.filter((v) => v.category === 'stale')
    .slice(0, 3)
    .map(loadedOnce);

/**
 * Runs the gate on the three stale vectors with a provider whose fault is aimed at the
 * second one (by its request SHA-256), and checks that no process is left behind.
 */
export async function faultRun(
  args: (targetSha: string) => string[],
  timeoutMs = 3000,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; verdicts: Record<string, string>; target: ReturnType<typeof judgementOf> }> {
  const vs = threeStaleVectors();
  const target = vs[1];
  if (target === undefined) throw new Error('too few stale vectors');
  const r = await runGateCli(
    [
      ...args(requestSha(target)),
      ...vs.flatMap((v) => ['--id', v.id]),
      '--metamorphic',
      '0',
      '--timeout-ms',
      String(timeoutMs),
      // The runner's own variables never reach a provider: a test's settings are passed on purpose.
      ...Object.keys(env).flatMap((name) => ['--pass-env', name]),
    ],
    env,
  );
  const verdicts = Object.fromEntries((r.report?.vectors ?? []).map((v) => [v.id, v.verdict]));
  assert.is(liveGroupCount(), 0);
  return { code: r.code, verdicts, target: judgementOf(r.report, target.id) };
}

/**
 * Runs the gate once on `faults.length + 2` stale vectors with the misbehaving module provider
 * (runner/test-support/modules/misbehaving-module.ts) aiming each fault at its own vector, the first and last
 * vectors left clean; checks that no process is left behind. One run then shows that each fault costs only its own
 * vector, and that the clean vectors after every fault are still answered.
 */
export async function moduleFaultsRun(
  faults: readonly string[],
  args: readonly string[],
  timeoutMs: number,
): Promise<{
  code: number;
  stdout: string;
  stderr: string;
  verdicts: Record<string, string>;
  /** The judgement of each fault's vector. */
  judged: Map<string, ReturnType<typeof judgementOf>>;
}> {
  const vs = kitVectors()
    .queryVectors.filter((v) => v.category === 'stale')
    .slice(0, faults.length + 2)
    .map(loadedOnce);
  if (vs.length < faults.length + 2) throw new Error('too few stale vectors');
  const targets = new Map(faults.map((fault, i) => [fault, vs[i + 1] as QueryVector]));
  const aimed = [...targets].map(([fault, v]) => `${requestSha(v)}=${fault}`).join(',');
  // An in-thread module reads the runner's own environment; a module process gets it passed on purpose.
  process.env.KCTK_MODULE_FAULTS = aimed;
  try {
    const module = kitModulePath('runner/test-support/modules/misbehaving-module.ts');
    const r = await runGateCli(
      [
        '--module',
        module,
        ...args,
        ...vs.flatMap((v) => ['--id', v.id]),
        ...['--metamorphic', '0', '--fresh', '0', '--timeout-ms', String(timeoutMs)],
        ...['--pass-env', 'KCTK_MODULE_FAULTS'],
      ],
      { KCTK_MODULE_FAULTS: aimed },
    );
    const verdicts = Object.fromEntries((r.report?.vectors ?? []).map((v) => [v.id, v.verdict]));
    assert.is(Object.keys(verdicts).length, vs.length, 'every vector judged');
    for (const v of [vs[0], vs[vs.length - 1]]) assert.is(verdicts[v?.id ?? ''], 'PASS', `clean ${v?.id}`);
    assert.is(liveGroupCount(), 0);
    const judged = new Map([...targets].map(([fault, v]) => [fault, judgementOf(r.report, v.id)]));
    return { code: r.code, stdout: r.stdout, stderr: r.stderr, verdicts, judged };
  } finally {
    delete process.env.KCTK_MODULE_FAULTS;
  }
}

/** Every vector but the faulted one passed, and all three were judged. */
export function othersPass(verdicts: Record<string, string>, targetId: string): void {
  for (const [id, verdict] of Object.entries(verdicts)) if (id !== targetId) assert.is(verdict, 'PASS', id);
  assert.is(Object.keys(verdicts).length, 3);
}
