/**
 * A planned gate run carried out: the output paths checked and the provider resolved before anything starts (so a
 * bad path or configuration costs no provider start), the trace, the expectations, the console, the event stream
 * and the interruption set up from the plan, the gate run (run-gate.ts), and every provider and build killed and
 * every handler removed however it ends.
 */
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { linkedOutputProblem, openOutputNoFollow } from '../io/write-output-file.js';
import type { RunEvent } from '../report/run-events.js';
import { reportPath, type WrittenReport } from './write-run-reports.js';
import { dirname, join, resolve } from 'node:path';
import { escapeText, kitVersion } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { launcherFor, relocatedSpec, resolveProvider, type ProviderSpec } from '../adapters/provider-spec.js';
import { startHermetic } from '../hermetic/start-hermetic.js';
import { outputPathProblem } from '../io/check-output-path.js';
import { EXIT, UsageError, type CliIo } from '../io/cli-io.js';
import { RUN_DEFAULTS } from '../io/cli-options.js';
import { killAllGroups } from '../io/process-group.js';
import { loadExpectations, type Expectation } from '../judge/expectations.js';
import { NO_BUILD_COMMANDS } from '../judge/judge-release-vector.js';
import {
  chooseReporter,
  consoleReporter,
  type ConsoleReporter,
  type ReporterKind,
} from '../report/console-reporter.js';
import type { GateReport } from '../report/gate-report.js';
import type { ChosenVectors } from './choose-vectors.js';
import type { GateRunOptions } from './gate-run.js';
import { reproduceCommand, reproduceFreshCommand, sandboxArgs, type ReproduceContext } from './reproduce-command.js';
import { runGate } from './run-gate.js';
import { installRunInterruption } from './run-interruption.js';
import type { RunPlan } from './run-plan.js';
import { openSandbox } from '../sandbox/open-sandbox.js';
import type { NamedPath } from '../sandbox/sandbox-view.js';
import { providerNeeds } from '../adapters/provider-sandbox.js';
import { loadKitEagerly } from './load-kit-eagerly.js';

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

