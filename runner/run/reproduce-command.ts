/**
 * The command that reproduces one failure, shown beside it in every report: `kofun-ctk repro ID` with the same
 * provider options for a query vector (it writes the folder with fixture, request, expected and actual bytes), and
 * `kofun-ctk run … --id ID` where only the gate reproduces it (a metamorphic failure, replayed with its seed; a
 * release-cost vector; a vector not run; an XPASS, which needs the expectations file); in a run without a provider,
 * `kofun-ctk release-cost --vectors … --id ID`. Shell-quoted (shell-quote), so
 * it can be pasted; it is still escaped like any other text on display, since it holds what the user typed.
 */
import { resolve } from 'node:path';
import { quote } from 'shell-quote';
import type { ProviderOptions } from '../adapters/provider-spec.js';
import { RUN_DEFAULTS } from '../io/cli-options.js';
import { verdictNotHandled, type VectorJudgement } from '../judge/verdict.js';
import { DEFAULT_BUILD_TIMEOUT_MS } from '../release-cost/build-config.js';
import type { SandboxPlan } from '../sandbox/open-sandbox.js';
import type { BuildsOnlyPlan, ProviderPlan, RunPlan } from './run-plan.js';

/** The planned run whose judgements are reproduced, and what it found out while it opened. */
export interface ReproduceContext {
  /** The plan as it was read: the provider, the vector set, the timeouts, the seed, the sandbox, the trace. */
  plan: RunPlan;
  cwd: string;
  /** Ids of release-cost vectors (built, not sent, so `repro` cannot replay them). */
  releaseIds: ReadonlySet<string>;
  /** Absolute path of the expectations file, when one applied (`--expectations`, or the configuration's). */
  expectations?: string;
}

/** The shell-quoted command that reproduces `judgement`. */
export function reproduceCommand(judgement: VectorJudgement, context: ReproduceContext): string {
  const provider = context.plan.provider;
  if ('buildsOnly' in provider) return reproduceBuilt(judgement, context, provider);
  const common = commonArgs(context, provider);
  const metamorphicFailed = judgement.metamorphic !== undefined && !judgement.metamorphic.ok;
  // A state failure needs the queries asked before it in its instance: the gate asks them again, in that order.
  const stateFailed = judgement.state !== undefined && !judgement.state.ok ? judgement.state.after : undefined;
  const strace = provider.hermetic?.strace;
  const hermeticFailed =
    strace !== undefined &&
    (judgement.violations.some((v) => v.code.startsWith('hermetic-')) || judgement.error?.kind === 'hermetic');
  const viaRepro =
    !context.releaseIds.has(judgement.id) &&
    !metamorphicFailed &&
    stateFailed === undefined &&
    !hermeticFailed &&
    replaysAlone(judgement);
  if (viaRepro) return quote(['npx', 'kofun-ctk', 'repro', judgement.id, ...common]);
  const run = ['npx', 'kofun-ctk', 'run', ...common, '--id', judgement.id];
  for (const id of stateFailed ?? []) run.push('--id', id);
  // The variant of a vector depends on the run's seed and its fixture alone (metamorphic-variant.ts).
  run.push(
    ...(metamorphicFailed
      ? ['--metamorphic', 'all', '--seed', String(context.plan.phases.metamorphic.seed)]
      : ['--metamorphic', '0']),
  );
  if (hermeticFailed) run.push('--hermetic', ...(strace === 'strace' ? [] : ['--strace', strace]));
  if (judgement.verdict === 'XPASS' && context.expectations !== undefined)
    run.push('--expectations', context.expectations);
  return quote(run);
}

/**
 * The command that derives and judges one fresh case again (fresh-phase.ts): `kofun-ctk run … --id FROM --seed SEED
 * --fresh all`, since a case depends on the seed and the vector it derives from alone; the vector itself is run too.
 */
export function reproduceFreshCommand(from: string, context: ReproduceContext): string {
  const provider = context.plan.provider;
  if ('buildsOnly' in provider) throw new Error('kit fault: a run without a provider derived a fresh case');
  return quote([
    'npx',
    'kofun-ctk',
    'run',
    ...commonArgs(context, provider),
    '--id',
    from,
    '--metamorphic',
    '0',
    '--seed',
    String(context.plan.phases.fresh.seed),
    '--fresh',
    'all',
  ]);
}

/**
 * Whether `repro` replays the verdict from the vector alone: a FAIL or an ERROR does; NOT-RUN was never sent, and an
 * XPASS needs the expectations file (the passing verdicts are never reproduced).
 */
