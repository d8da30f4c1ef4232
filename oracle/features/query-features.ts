/**
 * Which features (features.ts) a vector needs, derived from what it exercises: its request bytes, its fixture and the
 * candidate/filter steps the reference lookup spends on it. The generator writes the list into every vector
 * (`features`), and the runner reads it to leave a vector NOT-APPLICABLE for a provider that declares one of them
 * missing, never to pass it.
 *
 * - A request that step 1 answers needs no feature: invalid, stale, cancelled, without current-file facts, or with an
 *   interface set over its cap, the answer is decided before any lookup (L132: "A mismatch returns stale with reason
 *   wrong-file and no facts"; KIT-01), so a provider that lacks a feature still owes it exactly.
 * - `explain-operation`: a request of that kind that reaches the lookup.
 * - `include-unavailable`: `include_unavailable: true` on a general query (kind `operations` or
 *   `type-and-operations`) that reaches the lookup. A query of kind `type` looks nothing up, so the flag changes
 *   nothing (L205, KIT-02); an explanation shows its row whatever the flag says (OQ-33 A), so there it is part of
 *   `explain-operation`.
 * - `step-budget`: the reference lookup spends the whole budget, 1,000,000 steps counted as KIT-10 does, whether it
 *   stops there or ends exactly on it (L77, KD-LIMIT-07): the answer then rests on where the budget ends.
 * - `release-cost`: every release-cost vector, whose verdict rests on the provider's declared builds (L434).
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import { LIMITS } from '../limits.js';
import { evaluateQueryRecord } from '../pipeline/evaluate-query.js';
import { validateRequestStep } from '../pipeline/step-1-validate-request.js';
import { sortedFeatures, type Feature } from './features.js';

/** The features of every release-cost vector. */
export const RELEASE_COST_FEATURES: readonly Feature[] = ['release-cost'];

/**
 * The features a query vector of `requestBytes` against `fixture` needs, in the order of FEATURES. `steps` is what the
 * reference evaluation of that very request spent (QueryEvaluation.steps); without it the request is evaluated here.
 */
export function queryFeatures(requestBytes: Uint8Array, fixture: LoadedFixture, steps?: number): Feature[] {
  const checked = validateRequestStep(requestBytes, fixture);
  if (!checked.ok) return [];
  const query = checked.request.query;
  const needs: Feature[] = [];
  if (query.kind === 'explain-operation') needs.push('explain-operation');
  if (query.include_unavailable && (query.kind === 'operations' || query.kind === 'type-and-operations'))
    needs.push('include-unavailable');
  const spent = steps ?? evaluateQueryRecord(requestBytes, fixture).steps;
  if (spent >= LIMITS.steps) needs.push('step-budget');
  return sortedFeatures(needs);
}
