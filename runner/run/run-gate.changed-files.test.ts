/**
 * A file of the vector set that changes after the set was checked is never judged: the runner reads each vector file
 * again when the vector runs, and each fixture when an instance loads it, and checks it against the SHA-256 the
 * manifest lists. The vector is then NOT-RUN with a reason naming the file, and the run is incomplete (exit 3).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitVersion, sha256Hex } from '../../oracle/index.js';
import { launcherFor, referenceSpec } from '../adapters/provider-spec.js';
import { Sandbox } from '../sandbox/sandbox.js';
import type { ProviderLauncher } from '../adapters/provider-connection.js';
import { liveGroupCount } from '../io/process-group.js';
import { EXIT } from '../io/cli-io.js';
import type { GateReport } from '../report/gate-report.js';
import { kitVectors } from '../test-support/run-helpers.js';
import { subsetFiles, writeVectorSubset } from '../test-support/vector-subset.js';
import { runGate } from './run-gate.js';
import { gatePhases } from './run-plan.js';
import { loadVectorSet, type QueryVectorEntry } from '../vectors/vector-source.js';

/** The tampering here is the test's own, between instances: the sandbox is not what it checks. */
const TEST_SANDBOX = Sandbox.off('a test of the vector set check');

const CHANGED = 'changed after the vector set was checked';

/** Two stale vectors of the kit with different fixtures, in id order. */
function twoVectors(): [QueryVectorEntry, QueryVectorEntry] {
  const stale = kitVectors().queryVectors.filter((v) => v.category === 'stale');
  const a = stale[0];
  const b = stale.find((v) => v.fixtureSha256 !== a?.fixtureSha256);
  if (a === undefined || b === undefined) throw new Error('the kit has no two stale vectors with different fixtures');
  return [a, b];
}

/** A launcher of the reference oracle whose first call runs `tamper` before the instance starts. */
function tamperingLauncher(tamper: () => void): ProviderLauncher {
  const launch = launcherFor(referenceSpec('process'), { kitVersion: kitVersion(), sandbox: TEST_SANDBOX });
  let first = true;
  return async (options) => {
    if (first) tamper();
    first = false;
    return launch(options);
  };
}

async function gate(
  root: string,
  launcher: ProviderLauncher,
  metamorphicLauncher: ProviderLauncher,
  metamorphic: boolean,
): Promise<GateReport> {
  const set = loadVectorSet(root);
  const report = await runGate({
    plan: gatePhases(
      { jobs: 1, timeoutMs: 30_000, startTimeoutMs: 30_000, restartBudget: 0 },
      { metamorphic: { sample: metamorphic ? 'all' : 0, seed: 1 } },
    ),
    resources: {
      kitVersion: kitVersion(),
      vectors: {
        vectorSet: set,
        selected: set.queryVectors,
        selectedRelease: [],
        record: { categories: [], ids: [], clauses: [], shard: null, filtered: 2, total: 2 },
        knownIds: new Set(set.queryVectors.map((v) => v.id)),
      },
      launchers: { launcher, metamorphicLauncher },
      adapter: 'process-persistent',
      sandbox: TEST_SANDBOX.report,
      releaseBuild: null,
      expectations: [],
      missingFeatures: [],
    },
    sinks: { emit: () => undefined },
  });
  assert.is(liveGroupCount(), 0);
  return report;
}

const verdictOf = (report: GateReport, id: string): GateReport['vectors'][number] => {
  const j = report.vectors.find((v) => v.id === id);
  if (j === undefined) throw new Error(`no judgement for ${id}`);
  return j;
};

/**
 * Rewrites a vector file into another well-formed vector: its expected result gains a final LF and the sha256 follows,
 * so a judge of the new bytes would FAIL the reference oracle's answer.
 */
function rewriteVector(path: string): void {
  const vector = JSON.parse(readFileSync(path, 'utf8')) as { expected: { result: string; sha256: string } };
  vector.expected.result += '\n';
  vector.expected.sha256 = sha256Hex(vector.expected.result);
  writeFileSync(path, `${JSON.stringify(vector, null, 2)}\n`);
}

test('a vector file rewritten after the check is NOT-RUN, named, and the run is incomplete', async () => {
  const [a, b] = twoVectors();
  const root = writeVectorSubset(subsetFiles([a.id, b.id]));
  const report = await gate(
    root,
    tamperingLauncher(() => rewriteVector(join(root, a.file))),
    launcherFor(referenceSpec('process'), { kitVersion: kitVersion(), sandbox: TEST_SANDBOX }),
    false,
  );
  const changed = verdictOf(report, a.id);
  assert.is(changed.verdict, 'NOT-RUN');
  assert.ok(changed.error?.message.includes(`${join(root, a.file)} ${CHANGED}`), changed.error?.message);
  assert.is(changed.actual_sha256, undefined, 'no answer was judged');
  assert.is(verdictOf(report, b.id).verdict, 'PASS');
  assert.is(report.gate.exit_code, EXIT.incomplete);
  assert.is(report.incomplete, true);
  assert.ok(
    report.gate.reasons.some((r) => r.includes(join(root, a.file)) && r.includes('changed after it was checked')),
    report.gate.reasons.join('\n'),
  );
});

test('a fixture file rewritten after the check is never sent: its vector is NOT-RUN, the other passes', async () => {
  const [a, b] = twoVectors();
  const root = writeVectorSubset(subsetFiles([a.id, b.id]));
  const fixture = join(root, 'fixtures', `${a.fixtureSha256}.json`);
  // One byte more: the file no longer has the SHA-256 its name and the manifest give.
  const report = await gate(
    root,
    tamperingLauncher(() => writeFileSync(fixture, `${readFileSync(fixture, 'utf8')} `)),
    launcherFor(referenceSpec('process'), { kitVersion: kitVersion(), sandbox: TEST_SANDBOX }),
    false,
  );
  const changed = verdictOf(report, a.id);
  assert.is(changed.verdict, 'NOT-RUN');
  assert.ok(changed.error?.message.includes(`${fixture} ${CHANGED}`), changed.error?.message);
  assert.is(verdictOf(report, b.id).verdict, 'PASS');
  assert.is(report.gate.exit_code, EXIT.incomplete);
  assert.ok(
    report.gate.reasons.some((r) => r.includes(fixture)),
    report.gate.reasons.join('\n'),
  );
});

test('a vector file rewritten between the base and the metamorphic phase is NOT-RUN, not a PASS', async () => {
  const [a, b] = twoVectors();
  const root = writeVectorSubset(subsetFiles([a.id, b.id]));
  const report = await gate(
    root,
    launcherFor(referenceSpec('process'), { kitVersion: kitVersion(), sandbox: TEST_SANDBOX }),
    tamperingLauncher(() => rewriteVector(join(root, a.file))),
    true,
  );
  const changed = verdictOf(report, a.id);
  assert.is(changed.verdict, 'NOT-RUN');
  assert.ok(changed.error?.message.includes(`${join(root, a.file)} ${CHANGED}`), changed.error?.message);
  const other = verdictOf(report, b.id);
  assert.is(other.verdict, 'PASS');
  assert.is(other.metamorphic?.ok, true, 'the unchanged vector ran its metamorphic variant');
  assert.is(report.gate.exit_code, EXIT.incomplete);
});

test.run();
