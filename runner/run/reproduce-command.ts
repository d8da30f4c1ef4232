/**
 * The command that reproduces one failure, shown beside it in every report: `kofun-ctk repro ID` with the same
 * provider options for a query vector (it writes the folder with fixture, request, expected and actual bytes), and
 * `kofun-ctk run … --id ID` where only the gate reproduces it (a metamorphic failure, replayed with its seed; a
 * release-cost vector; a vector not run; an XPASS, which needs the expectations file). Shell-quoted (shell-quote), so
 * it can be pasted; it is still escaped like any other text on display, since it holds what the user typed.
 */
import { resolve } from 'node:path';
import { quote } from 'shell-quote';
import type { ProviderOptions } from '../adapters/provider-spec.js';
import { verdictNotHandled, type VectorJudgement } from '../judge/verdict.js';

/** What the run was started with, as far as reproducing one vector needs it. */
export interface ReproduceContext {
  provider: ProviderOptions;
  cwd: string;
  /** The `--vectors` folder, absolute, when the run was not on the kit's own vectors. */
  vectors?: string;
  /** Absolute path of the expectations file, when one applied. */
  expectations?: string;
  /** Timeouts given on the command line (a timeout failure needs the same). */
  timeoutMs?: string;
  startTimeoutMs?: string;
  /** Ids of release-cost vectors (built, not sent, so `repro` cannot replay them). */
  releaseIds: ReadonlySet<string>;
  seed: number;
  /** `--sandbox` and `--bwrap` as given, when given (a provider that needs the sandbox off needs it again). */
  sandboxArgs?: readonly string[];
  /** The strace of a `--hermetic` run (a hermetic failure reproduces only under the trace, through `run`). */
  hermeticStrace?: string;
}

/** The shell-quoted command that reproduces `judgement`. */
export function reproduceCommand(judgement: VectorJudgement, context: ReproduceContext): string {
  const common = commonArgs(context);
  const metamorphicFailed = judgement.metamorphic !== undefined && !judgement.metamorphic.ok;
  // A state failure needs the queries asked before it in its instance: the gate asks them again, in that order.
  const stateFailed = judgement.state !== undefined && !judgement.state.ok ? judgement.state.after : undefined;
  const hermeticFailed =
    context.hermeticStrace !== undefined &&
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
  run.push(...(metamorphicFailed ? ['--metamorphic', 'all', '--seed', String(context.seed)] : ['--metamorphic', '0']));
  if (hermeticFailed && context.hermeticStrace !== undefined) {
    run.push('--hermetic', ...(context.hermeticStrace === 'strace' ? [] : ['--strace', context.hermeticStrace]));
  }
  if (judgement.verdict === 'XPASS' && context.expectations !== undefined)
    run.push('--expectations', context.expectations);
  return quote(run);
}

/**
 * The command that derives and judges one fresh case again (fresh-phase.ts): `kofun-ctk run … --id FROM --seed SEED
 * --fresh all`, since a case depends on the seed and the vector it derives from alone; the vector itself is run too.
 */
export function reproduceFreshCommand(from: string, seed: number, context: ReproduceContext): string {
  return quote([
    'npx',
    'kofun-ctk',
    'run',
    ...commonArgs(context),
    '--id',
    from,
    '--metamorphic',
    '0',
    '--seed',
    String(seed),
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

/** The provider, the vector set and the timeouts of the run, as arguments. */
function commonArgs(context: ReproduceContext): string[] {
  return [
    ...providerArgs(context.provider, context.cwd),
    ...(context.vectors === undefined ? [] : ['--vectors', context.vectors]),
    ...(context.timeoutMs === undefined ? [] : ['--timeout-ms', context.timeoutMs]),
    ...(context.startTimeoutMs === undefined ? [] : ['--start-timeout-ms', context.startTimeoutMs]),
    ...(context.sandboxArgs ?? []),
  ];
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
