/**
 * The plan of a gate run (`kofun-ctk run`): every option read once, before anything is loaded or started, into plain
 * data in four parts: what to select, which provider (and how it is launched), how each phase runs, and what is
 * reported. The run follows the plan and reads no option again; `run --list --plan` prints it.
 *
 * An option is declared here (`declareRunOptions`), read here (`readRunPlan`) into the part of the plan it belongs to,
 * and used by the one phase or step that part configures (run-gate.ts lists the phases), so a new option touches this
 * module and that one.
 *
 * `release-cost --vectors` plans the same run without a provider (builds-only-plan.ts): it declares and reads the
 * options it shares with `run` (the narrowing of the selection, `--jobs`, the reports) with the functions here.
 */
import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ProviderOptions } from '../adapters/provider-spec.js';
import { UsageError, type CliIo } from '../io/cli-io.js';
import { collect, intOption, RUN_DEFAULTS } from '../io/cli-options.js';
import { REPORTERS } from '../report/console-reporter.js';
import { REPORT_FORMATS, type ReportFormat } from '../report/render-report.js';
import { readSandboxPlan, type SandboxOptions, type SandboxPlan } from '../sandbox/open-sandbox.js';
import { listOption, parseShard, type Shard } from '../vectors/select-vectors.js';

/** What the vectors of the run are: the set, the filters, an earlier report's failures, the shard. */
export interface SelectionPlan {
  /** The vector folder, absolute; the kit's own vectors when absent. */
  vectors?: string;
  categories: string[];
  excludeCategories: string[];
  /** Exact ids, or prefixes ending in `*`. */
  ids: string[];
  clauses: string[];
  /** `--last-failed`: the JSON report, absolute, whose failures are the only vectors run. */
  lastFailed?: string;
  shard?: Shard;
}

/** Which provider runs, and under what. */
export interface ProviderPlan {
  /** The provider-selecting options as given (resolved to a provider when the run starts). */
  given: ProviderOptions;
  /** `--hermetic`: every provider instance under this strace. */
  hermetic?: { strace: string };
  /** `--sandbox`, `--bwrap`: every provider process and declared build in the sandbox, or why not. */
  sandbox: SandboxPlan;
}

/**
 * The base phase: the query vectors over `jobs` provider instances, sharing `jobs` units of work at once with the
 * release-cost builds (and the instances of the metamorphic and fresh phases).
 */
export interface BasePhasePlan {
  /** `--jobs`, else the available cores (`os.availableParallelism()`). */
  jobs: number;
  /** Per fixture load and per query. */
  timeoutMs: number;
  /** For a provider to start and finish its handshake. */
  startTimeoutMs: number;
  /** Restarts allowed over the whole run after a provider instance died. */
  restartBudget: number;
}

/** The release-cost phase: the selected release-cost vectors built with the provider's declared builds. */
export interface ReleaseCostPhasePlan {
  /** Repeat the without-support build under the variant conditions and require the same bytes (KD-RELEASE-03). */
  vary: boolean;
}

/** The metamorphic phase: a seeded sample of the answered vectors against fixture variants (KD-ORDER-12). */
export interface MetamorphicPhasePlan {
  /** `all`, or how many vectors are sampled; 0 turns the phase off. */
  sample: number | 'all';
  seed: number;
}

/** The state phase: the queries of fixtures with two or more answered vectors asked again (state-phase.ts). */
export interface StatePhasePlan {
  /** `all` such fixtures, or how many (the first in the run's order); 0 turns the phase off. */
  fixtures: number | 'all';
}

/**
 * The fresh phase: selected vectors asked again in their worlds renamed from the run seed (fresh-phase.ts), against
 * the oracle's answers there.
 */
export interface FreshPhasePlan {
  /** `all` of the selected query vectors, or how many cases; 0 turns the phase off. */
  sample: number | 'all';
  /** The run seed (the metamorphic phase's too). */
  seed: number;
}

/** The fuzz phase: generated cases no vector names, against the oracle's answers. */
export interface FuzzPhasePlan {
  /** Generated cases; 0 turns the phase off. */
  cases: number;
  seed: number;
  /** The folder a disagreement is written to as a vector set, absolute. */
  folder: string;
}

