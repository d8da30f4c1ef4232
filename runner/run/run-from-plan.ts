/**
 * A planned gate run carried out, in named steps: the output paths checked (so a bad path costs no provider start),
 * the resources opened as one disposable (the provider resolved, the expectations read, the sandbox, the hermetic
 * trace, the launchers; in a run without a provider, `release-cost --vectors`, the build read and the builds' sandbox,
 * and no launcher), the sinks opened (the console, the event stream, the interruption, the reproducing
 * commands), the gate run (run-gate.ts) on the plan as it was read, and every provider and build killed and every
 * handler removed however it ends.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname, join } from 'node:path';
import { escapeText, kitVersion } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { openProviderSandbox } from '../adapters/provider-sandbox.js';
import { launcherFor, relocatedSpec, resolveProvider, type ProviderSpec } from '../adapters/provider-spec.js';
import type { HermeticSession } from '../hermetic/hermetic-session.js';
import { startHermetic } from '../hermetic/start-hermetic.js';
import { outputPathProblem } from '../io/check-output-path.js';
import { EXIT, UsageError, type CliIo } from '../io/cli-io.js';
import { killAllGroups } from '../io/process-group.js';
import { linkedOutputProblem, openOutputNoFollow } from '../io/write-output-file.js';
import { loadExpectations, type Expectation } from '../judge/expectations.js';
import { NO_BUILD_COMMANDS } from '../judge/judge-release-vector.js';
import { readBuildConfigFile, type BuildConfig } from '../release-cost/build-config.js';
import { referenceBuildConfig } from '../release-cost/reference-build.js';
import {
  chooseReporter,
  consoleReporter,
  type ConsoleReporter,
  type ReporterKind,
} from '../report/console-reporter.js';
import type { GateReport } from '../report/gate-report.js';
import type { RunEvent } from '../report/run-events.js';
import { openSandbox } from '../sandbox/open-sandbox.js';
import type { NamedPath } from '../sandbox/sandbox-view.js';
import type { ChosenVectors } from './choose-vectors.js';
import type { GateResources, GateSinks } from './gate-run.js';
import { loadKitEagerly } from './load-kit-eagerly.js';
import { reproduceCommand, reproduceFreshCommand, type ReproduceContext } from './reproduce-command.js';
import { runGate } from './run-gate.js';
import { installRunInterruption, type RunInterruption } from './run-interruption.js';
import type { BuildsOnlyPlan, ProviderPlan, ReportsPlan, RunPlan } from './run-plan.js';
import { reportPath, type WrittenReport } from './write-run-reports.js';

/** A finished run: its report, the console that shows it, and what the outputs written after it need. */
export interface FinishedRun {
  report: GateReport;
  console: ConsoleReporter;
  /** The console reporter chosen (`github` also appends the job summary). */
  reporterKind: ReporterKind;
  /** Lines for the console summary, before those of the outputs written. */
  notes: string[];
  /** The expectations the run applied (what `--update-expectations` starts from when its file does not exist). */
  expectations: readonly Expectation[];
  knownIds: ReadonlySet<string>;
  /**
   * Ends the event stream (`--events`): its run-end event is written last, once the reports are, with the digest of
   * each report's bytes.
   */
  closeEvents(written: readonly WrittenReport[]): Promise<void>;
}

/** Runs the gate the plan describes on the chosen vectors: the outputs checked, the resources and sinks opened. */
export async function runFromPlan(plan: RunPlan, chosen: ChosenVectors, io: CliIo): Promise<FinishedRun> {
  checkOutputs(plan.reports, io.cwd);
  const opened = openResources(plan, chosen, io);
  let sinks: OpenedSinks;
  try {
    sinks = openSinks(plan, io, {
      plan,
      cwd: io.cwd,
      releaseIds: new Set(chosen.vectorSet.releaseVectors.map((v) => v.id)),
      ...(opened.expectationsPath === undefined ? {} : { expectations: opened.expectationsPath }),
    });
  } catch (err) {
    opened.dispose();
    throw err;
  }
  let report: GateReport;
  try {
    report = await runGate({ plan: plan.phases, resources: opened.resources, sinks: sinks.gate });
  } finally {
    opened.dispose();
    sinks.interruption.dispose();
  }
  const notes = [...chosen.notes, ...releaseNotRunNotes(report, chosen, opened.resources.releaseBuild !== null)];
  const { console, reporterKind, closeEvents } = sinks;
  const expectations = opened.resources.expectations;
  return { report, console, reporterKind, notes, expectations, knownIds: chosen.knownIds, closeEvents };
}

