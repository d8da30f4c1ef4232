/**
 * `kofun-ctk run`: the conformance gate. Drives a provider (configuration file,
 * `--process`, `--module` or `--provider reference`) over the selected query vectors,
 * builds each selected release-cost vector with the provider's declared build commands
 * (the configuration's `build`; the reference builder for `--provider reference`), judges
 * every outcome, and reports on the console and as JSON, JUnit, Markdown or HTML.
 * Exit status (RUN_EXIT_HELP, README.md, PROTOCOL.md): 0 gate passed, 1 something failed (also when the run is
 * incomplete), 2 usage or configuration error, 3 nothing failed but something could not run.
 *
 * The options are read once into the plan (run/run-plan.ts), the vectors chosen, the plan run and its reports written
 * (run/run-and-report.ts, which `release-cost --vectors` finishes with too).
 */
import type { Command } from 'commander';
import type { CliIo, Register } from '../io/cli-io.js';
import { addProviderOptions, ignoreClosedOutput } from '../io/cli-options.js';
import { chooseVectors } from '../run/choose-vectors.js';
import { listSelection } from '../run/list-selection.js';
import { runAndReport } from '../run/run-and-report.js';
import { declareRunOptions, readRunPlan, type RunCliOptions } from '../run/run-plan.js';

/** The help text after the options: how release-cost vectors are judged, and how to leave them out. */
export const RUN_RELEASE_HELP = `
Release-cost vectors (KD-RELEASE-02, KD-RELEASE-03) are not sent to the provider: each is
built with the provider's declared build commands, the "build" entry of the --config file
(a kofun.ctk.release-build/v1 file or object, as release-cost --build-config reads it);
--provider reference builds with the kit's reference artifact builder. A provider without
build commands (--process, --module, or a configuration without "build") gets its
release-cost vectors NOT-RUN, which leaves the run incomplete, unless the selection leaves
them out (--exclude-category release-cost), or declare "build" in the configuration.

--list prints the selected vectors (after every filter and the shard) without starting a
provider; --list --plan prints the plan of the run (selection, provider, phases, reports) as
JSON instead. --last-failed REPORT re-runs the vectors that failed the gate in that JSON report.
SIGINT, SIGTERM and --global-timeout stop the run: the providers are killed, and the reports
of what ran are written, marked incomplete.

Exit status:
  0  the gate passed: every selected vector PASS, ACCEPTABLE or XFAIL
  1  the gate failed: a FAIL, ERROR or XPASS, a metamorphic difference, a fuzz disagreement or
     an expectation naming no vector, also when the run is incomplete as well
  2  usage or configuration error
  3  nothing failed, but the run is incomplete: the provider could not start, a vector was
     NOT-RUN (a release-cost vector without build commands), or the run was interrupted
`;

export const registerRun: Register = (program: Command, io, done) => {
  declareRunOptions(
    addProviderOptions(program.command('run').description('run the conformance gate against a discovery provider')),
  )
    .addHelpText('after', RUN_RELEASE_HELP)
    .action(async (opts: RunCliOptions) => {
      done(await runCommand(opts, io));
    });
};

/** Options into the plan, the vectors chosen, the plan run and reported (run/run-and-report.ts); the exit code. */
async function runCommand(opts: RunCliOptions, io: CliIo): Promise<number> {
  ignoreClosedOutput(io);
  const plan = readRunPlan(opts, io);
  const chosen = chooseVectors(plan.selection);
  if (plan.mode !== 'run') return listSelection(plan, chosen, io);
  return runAndReport(plan, chosen, io);
}
