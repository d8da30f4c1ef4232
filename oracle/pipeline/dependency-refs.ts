/**
 * Renders fixture dependency keys as DependencyRefs carrying their closure status,
 * unique by (source, kind, value) and in canonical order (KD-CLOSURE-01, KD-ORDER-01,
 * KD-ORDER-02, OQ-22 A: each listed dependency carries its own closure status).
 */
import type { FactKey } from '../fixture/fixture.js';
import type { DependencyRef } from '../records/discovery-records.js';
import type { FactGraph } from './close-fact-graph.js';
import { uniqueDependencies } from './order-result.js';

/** DependencyRefs for `keys`, unique and sorted. */
export function dependencyRefs(keys: Iterable<FactKey>, graph: FactGraph): DependencyRef[] {
  const refs: DependencyRef[] = [];
  for (const k of keys) refs.push({ source: k.source, kind: k.kind, value: k.value, status: graph.statusOf(k) });
  return uniqueDependencies(refs);
}
