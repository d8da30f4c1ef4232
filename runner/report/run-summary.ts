/**
 * Summaries of a run by category and by violated clause, shown by the console and every
 * report: 255 failures that all break one clause read as one line naming that clause, not
 * as "255 FAIL".
 */
import { compareUtf8 } from '../../oracle/index.js';
import { VERDICTS, type Verdict, type VectorJudgement } from '../judge/verdict.js';

/** The verdict counts of one category. */
export interface CategorySummary {
  category: string;
  total: number;
  counts: Record<Verdict, number>;
}

/** How many vectors violate one clause: failing the gate, and known failures (XFAIL). */
export interface ClauseSummary {
  clause: string;
  /** FAIL verdicts citing the clause. */
  failing: number;
  /** XFAIL verdicts (an expected FAIL) citing the clause. */
  expected: number;
  /** The categories of those vectors, sorted. */
  categories: string[];
}

/** How many vectors gave no bytes, by kind (crash, timeout, protocol, ...). */
export interface ErrorSummary {
  kind: string;
  failing: number;
  expected: number;
}

export interface RunSummary {
  /** Sorted by category. */
  by_category: CategorySummary[];
  /** Most failing first, then by clause. */
  by_clause: ClauseSummary[];
  /** Most failing first, then by kind. */
  by_error: ErrorSummary[];
}

function zeroCounts(): Record<Verdict, number> {
  return Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
}

/** The clauses a vector violates: its fail clauses when it failed, or failed as expected. */
function violatedClauses(v: VectorJudgement): string[] {
  if (v.verdict === 'FAIL' || (v.verdict === 'XFAIL' && v.raw_verdict === 'FAIL')) return v.fail_clauses;
  return [];
}

/** Summarises judged vectors. */
export function summarizeVectors(vectors: readonly VectorJudgement[]): RunSummary {
  const categories = new Map<string, CategorySummary>();
  const clauses = new Map<string, { failing: number; expected: number; categories: Set<string> }>();
  const errors = new Map<string, ErrorSummary>();
  for (const v of vectors) {
    let c = categories.get(v.category);
    if (c === undefined) categories.set(v.category, (c = { category: v.category, total: 0, counts: zeroCounts() }));
    c.total += 1;
    c.counts[v.verdict] += 1;
    const expected = v.verdict === 'XFAIL';
    for (const clause of violatedClauses(v)) {
      let s = clauses.get(clause);
      if (s === undefined) clauses.set(clause, (s = { failing: 0, expected: 0, categories: new Set() }));
      if (expected) s.expected += 1;
      else s.failing += 1;
      s.categories.add(v.category);
    }
    const raw = v.raw_verdict ?? v.verdict;
    if ((raw === 'ERROR' || raw === 'NOT-RUN') && (v.verdict === raw || expected)) {
      const kind = v.error?.kind ?? (raw === 'NOT-RUN' ? 'not-run' : 'error');
      let e = errors.get(kind);
      if (e === undefined) errors.set(kind, (e = { kind, failing: 0, expected: 0 }));
      if (expected) e.expected += 1;
      else e.failing += 1;
    }
  }
  const byCount = <T extends { failing: number; expected: number }>(a: T, b: T, ka: string, kb: string): number =>
    b.failing - a.failing || b.expected - a.expected || compareUtf8(ka, kb);
  return {
    by_category: [...categories.values()].sort((a, b) => compareUtf8(a.category, b.category)),
    by_clause: [...clauses.entries()]
      .map(([clause, s]) => ({
        clause,
        failing: s.failing,
        expected: s.expected,
        categories: [...s.categories].sort(compareUtf8),
      }))
      .sort((a, b) => byCount(a, b, a.clause, b.clause)),
    by_error: [...errors.values()].sort((a, b) => byCount(a, b, a.kind, b.kind)),
  };
}
