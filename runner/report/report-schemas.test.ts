/**
 * The JSON report and the event stream against their shipped schemas
 * (oracle/schemas/kofun.ctk.report.v1.schema.json, kofun.ctk.events.v1.schema.json), and one
 * key style: every key the kit writes is snake_case; only the verdict names counted under
 * `counts` are data used as keys.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaDocument, schemaViolations } from '../../oracle/index.js';
import { VERDICTS } from '../judge/verdict.js';
import { runCli } from '../test-support/run-cli.js';
import { sampleReport } from '../test-support/sample-report.js';
import { gateReportProblem } from './merge-reports.js';

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** Keys that are not snake_case, as JSON pointers; verdicts are allowed as keys of a `counts` object. */
function badKeys(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => badKeys(v, `${path}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  const isCounts = path.endsWith('/counts');
  return Object.entries(value).flatMap(([k, v]) => [
    ...(SNAKE.test(k) || (isCounts && (VERDICTS as readonly string[]).includes(k)) ? [] : [`${path}/${k}`]),
    ...badKeys(v, `${path}/${k}`),
  ]);
}

/** Every property name a schema declares, wherever it is declared. */
function declaredProperties(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(declaredProperties);
  if (node === null || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  const own =
    o['properties'] !== null && typeof o['properties'] === 'object' ? Object.keys(o['properties'] as object) : [];
  return [...own, ...Object.values(o).flatMap(declaredProperties)];
}

test('the schemas declare snake_case keys only (verdicts aside)', () => {
  for (const name of ['kofun.ctk.report/v1', 'kofun.ctk.events/v1']) {
    const odd = declaredProperties(schemaDocument(name)).filter(
      (k) => !SNAKE.test(k) && !(VERDICTS as readonly string[]).includes(k),
    );
    assert.equal(odd, [], name);
  }
});

test('the sample report (every verdict) conforms; an old camelCase key is refused with its pointer', () => {
  const report = JSON.parse(JSON.stringify(sampleReport())) as Record<string, unknown>;
  assert.equal(schemaViolations('kofun.ctk.report/v1', report), []);
  const vectors = report['vectors'] as Record<string, unknown>[];
  const fail = vectors[4] as Record<string, unknown>;
  fail['fail_clauses'] = fail['fail_clauses'];
  delete fail['fail_clauses'];
  const problem = gateReportProblem(report) ?? '';
  assert.match(problem, /\/vectors\/4\//);
  delete report['started_at'];
  assert.match(gateReportProblem(report) ?? '', /started_at/);
});

test('a real run: the JSON report and every event line conform to the schemas, all keys snake_case', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-schemas-'));
  const events = join(dir, 'events.jsonl');
  const out = join(dir, 'report.json');
  const r = await runCli([
    'run',
    '--provider',
    'reference',
    '--category',
    'stale',
    '--metamorphic',
    '2',
    '--events',
    events,
    '--report',
    'json',
    '--out',
    out,
  ]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  const report = JSON.parse(readFileSync(out, 'utf8')) as unknown;
  assert.equal(schemaViolations('kofun.ctk.report/v1', report), []);
  assert.equal(badKeys(report), []);
  const lines = readFileSync(events, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const kinds = new Set<string>();
  for (const line of lines) {
    const e = JSON.parse(line) as { event: string };
    kinds.add(e.event);
    assert.equal(schemaViolations('kofun.ctk.events/v1', e), [], line.slice(0, 200));
    assert.equal(badKeys(e), []);
  }
  assert.equal([...kinds].sort(), ['progress', 'provider', 'run-end', 'run-start', 'vector', 'vector-start']);
  assert.equal(schemaViolations('kofun.ctk.events/v1', { event: 'vector', judgement: {} }).length > 0, true);
});

test.run();
