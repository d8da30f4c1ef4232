/**
 * The JUnit report against the strict JUnit XML schema (the Ant JUnit.xsd that Jenkins and
 * Ant consumers validate against, runner/test-support/junit-schema/), with xmllint from
 * Debian's libxml2-utils. Skipped, saying so, when xmllint is absent.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitRoot } from '../../oracle/internal.js';
import { runGateCli } from '../test-support/run-helpers.js';
import { sampleReport } from '../test-support/sample-report.js';
import { junitTimestamp, renderJunit } from './render-junit.js';
import { renderReport } from './render-report.js';

const XSD = join(kitRoot(), 'runner', 'test-support', 'junit-schema', 'JUnit.xsd');
const xmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
const HAVE_XMLLINT = xmllint.error === undefined && xmllint.status === 0;
if (!HAVE_XMLLINT)
  console.log('SKIP: xmllint (Debian package libxml2-utils) is absent; the JUnit XSD tests do not run');

function validate(xml: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-junit-'));
  const file = join(dir, 'junit.xml');
  writeFileSync(file, xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

test("the timestamp is the strict schema's: UTC, to the second, no zone", () => {
  assert.is(junitTimestamp('2026-01-31T12:00:00.000Z'), '2026-01-31T12:00:00');
  assert.is(junitTimestamp('2026-01-31T23:59:59.999+01:00'), '2026-01-31T22:59:59');
});

test('every verdict, hostile provider text: valid against the strict JUnit XSD, times in seconds', () => {
  const xml = renderJunit(sampleReport());
  // Worked by hand from the sample: 250.25 ms is 0.250 s; the stale suite is 1.5 + 250.25 + 0.001 + 1.5 ms.
  assert.match(xml, /<testcase classname="kofun-ctk.stale" name="stale\/fail" time="0.250">/);
  assert.match(xml, /name="stale" package="kofun-ctk" id="1" timestamp="2026-01-31T12:00:00" hostname="ci-host"/);
  assert.match(xml, /tests="4" failures="2" errors="0" skipped="1" time="0.253"/);
  assert.match(
    xml,
    /name="invalid" package="kofun-ctk" id="0"[^>]* tests="3" failures="0" errors="2" skipped="0" time="1.002"/,
  );
  assert.match(xml, /KD-CANON-02: 1 failing, 1 expected \(XFAIL\)/);
  if (!HAVE_XMLLINT) return;
  const r = validate(xml);
  assert.ok(r.ok, r.output);
});

test('the validator can say no: the old shape (totals on testsuites, no time) is refused', () => {
  if (!HAVE_XMLLINT) return;
  const xml = renderJunit(sampleReport());
  assert.not.ok(validate(xml.replace('<testsuites>', '<testsuites tests="7">')).ok);
  assert.not.ok(validate(xml.replace(/ time="0.250"/, '')).ok);
  assert.not.ok(validate(xml.replace(/ timestamp="[^"]*"/, ' timestamp="2026-01-31T12:00:00Z"')).ok);
});

test("a real run's JUnit report is valid against the strict XSD", async () => {
  const r = await runGateCli(['--provider', 'reference', '--category', 'stale', '--metamorphic', '0']);
  assert.is(r.code, 0, r.stdout);
  const report = r.report;
  assert.ok(report !== undefined);
  assert.ok(report.vectors.every((v) => typeof v.duration_ms === 'number' && v.duration_ms >= 0));
  if (!HAVE_XMLLINT) return;
  const v = validate(renderReport(report, 'junit'));
  assert.ok(v.ok, v.output);
});

test.run();
