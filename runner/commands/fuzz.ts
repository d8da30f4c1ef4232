/**
 * `kofun-ctk fuzz --seed S --runs N`: generated fixtures and requests, the expected
 * answer from the reference oracle, the actual one from the provider. A disagreement is
 * shrunk to a minimal case, written out as a vector set, and printed with the seed and
 * path that replay it; `--write-cases DIR` writes every generated case as a vector set too.
 * Exit status: 0 no disagreement, 1 a disagreement, 2 usage error, 3 the provider could not
 * start.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { kitVersion, escapeText } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { installSignalCleanup, killAllGroups } from '../io/process-group.js';
import { EXIT, UsageError } from '../io/cli-io.js';
import { openProviderSandbox } from '../adapters/provider-sandbox.js';
import { launcherFor, relocatedSpec, resolveProvider, type ProviderOptions } from '../adapters/provider-spec.js';
import type { SandboxOptions } from '../sandbox/open-sandbox.js';
import { classifyDifference } from '../judge/classify-difference.js';
import { unifiedDiff } from '../judge/unified-diff.js';
import { differenceLines } from '../report/describe.js';
import { runFuzz, writeFuzzVector, type FuzzOutcome } from '../fuzz/run-fuzz.js';
import { readProviderPlan, readTimeouts } from '../run/run-plan.js';
import { writeFuzzCases } from '../fuzz/write-fuzz-cases.js';
import type { Register } from '../io/cli-io.js';
import { addProviderOptions, ignoreClosedOutput, intOption, RUN_DEFAULTS } from '../io/cli-options.js';

interface FuzzCliOptions extends ProviderOptions, SandboxOptions {
  seed?: string;
  runs: string;
  path?: string;
  out: string;
  writeCases?: string;
  timeoutMs: string;
  startTimeoutMs: string;
  restartBudget: string;
}

export const registerFuzz: Register = (program: Command, io, done) => {
  addProviderOptions(
    program
      .command('fuzz')
      .description(
        'compare a provider with the reference oracle on generated cases; shrink and write out a disagreement',
      ),
  )
    .option('--seed <n>', 'fast-check seed (default: chosen and printed)')
    .option('--runs <n>', 'number of generated cases', '100')
    .option('--path <path>', 'replay one counterexample: the path printed with its seed')
    .option('--out <dir>', 'folder for the minimal counterexample vector set', 'kofun-ctk-fuzz')
    .option(
      '--write-cases <dir>',
      'also write every generated case (fixture, request, expected) as a vector set, disagreement or not',
    )
    .option('--timeout-ms <ms>', 'timeout per fixture load and per query', String(RUN_DEFAULTS.timeoutMs))
    .option('--start-timeout-ms <ms>', 'timeout for the provider to start', String(RUN_DEFAULTS.startTimeoutMs))
    .option('--restart-budget <n>', 'provider restarts allowed after crashes', String(RUN_DEFAULTS.restartBudget))
    .action(async (opts: FuzzCliOptions) => {
      done(await fuzzCommand(opts, io));
    });
};

async function fuzzCommand(opts: FuzzCliOptions, io: Parameters<Register>[1]): Promise<number> {
  ignoreClosedOutput(io);
  const seed = opts.seed === undefined ? Math.floor(Math.random() * 0x7fffffff) : intOption('--seed', opts.seed, 0);
  const runs = intOption('--runs', opts.runs, 1);
  if (opts.path !== undefined && !/^[0-9]+(:[0-9]+)*$/.test(opts.path))
    throw new UsageError(`--path "${opts.path}" is not a fast-check path like 12:0:3`);
  const provider = readProviderPlan(opts);
  const config = resolveProvider(provider.given, io.cwd);
  const folder = resolve(io.cwd, opts.out);
  const casesFolder = opts.writeCases === undefined ? undefined : resolve(io.cwd, opts.writeCases);
  if (casesFolder !== undefined && existsSync(casesFolder) && readdirSync(casesFolder).length > 0)
    throw new UsageError(`--write-cases ${opts.writeCases}: the folder is not empty`);
  const vectorsFolder = join(kitRoot(), 'vectors');
  const sandbox = openProviderSandbox(
    provider.sandbox,
    config,
    {
      vectorSets: [vectorsFolder],
      outputs: [
        { path: folder, what: 'the fuzz output folder' },
        ...(casesFolder === undefined ? [] : [{ path: casesFolder, what: 'the fuzz cases folder' }]),
      ],
      cwd: io.cwd,
      env: io.env,
    },
    relocatedSpec(config.spec),
  );
  const spec = sandbox.on ? relocatedSpec(config.spec) : config.spec;
  io.stdout.write(`kofun-ctk fuzz: seed ${seed}, ${runs} runs (replay: --seed ${seed} --runs ${runs})\n`);
  const removeSignals = installSignalCleanup(EXIT.incomplete);
  try {
    const outcome = await runFuzz({
      seed,
      runs,
      ...(opts.path === undefined ? {} : { path: opts.path }),
      launcher: launcherFor(spec, { kitVersion: kitVersion(), sandbox }),
      ...readTimeouts(opts),
      restartBudget: intOption('--restart-budget', opts.restartBudget, 0),
      kitVersion: kitVersion(),
    });
    if (outcome.kind === 'no-provider') {
      io.stderr.write(`kofun-ctk fuzz: ${escapeText(outcome.message)}\n`);
      return EXIT.incomplete;
    }
    if (casesFolder !== undefined) {
      const written = writeFuzzCases(casesFolder, outcome.shapes, seed, kitVersion());
      io.stdout.write(`${written} generated cases written as a vector set in ${casesFolder}\n`);
    }
    return describeOutcome(outcome, folder, io);
  } finally {
    killAllGroups();
    sandbox.dispose();
    removeSignals();
  }
}

/** Prints the cases per class and what the provider did with them (a disagreement written out); the exit status. */
function describeOutcome(
  outcome: Exclude<FuzzOutcome, { kind: 'no-provider' }>,
  folder: string,
  io: Parameters<Register>[1],
): number {
  const perClass = Object.entries(outcome.classes)
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  io.stdout.write(`cases per class: ${perClass}\n`);
  if (outcome.kind === 'passed') {
    const accepted = Object.entries(outcome.acceptable).map(([name, n]) => `${name} ${n}`);
    if (accepted.length > 0) io.stdout.write(`answered by a named alternative: ${accepted.join(', ')}\n`);
    io.stdout.write(`no disagreement in ${outcome.runs} generated cases (seed ${outcome.seed})\n`);
    return EXIT.ok;
  }
  const id = writeFuzzVector(folder, outcome, kitVersion());
  io.stdout.write(
    `disagreement after shrinking ${outcome.shrinks} times: seed ${outcome.seed}, path ${outcome.path}\n`,
  );
  if (outcome.actual.ok) {
    const difference = classifyDifference(outcome.expected, outcome.actual.bytes);
    for (const l of differenceLines(difference, 'terminal')) io.stdout.write(`${'  '.repeat(l.depth)}${l.text}\n`);
    // A layout or an order difference is shown as what it is; a line diff would read as changed values.
    if (difference.kind === 'values' || difference.kind === 'not-json') {
      io.stdout.write(unifiedDiff(outcome.expected, outcome.actual.bytes).split('\n').slice(0, 40).join('\n'));
      io.stdout.write('\n');
    }
  } else {
    io.stdout.write(`the provider gave no result: ${escapeText(outcome.actual.message)}\n`);
  }
  io.stdout.write(`minimal case written as vector ${id} in ${folder}\n`);
  io.stdout.write(`replay: kofun-ctk fuzz --seed ${outcome.seed} --path ${outcome.path} <provider options>\n`);
  io.stdout.write(`judge:  kofun-ctk run --vectors ${folder} <provider options>\n`);
  return EXIT.failed;
}
