/**
 * The fresh phase in the gate and in the reports: a failing case fails the gate (exit 1), a case not run leaves it
 * incomplete (exit 3), passing cases leave it as the vectors made it; merged shards keep every case with its seed;
 * every renderer names the seed and each failing case by its vector and seed, with its reproduce command, and escapes
 * the provider's text in it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { unifiedDiff } from '../judge/unified-diff.js';
import type { Verdict } from '../judge/verdict.js';
import { HOSTILE, judgement, reportOf } from '../test-support/sample-report.js';
import { consoleReporter } from './console-reporter.js';
import {
  freshPhaseReport,
  mergeFreshPhases,
  withFreshGate,
  type FreshCaseReport,
  type FreshPhaseReport,
} from './fresh-phase-report.js';
import type { GateReport } from './gate-report.js';
import { renderReport } from './render-report.js';

const REPRODUCE = 'npx kofun-ctk run --provider reference --id stale/b --metamorphic 0 --seed 5 --fresh all';

function freshCase(from: string, verdict: Verdict, seed = 5, more: Record<string, unknown> = {}): FreshCaseReport {
  return { from, seed, fixture_sha256: 'a'.repeat(64), judgement: judgement(from, verdict, more) };
}

function section(...cases: FreshCaseReport[]): FreshPhaseReport {
  return freshPhaseReport({ sample: 24, seed: 5 }, cases, 2);
}

const passingGate = { passed: true, exit_code: 0, reasons: [], incomplete: false };

test('passing cases leave the gate as it was; a failing one fails it, naming the count and the seed', () => {
  assert.equal(
    withFreshGate(passingGate, section(freshCase('stale/a', 'PASS'), freshCase('stale/c', 'ACCEPTABLE'))),
    passingGate,
  );
  const failed = withFreshGate(passingGate, section(freshCase('stale/a', 'PASS'), freshCase('stale/b', 'FAIL')));
  assert.equal(failed, {
    passed: false,
    exit_code: 1,
    reasons: ['fresh: 1 FAIL of 2 cases derived with seed 5'],
    incomplete: false,
  });
  const errored = withFreshGate(passingGate, section(freshCase('stale/b', 'ERROR')));
  assert.is(errored.exit_code, 1);
});

test('a case not run leaves the gate incomplete; a failure found still exits 1, and nothing failed exits 3', () => {
  const notRunAlone = withFreshGate(passingGate, section(freshCase('stale/d', 'NOT-RUN')));
  assert.is(notRunAlone.exit_code, 3);
  assert.is(notRunAlone.incomplete, true);
  const incomplete = withFreshGate(
    { passed: false, exit_code: 1, reasons: ['1 FAIL'], incomplete: false },
    section(freshCase('stale/b', 'FAIL'), freshCase('stale/d', 'NOT-RUN')),
  );
  assert.equal(incomplete, {
    passed: false,
    exit_code: 1,
    incomplete: true,
    reasons: [
      '1 FAIL',
      'fresh: 1 FAIL of 2 cases derived with seed 5',
      'fresh: 1 NOT-RUN of 2 cases derived with seed 5',
    ],
  });
});

test('shards merge into one section: every case with its own seed, sorted, counts and skips added', () => {
  const one = freshPhaseReport({ sample: 24, seed: 5 }, [freshCase('stale/b', 'FAIL')], 1);
  const two = freshPhaseReport({ sample: 24, seed: 9 }, [freshCase('partial/a', 'PASS', 9)], 3);
  const merged = mergeFreshPhases([one, undefined, two]);
  assert.equal(
    merged?.cases.map((c) => [c.from, c.seed]),
    [
      ['partial/a', 9],
      ['stale/b', 5],
    ],
  );
  assert.is(merged?.counts.PASS, 1);
  assert.is(merged?.counts.FAIL, 1);
  assert.is(merged?.skipped, 4);
  assert.is(merged?.seed, 5);
  assert.is(mergeFreshPhases([undefined, undefined]), undefined);
});

function reportWithFailingCase(): GateReport {
  const fresh = section(
    freshCase('stale/a', 'PASS'),
    freshCase('stale/b', 'FAIL', 5, {
      fail_clauses: ['KD-CANON-02'],
      clause_source: 'verifier',
      violations: [{ code: 'x', clause: 'KD-CANON-02', message: 'm', actual: HOSTILE }],
      diff: unifiedDiff(Buffer.from('{\n  "a": 1\n}\n'), Buffer.from(`{\n  "a": "${HOSTILE}"\n}\n`)),
      reproduce: REPRODUCE,
    }),
  );
  return reportOf([judgement('stale/a', 'PASS')], {
    metamorphic: { sample: 0, seed: 5 },
    fresh,
    gate: withFreshGate(passingGate, fresh),
  });
}

// Every character XML 1.0 cannot carry, and every terminal control.
const UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202e\ud800-\udfff]/;

test('every report names the seed and the failing case by its vector and seed, with its reproduce command', () => {
  const report = reportWithFailingCase();
  for (const format of ['md', 'junit', 'html'] as const) {
    const text = renderReport(report, format);
    assert.not.match(text, UNSAFE, format);
    // Provider text is never markup: escaped in XML and HTML, and only inside code fences in Markdown.
    const prose = format === 'md' ? text.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '') : text;
    assert.not.match(prose, /<script>window/, format);
    assert.ok(text.includes('replay with --seed 5'), `${format}: the seed`);
    assert.ok(text.includes('fresh case from stale/b (seed 5)'), `${format}: the failing case`);
    assert.ok(text.includes('--id stale/b --metamorphic 0 --seed 5 --fresh all'), `${format}: the reproduce command`);
  }
  const junit = renderReport(report, 'junit');
  assert.match(junit, /<testsuite name="fresh" package="kofun-ctk" id="1"[^>]* tests="2" failures="1" errors="0"/);
  assert.match(junit, /<testcase classname="kofun-ctk.fresh" name="fresh case from stale\/b \(seed 5\)"/);
  const xmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
  if (xmllint.error === undefined && xmllint.status === 0) {
    const file = join(mkdtempSync(join(tmpdir(), 'kofun-ctk-junit-')), 'junit.xml');
    writeFileSync(file, junit);
    const xsd = join(kitRoot(), 'runner', 'test-support', 'junit-schema', 'JUnit.xsd');
    const r = spawnSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8' });
    assert.is(r.status, 0, `${r.stdout}${r.stderr}`);
  }
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString('utf8');
      done();
    },
  });
  consoleReporter(sink, false, { kind: 'line' }).summary(report);
  assert.not.match(out, UNSAFE);
  assert.match(out, /FAIL fresh case from stale\/b \(seed 5\)  KD-CANON-02/);
  assert.match(out, /fresh: 2 cases in renamed worlds \(24 asked\), seed 5: PASS 1, FAIL 1 \(replay with --seed 5\)/);
  assert.ok(out.includes(`reproduce: ${REPRODUCE}`));
  assert.match(out, /gate FAILED \(exit 1\)/);
});

test.run();
