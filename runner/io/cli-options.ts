/**
 * Options and guards shared by the commands that drive a provider (`run`, `repro`, `fuzz`, `smoke`): one definition
 * of the provider-selecting options, their defaults, and how option text becomes numbers.
 */
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { UsageError, type CliIo } from './cli-io.js';

/** Defaults of the provider-driving options (documented in README.md). */
export const RUN_DEFAULTS = {
  // `run` uses the machine, as test runners do: one unit of work (a query, a release build) per available core.
  jobs: availableParallelism(),
  // A load of a million-candidate fixture (the step-budget vectors) on a busy 2-core machine takes well over 20 s.
  timeoutMs: 60_000,
  startTimeoutMs: 30_000,
  restartBudget: 8,
  metamorphic: 'all' as number | 'all',
  // The fuzz phase's seed; the run's own is drawn for each run unless --seed gives it.
  seed: 20261201,
  fresh: 24,
  // The state phase asks again every fixture's queries when it has two or more answered vectors (state-phase.ts).
  state: 'all' as number | 'all',
} as const;

/** Commander collector for a repeatable option. */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** Adds the provider-selecting options shared by run, repro, fuzz and smoke, and the sandbox's. */
export function addProviderOptions(command: Command): Command {
  return addSandboxOptions(command)
    .option(
      '--config <file>',
      'provider configuration (schema oracle/schemas/kofun.ctk.provider-config.v1.schema.json)',
    )
    .option('--process <command-line>', 'provider process command line (split into argv, never run through a shell)')
    .option('--one-shot', 'with --process: one process per query (<argv...> <fixture-path>, request on stdin)')
    .option('--module <path>', 'JavaScript module exporting a DiscoveryModuleProvider (run in a process of its own)')
    .option(
      '--module-in-thread',
      'load the module in a worker thread of the runner: for trusted modules only, with --sandbox off',
    )
    .option('--provider <name>', 'a built-in provider: "reference" (the oracle)')
    .option('--adapter <adapter>', 'with --provider reference: process (kofun-ctk serve, default), one-shot or module')
    .option('--name <name>', 'provider name for --process and --module when the provider has no handshake');
}

/** Adds the sandbox options of every command that starts a provider or a declared build (runner/sandbox/). */
export function addSandboxOptions(command: Command): Command {
  return command
    .option(
      '--sandbox <on|off>',
      'run every provider process and build in the bubblewrap sandbox (default: on, on Linux); off names itself ' +
        'in every report',
    )
    .option('--bwrap <path>', "the bubblewrap program the sandbox runs (looked up in the runner's own PATH)", 'bwrap')
    .option(
      '--pass-env <name>',
      "pass the runner's variable NAME to the provider (repeatable; every report names it)",
      collect,
      [],
    )
    .option(
      '--limits <on|off>',
      'hold the caps of every provider instance and build (default: on, on Linux); off names itself in every report',
    );
}

/** Parses a non-negative integer option. */
export function intOption(name: string, text: string, min: number): number {
  if (!/^[0-9]{1,9}$/.test(text) || Number(text) < min)
    throw new UsageError(`${name} must be an integer >= ${min}, not "${text}"`);
  return Number(text);
}

/** A reader that went away (`| head`) must not turn into an unhandled EPIPE. */
export function ignoreClosedOutput(io: CliIo): void {
  for (const stream of [io.stdout, io.stderr]) {
    if (guarded.has(stream)) continue;
    guarded.add(stream);
    stream.on('error', () => undefined);
  }
}

const guarded = new WeakSet<object>();
