/**
 * Renders fixture dependency keys as DependencyRefs carrying their closure status,
 * unique by (source, kind, value) and in canonical order (KD-CLOSURE-01, KD-ORDER-01,
 * KD-ORDER-02, OQ-22 A: each listed dependency carries its own closure status), and
 * which keys a fact lists (OQ-22).
 */
import type { FactKey } from '../fixture/fixture.js';
import type { DependencyRef } from '../records/discovery-records.js';
import type { FactGraph } from './close-fact-graph.js';
import { uniqueDependencies } from './order-result.js';
import type { Readings, ReadingSwitch } from './readings.js';

/**
 * OQ-22: which dependencies a fact lists. A: its direct dependencies (a row's plus those of its nested records); B: the
 * full transitive closure of those, flattened. Each carries its closure status under both.
 */
export const DEPENDENCY_LISTING: ReadingSwitch = {
  entry: 'OQ-22',
  name: 'dependency-listing',
  where: 'oracle/pipeline/dependency-refs.ts',
  runs: { A: true, B: true },
};

/** The keys a fact whose direct dependency keys are `keys` lists, by OQ-22. */
export function listedDependencyKeys(
  keys: readonly FactKey[],
  graph: FactGraph,
  readings: Readings,
): readonly FactKey[] {
  if (keys.length === 0) return keys;
  return readings.of(DEPENDENCY_LISTING) === 'B' ? graph.keysReached(keys) : keys;
}

/** DependencyRefs for `keys`, unique and sorted. */
export function dependencyRefs(keys: Iterable<FactKey>, graph: FactGraph): DependencyRef[] {
  const refs: DependencyRef[] = [];
  for (const k of keys) refs.push({ source: k.source, kind: k.kind, value: k.value, status: graph.statusOf(k) });
  return uniqueDependencies(refs);
}
