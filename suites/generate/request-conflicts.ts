/**
 * One world per analysis key, as a property of the vector set (KIT-25). A client may cache a
 * result as a UI response keyed by the complete analysis key and the canonical request bytes
 * (KD-TRUST-07); the key is inside the request, so two query vectors that send the same bytes
 * must expect the same answer, or a provider that keeps such a cache across fixtures fails one
 * of them. Stale and unavailable answers are exempt: they may be transient (an old key, a
 * cancellation, current-file facts not there yet, KD-STALE-06), so no cache is bound to keep
 * them.
 */
import { compareUtf8, type ResultStatus } from '../../oracle/index.js';
import { vectorBytes } from '../../oracle/internal.js';
import type { VectorTree } from '../../runner/internal.js';

/** Statuses a client may keep in a cache keyed by the analysis key and request bytes. */
export const CACHEABLE_STATUSES: readonly ResultStatus[] = ['complete', 'partial', 'invalid'];

/** Two vectors that send one request and expect different cacheable answers. */
export interface RequestConflict {
  first: string;
  second: string;
  firstStatus: ResultStatus;
  secondStatus: ResultStatus;
}

/** The status a canonical result text states; undefined when it states none. */
function statusOf(result: string): ResultStatus | undefined {
  try {
    const status = (JSON.parse(result) as { status?: unknown }).status;
    return typeof status === 'string' ? (status as ResultStatus) : undefined;
  } catch {
    return undefined;
  }
}

/** Every pair of query vectors with identical request bytes and different cacheable expected results, by path. */
export function requestConflicts(tree: VectorTree): RequestConflict[] {
  const byRequest = new Map<string, { path: string; result: string; status: ResultStatus }[]>();
  const sorted = [...tree.vectors].sort((a, b) => compareUtf8(a.path, b.path));
  for (const { path, vector } of sorted) {
    const bytes = vectorBytes(vector);
    if (bytes === undefined || !('expected' in vector)) continue;
    const status = statusOf(vector.expected.result);
    if (status === undefined || !CACHEABLE_STATUSES.includes(status)) continue;
    const key = Buffer.from(bytes.request).toString('base64');
    const group = byRequest.get(key) ?? [];
    group.push({ path, result: vector.expected.result, status });
    byRequest.set(key, group);
  }
  const out: RequestConflict[] = [];
  for (const group of byRequest.values()) {
    const head = group[0];
    if (head === undefined) continue;
    for (const other of group.slice(1)) {
      if (other.result !== head.result)
        out.push({ first: head.path, second: other.path, firstStatus: head.status, secondStatus: other.status });
    }
  }
  return out;
}

/** One problem line per conflict, for `vectors check`. */
export function requestConflictProblems(tree: VectorTree): string[] {
  return requestConflicts(tree).map(
    (c) =>
      `vectors/${c.first} and vectors/${c.second} send identical request bytes but expect different results ` +
      `(${c.firstStatus} vs ${c.secondStatus}): one analysis key names two worlds (KD-TRUST-07, KIT-25)`,
  );
}
