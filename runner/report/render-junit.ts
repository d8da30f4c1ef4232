/**
 * The gate report as JUnit XML for CI, built with xmlbuilder2 (never by string
 * concatenation). One testsuite per category, one testcase per vector, in the strict
 * shape of the Ant JUnit schema that Jenkins and Ant consumers validate against
 * (`timestamp`, `hostname`, `time` on every suite and case, `package` and `id`,
 * `properties`, `system-out`, `system-err`). Every piece of
 * provider-controlled text is escaped by escape-text first, so the XML carries no
 * character XML 1.0 cannot, and no control sequence reaches a CI log.
 */
import { describeFreshPhase, freshLabel, type FreshPhaseReport } from './fresh-phase-report.js';
import { describeFuzzPhase, type FuzzPhaseReport } from './fuzz-phase-report.js';
import { describeHermetic } from '../hermetic/hermetic-observation.js';
import { describeLimits, describeSandbox } from '../sandbox/describe-sandbox.js';
import { createRequire } from 'node:module';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { compareUtf8, formatViolation, escapeText } from '../../oracle/index.js';
import { VERDICTS, verdictNotHandled, type Verdict, type VectorJudgement } from '../judge/verdict.js';
import { summarizeVectors } from './run-summary.js';
import { conformantExcept, type GateReport } from './gate-report.js';
import { describeProvider, differenceLines } from './describe.js';

const require = createRequire(import.meta.url);

let library: typeof import('xmlbuilder2') | undefined;

/**
 * Loads xmlbuilder2: it is the largest library of the run command (about 12 MiB resident once loaded), so a run
 * that writes no JUnit report never loads it, and one that does loads it before its first provider starts
 * (run/load-kit-eagerly.ts), never after a provider could have rewritten it.
 */
export function loadJunitLibrary(): typeof import('xmlbuilder2') {
  library ??= require('xmlbuilder2') as typeof import('xmlbuilder2');
  return library;
}

function xmlbuilder(): typeof import('xmlbuilder2') {
  return loadJunitLibrary();
}

/** Renders the report as a JUnit XML document. */
export function renderJunit(report: GateReport): string {
  const categories = [...new Set(report.vectors.map((v) => v.category))].sort(compareUtf8);
  // The strict schema allows no attributes on testsuites: the totals live on each suite.
  const root = xmlbuilder().create({ version: '1.0', encoding: 'UTF-8' }).ele('testsuites');
  const timestamp = junitTimestamp(report.started_at);
  categories.forEach((category, id) => {
    const vectors = report.vectors.filter((v) => v.category === category);
    const suite = root.ele('testsuite', {
      name: escapeText(category),
      package: 'kofun-ctk',
      id: String(id),
      timestamp,
      hostname: escapeText(report.hostname) || 'localhost',
      tests: String(vectors.length),
      failures: String(vectors.filter((v) => junitResult(v.verdict) === 'failure').length),
      errors: String(vectors.filter((v) => junitResult(v.verdict) === 'error').length),
      skipped: String(vectors.filter((v) => junitResult(v.verdict) === 'skipped').length),
      time: seconds(vectors.reduce((sum, v) => sum + (v.duration_ms ?? 0), 0)),
    });
    addProperties(suite, report);
    for (const v of vectors) addCase(suite, v);
    suite.ele('system-out').txt(suiteOut(report, category, vectors));
    suite.ele('system-err');
  });
  if (report.fresh !== undefined) addFreshSuite(root, report, report.fresh);
  if (report.fuzz !== undefined) addFuzzSuite(root, report);
  return root.end({ prettyPrint: true });
}

/** The strict schema's timestamp: `YYYY-MM-DDTHH:MM:SS`, no time zone (the report's UTC). */
export function junitTimestamp(iso: string): string {
  const t = Date.parse(iso);
  return (Number.isNaN(t) ? new Date(0) : new Date(t)).toISOString().slice(0, 19);
}

/** Milliseconds as xs:decimal seconds. */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function addProperties(suite: XMLBuilder, report: GateReport): void {
  const props = suite.ele('properties');
  const add = (name: string, value: string): void => void props.ele('property', { name, value: escapeText(value) });
  add('vector_set_sha256', report.vector_set_sha256);
  add('kit_version', report.kit_version);
  props.ele('property', { name: 'provider', value: describeProvider(report.provider) });
  const except = report.gate.missing_features ?? [];
  const qualified = except.length === 0 ? '' : `, ${conformantExcept(except)}`;
  add('gate', report.gate.passed ? `passed${qualified}` : `failed (exit ${report.gate.exit_code})`);
  if (except.length > 0) add('missing_features', except.join(' '));
  add('seed', String(report.metamorphic.seed));
  add('started_at', report.started_at);
  add('duration_ms', String(report.duration_ms));
  if (report.sandbox !== undefined) add('sandbox', describeSandbox(report.sandbox));
  if (report.sandbox?.limits !== undefined) add('limits', describeLimits(report.sandbox.limits));
  if (report.hermetic !== undefined) add('hermetic', describeHermetic(report.hermetic));
}

