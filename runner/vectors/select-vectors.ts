/**
 * Vector selection: filters by category, id and clause (OR within one filter, AND
 * across filters), minus the excluded categories, within the ids of a previous run's
 * failures when given, then a shard `k/n` of the filtered list, so n machines with the
 * same filters split the work without overlap. A shard takes whole fixtures: every vector
 * of one fixture lands in the same shard, so vectors that expose a provider's state only
 * together (one fixture asked under two analysis keys, with and without
 * include_unavailable, in two orders) are judged by one gate, as in an unsharded run.
 */
import { UsageError } from '../io/cli-io.js';
import type { QueryVector } from './vector-source.js';

/** What selection looks at: query and release-cost vectors alike (a shard keeps a fixture's vectors together). */
export type SelectableVector = Pick<QueryVector, 'id' | 'category' | 'clauses'> & { fixtureSha256?: string };

export interface VectorFilters {
  categories: string[];
  /** Exact ids, or a prefix ending in `*`. */
  ids: string[];
  clauses: string[];
  /** Categories left out (`--exclude-category`), applied after `categories`. */
  excludeCategories?: string[];
  /** Only these exact ids (`--last-failed`: the vectors that failed the gate in an earlier report). */
  within?: ReadonlySet<string>;
}

/** A shard: the k-th (1-based) of n. */
export interface Shard {
  k: number;
  n: number;
}

/** Parses `k/n` with 1 <= k <= n. */
export function parseShard(text: string): Shard {
  const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text);
  const k = Number(m?.[1]);
  const n = Number(m?.[2]);
  if (m === null || k > n || n > 10000) throw new UsageError(`--shard "${text}" is not k/n with 1 <= k <= n`);
  return { k, n };
}

function matchesId(id: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? id.startsWith(p.slice(0, -1)) : id === p));
}

/** Applies the filters (vectors stay in id order). */
export function filterVectors<V extends SelectableVector>(vectors: readonly V[], filters: VectorFilters): V[] {
  return vectors.filter(
    (v) =>
      (filters.categories.length === 0 || filters.categories.includes(v.category)) &&
      !(filters.excludeCategories ?? []).includes(v.category) &&
      (filters.within === undefined || filters.within.has(v.id)) &&
      (filters.ids.length === 0 || matchesId(v.id, filters.ids)) &&
      (filters.clauses.length === 0 || v.clauses.some((c) => filters.clauses.includes(c))),
  );
}

/**
 * The vectors of one shard, in their given order. The vectors are grouped by fixture (a vector without one is a group
 * of its own); the groups, largest first (ties by their first vector's place), each go to the shard holding the
 * fewest vectors so far (ties to the lowest k). The split depends on the list alone, so every shard of a run with the
 * same filters computes the same one.
 */
export function shardVectors<V extends SelectableVector>(vectors: readonly V[], shard: Shard | undefined): V[] {
  if (shard === undefined) return [...vectors];
  const groups = new Map<string, number[]>();
  vectors.forEach((v, i) => {
    const key = v.fixtureSha256 === undefined ? `id:${v.id}` : `fixture:${v.fixtureSha256}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [i]);
    else group.push(i);
  });
  const bySize = [...groups.values()].sort((a, b) => b.length - a.length || (a[0] as number) - (b[0] as number));
  const load = new Array<number>(shard.n).fill(0);
  const shardOf = new Array<number>(vectors.length);
  for (const group of bySize) {
    let least = 0;
    for (let k = 1; k < shard.n; k++) if ((load[k] as number) < (load[least] as number)) least = k;
    load[least] = (load[least] as number) + group.length;
    for (const i of group) shardOf[i] = least;
  }
  return vectors.filter((_, i) => shardOf[i] === shard.k - 1);
}

/** Splits repeatable, comma-separated option values. */
export function listOption(values: readonly string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
