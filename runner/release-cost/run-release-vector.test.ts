import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  kitRoot,
  buildReferenceArtifact,
  type ReleaseProfile,
  type ReleaseExpectation,
} from '../../oracle/internal.js';
import { releaseCostCases } from '../../suites/release-cost.js';
import { runReleaseVector, type ReleaseVectorInput } from './run-release-vector.js';
import type { ProviderBuild } from './build-config.js';
import { tsArgv } from '../test-support/run-helpers.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-release-vector-test-'));
const support = join(kitRoot(), 'runner', 'test-support');
const c = releaseCostCases().find((x) => x.id === 'release-cost/null-signature');
if (c === undefined) throw new Error('case missing');
const vector: ReleaseVectorInput = { id: c.id, release: c.release, fixture: c.fixture };

/** The reference artifact of each profile, written once, for a copying stand-in build. */
const prepared = new Map<ReleaseProfile, string>();
for (const profile of ['without-support', 'support-disabled', 'discovery-enabled', 'runtime-metadata'] as const) {
  const dir = join(root, 'prepared', profile);
  mkdirSync(dir, { recursive: true });
  for (const f of buildReferenceArtifact(c.fixture, profile)) {
    writeFileSync(join(dir, f.path), f.bytes);
    chmodSync(join(dir, f.path), f.mode);
  }
  prepared.set(profile, dir);
}
const copy = (profile: ReleaseProfile): string[] => [
  process.execPath,
  join(support, 'copy-artifact.mjs'),
  prepared.get(profile) as string,
  '{out}',
];
const faithful: ProviderBuild = {
  without_support: copy('without-support'),
  support_disabled: copy('support-disabled'),
  discovery_enabled: copy('discovery-enabled'),
};

test('the reference artifacts pass: identities hold and digests match the vector', async () => {
  const r = await runReleaseVector(vector, faithful, { checkDigests: true, workDir: root });
  assert.is(r.verdict, 'PASS', r.details.lines.join('\n'));
  assert.equal(r.details.violations, []);
  assert.equal(
    r.details.builds.map((b) => b.artifactDigest),
    (c.release as ReleaseExpectation).profiles.slice(0, 3).map((p) => p.digest),
  );
  assert.match(
    r.details.lines.join('\n'),
    'without-support vs support-disabled (KD-RELEASE-02): identical, as required',
  );
});

test('support-disabled carrying discovery bytes fails KD-RELEASE-02 with the first differing offset', async () => {
  const r = await runReleaseVector(
    vector,
    { ...faithful, support_disabled: copy('discovery-enabled') },
    { workDir: root },
  );
  assert.is(r.verdict, 'FAIL');
  assert.equal(
    r.details.violations.map((v) => `${v.code} ${v.clause}`),
    ['release-bytes-differ KD-RELEASE-02'],
  );
  const normal = buildReferenceArtifact(c.fixture, 'without-support').find((f) => f.path === 'module.kfo');
  // The discovery frame is appended, so the first difference is the normal module's end.
  assert.match(
    r.details.lines.join('\n'),
    `first difference at offset ${normal?.bytes.length} (0x${normal?.bytes.length.toString(16)}): A end of file`,
  );
  // The violation itself carries the first differing file and byte, for the run reports.
  assert.is(r.details.violations[0]?.offset, normal?.bytes.length);
  assert.is(r.details.violations[0]?.actual, `different: module.kfo at byte ${normal?.bytes.length}`);
});

test('a discovery-enabled build identical to without-support fails KD-RELEASE-03 (switch not wired)', async () => {
  const r = await runReleaseVector(
    vector,
    { ...faithful, discovery_enabled: copy('without-support') },
    { workDir: root },
  );
  assert.is(r.verdict, 'FAIL');
  assert.equal(
    r.details.violations.map((v) => `${v.code} ${v.clause}`),
    ['release-switch-not-wired KD-RELEASE-03'],
  );
});