/**
 * What a verdict is in JUnit: a failure, an error, skipped (a known failure, or a vector of a feature the provider
 * declares missing), or a pass (no element).
 */
function junitResult(verdict: Verdict): 'failure' | 'error' | 'skipped' | 'passed' {
  switch (verdict) {
    case 'FAIL':
    case 'XPASS':
      return 'failure';
    case 'ERROR':
    case 'NOT-RUN':
      return 'error';
    case 'XFAIL':
    case 'NOT-APPLICABLE':
      return 'skipped';
    case 'PASS':
    case 'ACCEPTABLE':
      return 'passed';
    default:
      return verdictNotHandled(verdict);
  }
}

function addCase(suite: XMLBuilder, v: VectorJudgement): void {
  const tc = suite.ele('testcase', {
    classname: `kofun-ctk.${escapeText(v.category)}`,
    name: escapeText(v.id),
    time: seconds(v.duration_ms ?? 0),
  });
  switch (v.verdict) {
    case 'FAIL':
      tc.ele('failure', { type: 'FAIL', message: `FAIL ${v.fail_clauses.join(' ')}`.trim() }).txt(
        withNotes(failText(v), v),
      );
      break;
    case 'XPASS': {
      const message = `XPASS: expected ${v.expectation?.verdict ?? ''}, got ${v.raw_verdict ?? ''}`;
      tc.ele('failure', { type: 'XPASS', message }).txt(
        withReproduce(v, withNotes(escapeText(v.expectation?.reason ?? ''), v)),
      );
      break;
    }
    case 'ERROR':
    case 'NOT-RUN': {
      const clauses = v.fail_clauses.length > 0 ? ` ${v.fail_clauses.join(' ')}` : '';
      tc.ele('error', {
        type: v.error?.kind ?? v.verdict,
        message: `${v.verdict}${clauses}: ${v.error?.message ?? ''}`,
      }).txt(withReproduce(v, withNotes(v.error?.stderr_tail ?? '', v)));
      break;
    }
    case 'XFAIL':
      tc.ele('skipped', {
        message: `XFAIL (expected ${v.raw_verdict ?? ''}): ${escapeText(v.expectation?.reason ?? '')}`,
      });
      break;
    case 'NOT-APPLICABLE':
      tc.ele('skipped', {
        message: `NOT-APPLICABLE: needs features ${v.missing_features.join(', ')}, which the provider declares missing`,
      });
      break;
    case 'ACCEPTABLE':
    case 'PASS':
      break;
    default:
      verdictNotHandled(v);
  }
}

function withNotes(text: string, v: VectorJudgement): string {
  return v.notes.length === 0 ? text : [text, ...v.notes.map((n) => `note: ${n}`)].join('\n');
}

/**
 * The suite's system-out: its counts and the clauses its vectors violate (the strict schema
 * has no per-case output), then ACCEPTABLE alternatives and the notes of passing vectors.
 */
function suiteOut(report: GateReport, category: string, vectors: readonly VectorJudgement[]): string {
  const lines: string[] = [];
  const counts = report.summary.by_category.find((c) => c.category === category);
  if (counts !== undefined) {
    const tally = VERDICTS.filter((v) => counts.counts[v] > 0).map((v) => `${v} ${counts.counts[v]}`);
    lines.push(`${escapeText(category)}: ${counts.total} vectors: ${tally.join(', ')}`);
  }
  for (const c of summarizeVectors(vectors).by_clause) {
    lines.push(`  ${c.clause}: ${c.failing} failing${c.expected > 0 ? `, ${c.expected} expected (XFAIL)` : ''}`);
  }
  for (const v of vectors) lines.push(...suiteLines(v));
  return lines.join('\n');
}

/** A vector's lines in its suite's system-out: what a passing vector has to say (a failure says it in its case). */
function suiteLines(v: VectorJudgement): string[] {
  const notes = v.notes.map((note) => `${escapeText(v.id)}: note: ${note}`);
  switch (v.verdict) {
    case 'ACCEPTABLE': {
      const alt = `${escapeText(v.acceptable?.name ?? '')} (${escapeText(v.acceptable?.interpretation ?? '')})`;
      return [`${escapeText(v.id)}: ACCEPTABLE: alternative ${alt}`, ...notes];
    }
    case 'PASS':
    case 'XFAIL':
      return notes;
    case 'FAIL':
    case 'ERROR':
    case 'NOT-RUN':
    case 'XPASS':
    case 'NOT-APPLICABLE':
      return [];
    default:
      return verdictNotHandled(v);
  }
}

