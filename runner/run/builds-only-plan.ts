/**
 * The plan of a run without a provider: `kofun-ctk release-cost --vectors [DIR] (--build-config FILE | --reference)`.
 * It is a gate run like `run`'s (run-plan.ts), read into the same plan: the vector set checked against its manifest,
 * the release-cost category selected and narrowed by `run`'s own `--id`, `--clause`, `--last-failed` and `--shard`,
 * only the release-cost phase on (varied unless `--no-vary`), `run`'s reports; so it is judged, reported and gated
 * as `run` judges, reports and gates the same vectors (its exit codes too). No provider starts and no query is sent.
 */
import { resolve } from 'node:path';
import { UsageError, type CliIo } from '../io/cli-io.js';
import { intOption, RUN_DEFAULTS } from '../io/cli-options.js';
import { readSandboxPlan, type SandboxOptions } from '../sandbox/open-sandbox.js';
import {
  gatePhases,
  readJobs,
  readNarrowing,
  readReportsPlan,
  type BuildsOnlyPlan,
  type NarrowingCliOptions,
  type ReportCliOptions,
  type RunPlan,
} from './run-plan.js';

/** The category a run without a provider selects: the only vectors that are built rather than sent. */
export const BUILT_CATEGORY = 'release-cost';

/** The options of `release-cost --vectors` as commander hands them over (`release-cost` declares the first five). */
export interface BuildsOnlyCliOptions extends SandboxOptions, NarrowingCliOptions, Omit<ReportCliOptions, 'out'> {
  /** `--vectors` alone (true): the kit's own vectors. */
  vectors?: string | true;
  buildConfig?: string;
  reference?: boolean;
  checkDigests?: boolean;
  /** False with --no-vary. */
  vary: boolean;
  /** Each build's timeout with `--reference` (a build configuration says its own). */
  timeout: string;
}

/** Reads the options into the plan of a run without a provider; a bad value or a conflict is a UsageError. */
export function readBuildsOnlyPlan(opts: BuildsOnlyCliOptions, io: Pick<CliIo, 'cwd'>): RunPlan {
  const at = (path: string): string => resolve(io.cwd, path);
  if ((opts.buildConfig === undefined) === (opts.reference !== true))
    throw new UsageError('release-cost: --vectors needs exactly one of --build-config and --reference');
  const provider: BuildsOnlyPlan = {
    buildsOnly:
      opts.buildConfig === undefined
        ? { reference: { timeoutMs: intOption('--timeout', opts.timeout, 1) } }
        : { file: at(opts.buildConfig) },
    checkDigests: opts.reference === true || opts.checkDigests === true,
    sandbox: readSandboxPlan(opts),
  };
  return {
    mode: 'run',
    selection: {
      categories: [BUILT_CATEGORY],
      excludeCategories: [],
      ...readNarrowing(opts, at),
      ...(opts.vectors === undefined || opts.vectors === true ? {} : { vectors: at(opts.vectors) }),
    },
    provider,
    phases: gatePhases(
      {
        jobs: readJobs(opts),
        timeoutMs: RUN_DEFAULTS.timeoutMs,
        startTimeoutMs: RUN_DEFAULTS.startTimeoutMs,
        restartBudget: RUN_DEFAULTS.restartBudget,
      },
      {
        releaseCost: { vary: opts.vary },
        finish: {
          ...(opts.expectations === undefined ? {} : { expectations: at(opts.expectations) }),
          allowMissingFeatures: false,
        },
      },
    ),
    reports: readReportsPlan(opts, at),
  };
}
