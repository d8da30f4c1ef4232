/**
 * `kofun-ctk release-cost`: the release byte-identity gate (KD-RELEASE-02, KD-RELEASE-03,
 * OQ-45 reading A).
 *
 *     release-cost --a PATH --b PATH                     compare two artifacts (file or folder)
 *     release-cost --build-a CMD --build-b CMD --out PATH     build each side, then compare
 *                 [--out-a PATH --out-b PATH]
 *     release-cost --matrix CONFIG.json                  A1/A2/B/C build matrix (build-matrix.ts)
 *     release-cost --vectors [DIR] --build-config CONFIG.json | --reference
 *                                                        the release-cost vectors, as a gate run without a provider
 *     release-cost build-reference --fixture F --profile P --out DIR
 *
 * A side may be given as a path or built; a build command is split into argv without a
 * shell (runner/io/split-command-line.ts) and runs in the current folder and environment, in its own process
 * group, with a timeout; its output folder is copied away before the other side builds.
 * Output: a report capped at --max-lines with an "N more" line, ending with one verdict
 * line. Exit 0 identical (matrix: PASS), 1 different (FAIL), 2 a build failed, an
 * artifact is missing or empty, or the usage is wrong.
 *
 * `--vectors` is a gate run of its own (run/builds-only-plan.ts): the vector set checked against its manifest, the
 * release-cost category narrowed by `run`'s `--id`, `--clause`, `--last-failed` and `--shard`, each vector built
 * and judged by the run's release-cost phase, `run`'s console reporters and reports, and `run`'s exit codes (0 the
 * gate passed, 1 a FAIL or ERROR, 2 usage, 3 incomplete).
 */
import type { Command } from 'commander';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EXIT, UsageError, writeAll, type CliIo } from '../io/cli-io.js';
import type { Register } from '../io/cli-io.js';
import { addSandboxOptions, ignoreClosedOutput, intOption } from '../io/cli-options.js';
import { splitCommandLine } from '../io/split-command-line.js';
import { outputPathProblem } from '../io/check-output-path.js';
import { writeOutputFile } from '../io/write-output-file.js';
import {
  DEFAULT_WALK_LIMITS,
  loadArtifactTree,
  type ArtifactTree,
  type LoadResult,
} from '../release-cost/artifact-tree.js';
import { compareArtifacts, type ArtifactComparison } from '../release-cost/compare-artifacts.js';
import { capLines, formatComparison } from '../release-cost/format-comparison.js';
import {
  manifestSide,
  RELEASE_MANIFEST_SCHEMA,
  treeArtifactDigest,
  type ManifestSide,
} from '../release-cost/artifact-manifest.js';
import { buildFailure, runBuild, type BuildRun } from '../release-cost/run-build.js';
import { readBuildConfigFile, type BuildConfig } from '../release-cost/build-config.js';
import { vectorsDir } from '../vectors/load-vector.js';
import { escapeText } from '../../oracle/index.js';
import { RELEASE_PROFILES } from '../../oracle/internal.js';
import { formatMatrix, matrixVerdictLine, runBuildMatrix } from '../release-cost/build-matrix.js';
import { referenceBuild } from '../release-cost/reference-build.js';
import { causeHints, type BuildDifferences } from '../release-cost/cause-hints.js';
import { causeHintJson, formatCauseHints } from '../release-cost/format-cause-hints.js';
import { buildClock, type BuildClock } from '../release-cost/time-window.js';
import { openSandbox, readSandboxPlan } from '../sandbox/open-sandbox.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { readBuildsOnlyPlan, type BuildsOnlyCliOptions } from '../run/builds-only-plan.js';
import { chooseVectors } from '../run/choose-vectors.js';
import { runAndReport } from '../run/run-and-report.js';
import { declareGateReportOptions, declareNarrowingOptions } from '../run/run-plan.js';

interface ReleaseCostOptions extends Omit<BuildsOnlyCliOptions, 'vectors'> {
  a?: string;
  b?: string;
  buildA?: string;
  buildB?: string;
  out?: string;
  outA?: string;
  outB?: string;
  matrix?: string;
  manifest?: string;
  maxLines: string;
  keep?: boolean;
  vectors?: string | true;
  /** Refused: replaced by --id. */
  filter?: string;
}