/** The finish: the expectations applied, the gate computed. */
export interface FinishPhasePlan {
  /** `--expectations`, absolute (else the provider configuration's, if it names one). */
  expectations?: string;
  /**
   * `--allow-missing-features`: the gate may pass with features the provider declares missing ("conformant except
   * features X, Y"); without it such a gate fails (PROTOCOL.md, "Features").
   */
  allowMissingFeatures: boolean;
}

/** How each phase of the gate runs (run-gate.ts), and the limit on the whole run. */
export interface PhasesPlan {
  base: BasePhasePlan;
  releaseCost: ReleaseCostPhasePlan;
  metamorphic: MetamorphicPhasePlan;
  state: StatePhasePlan;
  fresh: FreshPhasePlan;
  fuzz: FuzzPhasePlan;
  finish: FinishPhasePlan;
  /** `--global-timeout`: the run stops after this long, and reports what ran. */
  globalTimeoutMs?: number;
}

/**
 * The phases of a gate run that sends `base` and builds the release-cost vectors (varied, as `run` does by default),
 * with every later phase off unless `parts` gives it: what a gate run outside the command line (a test, the census,
 * the benchmark) follows.
 */
export function gatePhases(base: BasePhasePlan, parts: Partial<Omit<PhasesPlan, 'base'>> = {}): PhasesPlan {
  return {
    base,
    releaseCost: { vary: true },
    metamorphic: { sample: 0, seed: 1 },
    state: { fixtures: 0 },
    fresh: { sample: 0, seed: 1 },
    fuzz: { cases: 0, seed: 0, folder: '' },
    finish: { allowMissingFeatures: false },
    ...parts,
  };
}

/** What the run reports, and where. */
export interface ReportsPlan {
  formats: ReportFormat[];
  /** `--out`: the file (absolute) of the one format, or `-` for stdout. */
  out?: string;
  /** `--report-dir`, absolute. */
  dir?: string;
  /** `--events`: the event stream's file, absolute. */
  events?: string;
  /** `auto`, or one of the console reporters. */
  reporter: 'auto' | (typeof REPORTERS)[number];
  verbose: boolean;
  /** `--update-expectations`: the expectations file rewritten from the run, absolute. */
  updateExpectations?: string;
}

/**
 * A run without a provider (`release-cost --vectors`, builds-only-plan.ts): it selects release-cost vectors only,
 * builds each with these commands in the sandbox, and sends no query.
 */
export interface BuildsOnlyPlan {
  /**
   * `--build-config`: a kofun.ctk.release-build/v1 file (absolute), read as a provider configuration's `build` is; or
   * `--reference`: the kit's reference builder, each build within `--timeout`.
   */
  buildsOnly: { file: string } | { reference: { timeoutMs: number } };
  /** `--reference`, `--check-digests`: every artifact must also be the vector's reference artifact. */
  checkDigests: boolean;
  /** `--sandbox`, `--bwrap`: every build in the sandbox, or why not. */
  sandbox: SandboxPlan;
}

/** A gate run, planned: `run` runs it; `list` prints the selected vectors, `plan` this plan, and neither runs. */
export interface RunPlan {
  mode: 'run' | 'list' | 'plan';
  selection: SelectionPlan;
  /** Which provider runs, or, in a run without one (`release-cost --vectors`), what builds. */
  provider: ProviderPlan | BuildsOnlyPlan;
  phases: PhasesPlan;
  reports: ReportsPlan;
}

/** The options `run` shares with `release-cost --vectors` that narrow the selection, and `--jobs`. */
export interface NarrowingCliOptions {
  id: string[];
  clause: string[];
  lastFailed?: string;
  shard?: string;
  /** Absent: the available cores. */
  jobs?: string;
}

/** The options `run` shares with `release-cost --vectors` that say what is reported, and where. */
export interface ReportCliOptions {
  expectations?: string;
  updateExpectations?: string;
  report: string[];
  reportDir?: string;
  /** `run` only (`release-cost` has its own `--out`). */
  out?: string;
  events?: string;
  verbose?: boolean;
  reporter: string;
}

