/**
 * Reports across a change of the vector set: every JSON report records each vector's own digest; `--last-failed` takes
 * an old report of another set for the vectors whose digest is unchanged and re-runs and names the changed ones;
 * `report diff` lists what newly fails, what was fixed and which vectors changed; `merge-reports` still refuses shards
 * of different sets. One pair of small runs (three stale vectors, one of them crashed) serves every check.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schemaViolations } from '../../oracle/index.js';
import { runCli } from '../test-support/run-cli.js';
import { brokenConfig, kitVectors, requestSha, threeStaleVectors } from '../test-support/run-helpers.js';
import { lastFailed } from '../run/last-failed.js';
import type { GateReport } from '../report/gate-report.js';
import { signedReportJson } from '../report/report-digest.js';
import type { QueryVectorEntry } from '../vectors/vector-source.js';

const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-report-diff-'));
const [first, crashed, third] = threeStaleVectors();
if (first === undefined || crashed === undefined || third === undefined) throw new Error('too few stale vectors');
const ids = [first, crashed, third].flatMap((v) => ['--id', v.id]);

async function run(name: string, provider: string[]): Promise<string> {
  const out = join(dir, `${name}.json`);
  const r = await runCli([
    'run',
    ...provider,
    ...ids,
    '--metamorphic',
    '0',
    '--fresh',
    '0',
    '--report',
    'json',
    '--out',
    out,
  ]);
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return out;
}

const broken = await run('broken', [
  '--config',
  brokenConfig('crash-on-one', { KCTK_TARGET_REQUEST_SHA256: requestSha(crashed) }),
]);
const fixed = await run('fixed', ['--provider', 'reference']);
const report = (path: string): GateReport => JSON.parse(readFileSync(path, 'utf8')) as GateReport;

test("every report records each selected vector's own digest, as the set computes it", () => {
  const digests = report(broken).vector_digests ?? [];
  assert.equal(
    digests.map((d) => d.id),
    [first.id, crashed.id, third.id].sort(),
  );
  for (const v of [first, crashed, third]) assert.is(digests.find((d) => d.id === v.id)?.sha256, v.vectorSha256, v.id);
});

test('report diff: fixed, then newly failing (exit 1), with the verdicts and clauses', async () => {
  const forward = await runCli(['report', 'diff', broken, fixed]);
  assert.is(forward.code, 0, forward.stderr);
  assert.match(forward.stdout, /0 newly failing, 1 fixed/);
  assert.match(forward.stdout, new RegExp(`fixed \\(1\\):\\n  ${crashed.id}  ERROR -> PASS`));
  const back = await runCli(['report', 'diff', fixed, broken, '--json']);
  assert.is(back.code, 1);
  const diff = JSON.parse(back.stdout) as { groups: { newly_failing: { id: string; old: string; new: string }[] } };
  assert.equal(schemaViolations('kofun.ctk.report-diff/v1', diff), []);
  assert.equal(
    diff.groups.newly_failing.map((e) => [e.id, e.old, e.new]),
    [[crashed.id, 'PASS', 'ERROR']],
  );
  const notAReport = join(dir, 'not-a-report.json');
  writeFileSync(notAReport, '{"format": "something else"}');
  const refused = await runCli(['report', 'diff', notAReport, fixed]);
  assert.is(refused.code, 2);
  assert.match(refused.stderr, /not-a-report\.json/);
});

/** The kit's set as another set would show it: another digest, and `changed` with other vector digests. */
function otherSet(changed: readonly string[]): Parameters<typeof lastFailed>[1] {
  const set = kitVectors();
  const alter = (v: QueryVectorEntry): QueryVectorEntry =>
    changed.includes(v.id) ? { ...v, vectorSha256: 'f'.repeat(64) } : v;
  return {
    vectorSetSha256: 'e'.repeat(64),
    queryVectors: set.queryVectors.map(alter),
    releaseVectors: set.releaseVectors,
  };
}

test('--last-failed on another set: its failures where unchanged, the changed ones re-run and named', () => {
  const same = lastFailed(broken, otherSet([]));
  assert.equal([...same.ids], [crashed.id]);
  assert.match(
    same.notes[0] ?? '',
    /it speaks for the 3 vectors whose digest is unchanged \(1 of them failed, re-run\)/,
  );
  const moved = lastFailed(broken, otherSet([crashed.id, third.id]));
  assert.equal([...moved.ids].sort(), [crashed.id, third.id].sort());
  assert.match(moved.notes.join('\n'), new RegExp(`2 vectors changed since, re-run: ${crashed.id}, ${third.id}`));
  // A report without digests, of another set, is refused as before.
  const old = report(broken);
  delete old.vector_digests;
  const stripped = join(dir, 'stripped.json');
  writeFileSync(stripped, JSON.stringify(old));
  assert.throws(() => lastFailed(stripped, otherSet([])), /records no vector digests/);
});

test('merge-reports still refuses shards of different vector sets', async () => {
  const other = report(fixed);
  other.vector_set_sha256 = 'e'.repeat(64);
  delete other.report_sha256;
  const path = join(dir, 'other-set.json');
  writeFileSync(path, signedReportJson(other));
  const r = await runCli(['merge-reports', fixed, path]);
  assert.is(r.code, 2);
  assert.match(r.stderr, /different vector sets/);
});

test.run();
