/**
 * Contract step 8: apply effects and capabilities (KD-LOOKUP-09, KD-EFFECT-01..07,
 * KIT-06). Discovery never performs an effect (KD-EFFECT-04); it only compares the
 * operation's effect requirements with the capabilities held at the position.
 *
 * - A public requirement is disclosed on the row with its closed status; when its
 *   identity is not among the position's capabilities the row is rejected with
 *   `missing-effect` (KD-EFFECT-05, KD-EFFECT-06).
 * - A non-public requirement is never disclosed (KD-EFFECT-07). When it is missing the
 *   candidate is withheld with `hidden-by-visibility` (KIT-04), since explaining it would
 *   name it.
 *
 * Decision: a held non-public requirement is neither listed nor are its dependencies,
 * but its closed status still bounds the row's status, so the row never claims more
 * validation than its facts have (KD-CLOSURE-08); a black box sees a status at least as
 * restrictive as every listed one, which the contract allows.
 */
import type { FixtureOccurrence } from '../fixture/fixture.js';
import type { EffectRequirement } from '../records/discovery-records.js';
import { addReason, type CandidateStage, type ClosedNested } from './candidate-verdict.js';
import type { FactGraph } from './close-fact-graph.js';
import { closeNestedStatus } from './close-nested.js';
import { maxStatus } from './fact-status.js';

/** The step 8 stage for the capabilities held at the position. */
export function effectsAndCapabilities(
  capabilities: FixtureOccurrence['capabilities'],
  graph: FactGraph,
): CandidateStage {
  const held = new Set(capabilities.map((c) => `${c.kind}:${c.value}`));
  return (verdict) => {
    const effects = verdict.candidate.effects;
    if (effects.length === 0) return null;
    for (const e of effects) {
      if (!e.public && !held.has(`${e.identity.kind}:${e.identity.value}`)) return 'hidden-by-visibility';
    }
    const listed: ClosedNested<EffectRequirement>[] = [];
    for (const e of effects) {
      const status = closeNestedStatus(e.status, e.dependencies, graph);
      if (!e.public) {
        verdict.undisclosedStatus = maxStatus(verdict.undisclosedStatus, status);
        continue;
      }
      if (!held.has(`${e.identity.kind}:${e.identity.value}`)) addReason(verdict, 'missing-effect');
      listed.push({
        record: { identity: { kind: e.identity.kind, value: e.identity.value }, display: e.display, status },
        dependencies: e.dependencies,
      });
    }
    verdict.effects = listed;
    return null;
  };
}
