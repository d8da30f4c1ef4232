// Broken provider: closes the dependencies a fact lists with one visited set shared across them, so a node the first
// dependency already reached counts for nothing when the second reaches it too (a diamond): the second dependency's
// listed status stays validated though it reaches a provisional fact (KD-CLOSURE-08, L228, OQ-22 A: each listed
// status is that dependency's own closure).
import { editResult, rowsOf, runBrokenProvider, type Loose } from './broken-provider.js';

const RANK: Record<string, number> = { validated: 0, provisional: 1, unavailable: 2, error: 3 };
const STATUS = ['validated', 'provisional', 'unavailable', 'error'];
const keyOf = (k: Loose): string => `${String(k.source)}\u0000${String(k.kind)}\u0000${String(k.value)}`;

runBrokenProvider('closure with one visited set per fact', {
  result: editResult((value, { fixture }) => {
    const nodes = new Map<string, { rank: number; edges: string[] }>();
    for (const f of fixture.facts) {
      const k = keyOf(f);
      const n = nodes.get(k) ?? { rank: 0, edges: [] };
      n.rank = Math.max(n.rank, RANK[f.status] ?? 2);
      n.edges.push(...f.depends_on.map(keyOf));
      nodes.set(k, n);
    }
    let changed = false;
    const relist = (dependencies: Loose[] | undefined): void => {
      const visited = new Set<string>();
      const close = (k: string): number => {
        if (visited.has(k)) return 0;
        visited.add(k);
        const n = nodes.get(k);
        if (n === undefined) return 2;
        let rank = n.rank;
        for (const e of n.edges) rank = Math.max(rank, close(e));
        return rank;
      };
      for (const d of dependencies ?? []) {
        const status = STATUS[close(keyOf(d))];
        if (status !== d.status) changed = true;
        d.status = status;
      }
    };
    if (value.type !== null && value.type !== undefined) relist(value.type.dependencies as Loose[]);
    for (const row of rowsOf(value)) relist(row.dependencies as Loose[]);
    return changed;
  }),
});