/** The options of `kofun-ctk run` as commander hands them over (the provider options are added by cli-options.ts). */
export interface RunCliOptions extends ProviderOptions, SandboxOptions, NarrowingCliOptions, ReportCliOptions {
  vectors?: string;
  category: string[];
  excludeCategory: string[];
  list?: boolean;
  plan?: boolean;
  globalTimeout?: string;
  timeoutMs: string;
  startTimeoutMs: string;
  restartBudget: string;
  metamorphic: string;
  /** Absent: a seed is drawn for the run. */
  seed?: string;
  state: string;
  fresh: string;
  /** False with --no-release-vary. */
  releaseVary: boolean;
  fuzz: string;
  fuzzSeed: string;
  fuzzOut: string;
  hermetic?: boolean;
  strace: string;
  allowMissingFeatures?: boolean;
}

/** Declares the options of `kofun-ctk run` (beside the provider options) on `command`. */
export function declareRunOptions(command: Command): Command {
  return declarePhaseOptions(declareReportOptions(declareSelectionOptions(command)));
}

/** Declares the options of the selection: the set, the filters, the listing. */
function declareSelectionOptions(command: Command): Command {
  return declareNarrowingOptions(
    command
      .option('--vectors <dir>', 'vector folder (default: the vectors shipped with the kit)')
      .option('--category <name>', 'only vectors of this category (repeatable, or comma-separated)', collect, [])
      .option(
        '--exclude-category <name>',
        'leave out the vectors of this category (repeatable, or comma-separated)',
        collect,
        [],
      ),
  )
    .option('--list', 'print the selected vectors and exit, without starting a provider')
    .option('--plan', 'with --list: print the plan of the run (JSON) instead of the vectors');
}

/**
 * Declares the options `run` shares with `release-cost --vectors` that narrow the selection (`--id`, `--clause`,
 * `--last-failed`, `--shard`) and `--jobs`; `applies` heads each description (`vectors: ` for release-cost).
 */
export function declareNarrowingOptions(command: Command, applies = ''): Command {
  return command
    .option('--id <id>', `${applies}only this vector id, or a prefix ending in * (repeatable)`, collect, [])
    .option('--clause <KD-id>', `${applies}only vectors exercising this clause (repeatable)`, collect, [])
    .option(
      '--last-failed <report>',
      `${applies}only the vectors that failed the gate in this JSON report (same vector set)`,
    )
    .option('--shard <k/n>', `${applies}run the k-th of n shards of the selection`)
    .option(
      '-j, --jobs <n>',
      `${applies}units of work at once: provider instances and release-cost builds (default: the available cores, ` +
        `os.availableParallelism(), ${RUN_DEFAULTS.jobs} here)`,
    );
}

/** Declares the options of the phases: the timeouts, the later phases, the release-cost builds, the trace. */
function declarePhaseOptions(command: Command): Command {
  return command
    .option('--timeout-ms <ms>', 'timeout per fixture load and per query', String(RUN_DEFAULTS.timeoutMs))
    .option(
      '--start-timeout-ms <ms>',
      'timeout for a provider to start and finish its handshake',
      String(RUN_DEFAULTS.startTimeoutMs),
    )
    .option(
      '--global-timeout <ms>',
      'stop the whole run after this long; the reports of what ran are written ' +
        '(incomplete: exit 3 unless something failed)',
    )
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
    .option(
      '--seed <n>',
      'seed of the run: the metamorphic sample and variants, and the fresh cases (default: drawn for each run, ' +
        'printed and in every report)',
    )
    .option(
      '--state <n|all>',
      'ask again the queries of n (or all) fixtures with two or more answered vectors, in reverse order and twice ' +
        'in a row in one fresh instance; every answer must be the bytes the vectors got (0: none)',
      String(RUN_DEFAULTS.state),
    )
    .option(
      '--fresh <n|all>',
      'judge n (or all) selected vectors again in their worlds renamed from the seed, against the oracle (0: none)',
      String(RUN_DEFAULTS.fresh),
    )
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
      'KD-TRUST-09/10, KD-EFFECT-04: in the sandbox a seccomp program ends a provider that starts a process or opens ' +
        'a network socket (ERROR hermetic); with --sandbox off, strace observes and a query with such an effect FAILs',
    )
    .option('--strace <path>', 'the strace that --hermetic runs with --sandbox off', 'strace');
}