/**
 * Checks every output path before anything runs: a bad path costs no provider start, and a link at an output path is
 * refused (one planted during the run is replaced, never followed).
 */
function checkOutputs(reports: ReportsPlan, cwd: string): void {
  const paths = [
    ['--events', reports.events, 'file'],
    ['--out', reports.out === '-' ? undefined : reports.out, 'file'],
    ['--report-dir', reports.dir, 'folder'],
    ['--update-expectations', reports.updateExpectations, 'file'],
  ] as const;
  for (const [option, value, kind] of paths) {
    const problem = value === undefined ? undefined : outputPathProblem(option, value, kind);
    if (problem !== undefined) throw new UsageError(problem);
  }
  const outputs: [string, string | undefined][] = [
    ['--events', reports.events],
    ['--update-expectations', reports.updateExpectations],
    ...(reports.out === '-'
      ? []
      : reports.formats.map((f): [string, string] => ['--report', reportPath(reports, f, cwd)])),
  ];
  for (const [option, path] of outputs) {
    const problem = path === undefined ? undefined : linkedOutputProblem(option, path);
    if (problem !== undefined) throw new UsageError(problem);
  }
}

/** The resources of a run, opened: disposing of them kills every provider and build and closes the sandbox. */
interface OpenedResources {
  resources: GateResources;
  /** The expectations file applied (`--expectations`, else the provider configuration's), absolute. */
  expectationsPath?: string;
  dispose(): void;
}

/** Opens what the run needs before it starts, as one disposable: for its provider, or for its builds alone. */
function openResources(plan: RunPlan, chosen: ChosenVectors, io: CliIo): OpenedResources {
  const provider = plan.provider;
  return 'buildsOnly' in provider
    ? openBuildsOnly(plan, provider, chosen, io)
    : openProviderResources(plan, provider, chosen, io);
}

/**
 * Opens a run's provider: the provider resolved, the kit loaded, the expectations read, the sandbox opened (with the
 * hermetic trace, when asked for), the provider's launchers.
 */
function openProviderResources(
  plan: RunPlan,
  provider: ProviderPlan,
  chosen: ChosenVectors,
  io: CliIo,
): OpenedResources {
  const config = resolveProvider(provider.given, io.cwd);
  const strace = provider.hermetic?.strace;
  // An in-thread module is refused for --hermetic before anything opens.
  if (strace !== undefined) startHermetic(config.spec, strace, true);
  // Everything the runner will load is loaded before the sandbox and the first provider start, so nothing a
  // provider could have written runs in the runner.
  loadKitEagerly(plan.reports.formats);
  const expectationsPath = plan.phases.finish.expectations ?? config.expectations;
  const expectations = expectationsPath === undefined ? [] : loadExpectations(expectationsPath);
  const sandbox = openProviderSandbox(
    provider.sandbox,
    config,
    {
      vectorSets: [vectorSetFolder(plan)],
      outputs: outputPaths(plan, io.cwd),
      cwd: io.cwd,
      env: io.env,
      ...(config.build === undefined ? {} : { buildCaps: config.build.config.limits }),
    },
    relocatedSpec(config.spec),
  );
  let session: HermeticSession | undefined;
  const dispose = (): void => {
    killAllGroups();
    sandbox.dispose();
    session?.dispose();
  };
  try {
    // In the sandbox --hermetic is enforced by a seccomp program and nothing is traced; without it, strace observes.
    const hermetic = strace === undefined ? undefined : startHermetic(config.spec, strace, sandbox.enforcesHermetic);
    session = hermetic !== undefined && 'session' in hermetic ? hermetic.session : undefined;
    // In the sandbox a provider runs in a scratch folder: its argv names paths of its own folder absolutely.
    const spec = sandbox.on ? relocatedSpec(config.spec) : config.spec;
    const launch = {
      kitVersion: kitVersion(),
      sandbox,
      ...(hermetic !== undefined && 'enforced' in hermetic ? { enforceHermetic: true } : {}),
    };
    const traced = { ...launch, ...(session === undefined ? {} : { hermetic: session }) };
    const resources: GateResources = {
      kitVersion: kitVersion(),
      vectors: chosen,
      launchers: {
        launcher: launcherFor(spec, traced),
        metamorphicLauncher: launcherFor(relocatedSpec(config.spec), traced),
        // The fuzz phase's instances are its own, outside the trace: the hermetic section counts the gate's instances.
        fuzzLauncher: launcherFor(spec, launch),
      },
      adapter: adapterName(config.spec),
      sandbox: sandbox.report,
      releaseBuild:
        config.build === undefined
          ? null
          : { config: config.build.config, checkDigests: config.build.reference, sandbox },
      expectations,
      missingFeatures: config.missingFeatures ?? [],
      ...(hermetic === undefined ? {} : { hermetic }),
    };
    return { resources, ...(expectationsPath === undefined ? {} : { expectationsPath }), dispose };
  } catch (err) {
    dispose();
    throw err;
  }
}

