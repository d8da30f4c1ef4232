/**
 * Verdicts and per-vector judgements: what the reports, the gate and the exit status are computed from.
 *
 * A judgement is a union by verdict: each verdict's type names the fields it always has (a FAIL its clauses and
 * their source, an ERROR its error, an XFAIL the verdict it had and the entry that expected it) and declares every
 * other verdict's fields absent, so a field reads the same on any judgement and a verdict never carries a field it
 * cannot have. Whatever decides by verdict (the gate, the summaries, every renderer, merging) switches over
 * `verdict` and ends in `verdictNotHandled`, so a verdict added to VERDICTS and to the union is a compile error at
 * each of those places until it is handled there.
 */
import type { Violation } from '../../oracle/index.js';
import type { DifferenceClass } from './classify-difference.js';

/**
 * PASS exact bytes; ACCEPTABLE an alternative of the envelope; FAIL other bytes;
 * ERROR no bytes (crash, timeout, protocol violation, oversize reply, provider error);
 * NOT-RUN never sent (the provider could not be (re)started); XFAIL a FAIL or ERROR
 * that the expectations file names; XPASS a PASS or ACCEPTABLE that it names as failing;
 * NOT-APPLICABLE never sent because it needs a feature the provider declares missing (PROTOCOL.md, "Features").
 */
export const VERDICTS = ['PASS', 'ACCEPTABLE', 'FAIL', 'ERROR', 'NOT-RUN', 'XFAIL', 'XPASS', 'NOT-APPLICABLE'] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * What a verdict does to the gate: passes it, fails it, leaves the run incomplete, or excepts a feature (the gate is
 * then "conformant except features X, Y", and passes only under --allow-missing-features).
 */
export type GateEffect = 'passes' | 'fails' | 'incomplete' | 'excepted';

/** The gate effect of each verdict (README.md, exit codes). */
export function gateEffect(verdict: Verdict): GateEffect {
  switch (verdict) {
    case 'PASS':
    case 'ACCEPTABLE':
    case 'XFAIL':
      return 'passes';
    case 'FAIL':
    case 'ERROR':
    case 'XPASS':
      return 'fails';
    case 'NOT-RUN':
      return 'incomplete';
    case 'NOT-APPLICABLE':
      return 'excepted';
    default:
      return verdictNotHandled(verdict);
  }
}

/** Verdicts that pass the gate. */
export const PASSING: ReadonlySet<Verdict> = new Set(VERDICTS.filter((v) => gateEffect(v) === 'passes'));

/**
 * The end of every switch over a verdict: unreachable while each verdict has its case, and a compile error (the
 * argument is not `never`) where a new verdict has none. At run time it refuses rather than guess.
 */
export function verdictNotHandled(value: never): never {
  const verdict = (value as { verdict?: unknown } | null)?.verdict ?? value;
  throw new Error(`kit fault: no case for the verdict ${JSON.stringify(verdict)}`);
}

/** Why a vector has no result bytes. */
export interface VectorError {
  kind:
    'provider-error' | 'crash' | 'timeout' | 'protocol' | 'oversize' | 'resource' | 'hermetic' | 'start' | 'not-run';
  /** The provider's error code, for `provider-error`. */
  code?: string;
  /** Escaped, bounded text. */
  message: string;
  /** The last bytes of the provider's stderr, escaped and bounded. */
  stderr_tail?: string;
}

/**
 * The variants of a fixture every sampled vector is asked against, in order (run/metamorphic-variant.ts): every array
 * and object's keys reversed, rotated by one, and shuffled from the seed.
 */
export const VARIANT_KINDS = ['reversed', 'rotated', 'shuffled'] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

/** The metamorphic canonical-order check of one vector (KD-ORDER-12, KD-KEY-07); replay with `--seed`. */
export type MetamorphicOutcome =
  | { seed: number; ok: true; variant?: never; detail?: never; difference?: never; diff?: never }
  | {
      /** The seed that produced this vector's shuffled variant. */
      seed: number;
      ok: false;
      /** The variant that gave other bytes (or could not be run). */
      variant: VariantKind;
      /** Why it failed: the variant's answer differs, or the variant could not be run. */
      detail: string;
      difference?: DifferenceClass;
      diff?: string;
    };

/**
 * The state check of one vector (run/state-phase.ts, KD-KEY-07): its query asked again in one fresh instance, after
 * the other queries of its fixture in reverse order, twice in a row; the answers must be the bytes the base phase got.
 */
export type StateOutcome =
  | { ok: true; detail?: never; clauses?: never; after?: never; difference?: never; diff?: never }
  | {
      ok: false;
      /** What differed: which of the two answers, or that the instance gave none. */
      detail: string;
      /** KD-KEY-07, and the clauses of the field that differs (the verifier's, else the difference's). */
      clauses: string[];
      /** The vectors of its fixture asked before it in that instance, in order (the command that reproduces it). */
      after: string[];
      difference?: DifferenceClass;
      diff?: string;
    };

/**
 * Where a FAIL's clauses came from: the verifier, the difference, the metamorphic check, the state check, a limit of
 * the runner, the vector, or the hermetic trace (`run --hermetic`: a network request or process start during the
 * query).
 */
export type ClauseSource = 'verifier' | 'difference' | 'vector' | 'metamorphic' | 'state' | 'limit' | 'hermetic';

/** The alternative of the envelope an answer matched, and whether the provider declared it in its handshake. */
export interface AcceptableMatch {
  name: string;
  interpretation: string;
  declared: boolean;
}

/** The expectations-file entry that governs a vector, as the judgement records it. */
export interface ExpectationRecord {
  verdict: 'FAIL' | 'ERROR';
  reason: string;
  clauses?: string[];
}

