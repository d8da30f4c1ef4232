/**
 * Contract step 8: apply effects and capabilities (KD-LOOKUP-09, KD-EFFECT-01..07,
 * KIT-06). Discovery never performs an effect (KD-EFFECT-04); it only compares the
 * operation's effect requirements with the capabilities held at the position.
 *
 * - A requirement whose identity is not among the position's capabilities rejects the
 *   row with `missing-effect`, whether it is public or not (KD-EFFECT-05, KD-EFFECT-06):
 *   the operation is visible and admitted, so it is safe to show as unavailable (KIT-06).
 * - Only a public requirement whose closed status is validated is listed on the row
 *   (L421, KD-EFFECT-07, KIT-12): a non-public one would name what may be hidden, and a
 *   non-validated one is not "a public validated requirement".
 *
 * Decision: an effect that is not listed brings none of its dependencies to the row, but
 * its closed status still bounds the row's status, so the row never claims more
 * validation than its facts have (KD-CLOSURE-08, KIT-12); a black box sees a status at
 * least as restrictive as every listed one, which the contract allows.
 */
import type { FixtureOccurrence } from '../fixture/fixture.js';
import type { EffectRequirement } from '../records/discovery-records.js';
import { addReason, type CandidateStage, type ClosedNested } from './candidate-verdict.js';
import type { FactGraph } from './close-fact-graph.js';
import { closeNestedStatus } from './close-nested.js';
import { maxStatus } from './fact-status.js';
import { Readings, type ReadingSwitch } from './readings.js';

/**
 * KIT-12: which public effect requirements a general query lists. C: only those whose closed status is validated; A:
 * every public one, whatever its closed status, with its dependencies (L298, L300), the alternative
 * `non-validated-public-effects-listed`. An explanation lists only public validated ones under both (L421).
 */
export const HELD_PUBLIC_EFFECTS: ReadingSwitch = {
  entry: 'KIT-12',
  name: 'non-validated-public-effects',
  where: 'oracle/pipeline/step-8-effects-and-capabilities.ts',
  runs: { A: true, C: true },
  reasons: {
    A:
      'A general query may also list a public effect requirement that is not validated, with its status and ' +
      'dependencies (KIT-12 A; L298, L300); the row status is the same either way.',
  },
};

/**
 * The step 8 stage for the capabilities held at the position, under `readings` (KIT-12); `explanation` for an
 * explain-operation query, which KIT-12 A leaves as C.
 */
export function effectsAndCapabilities(
  capabilities: FixtureOccurrence['capabilities'],
  graph: FactGraph,
  readings: Readings = Readings.kit(),
  explanation = false,
): CandidateStage {
  const held = new Set(capabilities.map((c) => `${c.kind}:${c.value}`));
  const listNonValidated = (): boolean => !explanation && readings.of(HELD_PUBLIC_EFFECTS) === 'A';
  return (verdict) => {
    const effects = verdict.candidate.effects;
    if (effects.length === 0) return null;
    const listed: ClosedNested<EffectRequirement>[] = [];
    for (const e of effects) {
      if (!held.has(`${e.identity.kind}:${e.identity.value}`)) addReason(verdict, 'missing-effect');
      const status = closeNestedStatus(e.status, e.dependencies, graph);
      if (!e.public || (status !== 'validated' && !listNonValidated())) {
        verdict.undisclosedStatus = maxStatus(verdict.undisclosedStatus, status);
        continue;
      }
      listed.push({
        record: { identity: { kind: e.identity.kind, value: e.identity.value }, display: e.display, status },
        dependencies: e.dependencies,
      });
    }
    verdict.effects = listed;
    return null;
  };
}
