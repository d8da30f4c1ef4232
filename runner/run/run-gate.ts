/**
 * The gate run: opened once from its parts (gate-run.ts: the plan of its phases as read, the resources opened for it,
 * its sinks), then its phases in order, each taking the findings of the ones before and adding its own, then the
 * finish that turns the findings into the report. The details are the phases' own; the formatting is the reporters'
 * (report/).
 *
 * - base (base-phase.ts): every selected query vector sent over `jobs` provider instances and judged; alongside it,
 * - release-cost (release-cost-phase.ts): every selected release-cost vector built with the provider's declared
 *   build commands and judged (KD-RELEASE-02, KD-RELEASE-03). The two share the run's `jobs` work slots
 *   (work-slots.ts), so builds fill the slots the queries leave and at most `jobs` units run at once; their findings
 *   merge as if base ran first (alongside.ts), and one progress count covers both;
 * - state (state-phase.ts): the queries of each fixture with two or more answered vectors asked again in one fresh
 *   instance, in reverse order and twice in a row, against the base phase's answers (KD-KEY-07);
 * - metamorphic (metamorphic-phase.ts): a seeded sample sent again against fixture variants from another working
 *   directory (KD-ORDER-12, KD-KEY-07);
 * - fresh (fresh-phase.ts): seeded vectors asked again in their worlds renamed from the run seed, against the
 *   oracle's answers there;
 * - fuzz (fuzz-phase.ts): generated cases against the oracle's answers;
 * - finish (finish-phase.ts): the hermetic trace, the expectations file, the gate, the report.
 *
 * A provider that dies is restarted within a bounded budget; when it cannot be (re)started its remaining vectors
 * are NOT-RUN. Every instance is closed, and its process group killed, before this returns. An interruption (a
 * signal, the global timeout) stops handing out vectors; a vector whose call was in flight, and every vector not
 * yet sent, is NOT-RUN, so the report holds what finished and is marked incomplete.
 */
import type { GateReport } from '../report/gate-report.js';
import { alongside } from './alongside.js';
import { basePhase } from './base-phase.js';
import { finishPhase } from './finish-phase.js';
import { freshPhase } from './fresh-phase.js';
import { fuzzPhase } from './fuzz-phase.js';
import { noFindings, openGateRun, type GatePhase, type GateRunParts } from './gate-run.js';
import { metamorphicPhase } from './metamorphic-phase.js';
import { releaseCostPhase } from './release-cost-phase.js';
import { statePhase } from './state-phase.js';

/** The phases of a gate run, in the order they run. */
const GATE_PHASES: readonly GatePhase[] = [
  alongside(basePhase, releaseCostPhase),
  statePhase,
  metamorphicPhase,
  freshPhase,
  fuzzPhase,
];

/** Runs the gate and returns its report (also emitted as events). */
export async function runGate(parts: GateRunParts): Promise<GateReport> {
  const run = openGateRun(parts);
  let findings = noFindings();
  for (const phase of GATE_PHASES) findings = await phase(run, findings);
  return finishPhase(run, findings);
}