/** The options (commander's names) that only `--vectors` reads: its builds, and what it shares with `run`. */
const VECTORS_ONLY = [
  'buildConfig',
  'reference',
  'checkDigests',
  'id',
  'clause',
  'lastFailed',
  'shard',
  'jobs',
  'expectations',
  'updateExpectations',
  'report',
  'reportDir',
  'events',
  'verbose',
  'reporter',
];

/** The options (commander's names) that `--vectors` does not read: its output is the run's reporters and reports. */
const NOT_WITH_VECTORS = [
  'a',
  'b',
  'buildA',
  'buildB',
  'matrix',
  'out',
  'outA',
  'outB',
  'manifest',
  'maxLines',
  'keep',
];

export const registerReleaseCost: Register = (program: Command, io, done) => {
  const cmd = program
    .command('release-cost')
    .description('release byte-identity gate: compare two artifacts, or build them (KD-RELEASE-02, KD-RELEASE-03)')
    .option('--a <path>', 'artifact A: a file or folder')
    .option('--b <path>', 'artifact B: a file or folder')
    .option('--build-a <command>', 'build command for A (split into argv without a shell; not sandboxed)')
    .option('--build-b <command>', 'build command for B (not sandboxed)')
    .option('--out <path>', 'where both build commands leave their artifact')
    .option('--out-a <path>', 'where the A build leaves its artifact')
    .option('--out-b <path>', 'where the B build leaves its artifact')
    .option('--matrix <config>', 'run the A1/A2/B/C build matrix of a kofun.ctk.release-build/v1 configuration')
    .option('--keep', 'keep the matrix build folders and artifacts')
    .option('--no-vary', 'matrix and vectors: skip the variant build (other path, TZ, locale, umask, HOME)')
    .option(
      '--vectors [dir]',
      "run the release-cost vectors of a vector set (the kit's own by default) as a gate run without a provider",
    )
    .option(
      '--build-config <config>',
      "vectors: the provider's kofun.ctk.release-build/v1 build commands ({fixture} and {out} are filled in)",
    )
    .option('--reference', 'vectors: build with the reference builder (and check its digests)')
    .option('--check-digests', 'vectors: also require the reference digests')
    // --filter TEXT (ids containing TEXT) is not a selection `run` has: it is refused, pointing at --id.
    .option('--filter <text>', 'vectors: replaced by --id (an id, or a prefix ending in *); refused');
  declareGateReportOptions(declareNarrowingOptions(cmd, 'vectors: '), 'vectors: ')
    .option('--manifest <file>', 'write a JSON manifest of both sides (matrix: of every build)')
    .option('--max-lines <n>', 'report lines before the "N more" line', '200')
    .option('--timeout <ms>', 'timeout of each build command (vectors: of each --reference build)', '600000');
  // --matrix and --vectors builds only: --build-a/--build-b run the user's own commands in the user's folder.
  addSandboxOptions(cmd).action(async (opts: ReleaseCostOptions) => {
    done(await releaseCost(opts, givenOptions(cmd), io));
  });
  cmd
    .command('build-reference')
    .description(`write the reference artifact of a fixture for a build profile (${RELEASE_PROFILES.join(', ')})`)
    .requiredOption('--fixture <file>', 'fixture file (kofun.ctk.fixture/v1 JSON) or a vector file naming one')
    .requiredOption('--profile <profile>', 'build profile')
    .option('--out <dir>', 'output folder (created; must be empty)')
    .action(async (opts: { fixture: string; profile: string; out?: string }) => {
      // The parent command also has --out; commander may hand the value to either, so take whichever has it.
      const out = opts.out ?? (cmd.opts() as ReleaseCostOptions).out;
      if (out === undefined) throw new UsageError('release-cost build-reference: --out is required');
      const problem = outputPathProblem('--out', resolve(io.cwd, out), 'folder');
      if (problem !== undefined) throw new UsageError(`release-cost build-reference: ${problem}`);
      const result = await referenceBuild({
        fixturePath: resolve(io.cwd, opts.fixture),
        profile: opts.profile,
        outDir: resolve(io.cwd, out),
      });
      if (!result.ok) throw new UsageError(`release-cost build-reference: ${escapeText(result.message)}`);
      done(EXIT.ok);
    });
};

/** The options given on the command line (commander's names), defaults left out. */
function givenOptions(cmd: Command): ReadonlySet<string> {
  const given = cmd.options.map((o) => o.attributeName()).filter((name) => cmd.getOptionValueSource(name) === 'cli');
  return new Set(given);
}

