/**
 * The annotations of a run with more to say than GitHub shows (10 errors and 10 warnings per step): the run of the
 * issue (30 order-only FAILs of KD-ORDER-06, 20 ERRORs "unsupported", one wrong value of KD-RES-11, NOT-RUN
 * release-cost vectors) with twelve layout-only clauses and eleven kinds of warning added. Every line is worked by
 * hand from the vectors below.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { VectorJudgement } from '../judge/verdict.js';
import { untracedObservation } from '../hermetic/hermetic-observation.js';
import { judgement, reportOf } from '../test-support/sample-report.js';
import { githubAnnotations, MAX_ANNOTATIONS_PER_LEVEL } from './github-annotations.js';

const two = (i: number): string => String(i).padStart(2, '0');
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

function vectors(): VectorJudgement[] {
  const order = { kind: 'order', pointers: ['/operations'], arrays: [] };
  const layout = {
    kind: 'layout',
    offset: 4,
    context_start: 0,
    expected_context: '{}',
    actual_context: '{ }',
    expected_length: 2,
    actual_length: 3,
  };
  return [
    ...range(30).map((i) =>
      judgement(`canonical-order/o${two(i)}`, 'FAIL', { fail_clauses: ['KD-ORDER-06'], difference: order }),
    ),
    ...range(20).map((i) =>
      judgement(`canonical-order/e${two(i)}`, 'ERROR', {
        error: { kind: 'provider-error', code: 'unsupported', message: 'not supported' },
      }),
    ),
    judgement('stale/status', 'FAIL', {
      fail_clauses: ['KD-RES-11'],
      difference: { kind: 'values', pointers: ['/status'], more: 0 },
    }),
    ...range(12).map((i) =>
      judgement(`layout/l${two(i)}`, 'FAIL', { fail_clauses: [`KD-CANON-${two(i)}`], difference: layout }),
    ),
    ...range(3).map((i) =>
      judgement(`release-cost/r${two(i)}`, 'NOT-RUN', {
        error: { kind: 'not-run', message: 'no build commands declared' },
      }),
    ),
    ...(['crash', 'oversize', 'protocol', 'provider-error', 'start', 'timeout'] as const).map((kind) =>
      judgement(`invalid/${kind}`, 'NOT-RUN', { error: { kind, message: kind } }),
    ),
    judgement('stale/noted', 'PASS', { notes: ['a kit remark'] }),
  ];
}

test('at most 10 errors and 10 warnings, one per clause group in severity order, each with its count', () => {
  const report = {
    ...reportOf(vectors()),
    fuzz: { seed: 7, cases: 5, outcome: 'no-provider' as const, message: 'could not start' },
    hermetic: untracedObservation('strace is not installed'),
  };
  report.gate = { ...report.gate, reasons: ['shard 2/3 is missing', ...report.gate.reasons] };
  const lines = githubAnnotations(report, { jobSummary: true, reportFiles: ['kofun-reports/kofun-ctk-report.json'] });
  const errors = lines.filter((l) => l.startsWith('::error '));
  const warnings = lines.filter((l) => l.startsWith('::warning '));
  assert.is(errors.length, MAX_ANNOTATIONS_PER_LEVEL);
  assert.is(warnings.length, MAX_ANNOTATIONS_PER_LEVEL);
  // Errors: the wrong value first, then the order group, then the layout groups by clause; CANON-09..12 and the
  // ERROR group are left out.
  assert.is(
    errors[0],
    '::error title=kofun-ctk KD-RES-11 (wrong value)::1 vector FAIL KD-RES-11 (wrong value): stale/status. ' +
      'values differ at /status',
  );
  assert.is(
    errors[1],
    '::error title=kofun-ctk KD-ORDER-06 (order only)::30 vectors FAIL KD-ORDER-06 (order only): ' +
      'canonical-order/o01, canonical-order/o02, canonical-order/o03, canonical-order/o04, canonical-order/o05, ' +
      '… (25 more). First: order only at /operations',
  );
  assert.equal(
    errors.slice(2).map((l) => /title=kofun-ctk (\S+)/.exec(l)?.[1]),
    range(8).map((i) => `KD-CANON-${two(i)}`),
  );
  // Warnings: the incomplete run, the NOT-RUN kinds by name, the fuzz phase, the trace; the note is left out.
  assert.equal(
    warnings.map((l) => /title=([^:]+)::/.exec(l)?.[1]),
    [
      'kofun-ctk run incomplete',
      'kofun-ctk NOT-RUN crash',
      'kofun-ctk NOT-RUN not-run',
      'kofun-ctk NOT-RUN oversize',
      'kofun-ctk NOT-RUN protocol',
      'kofun-ctk NOT-RUN provider-error',
      'kofun-ctk NOT-RUN start',
      'kofun-ctk NOT-RUN timeout',
      'kofun-ctk fuzz phase not run',
      'kofun-ctk hermetic trace not observed',
    ],
  );
  assert.is(
    warnings[2],
    '::warning title=kofun-ctk NOT-RUN not-run::3 vectors NOT-RUN: release-cost/r01, ' +
      'release-cost/r02, release-cost/r03. First: no build commands declared',
  );
  assert.is(warnings[0], '::warning title=kofun-ctk run incomplete::the run is incomplete. shard 2/3 is missing');
  // Left out: 4 layout groups (4 vectors) and the ERROR group (20) of the errors, the note (1) of the warnings.
  // Failing the gate or not run: 30 + 20 + 1 + 12 + 3 + 6 = 72 vectors.
  assert.is(
    lines.at(-1),
    '::notice title=kofun-ctk::6 more groups (25 vectors) are not annotated; all 72 vectors that fail the gate or ' +
      'did not run are in the job summary and the reports kofun-reports/kofun-ctk-report.json',
  );
  assert.is(lines.length, 21);
});

test('a run that passes without a note writes no annotation at all', () => {
  assert.equal(githubAnnotations(reportOf([judgement('stale/a', 'PASS')])), []);
});

test('a fuzz disagreement is an error among the wrong values; expectations naming no vector are one error', () => {
  const report = {
    ...reportOf([judgement('stale/a', 'PASS'), judgement('stale/x', 'XPASS', { raw_verdict: 'PASS' })]),
    fuzz: { seed: 3, cases: 9, outcome: 'disagreement' as const, vector_id: 'fuzz/case-1', clauses: ['KD-RES-11'] },
    unknown_expectations: [{ id: 'gone/*', verdict: 'FAIL' as const, reason: 'r' }],
  };
  const lines = githubAnnotations(report);
  assert.equal(lines.slice(0, 3), [
    '::error title=kofun-ctk fuzz disagreement::fuzz: a disagreement in 9 generated cases (seed 3), written as ' +
      'vector fuzz/case-1; clauses: KD-RES-11',
    '::error title=kofun-ctk XPASS (remove the expectation)::1 vector XPASS: an expected failure passed: stale/x',
    '::error title=kofun-ctk expectations naming no vector::1 expectation entry names no vector of the set. gone/*',
  ]);
});

test.run();
