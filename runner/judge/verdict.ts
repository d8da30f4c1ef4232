/**
 * Verdicts and per-vector judgements: what the reports,
 * the gate and the exit status are computed from.
 */
import type { Violation } from '../../oracle/index.js';
import type { DifferenceClass } from './classify-difference.js';

/**
 * PASS exact bytes; ACCEPTABLE an alternative of the envelope; FAIL other bytes;
 * ERROR no bytes (crash, timeout, protocol violation, oversize reply, provider error);
 * NOT-RUN never sent (the provider could not be (re)started); XFAIL a FAIL or ERROR
 * that the expectations file names; XPASS a PASS or ACCEPTABLE that it names as failing.
 */
export const VERDICTS = ['PASS', 'ACCEPTABLE', 'FAIL', 'ERROR', 'NOT-RUN', 'XFAIL', 'XPASS'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Verdicts that pass the gate. */
export const PASSING: ReadonlySet<Verdict> = new Set<Verdict>(['PASS', 'ACCEPTABLE', 'XFAIL']);

/** Why a vector has no result bytes. */
export interface VectorError {
  kind: 'provider-error' | 'crash' | 'timeout' | 'protocol' | 'oversize' | 'start' | 'not-run';
  /** The provider's error code, for `provider-error`. */
  code?: string;
  /** Escaped, bounded text. */
  message: string;
  /** The last bytes of the provider's stderr, escaped and bounded. */
  stderr_tail?: string;
}

/** The metamorphic canonical-order check of one vector (KD-ORDER-12, KD-KEY-07). */
export interface MetamorphicOutcome {
  /** The seed that produced this vector's variant; replay with `--metamorphic-seed`. */
  seed: number;
  ok: boolean;
  /** Why it failed: the variant's answer differs, or the variant could not be run. */
  detail?: string;
  difference?: DifferenceClass;
  diff?: string;
}

/** Everything the reports say about one vector. */
export interface VectorJudgement {
  id: string;
  category: string;
  clauses: string[];
  interpretations: string[];
  verdict: Verdict;
  /** The verdict before the expectations file applied (only when it changed it). */
  raw_verdict?: Verdict;
  /** For ACCEPTABLE: the alternative matched, and whether the provider declared it in its handshake. */
  acceptable?: { name: string; interpretation: string; declared: boolean };
  /**
   * For FAIL: the KD- clauses violated, from the verifier, else the vector's clauses that
   * govern the differing parts (fail-attribution.ts); for an oversize ERROR, KD-LIMIT-03.
   */
  fail_clauses: string[];
  /**
   * Where fail_clauses came from: the verifier, the difference, the metamorphic check, a limit of the runner, the
   * vector, or the hermetic trace (`run --hermetic`: a network request or process start during the query).
   */
  clause_source?: 'verifier' | 'difference' | 'vector' | 'metamorphic' | 'limit' | 'hermetic';
  /** Every verifier violation of the actual bytes (with request and fixture). */
  violations: Violation[];
  difference?: DifferenceClass;
  /** Escaped unified diff of expected and actual bytes. */
  diff?: string;
  error?: VectorError;
  actual_sha256?: string;
  actual_length?: number;
  expectation?: { verdict: string; reason: string; clauses?: string[] };
  metamorphic?: MetamorphicOutcome;
  /** Wall time spent on the vector (fixture load when first sent, query, or release builds); absent when never sent. */
  duration_ms?: number;
  /** Kit-side remarks (for example the verifier objecting to bytes equal to the expected ones). */
  notes: string[];
  /**
   * For a judgement that fails the gate: the command line that reproduces it (shell-quoted, to be escaped on
   * display).
   */
  reproduce?: string;
}

/** A judgement not yet decided (ERROR until a verdict is set), carrying the vector's own clauses. */
export function blankJudgement(vector: {
  id: string;
  category: string;
  clauses: readonly string[];
  interpretations: readonly string[];
}): VectorJudgement {
  return {
    id: vector.id,
    category: vector.category,
    clauses: [...vector.clauses],
    interpretations: [...vector.interpretations],
    verdict: 'ERROR',
    fail_clauses: [],
    violations: [],
    notes: [],
  };
}