async function releaseCost(opts: ReleaseCostOptions, given: ReadonlySet<string>, io: CliIo): Promise<number> {
  if (opts.filter !== undefined) {
    throw new UsageError(
      'release-cost: --filter was replaced by --id, as run selects: an exact id, or a prefix ending in * ' +
        '(--id PREFIX* selects the ids starting with PREFIX; repeatable)',
    );
  }
  checkModeOptions(opts, given);
  if (opts.vectors !== undefined) return vectors(opts, io);
  const maxLines = intOption('--max-lines', opts.maxLines, 1);
  const timeoutMs = intOption('--timeout', opts.timeout, 1);
  // Checked before any build runs: a manifest path that cannot be written would otherwise cost every build first.
  if (opts.manifest !== undefined) {
    const problem = outputPathProblem('--manifest', resolve(io.cwd, opts.manifest), 'file');
    if (problem !== undefined) throw new UsageError(`release-cost: ${problem}`);
  }
  if (opts.matrix !== undefined) return matrix(opts.matrix, opts, maxLines, io);
  return comparePair(opts, maxLines, timeoutMs, io);
}

/** Refuses options of one mode (--vectors, --matrix, two artifacts or builds) given with another. */
function checkModeOptions(opts: ReleaseCostOptions, given: ReadonlySet<string>): void {
  const flags = (names: readonly string[]): string =>
    names
      .filter((name) => given.has(name))
      .map((name) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`)
      .join(', ');
  if (opts.vectors !== undefined) {
    const others = flags(NOT_WITH_VECTORS);
    if (others !== '') throw new UsageError(`release-cost: --vectors cannot be combined with ${others}`);
    if (given.has('timeout') && opts.buildConfig !== undefined)
      throw new UsageError(
        'release-cost: --timeout applies to --reference builds (a build configuration has timeout_ms)',
      );
    return;
  }
  const vectorsOnly = flags(VECTORS_ONLY);
  if (vectorsOnly !== '') throw new UsageError(`release-cost: ${vectorsOnly}: only with --vectors`);
  const pair = opts.a !== undefined || opts.b !== undefined || opts.buildA !== undefined || opts.buildB !== undefined;
  if (opts.matrix !== undefined && pair)
    throw new UsageError('release-cost: --matrix cannot be combined with --a, --b, --build-a or --build-b');
}

/**
 * The release-cost vectors of a vector set, as a gate run without a provider (run/builds-only-plan.ts): the run's
 * manifest check and selection, its release-cost phase, its reports and its exit code.
 */
async function vectors(opts: ReleaseCostOptions, io: CliIo): Promise<number> {
  ignoreClosedOutput(io);
  const plan = readBuildsOnlyPlan(opts, io);
  return runAndReport(plan, chooseVectors(plan.selection), io);
}

/** Two artifacts (given, or built by the given commands) compared: exit 0 when identical, 1 when not, 2 on error. */
async function comparePair(opts: ReleaseCostOptions, maxLines: number, timeoutMs: number, io: CliIo): Promise<number> {
  if ((opts.a === undefined) === (opts.buildA === undefined))
    throw new UsageError('release-cost: give exactly one of --a and --build-a');
  if ((opts.b === undefined) === (opts.buildB === undefined))
    throw new UsageError('release-cost: give exactly one of --b and --build-b');
  const argvA = opts.buildA === undefined ? null : split(opts.buildA, '--build-a');
  const argvB = opts.buildB === undefined ? null : split(opts.buildB, '--build-b');
  const outA = opts.outA ?? opts.out;
  const outB = opts.outB ?? opts.out;
  if (argvA !== null && outA === undefined) throw new UsageError('release-cost: --build-a needs --out-a or --out');
  if (argvB !== null && outB === undefined) throw new UsageError('release-cost: --build-b needs --out-b or --out');

  const lines: string[] = [];
  const snapshots = await mkdtemp(join(tmpdir(), 'kofun-ctk-release-cost-'));
  try {
    const sideA = await side('A', opts.a, argvA, outA, snapshots, timeoutMs, io, lines);
    const sideB = sideA.ok ? await side('B', opts.b, argvB, outB, snapshots, timeoutMs, io, lines) : null;
    if (!sideA.ok || sideB === null || !sideB.ok) {
      const error = !sideA.ok ? sideA.error : sideB !== null && !sideB.ok ? sideB.error : 'artifact B not loaded';
      await finish(io, lines, maxLines, `verdict: ERROR ${escapeText(error)}`);
      if (opts.manifest !== undefined) {
        await writeManifest(io, opts.manifest, {
          schema: RELEASE_MANIFEST_SCHEMA,
          a: sideA.ok ? await manifestSide(sideA.tree) : null,
          b: sideB !== null && sideB.ok ? await manifestSide(sideB.tree) : null,
          hints: [],
          verdict: 'ERROR',
        });
      }
      return EXIT.usage;
    }
    const comparison = await compareArtifacts(sideA.tree, sideB.tree);
    const hints = comparison.identical ? [] : await causeHints(comparison, pairDifferences(sideA, sideB, io));
    lines.push(...formatComparison(comparison), ...formatCauseHints(hints));
    const verdict = comparison.identical ? 'IDENTICAL' : 'DIFFERENT';
    if (opts.manifest !== undefined) {
      await writeManifest(io, opts.manifest, {
        schema: RELEASE_MANIFEST_SCHEMA,
        a: await manifestSide(sideA.tree),
        b: await manifestSide(sideB.tree),
        hints: hints.map(causeHintJson),
        verdict,
      });
    }
    await finish(io, lines, maxLines, verdictLine(comparison));
    return comparison.identical ? EXIT.ok : EXIT.failed;
  } finally {
    await rm(snapshots, { recursive: true, force: true });
  }
}

function split(command: string, flag: string): string[] {
  const r = splitCommandLine(command);
  if (!r.ok) throw new UsageError(`release-cost: ${flag}: ${r.message}`);
  return r.argv;
}

type Side =
  { ok: true; tree: ArtifactTree; built: { out: string; clock: BuildClock } | null } | { ok: false; error: string };

/**
 * What differed between two `--build-a`/`--build-b` builds: both run in the current folder and
 * environment, so their output paths (when they differ) and their clock windows. A side given
 * as a path has no build to blame.
 */
function pairDifferences(a: Side & { ok: true }, b: Side & { ok: true }, io: CliIo): BuildDifferences {
  const values: BuildDifferences['values'] = [];
  if (a.built !== null && b.built !== null && a.built.out !== b.built.out)
    values.push({ variation: 'build path', a: a.built.out, b: b.built.out });
  return { values, clockA: a.built?.clock ?? null, clockB: b.built?.clock ?? null, umask: null };
}

/** Loads or builds one side; a build's output is copied away so the other side's build cannot change it. */
async function side(
  label: 'A' | 'B',
  path: string | undefined,
  argv: string[] | null,
  out: string | undefined,
  snapshots: string,
  timeoutMs: number,
  io: CliIo,
  lines: string[],
): Promise<Side> {
  let load: LoadResult;
  let location: string;
  let built: { out: string; clock: BuildClock } | null = null;
  if (argv !== null && out !== undefined) {
    const started = Date.now();
    const run = await runBuild({ argv, cwd: io.cwd, env: stringEnv(io.env), timeoutMs });
    built = { out: resolve(io.cwd, out), clock: buildClock(started, Date.now(), io.env['TZ'] ?? 'UTC') };
    lines.push(
      `build ${label}: ${run.ok ? 'ok' : buildFailure(run)}`,
      `  argv: ${argv.map((w) => JSON.stringify(escapeText(w))).join(' ')}`,
    );
    if (!run.ok) {
      lines.push(...stderrTail(run));
      return { ok: false, error: `build ${label} ${buildFailure(run)}` };
    }
    location = out;
    const produced = resolve(io.cwd, out);
    const snapshot = join(snapshots, label);
    try {
      await stat(produced);
      await cp(produced, snapshot, { recursive: true, verbatimSymlinks: true });
    } catch {
      lines.push(`artifact ${label}: ${escapeText(out)}: the build left no artifact`);
      return { ok: false, error: `artifact ${label} missing after its build` };
    }
    load = await loadArtifactTree(out, snapshot);
  } else {
    location = path ?? '';
    // A root named on the command line is resolved once, as diff -r does; nothing inside it is followed.
    load = await loadArtifactTree(location, resolve(io.cwd, location), DEFAULT_WALK_LIMITS, 'resolve');
  }
  if (!load.ok) {
    lines.push(`artifact ${label}: ${escapeText(location)}: ${load.message}`);
    return { ok: false, error: `artifact ${label} ${load.reason}` };
  }
  const t = load.tree;
  lines.push(`artifact ${label}: ${escapeText(location)} (${artifactSummary(t)})`);
  return { ok: true, tree: t, built };
}

/**
 * One hash per artifact line, named for what it is: a file's `sha256` (of its bytes, as sha256sum prints it and
 * as its entry shows it below), a folder's `artifact digest` (of the listing of its regular files, the value a
 * release-cost vector records as a profile's `digest`).
 */
function artifactSummary(t: ArtifactTree): string {
  const file = t.kind === 'file' ? t.entries[0] : undefined;
  if (file !== undefined) return `file, ${file.size} bytes, sha256 ${file.sha256 ?? '-'}`;
  const n = t.entries.length;
  return `${t.kind}, ${n} ${n === 1 ? 'entry' : 'entries'}, artifact digest ${treeArtifactDigest(t)}`;
}

function stderrTail(run: BuildRun): string[] {
  return run.stderrTail
    .split('\n')
    .filter((l) => l !== '')
    .slice(-5)
    .map((l) => `  stderr: ${escapeText(l)}`);
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}

function verdictLine(c: ArtifactComparison): string {
  const total = new Set([...c.a.entries.map((e) => e.path), ...c.b.entries.map((e) => e.path)]).size;
  if (c.identical) return `verdict: IDENTICAL (${total} entries)`;
  return (
    `verdict: DIFFERENT (${c.different.length} of ${total} entries differ, ${c.onlyInA.length} only in ` +
    `A, ${c.onlyInB.length} only in B)`
  );
}

async function finish(io: CliIo, lines: string[], maxLines: number, verdict: string): Promise<void> {
  await writeAll(io.stdout, `${[...capLines(lines, maxLines), verdict].join('\n')}\n`);
}

async function writeManifest(io: CliIo, file: string, value: unknown): Promise<void> {
  try {
    writeOutputFile(resolve(io.cwd, file), `${JSON.stringify(value, null, 2)}\n`);
  } catch (err) {
    throw new UsageError(`release-cost: cannot write manifest (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** Reads a kofun.ctk.release-build/v1 file with the reader every entry point shares (build-config.ts). */
async function readBuildConfig(configPath: string, flag: string, io: CliIo): Promise<BuildConfig> {
  const parsed = readBuildConfigFile(resolve(io.cwd, configPath));
  if (!parsed.ok) throw new UsageError(`release-cost: ${flag}: ${escapeText(parsed.message)}`);
  return parsed.config;
}

async function matrix(configPath: string, opts: ReleaseCostOptions, maxLines: number, io: CliIo): Promise<number> {
  const config = await readBuildConfig(configPath, '--matrix', io);
  const sandbox = buildSandbox(opts, io, config);
  let result;
  try {
    result = await runBuildMatrix(config, {
      keep: opts.keep === true,
      vary: opts.vary,
      manifests: opts.manifest !== undefined,
      sandbox,
    });
  } finally {
    sandbox.dispose();
  }
  if (opts.manifest !== undefined) {
    const artifacts: { label: string; side: ManifestSide }[] = result.manifests;
    await writeManifest(io, opts.manifest, {
      schema: RELEASE_MANIFEST_SCHEMA,
      matrix: {
        variations: result.variations,
        builds: result.builds.map((b) => ({ label: b.label, argv: b.run.argv, ok: b.run.ok })),
        findings: result.findings,
        comparisons: result.comparisons.map((c) => ({
          label: c.label,
          identical: c.comparison.identical,
          hints: c.hints.map(causeHintJson),
        })),
      },
      artifacts,
      verdict: result.verdict,
    });
  }
  await finish(io, formatMatrix(result), maxLines, matrixVerdictLine(result));
  return result.verdict === 'PASS' ? EXIT.ok : result.verdict === 'FAIL' ? EXIT.failed : EXIT.usage;
}

/**
 * The sandbox of the builds `--matrix` makes, each in a fresh folder of its own: a build writes only that folder and
 * its HOME, sees no vector set, reaches no network, and leaves no process behind (`--vectors` opens the run's,
 * run/run-from-plan.ts). `--build-a` and `--build-b` run the user's own commands in the user's folder, where they
 * must write, and are not sandboxed.
 */
function buildSandbox(opts: ReleaseCostOptions, io: CliIo, config: BuildConfig): Sandbox {
  return openSandbox(readSandboxPlan(opts), {
    vectorSets: [vectorsDir()],
    outputs: opts.manifest === undefined ? [] : [{ path: resolve(io.cwd, opts.manifest), what: 'the manifest' }],
    cwd: io.cwd,
    env: io.env,
    buildCaps: config.limits,
  });
}