function replaysAlone(judgement: VectorJudgement): boolean {
  switch (judgement.verdict) {
    case 'FAIL':
    case 'ERROR':
      return true;
    case 'NOT-RUN':
    case 'XPASS':
    case 'PASS':
    case 'ACCEPTABLE':
    case 'XFAIL':
    case 'NOT-APPLICABLE':
      return false;
    default:
      return verdictNotHandled(judgement);
  }
}

/**
 * `kofun-ctk release-cost --vectors … --id ID`: a release-cost vector of a run without a provider built and judged
 * again, with the same build, digest check, variation, sandbox options and (for an XPASS) expectations.
 */
function reproduceBuilt(judgement: VectorJudgement, context: ReproduceContext, builds: BuildsOnlyPlan): string {
  const { selection, phases } = context.plan;
  const build = builds.buildsOnly;
  const timeoutMs = 'reference' in build ? build.reference.timeoutMs : DEFAULT_BUILD_TIMEOUT_MS;
  return quote([
    'npx',
    'kofun-ctk',
    'release-cost',
    '--vectors',
    ...(selection.vectors === undefined ? [] : [selection.vectors]),
    ...('file' in build ? ['--build-config', build.file] : ['--reference']),
    ...(timeoutMs === DEFAULT_BUILD_TIMEOUT_MS ? [] : ['--timeout', String(timeoutMs)]),
    // --reference checks the digests by itself.
    ...(builds.checkDigests && 'file' in build ? ['--check-digests'] : []),
    ...(phases.releaseCost.vary ? [] : ['--no-vary']),
    ...sandboxPlanArgs(builds.sandbox),
    ...(judgement.verdict === 'XPASS' && context.expectations !== undefined
      ? ['--expectations', context.expectations]
      : []),
    '--id',
    judgement.id,
  ]);
}

/**
 * The provider, the vector set, the timeouts given on the command line (a timeout failure needs the same) and the
 * sandbox options as given (a provider that needs the sandbox off needs it again), as arguments.
 */
function commonArgs(context: ReproduceContext, provider: ProviderPlan): string[] {
  const { selection, phases } = context.plan;
  const { timeoutMs, startTimeoutMs } = phases.base;
  return [
    ...providerArgs(provider.given, context.cwd),
    ...(selection.vectors === undefined ? [] : ['--vectors', selection.vectors]),
    ...(timeoutMs === RUN_DEFAULTS.timeoutMs ? [] : ['--timeout-ms', String(timeoutMs)]),
    ...(startTimeoutMs === RUN_DEFAULTS.startTimeoutMs ? [] : ['--start-timeout-ms', String(startTimeoutMs)]),
    ...sandboxPlanArgs(provider.sandbox),
  ];
}

/** The sandbox options of a plan as given (`--sandbox off`, `--bwrap`, `--pass-env`, `--limits off`), as arguments. */
function sandboxPlanArgs(sandbox: SandboxPlan): string[] {
  return sandboxArgs({
    ...(sandbox.offReason === '--sandbox off' ? { sandbox: 'off' } : {}),
    bwrap: sandbox.bwrap,
    passEnv: sandbox.passEnv,
    ...(sandbox.limits.offReason === '--limits off' ? { limits: 'off' } : {}),
  });
}

/** The provider-selecting options as arguments, paths made absolute so the command works from any folder. */
export function providerArgs(opts: ProviderOptions, cwd: string): string[] {
  const name = opts.name === undefined ? [] : ['--name', opts.name];
  if (opts.config !== undefined) return ['--config', resolve(cwd, opts.config)];
  if (opts.process !== undefined) return ['--process', opts.process, ...(opts.oneShot ? ['--one-shot'] : []), ...name];
  if (opts.module !== undefined) return ['--module', resolve(cwd, opts.module), ...name];
  return ['--provider', opts.provider ?? 'reference', ...(opts.adapter ? ['--adapter', opts.adapter] : [])];
}

/** `--sandbox`, `--bwrap`, `--pass-env` and `--limits` as given, for a command that reproduces a run with them. */
export function sandboxArgs(opts: {
  sandbox?: string;
  bwrap?: string;
  passEnv?: readonly string[];
  limits?: string;
}): string[] {
  return [
    ...(opts.sandbox === undefined ? [] : ['--sandbox', opts.sandbox]),
    ...(opts.bwrap === undefined || opts.bwrap === 'bwrap' ? [] : ['--bwrap', opts.bwrap]),
    ...(opts.passEnv ?? []).flatMap((name) => ['--pass-env', name]),
    ...(opts.limits === undefined ? [] : ['--limits', opts.limits]),
  ];
}
