/**
 * Contract step 6: apply generic constraints and inference (KD-LOOKUP-09), with the
 * rejection mapping of KIT-06 and the profile boundary of OQ-19 A.
 *
 * Each requirement of the candidate is closed over its dependencies and kept on the
 * row: full signatures retain their canonical generic requirements (KD-ACCEPT-03).
 * The compiler's verdict decides the effect of an unsatisfied requirement:
 * - `equality` -> rejection `type-mismatch`;
 * - `inference` -> rejection `incomplete-analysis` (the row can then not be validated,
 *   OQ-43 A; step 9 enforces that);
 * - `trait-bound` -> the candidate is withheld with `unsupported-in-profile`: judging a
 *   trait bound is #316 work the profile does not have (KIT-04, KD-ACCEPT-11).
 * Reasons accumulate with the later filters (OQ-44 A).
 */
import type { GenericRequirement } from '../records/discovery-records.js';
import { addReason, type CandidateStage, type ClosedNested } from './candidate-verdict.js';
import type { FactGraph } from './close-fact-graph.js';
import { closeNestedStatus } from './close-nested.js';

/** The step 6 stage over the closed fact graph. */
export function genericRequirements(graph: FactGraph): CandidateStage {
  return (verdict) => {
    const reqs = verdict.candidate.generic_requirements;
    if (reqs.length === 0) return null;
    for (const r of reqs) if (r.kind === 'trait-bound' && !r.satisfied) return 'unsupported-in-profile';
    const closed: ClosedNested<GenericRequirement>[] = [];
    for (const r of reqs) {
      if (!r.satisfied) addReason(verdict, r.kind === 'equality' ? 'type-mismatch' : 'incomplete-analysis');
      closed.push({
        record: {
          kind: r.kind,
          identity: r.identity === null ? null : { kind: r.identity.kind, value: r.identity.value },
          display: r.display,
          status: closeNestedStatus(r.status, r.dependencies, graph),
        },
        dependencies: r.dependencies,
      });
    }
    verdict.requirements = closed;
    return null;
  };
}