function failText(v: VectorJudgement): string {
  const lines: string[] = [];
  // xmlbuilder2 escapes markup; the difference's provider text is escaped once here, for XML.
  if (v.difference)
    for (const l of differenceLines(v.difference, 'xml')) lines.push(`${'  '.repeat(l.depth)}${l.text}`);
  if (v.metamorphic && !v.metamorphic.ok) {
    lines.push(`metamorphic (seed ${v.metamorphic.seed}): ${v.metamorphic.detail ?? ''}`);
    if (v.metamorphic.difference)
      for (const l of differenceLines(v.metamorphic.difference, 'xml'))
        lines.push(`  ${'  '.repeat(l.depth)}${l.text}`);
  }
  if (v.state && !v.state.ok) {
    lines.push(`state: ${v.state.detail}`);
    if (v.state.difference)
      for (const l of differenceLines(v.state.difference, 'xml')) lines.push(`  ${'  '.repeat(l.depth)}${l.text}`);
  }
  for (const violation of v.violations) lines.push(formatViolation(violation));
  if (v.reproduce !== undefined) lines.push(`reproduce: ${escapeText(v.reproduce)}`);
  if (v.diff) lines.push('', v.diff);
  return lines.join('\n');
}

/** The fresh phase as one testsuite, a testcase per case named by the vector it derives from and the seed. */
function addFreshSuite(root: XMLBuilder, report: GateReport, fresh: FreshPhaseReport): void {
  const judgements = fresh.cases.map((c) => ({ ...c.judgement, id: freshLabel(c), category: 'fresh' }));
  const suite = root.ele('testsuite', {
    name: 'fresh',
    package: 'kofun-ctk',
    id: String(new Set(report.vectors.map((v) => v.category)).size),
    timestamp: junitTimestamp(report.started_at),
    hostname: escapeText(report.hostname) || 'localhost',
    tests: String(judgements.length),
    failures: String(judgements.filter((v) => junitResult(v.verdict) === 'failure').length),
    errors: String(judgements.filter((v) => junitResult(v.verdict) === 'error').length),
    skipped: String(judgements.filter((v) => junitResult(v.verdict) === 'skipped').length),
    time: seconds(judgements.reduce((sum, v) => sum + (v.duration_ms ?? 0), 0)),
  });
  const props = suite.ele('properties');
  props.ele('property', { name: 'seed', value: String(fresh.seed) });
  props.ele('property', { name: 'sample', value: String(fresh.sample) });
  for (const v of judgements) addCase(suite, v);
  suite.ele('system-out').txt(escapeText(describeFreshPhase(fresh)));
  suite.ele('system-err');
}

/** The fuzz phase as one testsuite of one testcase (strict shape), with its seed and number of cases. */
function addFuzzSuite(root: XMLBuilder, report: GateReport): void {
  const fuzz = report.fuzz as FuzzPhaseReport;
  const failed = fuzz.outcome === 'disagreement' ? '1' : '0';
  const errored = fuzz.outcome === 'no-provider' ? '1' : '0';
  const suite = root.ele('testsuite', {
    name: 'fuzz',
    package: 'kofun-ctk',
    id: String(new Set(report.vectors.map((v) => v.category)).size + (report.fresh === undefined ? 0 : 1)),
    timestamp: junitTimestamp(report.started_at),
    hostname: escapeText(report.hostname) || 'localhost',
    tests: '1',
    failures: failed,
    errors: errored,
    skipped: '0',
    time: '0.000',
  });
  const props = suite.ele('properties');
  props.ele('property', { name: 'seed', value: String(fuzz.seed) });
  props.ele('property', { name: 'cases', value: String(fuzz.cases) });
  const tc = suite.ele('testcase', {
    classname: 'kofun-ctk.fuzz',
    name: `seed ${fuzz.seed}, ${fuzz.cases} cases`,
    time: '0.000',
  });
  const text = escapeText(describeFuzzPhase(fuzz));
  if (fuzz.outcome === 'disagreement') {
    tc.ele('failure', { type: 'FAIL', message: `FAIL ${(fuzz.clauses ?? []).join(' ')}`.trim() }).txt(text);
  } else if (fuzz.outcome === 'no-provider') tc.ele('error', { type: 'start', message: 'ERROR' }).txt(text);
  suite.ele('system-out').txt(text);
  suite.ele('system-err');
}

function withReproduce(v: VectorJudgement, text: string): string {
  return v.reproduce === undefined
    ? text
    : `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}reproduce: ${escapeText(v.reproduce)}`;
}