/**
 * Opens a run without a provider (`release-cost --vectors`): the build read (a kofun.ctk.release-build/v1 file, with
 * the reader a provider configuration's `build` goes through, or the kit's reference builder), the kit loaded, the
 * expectations read, the builds' sandbox opened. No launcher: no instance starts.
 */
function openBuildsOnly(plan: RunPlan, builds: BuildsOnlyPlan, chosen: ChosenVectors, io: CliIo): OpenedResources {
  const build = buildsOnlyConfig(builds.buildsOnly);
  loadKitEagerly(plan.reports.formats);
  const expectationsPath = plan.phases.finish.expectations;
  const expectations = expectationsPath === undefined ? [] : loadExpectations(expectationsPath);
  // A build sees no vector set and none of the run's outputs; there is no provider whose folders it would be shown.
  const sandbox = openSandbox(builds.sandbox, {
    vectorSets: [vectorSetFolder(plan)],
    outputs: outputPaths(plan, io.cwd),
    cwd: io.cwd,
    env: io.env,
    buildCaps: build.limits,
  });
  const resources: GateResources = {
    kitVersion: kitVersion(),
    vectors: chosen,
    launchers: null,
    adapter: 'none',
    sandbox: sandbox.report,
    releaseBuild: { config: build, checkDigests: builds.checkDigests, sandbox },
    expectations,
    missingFeatures: [],
  };
  const dispose = (): void => {
    killAllGroups();
    sandbox.dispose();
  };
  return { resources, ...(expectationsPath === undefined ? {} : { expectationsPath }), dispose };
}

/** The build of a run without a provider; a build configuration file that cannot be read is a UsageError. */
function buildsOnlyConfig(build: BuildsOnlyPlan['buildsOnly']): BuildConfig {
  if ('reference' in build) return { ...referenceBuildConfig(), timeoutMs: build.reference.timeoutMs };
  const parsed = readBuildConfigFile(build.file);
  if (!parsed.ok) throw new UsageError(`release-cost: --build-config: ${escapeText(parsed.message)}`);
  return parsed.config;
}

/** The vector set of the run, absolute: `--vectors`, else the kit's own. */
function vectorSetFolder(plan: RunPlan): string {
  return plan.selection.vectors ?? join(kitRoot(), 'vectors');
}

/** Where a run reports, opened: the console, the event stream, the interruption, the reproducing commands. */
interface OpenedSinks {
  gate: GateSinks;
  console: ConsoleReporter;
  reporterKind: ReporterKind;
  interruption: RunInterruption;
  closeEvents: FinishedRun['closeEvents'];
}

