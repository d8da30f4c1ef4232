/**
 * `kofun-ctk run`: the conformance gate. Drives a provider (configuration file,
 * `--process`, `--module` or `--provider reference`) over the selected query vectors,
 * builds each selected release-cost vector with the provider's declared build commands
 * (the configuration's `build`; the reference builder for `--provider reference`), judges
 * every outcome, and reports on the console and as JSON, JUnit or Markdown.
 * Exit status: 0 gate passed, 1 gate failed, 2 usage or configuration error,
 * 3 provider could not start or run incomplete, a release-cost vector without declared
 * build commands included (README.md, PROTOCOL.md).
 */
import {
  appendFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  statSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { compareUtf8, escapeText, kitRoot, kitVersion } from '../../oracle/index.js';
import { runFuzzPhase } from '../run/fuzz-phase.js';
import { describeFuzzPhase, withFuzzPhase } from '../report/fuzz-phase-report.js';
import { killAllGroups } from '../io/process-group.js';
import {
  launcherFor,
  relocatedSpec,
  resolveProvider,
  type ProviderOptions,
  type ProviderSpec,
} from '../adapters/provider-spec.js';
import { EXIT, UsageError } from '../io/cli-io.js';
import { addProviderOptions, collect, ignoreClosedOutput, intOption, RUN_DEFAULTS } from '../io/cli-options.js';
import { outputPathProblem } from '../io/check-output-path.js';
import { loadExpectations, type Expectation } from '../judge/expectations.js';
import { expectationsText, updateExpectations } from '../judge/update-expectations.js';
import { chooseReporter, consoleReporter, REPORTERS } from '../report/console-reporter.js';
import { JOB_SUMMARY_LIMIT, renderJobSummary } from '../report/render-job-summary.js';
import type { GateReport } from '../report/gate-report.js';
import { renderReport, REPORT_FORMATS, reportFileName, type ReportFormat } from '../report/render-report.js';
import type { RunEvent } from '../report/run-events.js';
import { NO_BUILD_COMMANDS, type ReleaseBuildPlan } from '../judge/judge-release-vector.js';
import { runGate } from '../run/run-gate.js';
import { describeHermetic } from '../hermetic/hermetic-observation.js';
import { startHermetic } from '../hermetic/start-hermetic.js';
import { lastFailedIds } from '../run/last-failed.js';
import { reproduceCommand, type ReproduceContext } from '../run/reproduce-command.js';
import { installRunInterruption } from '../run/run-interruption.js';
import { filterVectors, listOption, parseShard, shardVectors, type VectorFilters } from '../vectors/select-vectors.js';
import { unknownFilterNames, type UnknownFilterName } from '../run/unknown-filter-names.js';
import { loadVectorSet } from '../vectors/vector-source.js';
import type { Register } from '../io/cli-io.js';

/** The help text after the options: how release-cost vectors are judged, and how to leave them out. */
export const RUN_RELEASE_HELP = `
Release-cost vectors (KD-RELEASE-02, KD-RELEASE-03) are not sent to the provider: each is
built with the provider's declared build commands, the "build" entry of the --config file
(a kofun.ctk.release-build/v1 file or object, as release-cost --build-config reads it);
--provider reference builds with the kit's reference artifact builder. A provider without
build commands (--process, --module, or a configuration without "build") gets its
release-cost vectors NOT-RUN, and the gate exits 3, unless the selection leaves them out
(--exclude-category release-cost), or declare "build" in the configuration.

--list prints the selected vectors (after every filter and the shard) without starting a
provider. --last-failed REPORT re-runs the vectors that failed the gate in that JSON report.
SIGINT, SIGTERM and --global-timeout stop the run: the providers are killed, and the reports
of what ran are written, marked incomplete (exit 3).
`;

interface RunCliOptions extends ProviderOptions {
  vectors?: string;
  category: string[];
  excludeCategory: string[];
  lastFailed?: string;
  list?: boolean;
  globalTimeout?: string;
  id: string[];
  clause: string[];
  jobs: string;
  shard?: string;
  timeoutMs: string;
  startTimeoutMs: string;
  restartBudget: string;
  metamorphic: string;
  seed: string;
  expectations?: string;
  updateExpectations?: string;
  report: string[];
  reportDir?: string;
  out?: string;
  events?: string;
  verbose?: boolean;
  reporter: string;
  /** False with --no-release-vary. */
  releaseVary: boolean;
  fuzz: string;
  fuzzSeed: string;
  fuzzOut: string;
  hermetic?: boolean;
  strace: string;
}

export const registerRun: Register = (program: Command, io, done) => {
  addProviderOptions(program.command('run').description('run the conformance gate against a discovery provider'))
    .option('--vectors <dir>', 'vector folder (default: the vectors shipped with the kit)')
    .option('--category <name>', 'only vectors of this category (repeatable, or comma-separated)', collect, [])
    .option(
      '--exclude-category <name>',
      'leave out the vectors of this category (repeatable, or comma-separated)',
      collect,
      [],
    )
    .option('--id <id>', 'only this vector id, or a prefix ending in * (repeatable)', collect, [])
    .option('--clause <KD-id>', 'only vectors exercising this clause (repeatable)', collect, [])
    .option('-j, --jobs <n>', 'parallel provider instances', String(RUN_DEFAULTS.jobs))
    .option('--last-failed <report>', 'only the vectors that failed the gate in this JSON report (same vector set)')
    .option('--list', 'print the selected vectors and exit, without starting a provider')
    .option('--shard <k/n>', 'run the k-th of n shards of the selection')
    .option('--timeout-ms <ms>', 'timeout per fixture load and per query', String(RUN_DEFAULTS.timeoutMs))
    .option(
      '--start-timeout-ms <ms>',
      'timeout for a provider to start and finish its handshake',
      String(RUN_DEFAULTS.startTimeoutMs),
    )
    .option('--global-timeout <ms>', 'stop the whole run after this long; the reports of what ran are written (exit 3)')
    .option(
      '--restart-budget <n>',
      'provider restarts allowed after crashes, over the whole run',
      String(RUN_DEFAULTS.restartBudget),
    )
    .option(
      '--metamorphic <n|all>',
      'metamorphic canonical-order check on all, n sampled, or 0 vectors',
      String(RUN_DEFAULTS.metamorphic),
    )
    .option('--seed <n>', 'seed of the metamorphic sample and variants', String(RUN_DEFAULTS.seed))
    .option('--expectations <file>', 'known failures: JSON [{id, verdict, reason, clauses?}], id may end in *')
    .option('--update-expectations <file>', 'write FILE from this run: an entry for every FAIL and ERROR, reasons kept')
    .option('--report <format>', `write a report: ${REPORT_FORMATS.join(', ')} (repeatable)`, collect, [])
    .option('--report-dir <dir>', 'folder for report files (default: the working directory)')
    .option('--out <file>', 'file for the one --report format ("-" for stdout)')
    .option('--events <file>', 'write the JSON event stream (one event per line)')
    .option('--verbose', 'print every violation and the whole diff')
    .option('--reporter <kind>', `console reporter: auto, ${REPORTERS.join(', ')}`, 'auto')
    .option(
      '--no-release-vary',
      'release-cost vectors: skip the repeated without-support build under varied conditions',
    )
    .option(
      '--fuzz <n>',
      'after the vectors, judge the provider on n generated cases no vector names (0: no fuzz phase)',
      '0',
    )
    .option('--fuzz-seed <n>', 'seed of the fuzz phase', String(RUN_DEFAULTS.seed))
    .option('--fuzz-out <dir>', 'folder a fuzz disagreement is written to as a vector set', 'kofun-ctk-fuzz')
    .option(
      '--hermetic',
      'trace the provider with strace: a network request or process start during a query FAILs it ' +
        '(KD-TRUST-09/10, KD-EFFECT-04)',
    )
    .option('--strace <path>', 'the strace that --hermetic runs', 'strace')
    .addHelpText('after', RUN_RELEASE_HELP)
    .action(async (opts: RunCliOptions) => {
      done(await runCommand(opts, io));
    });
};

async function runCommand(opts: RunCliOptions, io: Parameters<Register>[1]): Promise<number> {
  ignoreClosedOutput(io);
  const formats = listOption(opts.report);
  for (const f of formats)
    if (!(REPORT_FORMATS as readonly string[]).includes(f))
      throw new UsageError(`--report ${f}: use ${REPORT_FORMATS.join(', ')}`);
  if (opts.out !== undefined && formats.length !== 1) throw new UsageError('--out needs exactly one --report format');
  if (opts.out !== undefined && opts.reportDir !== undefined)
    throw new UsageError('give --out or --report-dir, not both');
  const jobs = intOption('--jobs', opts.jobs, 1);
  const timeoutMs = intOption('--timeout-ms', opts.timeoutMs, 1);
  const startTimeoutMs = intOption('--start-timeout-ms', opts.startTimeoutMs, 1);
  const restartBudget = intOption('--restart-budget', opts.restartBudget, 0);
  const seed = intOption('--seed', opts.seed, 0);
  const sample = opts.metamorphic === 'all' ? 'all' : intOption('--metamorphic', opts.metamorphic, 0);
  const shard = opts.shard === undefined ? undefined : parseShard(opts.shard);
  const fuzzCases = intOption('--fuzz', opts.fuzz, 0);
  const fuzzSeed = intOption('--fuzz-seed', opts.fuzzSeed, 0);
  const globalTimeoutMs =
    opts.globalTimeout === undefined ? undefined : intOption('--global-timeout', opts.globalTimeout, 1);

  const vectorsDir = opts.vectors === undefined ? undefined : resolve(io.cwd, opts.vectors);
  const vectorSet = loadVectorSet(vectorsDir ?? join(kitRoot(), 'vectors'));
  const filters: VectorFilters = {
    categories: listOption(opts.category),
    excludeCategories: listOption(opts.excludeCategory),
    ids: listOption(opts.id),
    clauses: listOption(opts.clause),
  };
  const everyVector = [...vectorSet.queryVectors, ...vectorSet.releaseVectors];
  const unknown = unknownFilterNames(everyVector, filters);
  if (unknown.length > 0) throw new UsageError(unknown.map(describeUnknownName).join('; '));
  if (opts.lastFailed !== undefined)
    filters.within = lastFailedIds(resolve(io.cwd, opts.lastFailed), vectorSet.vectorSetSha256);
  // Query and release-cost vectors are filtered and sharded as one list in id order, so shards split both.
  const filtered = filterVectors(everyVector, filters).sort((a, b) => compareUtf8(a.id, b.id));
  if (filtered.length === 0) throw new UsageError('no vector matches the filters');
  const sharded = shardVectors(filtered, shard);
  if (opts.list) {
    io.stdout.write(
      sharded
        .map(
          (v) => `${escapeText(v.id)}\t${escapeText(v.category)}\t${v.clauses.map((c) => escapeText(c)).join(' ')}\n`,
        )
        .join(''),
    );
    io.stderr.write(
      `${sharded.length} of ${everyVector.length} vectors ` +
        `selected${shard === undefined ? '' : ` (shard ${shard.k}/${shard.n} of ${filtered.length})`}\n`,
    );
    return EXIT.ok;
  }

  for (const [option, value, kind] of [
    ['--events', opts.events, 'file'],
    ['--out', opts.out === '-' ? undefined : opts.out, 'file'],
    ['--report-dir', opts.reportDir, 'folder'],
  ] as const) {
    const problem = value === undefined ? undefined : outputPathProblem(option, resolve(io.cwd, value), kind);
    if (problem !== undefined) throw new UsageError(problem);
  }
  const config = resolveProvider(opts, io.cwd);
  const hermetic = opts.hermetic === true ? startHermetic(config.spec, opts.strace) : undefined;
  const session = hermetic !== undefined && 'session' in hermetic ? hermetic.session : undefined;
  const inShard = new Set(sharded.map((v) => v.id));
  const selected = vectorSet.queryVectors.filter((v) => inShard.has(v.id));
  const selectedRelease = vectorSet.releaseVectors.filter((v) => inShard.has(v.id));
  const releaseBuild: ReleaseBuildPlan | null =
    config.build === undefined
      ? null
      : { config: config.build.config, checkDigests: config.build.reference, vary: opts.releaseVary };
  const expectationsPath = opts.expectations !== undefined ? resolve(io.cwd, opts.expectations) : config.expectations;
  const expectations: Expectation[] = expectationsPath === undefined ? [] : loadExpectations(expectationsPath);
  const knownIds = new Set([...vectorSet.queryVectors.map((v) => v.id), ...vectorSet.releaseVectors.map((v) => v.id)]);

  // Reports to stdout move the console view to stderr, so stdout carries only the report.
  const toStdout = opts.out === '-';
  const consoleStream = toStdout ? io.stderr : io.stdout;
  const tty = (consoleStream as { isTTY?: boolean }).isTTY === true && io.env.NO_COLOR === undefined;
  if (opts.reporter !== 'auto' && !(REPORTERS as readonly string[]).includes(opts.reporter)) {
    throw new UsageError(`--reporter ${opts.reporter}: use auto, ${REPORTERS.join(', ')}`);
  }
  const kind = chooseReporter(opts.reporter, tty, io.env);
  const reporter = consoleReporter(consoleStream, tty, { kind, ...(opts.verbose ? { verbose: true } : {}) });
  const eventsOut = opts.events === undefined ? undefined : openEvents(resolve(io.cwd, opts.events));
  const interruption = installRunInterruption({
    globalTimeoutMs,
    exitCode: EXIT.incomplete,
    notify: (line) => io.stderr.write(`${line}\n`),
  });
  const reproduce: ReproduceContext = {
    provider: opts,
    cwd: io.cwd,
    releaseIds: new Set(vectorSet.releaseVectors.map((v) => v.id)),
    seed,
    ...(vectorsDir === undefined ? {} : { vectors: vectorsDir }),
    ...(expectationsPath === undefined ? {} : { expectations: expectationsPath }),
    ...(opts.timeoutMs === String(RUN_DEFAULTS.timeoutMs) ? {} : { timeoutMs: opts.timeoutMs }),
    ...(opts.startTimeoutMs === String(RUN_DEFAULTS.startTimeoutMs) ? {} : { startTimeoutMs: opts.startTimeoutMs }),
    ...(opts.hermetic === true ? { hermeticStrace: opts.strace } : {}),
  };
  let report: GateReport;
  try {
    report = await runGate({
      kitVersion: kitVersion(),
      vectorSet,
      selected,
      selection: {
        categories: filters.categories,
        ids: filters.ids,
        clauses: filters.clauses,
        shard: shard === undefined ? null : `${shard.k}/${shard.n}`,
        filtered: filtered.length,
        total: selected.length + selectedRelease.length,
        exclude_categories: filters.excludeCategories ?? [],
        last_failed: opts.lastFailed !== undefined,
      },
      launcher: launcherFor(config.spec, kitVersion(), undefined, session),
      metamorphicLauncher: launcherFor(relocatedSpec(config.spec), kitVersion(), undefined, session),
      adapter: adapterName(config.spec),
      jobs,
      timeoutMs,
      startTimeoutMs,
      restartBudget,
      metamorphic: { sample, seed },
      expectations,
      knownIds,
      emit: (e: RunEvent) => {
        reporter.sink(e);
        eventsOut?.write(`${JSON.stringify(e)}\n`);
      },
      selectedRelease,
      releaseBuild,
      abort: interruption.signal,
      reproduce: (j) => reproduceCommand(j, reproduce),
      ...(hermetic === undefined ? {} : { hermetic }),
    });
    if (fuzzCases > 0) {
      const fuzz = await runFuzzPhase({
        seed: fuzzSeed,
        cases: fuzzCases,
        launcher: launcherFor(config.spec, kitVersion()),
        timeoutMs,
        startTimeoutMs,
        restartBudget,
        kitVersion: kitVersion(),
        folder: resolve(io.cwd, opts.fuzzOut),
      });
      report = withFuzzPhase(report, fuzz);
    }
  } finally {
    killAllGroups();
    session?.dispose();
    interruption.dispose();
    await new Promise<void>((r) => (eventsOut ? eventsOut.end(r) : r()));
  }
  const extra: string[] = report.fuzz === undefined ? [] : [escapeText(describeFuzzPhase(report.fuzz))];
  if (report.hermetic !== undefined) extra.push(escapeText(describeHermetic(report.hermetic)));
  if (releaseBuild === null && selectedRelease.length > 0) {
    extra.push(
      `${selectedRelease.length} release-cost vectors NOT-RUN: ${NO_BUILD_COMMANDS}.`,
      `  To judge them, declare "build" (a kofun.ctk.release-build/v1 file or object) in the ` +
        `--config provider configuration.`,
      `  To leave them out: --exclude-category release-cost`,
    );
  }
  if (opts.updateExpectations !== undefined) {
    const path = resolve(io.cwd, opts.updateExpectations);
    const previous = existsSync(path) ? loadExpectations(path) : expectations;
    const update = updateExpectations(previous, report.vectors, knownIds);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, expectationsText(update.entries));
    const changes = [
      `${update.added.length} added`,
      `${update.removed.length} removed`,
      `${update.replaced.length} prefix entries replaced`,
    ];
    extra.push(`expectations: ${update.entries.length} entries written to ${path} (${changes.join(', ')})`);
    if (update.notRun.length > 0) {
      extra.push(
        `  ${update.notRun.length} NOT-RUN vectors got no entry: they were never sent, so the run stays incomplete`,
      );
    }
  }
  for (const format of formats) {
    const text = renderReport(report, format as ReportFormat);
    if (toStdout) {
      io.stdout.write(text);
      continue;
    }
    const path =
      opts.out !== undefined
        ? resolve(io.cwd, opts.out)
        : join(resolve(io.cwd, opts.reportDir ?? '.'), reportFileName(format as ReportFormat));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    extra.push(`${format} report: ${path}`);
  }
  const stepSummary = io.env['GITHUB_STEP_SUMMARY'];
  if (kind === 'github' && stepSummary !== undefined && stepSummary !== '') {
    // GitHub refuses a step summary over 1 MiB: whatever the step wrote before counts too.
    const path = resolve(io.cwd, stepSummary);
    const used = existsSync(path) ? statSync(path).size : 0;
    if (used < JOB_SUMMARY_LIMIT) appendFileSync(path, renderJobSummary(report, JOB_SUMMARY_LIMIT - used));
    extra.push(`job summary appended to ${path}`);
  }
  reporter.summary(report, extra);
  return report.gate.exit_code;
}

/** Opens the event stream before the run; a path that cannot be opened is a usage error, never a stack trace. */
function openEvents(path: string): WriteStream {
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (err) {
    throw new UsageError(
      `--events ${escapeText(path)}: cannot be written (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const stream = createWriteStream(path, { fd });
  // A write that fails later (a full disk) must not crash the runner: the verdict still stands.
  stream.on('error', () => undefined);
  return stream;
}

function describeUnknownName(u: UnknownFilterName): string {
  const what = u.option === '--id' ? 'vector' : u.option === '--clause' ? 'clause exercised by any vector' : 'category';
  return (
    `${u.option} ${escapeText(u.name)}: no such ` +
    `${what}${u.suggestion === undefined ? '' : ` (did you mean ${escapeText(u.suggestion)}?)`}`
  );
}

function adapterName(spec: ProviderSpec): string {
  return spec.kind === 'module' ? 'module' : spec.mode === 'one-shot' ? 'process-one-shot' : 'process-persistent';
}
