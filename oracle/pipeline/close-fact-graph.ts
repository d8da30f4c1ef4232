/**
 * Transitive status closure over the fixture's fact graph (KD-CLOSURE-08, KD-CLOSURE-09,
 * KIT-07, OQ-22 A).
 *
 * The closure status of a fact node is the most restrictive intrinsic status among the
 * nodes it reaches through `depends_on`, itself included. Cycles are allowed. The
 * computation is iterative (no recursion, so a long dependency chain cannot overflow
 * the stack) and linear: for each restrictive status, from `error` down, a backward
 * breadth-first walk from the nodes with that intrinsic status marks every node that
 * reaches one of them and has no more restrictive closure yet.
 *
 * Decision: a dependency key that names no fact node of the fixture closes to
 * `unavailable` with no dependencies of its own. Nothing is known about it, so it can
 * never satisfy a validated fact (KD-CLOSURE-09), and it has no diagnostic to cite, so it
 * is not `error`. Fixture nodes that share a key are merged (most restrictive status,
 * union of edges and diagnostic IDs), so the answer does not depend on their order
 * (KD-ORDER-12).
 */
import type { FactStatus, Id } from '../records/discovery-records.js';
import type { FactKey, FixtureFactNode } from '../fixture/fixture.js';
import { maxStatus } from './fact-status.js';

/** The closed fact graph of one fixture. */
export interface FactGraph {
  /** Closure status of the node named by `key` (KIT-07). */
  statusOf(key: FactKey): FactStatus;
  /**
   * Diagnostic IDs of the `error` nodes reachable from `keys` (each key included), as a
   * duplicate-free array in no particular order. These are the diagnostics that explain
   * why a fact closes to `error` (KD-CLOSURE-10, KD-TYPE-06).
   */
  errorDiagnosticsReached(keys: readonly FactKey[]): Id[];
  /**
   * Every key reachable from `keys` through `depends_on`, each key included, once each, in the order of a
   * breadth-first walk: the flattened transitive closure a fact lists under OQ-22 B.
   */
  keysReached(keys: readonly FactKey[]): FactKey[];
}

/** The map key of a fact; the three parts never contain NUL (Id and enum tokens). */
export function factKeyString(key: FactKey): string {
  return `${key.source}\u0000${key.kind}\u0000${key.value}`;
}

interface Node {
  key: FactKey;
  intrinsic: FactStatus;
  edges: number[];
  diagnostics: Id[];
}

/** Closes the status of every node of `facts`; see the module comment for the rules. */
export function closeFactGraph(facts: readonly FixtureFactNode[]): FactGraph {
  const { index, nodes } = factNodes(facts);
  const closure = closeStatuses(nodes);
  const reachedCache = new Map<number, Id[]>();
  const errorReachedFrom = (start: number): Id[] => {
    const cached = reachedCache.get(start);
    if (cached !== undefined) return cached;
    const reached = closure[start] === 'error' ? errorDiagnosticsFrom(nodes, start) : [];
    reachedCache.set(start, reached);
    return reached;
  };
  return {
    statusOf(key) {
      const i = index.get(factKeyString(key));
      return i === undefined ? 'unavailable' : (closure[i] as FactStatus);
    },
    errorDiagnosticsReached(keys) {
      const out = new Set<Id>();
      for (const key of keys) {
        const i = index.get(factKeyString(key));
        if (i === undefined) continue;
        for (const d of errorReachedFrom(i)) out.add(d);
      }
      return [...out];
    },
    keysReached: (keys) => keysReachedFrom(index, nodes, keys),
  };
}

/**
 * The graph's nodes, one per fact key, declared nodes first so a key that is declared anywhere never takes the
 * missing-node default (`unavailable`); a key declared twice keeps the more restrictive status.
 */
