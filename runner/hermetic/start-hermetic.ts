/**
 * `run --hermetic` before the run: refuses what cannot be traced (an in-thread module runs inside the runner's own
 * process), probes strace, and says what the report will say when it cannot trace. After the run, the report gets
 * its `hermetic` section from what the traces showed.
 */
import { UsageError } from '../io/cli-io.js';
import { HermeticSession } from './hermetic-session.js';
import {
  enforcedSection,
  tracedObservation,
  untracedObservation,
  withEnforcement,
  type HermeticReport,
} from './hermetic-observation.js';
import { probeStrace } from './probe-strace.js';

/**
 * The session to trace with, the report section of a run that could not trace, or a run the sandbox enforces with its
 * seccomp program (nothing traced: a provider cannot tell it is checked by looking for a tracer).
 */
export type HermeticStart = { session: HermeticSession } | { untraced: HermeticReport } | { enforced: true };

/**
 * Prepares the trace of a run of `provider` (its spec: only a module loaded in a worker thread of the runner says
 * `inThread`) with the strace `command`; a usage error for an in-thread module.
 */
export function startHermetic(
  provider: { readonly kind: string; readonly inThread?: boolean },
  command: string,
  enforced = false,
): HermeticStart {
  if (provider.inThread === true)
    throw new UsageError(
      '--hermetic cannot trace an in-thread module (it runs inside the runner): drop --module-in-thread',
    );
  if (enforced) return { enforced: true };
  const probe = probeStrace(command);
  if (!probe.ok) return { untraced: untracedObservation(probe.reason) };
  return { session: new HermeticSession(probe.command, probe.version) };
}

/**
 * The report's hermetic section, from the traces read at the end of the run (HermeticSession.collect). A trace cut
 * at its cap did not see every query, so nothing is then claimed observed (fails closed); the counts stay.
 */
export function hermeticSection(start: HermeticStart, forbiddenCalls = 0): HermeticReport {
  if ('enforced' in start) return enforcedSection(forbiddenCalls);
  return withEnforcement(observedSection(start), false);
}

function observedSection(start: { session: HermeticSession } | { untraced: HermeticReport }): HermeticReport {
  if ('untraced' in start) return start.untraced;
  const findings = start.session.findings;
  const counts = {
    instances: findings?.instances ?? 0,
    vectorsWithEffects: findings?.byVector.size ?? 0,
    outside: findings?.outside ?? 0,
  };
  if (findings === undefined) return untracedObservation('the traces were not read');
  if (findings.truncated > 0) {
    const cut = untracedObservation(
      `${findings.truncated} trace(s) exceeded the cap of 64 MiB; their later effects were not observed`,
    );
    return {
      ...cut,
      facility: start.session.facility,
      traced_instances: counts.instances,
      vectors_with_effects: counts.vectorsWithEffects,
      effects_outside_queries: counts.outside,
    };
  }
  return tracedObservation(start.session.facility, counts);
}
