/**
 * The gate report as JUnit XML for CI, built with xmlbuilder2 (never by string
 * concatenation). One testsuite per category, one testcase per vector. Every piece of
 * provider-controlled text is escaped by escape-text first, so the XML carries no
 * character XML 1.0 cannot, and no control sequence reaches a CI log.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { formatViolation, escapeText } from '../../oracle/index.js';
import type { VectorJudgement } from '../judge/verdict.js';
import type { GateReport } from './gate-report.js';
import { describeDifference, describeProvider } from './describe.js';

/** Renders the report as a JUnit XML document. */
export function renderJunit(report: GateReport): string {
  const categories = [...new Set(report.vectors.map((v) => v.category))].sort();
  const failures = report.vectors.filter((v) => v.verdict === 'FAIL' || v.verdict === 'XPASS').length;
  const errors = report.vectors.filter((v) => v.verdict === 'ERROR' || v.verdict === 'NOT-RUN').length;
  const skipped = report.vectors.filter((v) => v.verdict === 'XFAIL').length;
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites', {
    name: 'kofun-ctk',
    tests: String(report.vectors.length),
    failures: String(failures),
    errors: String(errors),
    skipped: String(skipped),
  });
  for (const category of categories) {
    const vectors = report.vectors.filter((v) => v.category === category);
    const suite = root.ele('testsuite', {
      name: escapeText(category),
      tests: String(vectors.length),
      failures: String(vectors.filter((v) => v.verdict === 'FAIL' || v.verdict === 'XPASS').length),
      errors: String(vectors.filter((v) => v.verdict === 'ERROR' || v.verdict === 'NOT-RUN').length),
      skipped: String(vectors.filter((v) => v.verdict === 'XFAIL').length),
    });
    addProperties(suite, report);
    for (const v of vectors) addCase(suite, v);
  }
  return root.end({ prettyPrint: true });
}

function addProperties(suite: XMLBuilder, report: GateReport): void {
  const props = suite.ele('properties');
  const add = (name: string, value: string): void => void props.ele('property', { name, value: escapeText(value) });
  add('vector_set_sha256', report.vector_set_sha256);
  add('kit_version', report.kit_version);
  props.ele('property', { name: 'provider', value: describeProvider(report.provider) });
  add('gate', report.gate.passed ? 'passed' : `failed (exit ${report.gate.exit_code})`);
}

function addCase(suite: XMLBuilder, v: VectorJudgement): void {
  const tc = suite.ele('testcase', { classname: `kofun-ctk.${escapeText(v.category)}`, name: escapeText(v.id) });
  const out: string[] = [];
  switch (v.verdict) {
    case 'FAIL':
      tc.ele('failure', { type: 'FAIL', message: `FAIL ${v.failClauses.join(' ')}`.trim() }).txt(failText(v));
      break;
    case 'XPASS':
      tc.ele('failure', { type: 'XPASS', message: `XPASS: expected ${v.expectation?.verdict ?? ''}, got ${v.rawVerdict ?? ''}` }).txt(withReproduce(v, escapeText(v.expectation?.reason ?? '')));
      break;
    case 'ERROR':
    case 'NOT-RUN':
      tc.ele('error', { type: v.error?.kind ?? v.verdict, message: `${v.verdict}: ${v.error?.message ?? ''}` }).txt(withReproduce(v, v.error?.stderrTail ?? ''));
      break;
    case 'XFAIL':
      tc.ele('skipped', { message: `XFAIL (expected ${v.rawVerdict ?? ''}): ${escapeText(v.expectation?.reason ?? '')}` });
      break;
    case 'ACCEPTABLE':
      out.push(`ACCEPTABLE: alternative ${escapeText(v.acceptable?.name ?? '')} (${escapeText(v.acceptable?.interpretation ?? '')})`);
      break;
    case 'PASS':
      break;
  }
  for (const note of v.notes) out.push(`note: ${note}`);
  if (out.length > 0) tc.ele('system-out').txt(out.join('\n'));
}

function failText(v: VectorJudgement): string {
  const lines: string[] = [];
  if (v.difference) lines.push(describeDifference(v.difference));
  if (v.metamorphic && !v.metamorphic.ok) lines.push(`metamorphic (seed ${v.metamorphic.seed}): ${v.metamorphic.detail ?? ''}`);
  for (const violation of v.violations) lines.push(formatViolation(violation));
  if (v.reproduce !== undefined) lines.push(`reproduce: ${escapeText(v.reproduce)}`);
  if (v.diff) lines.push('', v.diff);
  return lines.join('\n');
}

function withReproduce(v: VectorJudgement, text: string): string {
  return v.reproduce === undefined ? text : `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}reproduce: ${escapeText(v.reproduce)}`;
}
