/**
 * The vectors a planned run sends: the vector set loaded and checked against its manifest, every filter name checked
 * against it (a name that selects nothing is a usage error with the nearest known name), an earlier report's
 * failures, then the filters and the shard over query and release-cost vectors as one list in id order, so shards
 * split both.
 */
import { join } from 'node:path';
import { compareUtf8, escapeText } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { UsageError } from '../io/cli-io.js';
import type { RunSelection } from '../report/run-events.js';
import { filterVectors, shardVectors, type SelectableVector, type VectorFilters } from '../vectors/select-vectors.js';
import { loadVectorSet, type QueryVectorEntry, type ReleaseVector, type VectorSet } from '../vectors/vector-source.js';
import { lastFailed } from './last-failed.js';
import type { SelectionPlan } from './run-plan.js';
import { unknownFilterNames, type UnknownFilterName } from './unknown-filter-names.js';

/** The vectors chosen for a run, and what the reports say of the choice. */
export interface ChosenVectors {
  vectorSet: VectorSet;
  /** The query and release-cost vectors of the set. */
  setSize: number;
  /** The vectors the filters select, before the shard. */
  filtered: number;
  /** The vectors of the shard, in id order (what `--list` prints). */
  sharded: readonly SelectableVector[];
  selected: readonly QueryVectorEntry[];
  selectedRelease: readonly ReleaseVector[];
  /** Every vector id of the set, for telling unknown expectation entries. */
  knownIds: ReadonlySet<string>;
  /** The report's `selection`. */
  record: RunSelection;
  /** What `--last-failed` says of a report of another vector set (the vectors it could not speak for). */
  notes: string[];
}

/** Chooses the vectors of `plan`; a filter that names nothing, or selects nothing, is a UsageError. */
export function chooseVectors(plan: SelectionPlan): ChosenVectors {
  const vectorSet = loadVectorSet(plan.vectors ?? join(kitRoot(), 'vectors'));
  const filters: VectorFilters = {
    categories: plan.categories,
    excludeCategories: plan.excludeCategories,
    ids: plan.ids,
    clauses: plan.clauses,
  };
  const everyVector = [...vectorSet.queryVectors, ...vectorSet.releaseVectors];
  const unknown = unknownFilterNames(everyVector, filters);
  if (unknown.length > 0) throw new UsageError(unknown.map(describeUnknownName).join('; '));
  const earlier = plan.lastFailed === undefined ? undefined : lastFailed(plan.lastFailed, vectorSet);
  const within = earlier?.ids;
  if (within !== undefined) filters.within = within;
  // Query and release-cost vectors are filtered and sharded as one list in id order, so shards split both.
  const filtered = filterVectors(everyVector, filters).sort((a, b) => compareUtf8(a.id, b.id));
  if (filtered.length === 0) throw new UsageError('no vector matches the filters');
  const sharded = shardVectors(filtered, plan.shard);
  const inShard = new Set(sharded.map((v) => v.id));
  const selected = vectorSet.queryVectors.filter((v) => inShard.has(v.id));
  const selectedRelease = vectorSet.releaseVectors.filter((v) => inShard.has(v.id));
  return {
    vectorSet,
    setSize: everyVector.length,
    filtered: filtered.length,
    sharded,
    selected,
    selectedRelease,
    knownIds: new Set(everyVector.map((v) => v.id)),
    record: {
      categories: plan.categories,
      ids: plan.ids,
      clauses: plan.clauses,
      shard: plan.shard === undefined ? null : `${plan.shard.k}/${plan.shard.n}`,
      filtered: filtered.length,
      total: selected.length + selectedRelease.length,
      exclude_categories: plan.excludeCategories,
      last_failed: within !== undefined,
      ...(within === undefined ? {} : { last_failed_ids: [...within].sort(compareUtf8) }),
    },
    notes: earlier?.notes ?? [],
  };
}

function describeUnknownName(u: UnknownFilterName): string {
  const what = u.option === '--id' ? 'vector' : u.option === '--clause' ? 'clause exercised by any vector' : 'category';
  return (
    `${u.option} ${escapeText(u.name)}: no such ` +
    `${what}${u.suggestion === undefined ? '' : ` (did you mean ${escapeText(u.suggestion)}?)`}`
  );
}
