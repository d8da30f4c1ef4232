// Broken provider: closes fact statuses with a depth-first walk that memoises each node when it enters it, with its
// own status, so a node met again while still on the walk's stack (a cycle) counts as that partial value and the nodes
// closed from it keep it: in a cycle entered at the node that reaches a provisional fact, the other node stays
// validated (KD-CLOSURE-08, L228: at least as restrictive as every transitive dependency).
import { runBrokenProvider, type Loose } from './broken-provider.js';

const RANK: Record<string, number> = { validated: 0, provisional: 1, unavailable: 2, error: 3 };
const STATUS = ['validated', 'provisional', 'unavailable', 'error'];
const keyOf = (k: Loose): string => `${String(k.source)}\u0000${String(k.kind)}\u0000${String(k.value)}`;

runBrokenProvider('closure memoising a node on the stack', {
  fixture: (world) => {
    const nodes = new Map<string, { rank: number; edges: string[]; errors: string[] }>();
    for (const f of (world.facts ?? []) as Loose[]) {
      const k = keyOf(f);
      const n = nodes.get(k) ?? { rank: 0, edges: [], errors: [] };
      n.rank = Math.max(n.rank, RANK[f.status as string] ?? 2);
      n.edges.push(...((f.depends_on ?? []) as Loose[]).map(keyOf));
      if (f.status === 'error') n.errors.push(...(f.diagnostic_ids as string[]));
      nodes.set(k, n);
    }
    /** The diagnostics of the error nodes `k` reaches: an error fact cites them (KD-CLOSURE-10). */
    const errorsReached = (k: string): string[] => {
      const seen = new Set([k]);
      const queue = [k];
      const out = new Set<string>();
      for (let i = 0; i < queue.length; i++) {
        const n = nodes.get(queue[i] as string);
        for (const d of n?.errors ?? []) out.add(d);
        for (const e of n?.edges ?? []) if (!seen.has(e) && seen.add(e)) queue.push(e);
      }
      return [...out].sort();
    };
    const memo = new Map<string, number>();
    const close = (k: string): number => {
      const known = memo.get(k);
      if (known !== undefined) return known;
      const n = nodes.get(k);
      // A key no node has is unavailable (FIXTURES.md, "facts[]").
      if (n === undefined) return 2;
      memo.set(k, n.rank);
      let rank = n.rank;
      for (const e of n.edges) rank = Math.max(rank, close(e));
      memo.set(k, rank);
      return rank;
    };
    // The walk starts where the pipeline needs a status: the type, then each candidate in canonical order.
    // Each fact's own dependencies in their listed (sorted) order.
    const walk = (keys: Loose[]): void => {
      for (const k of keys.map(keyOf).sort()) close(k);
    };
    for (const o of (world.occurrences ?? []) as Loose[]) walk((o.type?.dependencies ?? []) as Loose[]);
    const candidates = [...((world.candidates ?? []) as Loose[])].sort((a, b) =>
      String(a.identity) < String(b.identity) ? -1 : 1,
    );
    for (const c of candidates) {
      const keys: Loose[] = [...((c.dependencies ?? []) as Loose[]), ...((c.origin?.dependencies ?? []) as Loose[])];
      for (const g of (c.generic_requirements ?? []) as Loose[]) keys.push(...((g.dependencies ?? []) as Loose[]));
      for (const e of (c.effects ?? []) as Loose[]) keys.push(...((e.dependencies ?? []) as Loose[]));
      walk(keys);
    }
    // The statuses so closed become the facts the rest of the pipeline reads.
    for (const f of (world.facts ?? []) as Loose[]) {
      f.status = STATUS[close(keyOf(f))];
      if (f.status === 'error') f.diagnostic_ids = errorsReached(keyOf(f));
      f.depends_on = [];
    }
  },
});
