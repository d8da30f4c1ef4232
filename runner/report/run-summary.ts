/**
 * Summaries of a run by category and by violated clause, shown by the console and every
 * report: 255 failures that all break one clause read as one line naming that clause, not
 * as "255 FAIL".
 */
import { compareUtf8, FEATURES } from '../../oracle/index.js';
import { VERDICTS, verdictNotHandled, type Verdict, type VectorJudgement } from '../judge/verdict.js';

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

/**
 * How many vectors passed by one named alternative (ACCEPTABLE): the register entry and reading it rests on, the
 * alternative's name, and how many of those the provider declared in its handshake.
 */
export interface AlternativeSummary {
  interpretation: string;
  name: string;
  vectors: number;
  declared: number;
}

export interface RunSummary {
  /** Sorted by category. */
  by_category: CategorySummary[];
  /** Most failing first, then by clause. */
  by_clause: ClauseSummary[];
  /** Most failing first, then by kind. */
  by_error: ErrorSummary[];
  /** Vectors passed by a named alternative, by register entry and name (absent in reports of earlier kits). */
  by_alternative?: AlternativeSummary[];
  /**
   * The vectors each feature the provider declares missing left NOT-APPLICABLE (a vector that needs two counts for
   * both), in FEATURES order; absent when none is NOT-APPLICABLE (and in reports of earlier kits).
   */
  by_feature?: FeatureSummary[];
}

/** How many vectors one missing feature left NOT-APPLICABLE (PROTOCOL.md, "Features"). */
export interface FeatureSummary {
  feature: string;
  vectors: number;
}

function zeroCounts(): Record<Verdict, number> {
  return Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
}

/**
 * What a vector adds to the summaries: the clauses it violates (when it failed, or failed as expected), the kind of
 * error it gave no bytes for (an ERROR or NOT-RUN, or an expected ERROR), and whether it was expected (XFAIL).
 */
function summaryPart(v: VectorJudgement): { clauses: string[]; errorKind?: string; expected: boolean } {
  switch (v.verdict) {
    case 'FAIL':
      return { clauses: v.fail_clauses, expected: false };
    case 'ERROR':
      return { clauses: [], errorKind: v.error?.kind ?? 'error', expected: false };
    case 'NOT-RUN':
      return { clauses: [], errorKind: v.error?.kind ?? 'not-run', expected: false };
    case 'XFAIL':
      if (v.raw_verdict === 'FAIL') return { clauses: v.fail_clauses, expected: true };
      // A report read from elsewhere may lack raw_verdict: then the XFAIL counts in no summary but its verdict's.
      return v.raw_verdict === 'ERROR'
        ? { clauses: [], errorKind: v.error?.kind ?? 'error', expected: true }
        : { clauses: [], expected: true };
    case 'PASS':
    case 'ACCEPTABLE':
    case 'XPASS':
    case 'NOT-APPLICABLE':
      return { clauses: [], expected: false };
    default:
      return verdictNotHandled(v);
  }
}

/** Summarises judged vectors. */
export function summarizeVectors(vectors: readonly VectorJudgement[]): RunSummary {
  const categories = new Map<string, CategorySummary>();
  const clauses = new Map<string, { failing: number; expected: number; categories: Set<string> }>();
  const errors = new Map<string, ErrorSummary>();
  const alternatives = new Map<string, AlternativeSummary>();
  const features = new Map<string, number>();
  for (const v of vectors) {
    if (v.verdict === 'NOT-APPLICABLE') for (const f of v.missing_features) features.set(f, (features.get(f) ?? 0) + 1);
    if (v.verdict === 'ACCEPTABLE') {
      const { interpretation, name, declared } = v.acceptable;
      const key = `${interpretation}\u0000${name}`;
      let a = alternatives.get(key);
      if (a === undefined) alternatives.set(key, (a = { interpretation, name, vectors: 0, declared: 0 }));
      a.vectors += 1;
      if (declared) a.declared += 1;
    }
    let c = categories.get(v.category);
    if (c === undefined) categories.set(v.category, (c = { category: v.category, total: 0, counts: zeroCounts() }));
    c.total += 1;
    c.counts[v.verdict] += 1;
    const { clauses: violated, errorKind, expected } = summaryPart(v);
    for (const clause of violated) {
      let s = clauses.get(clause);
      if (s === undefined) clauses.set(clause, (s = { failing: 0, expected: 0, categories: new Set() }));
      if (expected) s.expected += 1;
      else s.failing += 1;
      s.categories.add(v.category);
    }
    if (errorKind !== undefined) {
      let e = errors.get(errorKind);
      if (e === undefined) errors.set(errorKind, (e = { kind: errorKind, failing: 0, expected: 0 }));
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
    by_alternative: [...alternatives.values()].sort(
      (a, b) => compareUtf8(a.interpretation, b.interpretation) || compareUtf8(a.name, b.name),
    ),
    ...(features.size === 0
      ? {}
      : {
          by_feature: FEATURES.filter((f) => features.has(f)).map((f) => ({
            feature: f,
            vectors: features.get(f) ?? 0,
          })),
        }),
  };
}
