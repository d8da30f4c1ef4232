/**
 * Sharding with parallel provider instances, and merging the shard reports back into
 * one gate bound to the same vector set.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GateReport } from '../report/gate-report.js';
import { liveGroupCount } from '../io/process-group.js';
import { kitVectors, runGateCli } from '../test-support/run-helpers.js';
import { runCli } from '../test-support/run-cli.js';
import { signedReportJson } from '../report/report-digest.js';

async function merge(files: string[]): Promise<{ code: number; report: GateReport | undefined; stderr: string }> {
  const { code, stdout: o, stderr: e } = await runCli(['merge-reports', ...files]);
  let report: GateReport | undefined;
  try {
    report = JSON.parse(o) as GateReport;
  } catch {
    report = undefined;
  }
  return { code, report, stderr: e };
}

test('two shards on two instances each cover the category once, and merge into a passing gate', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kofun-ctk-shards-'));
  const files: string[] = [];
  for (const shard of ['1/2', '2/2']) {
    const r = await runGateCli([
      '--provider',
      'reference',
      '--category',
      'stale',
      '-j',
      '2',
      '--shard',
      shard,
      '--metamorphic',
      '0',
    ]);
    assert.is(r.code, 0, r.stdout);
    assert.is(r.report?.selection.shard, shard);
    const file = join(dir, `${shard.replace('/', '-')}.json`);
    writeFileSync(file, signedReportJson(r.report as GateReport));
    files.push(file);
  }
  assert.is(liveGroupCount(), 0);
  const stale = kitVectors().queryVectors.filter((v) => v.category === 'stale').length;
  const merged = await merge(files);
  assert.is(merged.code, 0, merged.stderr);
  assert.is(merged.report?.vectors.length, stale);
  assert.is(merged.report?.counts.PASS, stale);
  assert.is(merged.report?.vector_set_sha256, kitVectors().vectorSetSha256);

  const missing = await merge(files.slice(0, 1));
  assert.is(missing.code, 3);
  assert.match(missing.stderr, /gate FAILED \(exit 3\)\n {2}- shard 2\/2 is missing\n/);

  const other = JSON.parse(readFileSync(files[1] as string, 'utf8')) as GateReport;
  other.vector_set_sha256 = '0'.repeat(64);
  const otherFile = join(dir, 'other.json');
  writeFileSync(otherFile, JSON.stringify(other));
  // Rewritten without its own digest, the report is refused for that before anything else is read of it.
  const unsigned = await merge([files[0] as string, otherFile]);
  assert.is(unsigned.code, 2);
  assert.match(unsigned.stderr, /does not end with its own digest/);
  // Its bytes changed under the digest they carry: refused, naming both digests.
  const text = readFileSync(files[1] as string, 'utf8');
  writeFileSync(otherFile, text.replace(/"hostname": "[^"]*"/, '"hostname": "elsewhere"'));
  const changed = await merge([files[0] as string, otherFile]);
  assert.is(changed.code, 2);
  assert.match(changed.stderr, /its bytes were changed after it was written: it carries report_sha256 [0-9a-f]{64}/);
  // Signed again (whoever can write a report can), the merge's own checks still refuse what is wrong in it.
  writeFileSync(otherFile, signedReportJson(other));
  const refused = await merge([files[0] as string, otherFile]);
  assert.is(refused.code, 2);
  assert.match(refused.stderr, /different vector sets/);

  // A shard edited by hand no longer stands for the gate: each edit is refused, saying what is wrong.
  const edited = async (edit: (r: GateReport) => void): Promise<{ code: number; stderr: string }> => {
    const r = JSON.parse(readFileSync(files[1] as string, 'utf8')) as GateReport;
    edit(r);
    const file = join(dir, 'edited.json');
    writeFileSync(file, signedReportJson(r));
    return merge([files[0] as string, file]);
  };
  const dropped = await edited((r) => {
    r.vectors.shift();
    r.selection.total -= 1;
  });
  assert.is(dropped.code, 2);
  assert.match(dropped.stderr, /is selected but has no entry/);
  const stranger = await edited((r) =>
    r.vectors.push({ ...(r.vectors[0] as GateReport['vectors'][number]), id: 'stale/no-such-vector' }),
  );
  assert.is(stranger.code, 2);
  assert.match(stranger.stderr, /stale\/no-such-vector is not a vector of the set/);
  const forged = await edited((r) => {
    const first = r.vectors[0] as GateReport['vectors'][number];
    first.actual_sha256 = '0'.repeat(64);
  });
  assert.is(forged.code, 2);
  assert.match(forged.stderr, /PASS with result digest 0{64}, not the expected [0-9a-f]{64}/);
  const twice = await edited((r) => r.vectors.push(r.vectors[0] as GateReport['vectors'][number]));
  assert.is(twice.code, 2);
  assert.match(twice.stderr, /vector stale\/\S+ appears in more than one report/);
});

test.run();
