/**
 * Closure of a nested record (generic requirement, effect, origin): its status is the
 * most restrictive of its own status and the closure statuses of its dependencies
 * (KD-CLOSURE-16, KD-CLOSURE-17, KD-EFFECT-03, KIT-07).
 */
import type { FactKey } from '../fixture/fixture.js';
import type { FactStatus } from '../records/discovery-records.js';
import type { FactGraph } from './close-fact-graph.js';
import { maxStatus } from './fact-status.js';

/** max(own, closure status of every dependency) in the trust order (OQ-23 A). */
export function closeNestedStatus(own: FactStatus, dependencies: readonly FactKey[], graph: FactGraph): FactStatus {
  let status = own;
  for (const d of dependencies) status = maxStatus(status, graph.statusOf(d));
  return status;
}
