/**
 * The console reporters fed events directly (with their own clock, so nothing here waits
 * on time), the GitHub annotations and the job summary's 1 MiB cap.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PassThrough } from 'node:stream';
import { HOSTILE, judgement, reportOf, sampleReport } from '../test-support/sample-report.js';
import { freshPhaseReport } from './fresh-phase-report.js';
import { chooseReporter, consoleReporter, LINE_INTERVAL_MS, type ReporterKind } from './console-reporter.js';
import { githubAnnotations } from './github-annotations.js';
import { JOB_SUMMARY_LIMIT, renderJobSummary } from './render-job-summary.js';
import type { ProgressOutcome, RunEvent } from './run-events.js';

function capture(
  kind: ReporterKind,
  clock: { t: number },
): { text: () => string; sink: (e: RunEvent) => void; summary: () => void } {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  const r = consoleReporter(out, false, { kind, now: () => clock.t });
  return { text: () => chunks.join(''), sink: r.sink, summary: () => r.summary(sampleReport()) };
}

const progress = (done: number, total: number, outcome: ProgressOutcome = 'PASS'): RunEvent => ({
  event: 'progress',
  phase: 'base',
  id: `v/${done}`,
  outcome,
  done,
  total,
});

const start = (id: string, work: 'query' | 'build' = 'query'): RunEvent => ({
  event: 'vector-start',
  phase: 'base',
  id,
  work,
});

test('line and progress: the line names the vector or build in flight longest, how long, and how many more', () => {
  const clock = { t: 0 };
  const r = capture('line', clock);
  r.sink(start('v/1'));
  r.sink(progress(1, 100));
  // v/2 goes out at 1 s, the build of r/9 at 2 s; neither is judged by 7 s, when the 5 s line is due.
  clock.t = 1000;
  r.sink(start('v/2'));
  clock.t = 2000;
  r.sink(start('release-cost/r9', 'build'));
  clock.t = 7000;
  r.sink(progress(2, 100, 'FAIL'));
  assert.is(r.text(), 'vectors 2/100 (2%)  PASS 1  FAIL 1  building release-cost/r9 (5 s)\n');
  // Once v/2 was judged (the progress above was v/2's), only the build is in flight; v/3 and v/4 join it, and v/3
  // is judged at 13 s: the build and v/4 are left.
  r.sink(start('v/3'));
  r.sink(start('v/4'));
  clock.t = 13000;
  r.sink(progress(3, 100));
  assert.match(r.text(), 'vectors 3/100 (3%)  PASS 2  FAIL 1  building release-cost/r9 (11 s) and 1 more\n');

  const tty = capture('progress', { t: 0 });
  tty.sink(start('v/1'));
  tty.sink(progress(1, 3));
  tty.sink(start('stale/<odd>\u001b[2J'));
  // Redrawn as soon as a vector goes out, its id escaped.
  assert.match(tty.text(), 'vectors 1/3  PASS 1  waiting on stale/<odd>\\u{1b}[2J (0 s)');
});

test('auto: github under GitHub Actions, progress on a TTY, line otherwise; an explicit choice stands', () => {
  assert.is(chooseReporter('auto', true, { GITHUB_ACTIONS: 'true' }), 'github');
  assert.is(chooseReporter('auto', true, {}), 'progress');
  assert.is(chooseReporter('auto', false, {}), 'line');
  assert.is(chooseReporter('dot', false, { GITHUB_ACTIONS: 'true' }), 'dot');
});

test('line: a line every 10% of the vectors when they come fast', () => {
  const clock = { t: 0 };
  const r = capture('line', clock);
  for (let i = 1; i <= 100; i++) r.sink(progress(i, 100));
  const lines = r
    .text()
    .split('\n')
    .filter((l) => l.startsWith('vectors '));
  assert.equal(
    lines.map((l) => l.split(' ')[1]),
    ['10/100', '20/100', '30/100', '40/100', '50/100', '60/100', '70/100', '80/100', '90/100', '100/100'],
  );
  assert.is(lines[4], 'vectors 50/100 (50%)  PASS 50');
});

test('line: a line once 5 seconds passed, however few vectors were judged', () => {
  const clock = { t: 0 };
  const r = capture('line', clock);
  r.sink(progress(1, 1000));
  assert.is(r.text(), '');
  clock.t = LINE_INTERVAL_MS - 1;
  r.sink(progress(2, 1000, 'FAIL'));
  assert.is(r.text(), '');
  clock.t = LINE_INTERVAL_MS;
  r.sink(progress(3, 1000));
  assert.is(r.text(), 'vectors 3/1000 (0%)  PASS 2  FAIL 1\n');
});

test('dot: one character per vector, the count at the end of the phase', () => {
  const r = capture('dot', { t: 0 });
  for (const [i, o] of (['PASS', 'FAIL', 'ERROR', 'ACCEPTABLE', 'NOT-RUN'] as const).entries())
    r.sink(progress(i + 1, 5, o));
  assert.is(r.text(), '.FEaN 5/5\n');
});

test('summary: by category and by violated clause; quiet prints the gate line alone', () => {
  const r = capture('line', { t: 0 });
  r.summary();
  const text = r.text();
  assert.match(
    text,
    new RegExp(
      /by category:\n {2}invalid: 3 vectors: ACCEPTABLE 1, ERROR 1, NOT-RUN 1\n/.source +
        / {2}stale: 4 vectors: PASS 1, FAIL 1, XFAIL 1, XPASS 1\n/.source,
    ),
  );
  assert.match(
    text,
    new RegExp(
      /by violated clause:\n {2}KD-CANON-02: 1 failing, 1 expected \(XFAIL\) \(stale\)\n/.source +
        / {2}KD-ORDER-03: 1 failing \(stale\)\n/.source,
    ),
  );
  assert.match(text, /without result bytes:\n {2}crash: 1\n {2}not-run: 1\n/);
  const q = capture('quiet', { t: 0 });
  q.sink({
    event: 'run-start',
    kit_version: '0',
    started_at: '2026-01-31T12:00:00.000Z',
    hostname: 'h',
    vector_set_sha256: 'f'.repeat(64),
    selection: sampleReport().selection,
    adapter: 'module',
    jobs: 1,
    timeout_ms: 1,
    metamorphic: { sample: 0, seed: 1 },
  });
  q.sink(progress(1, 1));
  q.summary();
  // The sample holds a FAIL beside its NOT-RUN: a failure exits 1 whatever else could not run.
  assert.match(q.text(), /^gate FAILED \(exit 1\)/);
  assert.not.match(q.text(), /by category/);
});

test('github: one annotation per group, errors then warnings, then where the rest is; one line each', () => {
  const lines = githubAnnotations(sampleReport());
  // FAIL, ERROR and XPASS are errors, in severity order; the NOT-RUN is a warning; XFAIL and ACCEPTABLE say nothing.
  assert.is(lines.length, 5);
  assert.is(
    lines[0],
    '::error title=kofun-ctk KD-CANON-02 (wrong value)::1 vector FAIL KD-CANON-02 (wrong value): stale/fail. ' +
      'KD-CANON-02 m',
  );
  assert.match(
    lines[1] ?? '',
    /^::error title=kofun-ctk ERROR crash::1 vector ERROR crash: invalid\/crash\. bad<script>/,
  );
  assert.is(
    lines[2],
    '::error title=kofun-ctk XPASS (remove the expectation)::1 vector XPASS: an expected failure passed: stale/xpass',
  );
  assert.is(
    lines[3],
    '::warning title=kofun-ctk NOT-RUN not-run::1 vector NOT-RUN: invalid/not-run. the provider could not start',
  );
  assert.is(
    lines[4],
    '::notice title=kofun-ctk::all 4 vectors that fail the gate or did not run are in the reports ' +
      '(--report json,junit,md,html)',
  );
  for (const l of lines) assert.not.match(l, /[\n\r\u0000-\u001f]/);
  // The provider's text cannot start a command of its own: no `::` after the command's own.
  assert.not.match((lines[1] ?? '').slice(2), /::[a-z-]+ /);
  const named = githubAnnotations(sampleReport(), { jobSummary: true, reportFiles: ['r/a.json', 'r/b.xml'] });
  assert.is(
    named.at(-1),
    '::notice title=kofun-ctk::all 4 vectors that fail the gate or did not run are in the job summary and ' +
      'the reports r/a.json, r/b.xml',
  );
  assert.ok(HOSTILE.includes('\u001b'));
});

test('job summary: counts, clauses and details; never over the budget, however many failures', () => {
  const small = renderJobSummary(sampleReport());
  assert.match(small, /\| KD-CANON-02 \| 1 \| 1 \| stale \|/);
  assert.match(small, /<details>\n<summary>stale\/fail: FAIL KD-CANON-02 KD-ORDER-03<\/summary>/);
  // Provider markup appears raw only inside code fences, where Markdown shows it as text.
  const prose = small.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');
  assert.ok(prose.length < small.length);
  assert.not.match(prose, /<script>|<img/);
  const base = sampleReport();
  const fail = base.vectors.find((v) => v.id === 'stale/fail');
  if (fail?.verdict !== 'FAIL') throw new Error('the sample report has no FAIL stale/fail');
  const many = Array.from({ length: 3000 }, (_, i) => ({
    ...fail,
    id: `stale/f${String(i).padStart(4, '0')}`,
    diff: 'x'.repeat(3000),
  }));
  const big = { ...base, vectors: many };
  const text = renderJobSummary(big);
  const size = Buffer.byteLength(text, 'utf8');
  assert.ok(size <= JOB_SUMMARY_LIMIT, String(size));
  assert.ok(size > JOB_SUMMARY_LIMIT - 8000, String(size));
  assert.match(text, /\n\d+ more failing vectors and fresh cases: see the reports.\n$/);
  assert.ok(Buffer.byteLength(renderJobSummary(big, 300), 'utf8') <= 300);
});

test('job summary: a failing fresh case after the vectors, with the notes and the command that reproduce it', () => {
  const base = sampleReport();
  const crash = base.vectors.find((v) => v.id === 'invalid/crash');
  if (crash === undefined) throw new Error('the sample report has no invalid/crash');
  const reproduce = "npx kofun-ctk run --process 'p --serve' --id stale/pass --metamorphic 0 --seed 9 --fresh all";
  const fresh = freshPhaseReport(
    { sample: 'all', seed: 9 },
    [
      { from: 'stale/pass', seed: 9, fixture_sha256: 'a'.repeat(64), judgement: { ...crash, reproduce } },
      { from: 'invalid/acceptable', seed: 9, fixture_sha256: 'b'.repeat(64), judgement: judgement('x/y', 'PASS') },
    ],
    0,
  );
  const text = renderJobSummary({ ...base, fresh });
  const freshAt = text.indexOf('<summary>fresh case from stale/pass (seed 9): ERROR </summary>');
  assert.ok(freshAt > text.lastIndexOf('<summary>stale/'), text);
  assert.not.match(text, 'fresh case from invalid/acceptable');
  assert.match(text.slice(freshAt), `Reproduce:\n\n\`\`\`sh\n${reproduce}\n\`\`\`\n`);
  // The XPASS says to remove its entry (the note applyExpectations writes), as every report does.
  const xpass = judgement('stale/xpass', 'XPASS', {
    raw_verdict: 'PASS',
    expectation: { verdict: 'FAIL', reason: 'fixed since' },
    notes: ['passed, but the expectations file expects FAIL: remove the entry stale/xpass'],
  });
  assert.match(
    renderJobSummary(reportOf([xpass])),
    '- expectation: FAIL: fixed since\n- note: passed, but the expectations file expects FAIL: remove the entry ' +
      'stale/xpass\n',
  );
});

test.run();
