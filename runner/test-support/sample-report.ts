/**
 * A hand-built gate report for the report renderers' tests: one vector of every verdict,
 * and provider-controlled text (provider name, messages, stderr, diff, expectation reason)
 * full of markup, script, control and bidi characters. The counts are worked by hand:
 * 7 vectors in 2 categories; stale has PASS, FAIL, XFAIL (an expected FAIL), XPASS;
 * invalid has ACCEPTABLE, ERROR (crash), NOT-RUN. The FAIL and the XFAIL both violate
 * KD-CANON-02; the FAIL also violates KD-ORDER-03.
 */
import { errorFromFault } from '../judge/judge-vector.js';
import { unifiedDiff } from '../judge/unified-diff.js';
import type { Verdict, VectorJudgement } from '../judge/verdict.js';
import { computeGate, countVerdicts, REPORT_FORMAT, type GateReport } from '../report/gate-report.js';
import { summarizeVectors } from '../report/run-summary.js';

/** Markup, script, XML-breaking and terminal-breaking text in one string. */
export const HOSTILE =
  'bad<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">\u0000\u001b[2J\u0007' +
  '</failure><x>&amp;```|*_\u202e\ud800';

/**
 * A judgement of vector `id` (its category is the part before the slash), nothing to report; override any field. Built
 * by hand, it carries only the fields a test gives, also where its verdict would carry more (a FAIL without a clause
 * source), as a report read from another kit may.
 */
export function judgement(id: string, verdict: Verdict, more: Partial<Record<string, unknown>> = {}): VectorJudgement {
  return {
    id,
    category: id.split('/')[0] ?? '',
    clauses: [],
    interpretations: [],
    verdict,
    fail_clauses: [],
    violations: [],
    notes: [],
    ...more,
  } as VectorJudgement;
}

const judged = (id: string, verdict: Verdict, more: Partial<Record<string, unknown>> = {}) =>
  judgement(id, verdict, { duration_ms: 1.5, ...more });

/**
 * A gate report of `vectors` (counts, summary and gate computed from them) by provider `p` 1, all of them selected,
 * started 2026-01-31 12:00:00 UTC; override any field.
 */
export function reportOf(vectors: VectorJudgement[], over: Partial<GateReport> = {}): GateReport {
  return {
    format: REPORT_FORMAT,
    kit_version: '0.1.0',
    vector_set_sha256: 'f'.repeat(64),
    provider: { name: 'p', version: '1', interpretations: [], adapter: 'process-persistent' },
    selection: { categories: [], ids: [], clauses: [], shard: null, filtered: vectors.length, total: vectors.length },
    metamorphic: { sample: 0, seed: 1 },
    started_at: '2026-01-31T12:00:00.000Z',
    duration_ms: 1500,
    hostname: 'ci-host',
    counts: countVerdicts(vectors),
    summary: summarizeVectors(vectors),
    gate: computeGate(vectors, []),
    unknown_expectations: [],
    vectors,
    ...over,
  };
}

/** The sample vectors, sorted by id. */
export function sampleVectors(): VectorJudgement[] {
  const diff = unifiedDiff(Buffer.from('{\n  "a": 1\n}\n'), Buffer.from(`{\n  "a": "${HOSTILE}"\n}\n`));
  return [
    judged('invalid/acceptable', 'ACCEPTABLE', {
      acceptable: { name: 'alt', interpretation: 'OQ-1', declared: true },
      duration_ms: 2,
    }),
    judged('invalid/crash', 'ERROR', {
      error: errorFromFault({ kind: 'crash', message: HOSTILE, stderrTail: Buffer.from(`${HOSTILE}\nlast line`) }),
      duration_ms: 1000,
    }),
    judged('invalid/not-run', 'NOT-RUN', {
      error: { kind: 'not-run', message: 'the provider could not start' },
      duration_ms: 0,
    }),
    judged('stale/expected', 'XFAIL', {
      raw_verdict: 'FAIL',
      fail_clauses: ['KD-CANON-02'],
      clause_source: 'verifier',
      expectation: { verdict: 'FAIL', reason: HOSTILE },
    }),
    judged('stale/fail', 'FAIL', {
      clauses: ['KD-CANON-02'],
      fail_clauses: ['KD-CANON-02', 'KD-ORDER-03'],
      clause_source: 'verifier',
      violations: [{ code: 'x', clause: 'KD-CANON-02', message: 'm', actual: HOSTILE }],
      diff,
      duration_ms: 250.25,
    }),
    judged('stale/pass', 'PASS', { duration_ms: 0.001 }),
    judged('stale/xpass', 'XPASS', {
      raw_verdict: 'PASS',
      expectation: { verdict: 'FAIL', reason: 'fixed since' },
    }),
  ];
}

/** The sample report: a provider named with hostile text, started 2026-01-31 12:00:00 UTC. */
export function sampleReport(): GateReport {
  return reportOf(sampleVectors(), {
    provider: { name: HOSTILE, version: `1${HOSTILE}`, interpretations: [HOSTILE], adapter: 'process-persistent' },
  });
}
