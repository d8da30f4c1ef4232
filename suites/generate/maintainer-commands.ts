/**
 * The maintainers' commands as the command line shows them: `vectors generate|check` and `report [--check]`, their
 * descriptions and options, beside the `diff` subcommands every install has. Each maintainers' action loads its
 * implementation (vectors-command.ts, report-command.ts) only when it runs, so `kofun-ctk vectors --help` and
 * `report --help` load the runner's entry, not the case definitions and the census;
 * bin/kofun-ctk.js runs a help request from the sources without compiling the kit first.
 */
import type { Command } from 'commander';
import {
  commandNamed,
  registerReportDiff,
  registerVectorsDiff,
  REPORT_DESCRIPTION,
  VECTORS_DESCRIPTION,
  type Register,
} from '../../runner/internal.js';

export const registerVectors: Register = (program: Command, io, done) => {
  const vectors = commandNamed(program, 'vectors', VECTORS_DESCRIPTION);
  registerVectorsDiff(program, io, done);
  vectors
    .command('generate')
    .description(
      "regenerate vectors/ from suites/ with the reference oracle under the register's choices (deterministic; " +
        'removes stale files); ends with what changed',
    )
    .action(async () => done(await (await import('./vectors-command.js')).generateCommand(io)));
  vectors
    .command('check')
    .description(
      'fail unless the committed vectors are exactly what generate writes, ' +
        'conform to their schemas and pass the verifier, and the register agrees with them',
    )
    .action(async () => done(await (await import('./vectors-command.js')).checkCommand(io)));
};

export const registerReport: Register = (program: Command, io, done) => {
  registerReportDiff(program, io, done);
  commandNamed(program, 'report', REPORT_DESCRIPTION)
    .description(
      "write REPORT.md, the reference oracle's conformance report over the committed vectors; report diff runs in " +
        'every install',
    )
    .option('--check', 'write nothing; exit 1 when REPORT.md is not what would be written, naming the section')
    .action(async (options: { check?: boolean }) =>
      done(await (await import('./report-command.js')).reportCommand(io, options.check === true)),
    );
};