/** Declares the options of the finish and the reports. */
function declareReportOptions(command: Command): Command {
  return declareGateReportOptions(command)
    .option('--out <file>', 'file for the one --report format ("-" for stdout)')
    .option(
      '--allow-missing-features',
      'pass the gate "conformant except features X, Y" when the provider declares features missing (their ' +
        'vectors NOT-APPLICABLE); without it such a gate fails',
    );
}

/**
 * Declares the options `run` shares with `release-cost --vectors` that say what is reported, and where (all but
 * `--out`); `applies` heads each description.
 */
export function declareGateReportOptions(command: Command, applies = ''): Command {
  return command
    .option(
      '--expectations <file>',
      `${applies}known failures: JSON [{id, verdict, reason, clauses?}], id may end in *`,
    )
    .option(
      '--update-expectations <file>',
      `${applies}write FILE from this run: an entry for every FAIL and ERROR, reasons kept`,
    )
    .option(
      '--report <formats>',
      `${applies}write reports: ${REPORT_FORMATS.join(', ')} (comma-separated, e.g. --report junit,md, or repeated)`,
      collect,
      [],
    )
    .option('--report-dir <dir>', `${applies}folder for report files (default: the working directory)`)
    .option('--events <file>', `${applies}write the JSON event stream (one event per line)`)
    .option('--verbose', `${applies}print every violation and the whole diff`)
    .option('--reporter <kind>', `${applies}console reporter: auto, ${REPORTERS.join(', ')}`, 'auto');
}

/**
 * Reads the options into the plan; a bad value or a conflict is a UsageError (exit 2), and nothing is read twice.
 * Without `--seed` the run's seed is `drawSeed()`: a fixed default would let a provider learn the fresh cases too.
 */
export function readRunPlan(opts: RunCliOptions, io: Pick<CliIo, 'cwd'>, drawSeed = drawRunSeed): RunPlan {
  const at = (path: string): string => resolve(io.cwd, path);
  const reports = readReportsPlan(opts, at);
  const base: BasePhasePlan = {
    jobs: readJobs(opts),
    ...readTimeouts(opts),
    restartBudget: intOption('--restart-budget', opts.restartBudget, 0),
  };
  const seed = opts.seed === undefined ? drawSeed() : intOption('--seed', opts.seed, 0);
  const sample = opts.metamorphic === 'all' ? 'all' : intOption('--metamorphic', opts.metamorphic, 0);
  const fresh: FreshPhasePlan = { sample: opts.fresh === 'all' ? 'all' : intOption('--fresh', opts.fresh, 0), seed };
  const state: StatePhasePlan = { fixtures: opts.state === 'all' ? 'all' : intOption('--state', opts.state, 0) };
  const fuzz: FuzzPhasePlan = {
    cases: intOption('--fuzz', opts.fuzz, 0),
    seed: intOption('--fuzz-seed', opts.fuzzSeed, 0),
    folder: at(opts.fuzzOut),
  };
  const globalTimeoutMs =
    opts.globalTimeout === undefined ? undefined : intOption('--global-timeout', opts.globalTimeout, 1);
  if (opts.plan === true && opts.list !== true) throw new UsageError('--plan applies to --list only');
  const selection: SelectionPlan = {
    categories: listOption(opts.category),
    excludeCategories: listOption(opts.excludeCategory),
    ...readNarrowing(opts, at),
    ...(opts.vectors === undefined ? {} : { vectors: at(opts.vectors) }),
  };
  return {
    mode: opts.list !== true ? 'run' : opts.plan === true ? 'plan' : 'list',
    selection,
    provider: readProviderPlan(opts),
    phases: {
      base,
      releaseCost: { vary: opts.releaseVary },
      metamorphic: { sample, seed },
      state,
      fresh,
      fuzz,
      finish: {
        ...(opts.expectations === undefined ? {} : { expectations: at(opts.expectations) }),
        allowMissingFeatures: opts.allowMissingFeatures === true,
      },
      ...(globalTimeoutMs === undefined ? {} : { globalTimeoutMs }),
    },
    reports,
  };
}

/** `--jobs`, else the available cores. */
export function readJobs(opts: Pick<NarrowingCliOptions, 'jobs'>): number {
  return opts.jobs === undefined ? RUN_DEFAULTS.jobs : intOption('--jobs', opts.jobs, 1);
}