test('checkDigests: an artifact that is not the reference one is named file by file', async () => {
  const tampered = structuredClone(c.release) as ReleaseExpectation;
  const p0 = tampered.profiles[0];
  if (p0 === undefined || p0.files[0] === undefined) throw new Error('no profile');
  p0.digest = '0'.repeat(64);
  p0.files[0].sha256 = '1'.repeat(64);
  const r = await runReleaseVector({ ...vector, release: tampered }, faithful, { checkDigests: true, workDir: root });
  assert.is(r.verdict, 'FAIL');
  assert.equal(
    r.details.violations.map((v) => `${v.code} ${v.clause}`),
    ['release-digest-mismatch KD-RELEASE-02'],
  );
  assert.match(
    r.details.lines.join('\n'),
    /different: exports\.txt \(mode 644 vs 644, size \d+ vs \d+, sha256 [0-9a-f]{64} vs 1{64}\)/,
  );
});

test('a failing build and a malformed vector are ERROR, not exceptions', async () => {
  const failing = await runReleaseVector(
    vector,
    { ...faithful, support_disabled: [process.execPath, join(support, 'variant-builder.mjs'), '--leak', 'fail'] },
    { workDir: root },
  );
  assert.is(failing.verdict, 'ERROR');
  assert.match(
    failing.details.lines.join('\n'),
    'error: build support-disabled (support_disabled): exited with status 3',
  );
  assert.is(failing.details.failure?.kind, 'build');
  assert.match(failing.details.failure?.stderrTail ?? '', 'variant-builder: failing on purpose');
  const missing = await runReleaseVector(
    vector,
    { ...faithful, without_support: [join(root, 'no-such-program')] },
    { workDir: root },
  );
  assert.is(missing.verdict, 'ERROR');
  assert.match(missing.details.lines.join('\n'), 'could not start (ENOENT)');
  assert.is(missing.details.failure?.kind, 'start');
  const malformed = await runReleaseVector({ ...vector, release: { profiles: [] } }, faithful, { workDir: root });
  assert.is(malformed.verdict, 'ERROR');
  assert.is(malformed.details.failure?.kind, 'vector');
});

test('vary: a build that embeds its build path is caught as nondeterministic', async () => {
  const leaky = (feature: string): string[] => [
    process.execPath,
    join(support, 'variant-builder.mjs'),
    '--out',
    '{out}',
    '--feature',
    feature,
    '--leak',
    'path',
  ];
  const r = await runReleaseVector(
    vector,
    { without_support: leaky('off'), support_disabled: leaky('disabled'), discovery_enabled: leaky('on') },
    { vary: true, workDir: root },
  );
  assert.is(r.verdict, 'FAIL', r.details.lines.join('\n'));
  assert.equal(
    r.details.violations.map((v) => v.code),
    ['release-nondeterministic'],
  );
  assert.match(r.details.lines.join('\n'), /different: notes\.txt \((size, )?content\)/);
});

test('end to end: the reference build program, declared as a provider build command, passes with digests', async () => {
  const reference = (profile: ReleaseProfile): string[] => [
    ...tsArgv('oracle/release/reference-build-main.ts'),
    '--fixture',
    '{fixture}',
    '--profile',
    profile,
    '--out',
    '{out}',
  ];
  const r = await runReleaseVector(
    vector,
    {
      without_support: reference('without-support'),
      support_disabled: reference('support-disabled'),
      discovery_enabled: reference('discovery-enabled'),
    },
    { checkDigests: true, runtimeMetadata: reference('runtime-metadata'), workDir: root },
  );
  assert.is(r.verdict, 'PASS', r.details.lines.join('\n'));
  assert.is(r.details.builds.length, 4);
  assert.match(
    r.details.lines.join('\n'),
    'support-disabled vs runtime-metadata (KD-RELEASE-06): different, as required',
  );
  assert.match(r.details.lines.join('\n'), 'runtime-metadata: artifact digest matches the reference');
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