/** Opens the sinks of the run; a path of the event stream that cannot be opened is a usage error. */
function openSinks(plan: RunPlan, io: CliIo, reproduce: ReproduceContext): OpenedSinks {
  const { reports } = plan;
  // Reports to stdout move the console view to stderr, so stdout carries only the report.
  const consoleStream = reports.out === '-' ? io.stderr : io.stdout;
  const tty = (consoleStream as { isTTY?: boolean }).isTTY === true && io.env.NO_COLOR === undefined;
  const reporterKind = chooseReporter(reports.reporter, tty, io.env);
  const reporter = consoleReporter(consoleStream, tty, {
    kind: reporterKind,
    ...(reports.verbose ? { verbose: true } : {}),
  });
  const eventsOut = reports.events === undefined ? undefined : openEvents(reports.events);
  let runEnd: RunEvent | undefined;
  const interruption = installRunInterruption({
    globalTimeoutMs: plan.phases.globalTimeoutMs,
    exitCode: EXIT.incomplete,
    notify: (line) => io.stderr.write(`${line}\n`),
  });
  const closeEvents = async (written: readonly WrittenReport[]): Promise<void> => {
    if (eventsOut === undefined) return;
    if (runEnd !== undefined) {
      const reportsWritten = written.map((w) => ({ format: w.format, path: w.path, sha256: w.sha256 }));
      eventsOut.write(`${JSON.stringify({ ...runEnd, reports: reportsWritten })}\n`);
    }
    await new Promise<void>((r) => eventsOut.end(r));
  };
  const gate: GateSinks = {
    emit: (e) => {
      reporter.sink(e);
      if (e.event === 'run-end') runEnd = e;
      else eventsOut?.write(`${JSON.stringify(e)}\n`);
    },
    abort: interruption.signal,
    reproduce: (j) => reproduceCommand(j, reproduce),
    reproduceFresh: (from) => reproduceFreshCommand(from, reproduce),
  };
  return { gate, console: reporter, reporterKind, interruption, closeEvents };
}

/** What the console says of release-cost vectors left NOT-RUN because the provider declares no build. */
function releaseNotRunNotes(report: GateReport, chosen: ChosenVectors, built: boolean): string[] {
  // The release-cost vectors a missing feature left NOT-APPLICABLE are not NOT-RUN.
  const releaseIds = new Set(chosen.selectedRelease.map((v) => v.id));
  const releaseNotRun = report.vectors.filter((v) => releaseIds.has(v.id) && v.verdict === 'NOT-RUN').length;
  if (built || releaseNotRun === 0) return [];
  return [
    `${releaseNotRun} release-cost vectors NOT-RUN: ${NO_BUILD_COMMANDS}.`,
    `  To judge them, declare "build" (a kofun.ctk.release-build/v1 file or object) in the ` +
      `--config provider configuration.`,
    `  To leave them out: --exclude-category release-cost`,
  ];
}

/**
 * What the run writes: no writable bind of the provider's configuration may touch it, and where it exists already (an
 * earlier run's reports, with their diffs) the provider never sees it.
 */
function outputPaths(plan: RunPlan, cwd: string): NamedPath[] {
  const { reports, phases } = plan;
  const out: NamedPath[] = [];
  if (reports.formats.length > 0 && reports.out !== '-') {
    if (reports.out !== undefined) out.push({ path: reports.out, what: 'a report' });
    else if (reports.dir !== undefined) out.push({ path: reports.dir, what: 'the report folder' });
    else for (const f of reports.formats) out.push({ path: reportPath(reports, f, cwd), what: 'a report' });
  }
  if (reports.events !== undefined) out.push({ path: reports.events, what: 'the event stream' });
  if (reports.updateExpectations !== undefined)
    out.push({ path: reports.updateExpectations, what: 'the expectations file' });
  if (phases.fuzz.cases > 0) out.push({ path: phases.fuzz.folder, what: 'the fuzz output folder' });
  return out;
}

/** Opens the event stream before the run; a path that cannot be opened is a usage error, never a stack trace. */
function openEvents(path: string): WriteStream {
  let fd: number;
  try {
    mkdirSync(dirname(path), { recursive: true });
    fd = openOutputNoFollow(path, 'truncate');
  } catch (err) {
    throw new UsageError(
      linkedOutputProblem('--events', path) ??
        `--events ${escapeText(path)}: cannot be written (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const stream = createWriteStream(path, { fd });
  // A write that fails later (a full disk) must not crash the runner: the verdict still stands.
  stream.on('error', () => undefined);
  return stream;
}

function adapterName(spec: ProviderSpec): string {
  return spec.kind === 'module' ? 'module' : spec.mode === 'one-shot' ? 'process-one-shot' : 'process-persistent';
}
