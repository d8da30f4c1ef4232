/**
 * A planned gate run carried out to its exit code, the one way `run` and `release-cost --vectors` finish: the plan run
 * (run-from-plan.ts), its outputs written (write-run-reports.ts), the event stream closed, the console summary, and
 * the gate's exit code (0 passed, 1 failed, 3 incomplete; 2 when the reports of a passed gate could not be written).
 */
import { EXIT, type CliIo } from '../io/cli-io.js';
import type { AnnotationSources } from '../report/github-annotations.js';
import type { ChosenVectors } from './choose-vectors.js';
import { runFromPlan } from './run-from-plan.js';
import type { ReportsPlan, RunPlan } from './run-plan.js';
import { reportPath, writeRunReports } from './write-run-reports.js';

/** Runs the plan on the chosen vectors, writes and announces its reports, and returns the gate's exit code. */
export async function runAndReport(plan: RunPlan, chosen: ChosenVectors, io: CliIo): Promise<number> {
  const run = await runFromPlan(plan, chosen, io);
  let written: ReturnType<typeof writeRunReports>;
  try {
    written = writeRunReports(run, plan.reports, io);
  } catch (err) {
    // The verdict still reaches the console; a passed gate whose reports are lost does not pass (exit 2).
    const why = `the reports could not be written (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
    await run.closeEvents([]);
    run.console.summary(run.report, [...run.notes, why], annotationSources(plan.reports, io));
    io.stderr.write(`kofun-ctk: ${why}\n`);
    return run.report.gate.exit_code === EXIT.ok ? EXIT.usage : run.report.gate.exit_code;
  }
  await run.closeEvents(written.written);
  run.console.summary(run.report, [...run.notes, ...written.lines], annotationSources(plan.reports, io));
  return run.report.gate.exit_code;
}

/** Where the GitHub annotations send a reader for what they leave out: the job summary, and each report file. */
function annotationSources(plan: ReportsPlan, io: CliIo): AnnotationSources {
  const summary = io.env['GITHUB_STEP_SUMMARY'];
  return {
    jobSummary: summary !== undefined && summary !== '',
    reportFiles: plan.out === '-' ? [] : plan.formats.map((f) => reportPath(plan, f, io.cwd)),
  };
}