/** Runs the gate the plan describes on the chosen vectors. */
export async function runFromPlan(plan: RunPlan, chosen: ChosenVectors, io: CliIo): Promise<FinishedRun> {
  const { reports, phases } = plan;
  for (const [option, value, kind] of [
    ['--events', reports.events, 'file'],
    ['--out', reports.out === '-' ? undefined : reports.out, 'file'],
    ['--report-dir', reports.dir, 'folder'],
    ['--update-expectations', reports.updateExpectations, 'file'],
  ] as const) {
    const problem = value === undefined ? undefined : outputPathProblem(option, value, kind);
    if (problem !== undefined) throw new UsageError(problem);
  }
  // A link at an output path is refused before anything runs; one planted during the run is replaced, never followed.
  const outputs: [string, string | undefined][] = [
    ['--events', reports.events],
    ['--update-expectations', reports.updateExpectations],
    ...(reports.out === '-'
      ? []
      : reports.formats.map((f): [string, string] => ['--report', reportPath(reports, f, io.cwd)])),
  ];
  for (const [option, path] of outputs) {
    const problem = path === undefined ? undefined : linkedOutputProblem(option, path);
    if (problem !== undefined) throw new UsageError(problem);
  }
  const config = resolveProvider(plan.provider.given, io.cwd);
  const strace = plan.provider.hermetic?.strace;
  // An in-thread module is refused for --hermetic before anything opens.
  if (strace !== undefined) startHermetic(config.spec, strace, true);
  // Everything the runner will load is loaded before the sandbox and the first provider start, so nothing a
  // provider could have written runs in the runner.
  loadKitEagerly(reports.formats);
  const vectorsFolder = plan.selection.vectors ?? join(kitRoot(), 'vectors');
  const sandbox = openSandbox(plan.provider.sandbox, {
    ...providerNeeds(config, relocatedSpec(config.spec)),
    vectorSets: [vectorsFolder],
    outputs: outputPaths(plan, io.cwd),
    cwd: io.cwd,
    env: io.env,
    ...(config.build === undefined ? {} : { buildCaps: config.build.config.limits }),
  });
  // In the sandbox --hermetic is enforced by a seccomp program and nothing is traced; without it, strace observes.
  const hermetic = strace === undefined ? undefined : startHermetic(config.spec, strace, sandbox.enforcesHermetic);
  const session = hermetic !== undefined && 'session' in hermetic ? hermetic.session : undefined;
  // In the sandbox a provider runs in a scratch folder: its argv names paths of its own folder absolutely.
  const spec = sandbox.on ? relocatedSpec(config.spec) : config.spec;
  const launch = {
    kitVersion: kitVersion(),
    sandbox,
    ...(hermetic !== undefined && 'enforced' in hermetic ? { enforceHermetic: true } : {}),
  };
  const releaseBuild: GateRunOptions['releaseBuild'] =
    config.build === undefined
      ? null
      : { config: config.build.config, checkDigests: config.build.reference, sandbox, ...phases.releaseCost };
  const expectationsPath = phases.finish.expectations ?? config.expectations;
  const expectations = expectationsPath === undefined ? [] : loadExpectations(expectationsPath);

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
    globalTimeoutMs: phases.globalTimeoutMs,
    exitCode: EXIT.incomplete,
    notify: (line) => io.stderr.write(`${line}\n`),
  });
  const reproduce: ReproduceContext = {
    provider: plan.provider.given,
    cwd: io.cwd,
    releaseIds: new Set(chosen.vectorSet.releaseVectors.map((v) => v.id)),
    seed: phases.metamorphic.seed,
    ...(plan.selection.vectors === undefined ? {} : { vectors: plan.selection.vectors }),
    ...(expectationsPath === undefined ? {} : { expectations: expectationsPath }),
    ...(phases.base.timeoutMs === RUN_DEFAULTS.timeoutMs ? {} : { timeoutMs: String(phases.base.timeoutMs) }),
    ...(phases.base.startTimeoutMs === RUN_DEFAULTS.startTimeoutMs
      ? {}
      : { startTimeoutMs: String(phases.base.startTimeoutMs) }),
    ...(strace === undefined ? {} : { hermeticStrace: strace }),
    sandboxArgs: sandboxArgs({
      ...(plan.provider.sandbox.offReason === '--sandbox off' ? { sandbox: 'off' } : {}),
      bwrap: plan.provider.sandbox.bwrap,
      passEnv: plan.provider.sandbox.passEnv,
      ...(plan.provider.sandbox.limits.offReason === '--limits off' ? { limits: 'off' } : {}),
    }),
  };
  const gate: GateRunOptions = {
    kitVersion: kitVersion(),
    vectorSet: chosen.vectorSet,
    selected: chosen.selected,
    selection: chosen.record,
    launcher: launcherFor(spec, { ...launch, ...(session === undefined ? {} : { hermetic: session }) }),
    metamorphicLauncher: launcherFor(relocatedSpec(config.spec), {
      ...launch,
      ...(session === undefined ? {} : { hermetic: session }),
    }),
    sandbox: sandbox.report,
    adapter: adapterName(config.spec),
    ...phases.base,
    metamorphic: phases.metamorphic,
    state: phases.state,
    fresh: { ...phases.fresh, reproduce: (from) => reproduceFreshCommand(from, phases.fresh.seed, reproduce) },
    expectations,
    knownIds: chosen.knownIds,
    emit: (e) => {
      reporter.sink(e);
      if (e.event === 'run-end') runEnd = e;
      else eventsOut?.write(`${JSON.stringify(e)}\n`);
    },
    selectedRelease: chosen.selectedRelease,
    releaseBuild,
    // The fuzz phase's instances are its own, outside the trace: the hermetic section counts the gate's instances.
    ...(phases.fuzz.cases > 0 ? { fuzz: { ...phases.fuzz, launcher: launcherFor(spec, launch) } } : {}),
    abort: interruption.signal,
    reproduce: (j) => reproduceCommand(j, reproduce),
    features: { configured: config.missingFeatures ?? [], allow: phases.finish.allowMissingFeatures },
    ...(hermetic === undefined ? {} : { hermetic }),
  };
  let report: GateReport;
  try {
    report = await runGate(gate);
  } finally {
    killAllGroups();
    sandbox.dispose();
    session?.dispose();
    interruption.dispose();
  }
  const closeEvents = async (written: readonly WrittenReport[]): Promise<void> => {
    if (eventsOut === undefined) return;
    if (runEnd !== undefined) {
      const reportsWritten = written.map((w) => ({ format: w.format, path: w.path, sha256: w.sha256 }));
      eventsOut.write(`${JSON.stringify({ ...runEnd, reports: reportsWritten })}\n`);
    }
    await new Promise<void>((r) => eventsOut.end(r));
  };
  const notes: string[] = [...chosen.notes];
  // The release-cost vectors a missing feature left NOT-APPLICABLE are not NOT-RUN.
  const releaseIds = new Set(chosen.selectedRelease.map((v) => v.id));
  const releaseNotRun = report.vectors.filter((v) => releaseIds.has(v.id) && v.verdict === 'NOT-RUN').length;
  if (releaseBuild === null && releaseNotRun > 0) {
    notes.push(
      `${releaseNotRun} release-cost vectors NOT-RUN: ${NO_BUILD_COMMANDS}.`,
      `  To judge them, declare "build" (a kofun.ctk.release-build/v1 file or object) in the ` +
        `--config provider configuration.`,
      `  To leave them out: --exclude-category release-cost`,
    );
  }
  return { report, console: reporter, reporterKind, notes, expectations, knownIds: chosen.knownIds, closeEvents };
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