/** What a judgement of any verdict carries. */
interface JudgementCommon {
  id: string;
  category: string;
  clauses: string[];
  interpretations: string[];
  /**
   * For FAIL: the KD- clauses violated, from the verifier, else the vector's clauses that govern the differing
   * parts (fail-attribution.ts); for an oversize ERROR, KD-LIMIT-03; empty otherwise.
   */
  fail_clauses: string[];
  /** Every verifier violation of the actual bytes (with request and fixture), and the hermetic trace's. */
  violations: Violation[];
  /** Kit-side remarks (for example the verifier objecting to bytes equal to the expected ones). */
  notes: string[];
  /** The expectations entry naming the vector, when one does (an XFAIL, an XPASS, or a failure it did not expect). */
  expectation?: ExpectationRecord;
  /** Wall time spent on the vector (fixture load when first sent, query, or release builds); absent when never sent. */
  duration_ms?: number;
  /**
   * For a judgement that fails the gate: the command line that reproduces it (shell-quoted, to be escaped on
   * display).
   */
  reproduce?: string;
}

/** The answer a query vector got: its digest and length (a release-cost vector answers with builds, not bytes). */
interface AnswerDigest {
  actual_sha256?: string;
  actual_length?: number;
}

/** The exact expected bytes (or, for a release-cost vector, every identity held). */
export interface PassJudgement extends JudgementCommon, AnswerDigest {
  verdict: 'PASS';
  /** The variant's answer was the same bytes. */
  metamorphic?: Extract<MetamorphicOutcome, { ok: true }>;
  /** Asked again after its fixture's other queries, twice, it gave the same bytes. */
  state?: Extract<StateOutcome, { ok: true }>;
}

/** An alternative of the vector's envelope. */
export interface AcceptableJudgement extends JudgementCommon, AnswerDigest {
  verdict: 'ACCEPTABLE';
  acceptable: AcceptableMatch;
  metamorphic?: Extract<MetamorphicOutcome, { ok: true }>;
  state?: Extract<StateOutcome, { ok: true }>;
}

/** Other bytes, or an answer that broke a clause the bytes alone do not show (metamorphic, state, hermetic). */
export interface FailJudgement extends JudgementCommon, AnswerDigest {
  verdict: 'FAIL';
  clause_source: ClauseSource;
  difference?: DifferenceClass;
  /** Escaped unified diff of expected and actual bytes (or a release-cost vector's build listing). */
  diff?: string;
  /** The alternative the vector's own answer matched, when the variant of the metamorphic check failed it. */
  acceptable?: AcceptableMatch;
  metamorphic?: MetamorphicOutcome;
  state?: StateOutcome;
}

/** No result bytes. */
export interface ErrorJudgement extends JudgementCommon {
  verdict: 'ERROR';
  error: VectorError;
  /**
   * For an oversize reply: its fail_clauses are the limit it broke (KD-LIMIT-03); for a call `--hermetic` forbids,
   * the hermetic clauses (KD-TRUST-09, KD-TRUST-10).
   */
  clause_source?: 'limit' | 'hermetic';
}

/** Never sent (or never built), or not judged on a file of the set that changed. */
export interface NotRunJudgement extends JudgementCommon {
  verdict: 'NOT-RUN';
  error: VectorError;
}

/**
 * Never sent (or never built): the vector needs a feature the provider declares it does not implement. It is no
 * PASS: the gate says "conformant except features" and names them.
 */
export interface NotApplicableJudgement extends JudgementCommon {
  verdict: 'NOT-APPLICABLE';
  /** The features the vector needs that the provider declares missing, in FEATURES order (never empty). */
  missing_features: string[];
}

/** A judgement the expectations file turned into `V`, keeping what it was as `raw_verdict`. */
type Expected<J extends { verdict: Verdict }, V extends Verdict> = Omit<J, 'verdict'> & {
  verdict: V;
  raw_verdict: J['verdict'];
  expectation: ExpectationRecord;
};

/** A FAIL or an ERROR the expectations file names (passes the gate). */
export type XfailJudgement = Expected<FailJudgement, 'XFAIL'> | Expected<ErrorJudgement, 'XFAIL'>;

/** A PASS or an ACCEPTABLE the expectations file names as failing (fails the gate, so the entry gets removed). */
export type XpassJudgement = Expected<PassJudgement, 'XPASS'> | Expected<AcceptableJudgement, 'XPASS'>;

type AnyJudgement =
  | PassJudgement
  | AcceptableJudgement
  | FailJudgement
  | ErrorJudgement
  | NotRunJudgement
  | XfailJudgement
  | XpassJudgement
  | NotApplicableJudgement;

/** Every field some judgement carries. */
type JudgementField = AnyJudgement extends infer J ? (J extends unknown ? keyof J : never) : never;

/** `J` with the fields only other verdicts carry declared absent. */
type Exclusive<J> = J extends unknown ? J & { [K in Exclude<JudgementField, keyof J>]?: never } : never;

/** Everything the reports say about one vector, by verdict. */
export type VectorJudgement = Exclusive<AnyJudgement>;

/** The fields every judgement starts with, in the order the reports write them, for a vector and its verdict. */
export function judgementOf<V extends Verdict>(
  vector: { id: string; category: string; clauses: readonly string[]; interpretations: readonly string[] },
  verdict: V,
): Pick<JudgementCommon, 'id' | 'category' | 'clauses' | 'interpretations'> & { verdict: V } & Pick<
    JudgementCommon,
    'fail_clauses' | 'violations' | 'notes'
  > {
  return {
    id: vector.id,
    category: vector.category,
    clauses: [...vector.clauses],
    interpretations: [...vector.interpretations],
    verdict,
    fail_clauses: [],
    violations: [],
    notes: [],
  };
}