/** The narrowing part of a selection: `--id`, `--clause`, `--last-failed` (absolute), `--shard`. */
export function readNarrowing(
  opts: NarrowingCliOptions,
  at: (path: string) => string,
): Pick<SelectionPlan, 'ids' | 'clauses' | 'lastFailed' | 'shard'> {
  const shard = opts.shard === undefined ? undefined : parseShard(opts.shard);
  return {
    ids: listOption(opts.id),
    clauses: listOption(opts.clause),
    ...(opts.lastFailed === undefined ? {} : { lastFailed: at(opts.lastFailed) }),
    ...(shard === undefined ? {} : { shard }),
  };
}

/** The reports part of a plan; an unknown format or reporter, or `--out` beside another option, is a UsageError. */
export function readReportsPlan(opts: ReportCliOptions, at: (path: string) => string): ReportsPlan {
  const formats = listOption(opts.report);
  for (const f of formats)
    if (!(REPORT_FORMATS as readonly string[]).includes(f))
      throw new UsageError(`--report ${f}: use ${REPORT_FORMATS.join(', ')}`);
  if (opts.out !== undefined && formats.length !== 1) throw new UsageError('--out needs exactly one --report format');
  if (opts.out !== undefined && opts.reportDir !== undefined)
    throw new UsageError('give --out or --report-dir, not both');
  if (opts.reporter !== 'auto' && !(REPORTERS as readonly string[]).includes(opts.reporter))
    throw new UsageError(`--reporter ${opts.reporter}: use auto, ${REPORTERS.join(', ')}`);
  return {
    formats: formats as ReportFormat[],
    reporter: opts.reporter as ReportsPlan['reporter'],
    verbose: opts.verbose === true,
    ...(opts.out === undefined ? {} : { out: opts.out === '-' ? '-' : at(opts.out) }),
    ...(opts.reportDir === undefined ? {} : { dir: at(opts.reportDir) }),
    ...(opts.events === undefined ? {} : { events: at(opts.events) }),
    ...(opts.updateExpectations === undefined ? {} : { updateExpectations: at(opts.updateExpectations) }),
  };
}

/** A run seed: any value `--seed` accepts (at most nine digits), so the run can be replayed with it. */
export function drawRunSeed(): number {
  return randomInt(1_000_000_000);
}

/**
 * The provider part of a plan: which provider, in what sandbox, under what trace. `run` reads it with the rest of
 * its plan; `smoke`, `repro`, `fuzz` and `replay` read it alone, so every command opens the provider's sandbox the
 * same way.
 */
export function readProviderPlan(opts: ProviderOptions & SandboxOptions & HermeticOptions): ProviderPlan {
  return {
    given: providerOptions(opts),
    ...(opts.hermetic === true ? { hermetic: { strace: opts.strace ?? 'strace' } } : {}),
    sandbox: readSandboxPlan(opts),
  };
}

/** `--hermetic` and the strace it runs with (only `run` has them). */
interface HermeticOptions {
  hermetic?: boolean;
  strace?: string;
}

/** The timeouts of a provider's start and of each fixture load and query, as `run` and the other commands read them. */
export function readTimeouts(opts: {
  timeoutMs: string;
  startTimeoutMs: string;
}): Pick<BasePhasePlan, 'timeoutMs' | 'startTimeoutMs'> {
  return {
    timeoutMs: intOption('--timeout-ms', opts.timeoutMs, 1),
    startTimeoutMs: intOption('--start-timeout-ms', opts.startTimeoutMs, 1),
  };
}

/** The provider-selecting options alone, as given (absent ones left out, so the plan prints only what was said). */
function providerOptions(opts: ProviderOptions): ProviderOptions {
  const given: ProviderOptions = {};
  if (opts.config !== undefined) given.config = opts.config;
  if (opts.process !== undefined) given.process = opts.process;
  if (opts.oneShot !== undefined) given.oneShot = opts.oneShot;
  if (opts.module !== undefined) given.module = opts.module;
  if (opts.moduleInThread !== undefined) given.moduleInThread = opts.moduleInThread;
  if (opts.provider !== undefined) given.provider = opts.provider;
  if (opts.adapter !== undefined) given.adapter = opts.adapter;
  if (opts.name !== undefined) given.name = opts.name;
  return given;
}
