/**
 * The kofun-ctk command line. Each command lives in runner/commands/<name>.ts and
 * registers itself here; this shell only parses, dispatches and maps errors to the
 * documented exit codes (0 ok, 1 failed, 2 usage, 3 incomplete).
 */
import { Command, CommanderError } from 'commander';
import { EXIT, UsageError, type CliIo } from './io/cli-io.js';
import { kitVersion } from '../oracle/index.js';
import { registerQuery } from './commands/query.js';
import { registerVerify } from './commands/verify.js';
import { registerDigest } from './commands/digest.js';
import { registerReleaseCost } from './release-cost/release-cost-command.js';
import { registerRun } from './commands/run.js';
import { registerServe } from './commands/serve.js';
import { registerMergeReports } from './commands/merge-reports.js';
import { registerRepro } from './commands/repro.js';
import { registerFuzz } from './commands/fuzz.js';
import { registerSmoke } from './commands/smoke.js';

export type { Register } from './io/cli-io.js';
import type { Register } from './io/cli-io.js';

const REGISTRATIONS: Register[] = [
  registerQuery,
  registerVerify,
  registerDigest,
  registerReleaseCost,
  registerRun,
  registerServe,
  registerMergeReports,
  registerRepro,
  registerFuzz,
  registerSmoke,
];

/**
 * Runs the CLI with `argv` (without node and script) and returns the exit code. `extra` adds commands that only a
 * checkout of the kit has (the maintainers' `vectors` and `report`, registered by suites/generate/dev-cli.ts).
 */
export async function main(argv: string[], io: CliIo = processIo(), extra: Register[] = []): Promise<number> {
  let exitCode: number = EXIT.ok;
  const program = new Command('kofun-ctk');
  program
    .description('Conformance test kit and reference oracle for the kofun discovery contract')
    .version(kitVersion(), '-V, --version')
    .exitOverride()
    .showHelpAfterError('(run kofun-ctk --help for usage)')
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    });
  for (const register of [...REGISTRATIONS, ...extra]) register(program, io, (code) => (exitCode = code));
  if (argv.length === 0) {
    // A bare `kofun-ctk` is a usage error, not a successful run: CI that forgot the command must not go green.
    io.stderr.write(program.helpInformation());
    return EXIT.usage;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help')
        return EXIT.ok;
      return EXIT.usage;
    }
    if (err instanceof UsageError) {
      io.stderr.write(`kofun-ctk: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
  return exitCode;
}

/** The CliIo of this process. */
export function processIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}