function factNodes(facts: readonly FixtureFactNode[]): { index: Map<string, number>; nodes: Node[] } {
  const index = new Map<string, number>();
  const nodes: Node[] = [];
  const nodeFor = (key: string, fact: FactKey, intrinsic: FactStatus): number => {
    let i = index.get(key);
    if (i === undefined) {
      i = nodes.length;
      index.set(key, i);
      nodes.push({
        key: { source: fact.source, kind: fact.kind, value: fact.value },
        intrinsic,
        edges: [],
        diagnostics: [],
      });
    }
    return i;
  };
  const declared = new Set<string>();
  for (const f of facts) {
    const k = factKeyString(f);
    const i = nodeFor(k, f, f.status);
    const node = nodes[i] as Node;
    node.intrinsic = declared.has(k) ? maxStatus(node.intrinsic, f.status) : f.status;
    declared.add(k);
    for (const d of f.diagnostic_ids) node.diagnostics.push(d);
  }
  for (const f of facts) {
    const from = index.get(factKeyString(f)) as number;
    for (const dep of f.depends_on) {
      (nodes[from] as Node).edges.push(nodeFor(factKeyString(dep), dep, 'unavailable'));
    }
  }
  return { index, nodes };
}

/** The diagnostics of every intrinsically `error` node reachable from `start`, itself included (KD-CLOSURE-10). */
function errorDiagnosticsFrom(nodes: readonly Node[], start: number): Id[] {
  const out = new Set<Id>();
  const seen = new Uint8Array(nodes.length);
  const queue = [start];
  seen[start] = 1;
  for (let q = 0; q < queue.length; q++) {
    const node = nodes[queue[q] as number] as Node;
    if (node.intrinsic === 'error') for (const d of node.diagnostics) out.add(d);
    for (const e of node.edges) {
      if (seen[e] === 0) {
        seen[e] = 1;
        queue.push(e);
      }
    }
  }
  return [...out];
}

/** Every key reachable from `keys`, each included once, breadth-first (OQ-22 B); an undeclared key stands alone. */
function keysReachedFrom(
  index: ReadonlyMap<string, number>,
  nodes: readonly Node[],
  keys: readonly FactKey[],
): FactKey[] {
  const out: FactKey[] = [];
  const seen = new Set<string>();
  const queue: number[] = [];
  for (const key of keys) {
    const k = factKeyString(key);
    if (seen.has(k)) continue;
    seen.add(k);
    const i = index.get(k);
    if (i === undefined) out.push(key);
    else queue.push(i);
  }
  const visited = new Uint8Array(nodes.length);
  for (const i of queue) visited[i] = 1;
  for (let q = 0; q < queue.length; q++) {
    const node = nodes[queue[q] as number] as Node;
    out.push(node.key);
    for (const e of node.edges) {
      if (visited[e] === 0) {
        visited[e] = 1;
        queue.push(e);
      }
    }
  }
  return out;
}

const RESTRICTIVE_FIRST: readonly FactStatus[] = ['error', 'unavailable', 'provisional'];

function closeStatuses(nodes: readonly Node[]): FactStatus[] {
  const reverse: number[][] = nodes.map(() => []);
  nodes.forEach((node, i) => {
    for (const e of node.edges) (reverse[e] as number[]).push(i);
  });
  const closure: (FactStatus | undefined)[] = new Array(nodes.length).fill(undefined);
  for (const level of RESTRICTIVE_FIRST) {
    const queue: number[] = [];
    nodes.forEach((node, i) => {
      if (node.intrinsic === level && closure[i] === undefined) {
        closure[i] = level;
        queue.push(i);
      }
    });
    // A node already closed to a more restrictive level is skipped: every node that
    // reaches it was marked when that level was walked.
    for (let q = 0; q < queue.length; q++) {
      for (const p of reverse[queue[q] as number] as number[]) {
        if (closure[p] === undefined) {
          closure[p] = level;
          queue.push(p);
        }
      }
    }
  }
  return closure.map((s) => s ?? 'validated');
}
