/**
 * The maintainers' commands as the command line shows them: `vectors generate|check` and `report [--check]`, their
 * descriptions and options. Each action loads its implementation (vectors-command.ts, report-command.ts) only when it
 * runs, so `kofun-ctk vectors --help` and `report --help` load commander and these lines, not the case definitions,
 * the oracle and the census; bin/kofun-ctk.js runs a help request from the sources without compiling the kit first.
 */
import type { Command } from 'commander';
import type { Register } from '../../runner/internal.js';

export const registerVectors: Register = (program: Command, io, done) => {
  const vectors = program.command('vectors').description('generate or check the golden vectors (vectors/)');
  vectors
    .command('generate')
    .description('regenerate vectors/ from suites/ with the reference oracle (deterministic; removes stale files)')
    .action(async () => done(await (await import('./vectors-command.js')).generateCommand(io)));
  vectors
    .command('check')
    .description(
      'fail unless the committed vectors are exactly what generate writes, ' +
        'conform to their schemas and pass the verifier',
    )
    .action(async () => done(await (await import('./vectors-command.js')).checkCommand(io)));
};

export const registerReport: Register = (program: Command, io, done) => {
  program
    .command('report')
    .description("write REPORT.md, the reference oracle's conformance report over the committed vectors")
    .option('--check', 'write nothing; exit 1 when REPORT.md is not what would be written')
    .action(async (options: { check?: boolean }) =>
      done(await (await import('./report-command.js')).reportCommand(io, options.check === true)),
    );
};
