/**
 * `run --hermetic` before the run: refuses what cannot be traced (an in-thread module runs inside the runner's own
 * process), probes strace, and says what the report will say when it cannot trace. After the run, the report gets
 * its `hermetic` section from what the traces showed.
 */
import type { ProviderSpec } from '../adapters/provider-spec.js';
import { UsageError } from '../io/cli-io.js';
import type { GateReport } from '../report/gate-report.js';
import { HermeticSession } from './hermetic-session.js';
import { tracedObservation, untracedObservation, type HermeticReport } from './hermetic-observation.js';
import { probeStrace } from './probe-strace.js';

/** The session to trace with, or the report section of a run that could not trace. */
export type HermeticStart = { session: HermeticSession } | { untraced: HermeticReport };

/** Prepares the trace of a run of `spec` with the strace `command`; a usage error for an in-thread module. */
export function startHermetic(spec: ProviderSpec, command: string): HermeticStart {
  if (spec.kind === 'module' && spec.inThread === true)
    throw new UsageError(
      '--hermetic cannot trace an in-thread module (it runs inside the runner): drop --module-in-thread',
    );
  const probe = probeStrace(command);
  if (!probe.ok) return { untraced: untracedObservation(probe.reason) };
  return { session: new HermeticSession(probe.command, probe.version) };
}

/** The report with its hermetic section, from the traces read at the end of the run. */
export function withHermeticReport(report: GateReport, start: HermeticStart): GateReport {
  if ('untraced' in start) return { ...report, hermetic: start.untraced };
  const findings = start.session.findings;
  const observation = tracedObservation(start.session.facility, {
    instances: findings?.instances ?? 0,
    vectorsWithEffects: findings?.byVector.size ?? 0,
    outside: findings?.outside ?? 0,
  });
  if (findings !== undefined && findings.truncated > 0) {
    observation.reason =
      `${findings.truncated} trace(s) exceeded the cap of 64 MiB; their later ` + `effects were not observed`;
  }
  return { ...report, hermetic: observation };
}
