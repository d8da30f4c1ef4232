/**
 * The verifier's own closure over a fixture's fact graph, written apart from the
 * reference pipeline so an error there cannot hide here. The closure status of a fact is
 * the most restrictive intrinsic status it reaches through `depends_on`, itself included
 * (KD-CLOSURE-08; cycles allowed). A key that names no fact node is taken as unavailable:
 * nothing validated it, so it can never support a validated fact (KD-CLOSURE-09).
 *
 * Propagation runs backwards over the edges from a worklist; a node's rank only rises
 * and has four values, so the work is linear in the size of the graph.
 */
import type { FactKey, FixtureFactNode } from '../fixture/fixture.js';
import { statusRank } from './status-rank.js';

const UNKNOWN_RANK = 2;

/** The key of a fact in maps; its parts (enum tokens and Ids) never contain NUL. */
export function factKeyText(key: FactKey): string {
  return `${key.source}\u0000${key.kind}\u0000${key.value}`;
}

/** Closure ranks of a fixture's facts (see the module comment). */
export interface FixtureFactClosure {
  /** Rank (0 validated .. 3 error) of the closure of one fact key. */
  rankOf(key: FactKey): number;
  /** Most restrictive closure rank over `keys`, at least `floor`. */
  maxRank(keys: readonly FactKey[], floor?: number): number;
  /** Every key reachable from `keys`, the keys themselves included, as map keys. */
  reachable(keys: readonly FactKey[]): Set<string>;
}

function listFor(map: Map<string, string[]>, key: string): string[] {
  let list = map.get(key);
  if (list === undefined) map.set(key, (list = []));
  return list;
}

/** Closes the fixture's fact graph. */
export function closeFixtureFacts(facts: readonly FixtureFactNode[]): FixtureFactClosure {
  const rank = new Map<string, number>();
  const edges = new Map<string, string[]>();
  const reverse = new Map<string, string[]>();
  for (const f of facts) {
    const k = factKeyText(f);
    rank.set(k, Math.max(rank.get(k) ?? 0, statusRank(f.status) ?? UNKNOWN_RANK));
  }
  for (const f of facts) {
    const k = factKeyText(f);
    for (const d of f.depends_on) {
      const dk = factKeyText(d);
      if (!rank.has(dk)) rank.set(dk, UNKNOWN_RANK);
      listFor(edges, k).push(dk);
      listFor(reverse, dk).push(k);
    }
  }
  const work = [...rank.keys()];
  while (work.length > 0) {
    const k = work.pop() as string;
    const r = rank.get(k) ?? 0;
    for (const p of reverse.get(k) ?? []) {
      if ((rank.get(p) ?? 0) < r) {
        rank.set(p, r);
        work.push(p);
      }
    }
  }
  const rankOf = (key: FactKey): number => rank.get(factKeyText(key)) ?? UNKNOWN_RANK;
  return {
    rankOf,
    maxRank(keys, floor = 0) {
      let m = floor;
      for (const k of keys) m = Math.max(m, rankOf(k));
      return m;
    },
    reachable(keys) {
      const seen = new Set<string>();
      const queue = keys.map(factKeyText);
      for (const k of queue) seen.add(k);
      for (let i = 0; i < queue.length; i++) {
        for (const d of edges.get(queue[i] as string) ?? []) {
          if (!seen.has(d)) {
            seen.add(d);
            queue.push(d);
          }
        }
      }
      return seen;
    },
  };
}
