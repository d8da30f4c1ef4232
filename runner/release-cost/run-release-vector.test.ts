import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonObject } from '../../oracle/index.js';
import {
  kitRoot,
  buildReferenceArtifact,
  encodeFixtureJson,
  type ReleaseProfile,
  type ReleaseExpectation,
} from '../../oracle/internal.js';
import { releaseCostCases } from '../../suites/release-cost.js';
import { BUILD_DEFAULTS } from '../limits/resource-limits.js';
import { runReleaseVector, type ReleaseVectorInput, type ReleaseVectorRun } from './run-release-vector.js';
import { DEFAULT_BUILD_TIMEOUT_MS, type ProviderBuild } from './build-config.js';
import { tsArgv } from '../test-support/run-helpers.js';

const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-release-vector-test-'));
const support = join(kitRoot(), 'runner', 'test-support');
const c = releaseCostCases().find((x) => x.id === 'release-cost/null-signature');
if (c === undefined) throw new Error('case missing');
const vector: ReleaseVectorInput = { id: c.id, release: c.release };
const fixtureBytes = encodeFixtureJson(c.fixture as unknown as JsonObject);

/** Runs the vector's builds with `commands` (and the runtime-metadata command, when given) in the test's folder. */
function run(
  commands: ProviderBuild,
  opts: { checkDigests?: boolean; vary?: boolean; runtimeMetadata?: string[]; release?: unknown } = {},
): Promise<ReleaseVectorRun> {
  const build = {
    source: null,
    artifact: null,
    timeoutMs: DEFAULT_BUILD_TIMEOUT_MS,
    env: {},
    commands,
    runtimeMetadata: opts.runtimeMetadata ?? null,
    limits: BUILD_DEFAULTS,
  };
  const input = opts.release === undefined ? vector : { ...vector, release: opts.release };
  return runReleaseVector(input, fixtureBytes, build, {
    checkDigests: opts.checkDigests === true,
    vary: opts.vary === true,
    workDir: root,
  });
}

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

test('the reference artifacts break nothing: identities hold and digests match the vector', async () => {
  const r = await run(faithful, { checkDigests: true });
  assert.is(r.failure, undefined, r.lines.join('\n'));
  assert.equal(r.violations, []);
  assert.equal(
    r.builds.map((b) => b.artifactDigest),
    (c.release as ReleaseExpectation).profiles.slice(0, 3).map((p) => p.digest),
  );
  assert.match(r.lines.join('\n'), 'without-support vs support-disabled (KD-RELEASE-02): identical, as required');
});

test('support-disabled carrying discovery bytes fails KD-RELEASE-02 with the first differing offset', async () => {
  const r = await run({ ...faithful, support_disabled: copy('discovery-enabled') });
  assert.is(r.failure, undefined);
  assert.equal(
    r.violations.map((v) => `${v.code} ${v.clause}`),
    ['release-bytes-differ KD-RELEASE-02'],
  );
  const normal = buildReferenceArtifact(c.fixture, 'without-support').find((f) => f.path === 'module.kfo');
  // The discovery frame is appended, so the first difference is the normal module's end.
  assert.match(
    r.lines.join('\n'),
    `first difference at offset ${normal?.bytes.length} (0x${normal?.bytes.length.toString(16)}): A end of file`,
  );
  // The violation itself carries the first differing file and byte, for the run reports.
  assert.is(r.violations[0]?.offset, normal?.bytes.length);
  assert.is(r.violations[0]?.actual, `different: module.kfo at byte ${normal?.bytes.length}`);
});

test('a discovery-enabled build identical to without-support fails KD-RELEASE-03 (switch not wired)', async () => {
  const r = await run({ ...faithful, discovery_enabled: copy('without-support') });
  assert.is(r.failure, undefined);
  assert.equal(
    r.violations.map((v) => `${v.code} ${v.clause}`),
    ['release-switch-not-wired KD-RELEASE-03'],
  );
});

test('checkDigests: an artifact that is not the reference one is named file by file', async () => {
  const tampered = structuredClone(c.release) as ReleaseExpectation;
  const p0 = tampered.profiles[0];
  if (p0 === undefined || p0.files[0] === undefined) throw new Error('no profile');
  p0.digest = '0'.repeat(64);
  p0.files[0].sha256 = '1'.repeat(64);
  const r = await run(faithful, { checkDigests: true, release: tampered });
  assert.is(r.failure, undefined);
  assert.equal(
    r.violations.map((v) => `${v.code} ${v.clause}`),
    ['release-digest-mismatch KD-RELEASE-02'],
  );
  assert.match(
    r.lines.join('\n'),
    /different: exports\.txt \(mode 644 vs 644, size \d+ vs \d+, sha256 [0-9a-f]{64} vs 1{64}\)/,
  );
});

test('a failing build and a malformed vector are a failure with nothing checked, not exceptions', async () => {
  const failing = await run({
    ...faithful,
    support_disabled: [process.execPath, join(support, 'variant-builder.mjs'), '--leak', 'fail'],
  });
  assert.equal(failing.violations, []);
  assert.match(failing.lines.join('\n'), 'error: build support-disabled (support_disabled): exited with status 3');
  assert.is(failing.failure?.kind, 'build');
  assert.match(failing.failure?.stderrTail ?? '', 'variant-builder: failing on purpose');
  const missing = await run({ ...faithful, without_support: [join(root, 'no-such-program')] });
  assert.equal(missing.violations, []);
  assert.match(missing.lines.join('\n'), 'could not start (ENOENT)');
  assert.is(missing.failure?.kind, 'start');
  const malformed = await run(faithful, { release: { profiles: [] } });
  assert.equal(malformed.violations, []);
  assert.is(malformed.failure?.kind, 'vector');
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
  const r = await run(
    { without_support: leaky('off'), support_disabled: leaky('disabled'), discovery_enabled: leaky('on') },
    { vary: true },
  );
  assert.is(r.failure, undefined, r.lines.join('\n'));
  assert.equal(
    r.violations.map((v) => v.code),
    ['release-nondeterministic'],
  );
  assert.match(r.lines.join('\n'), /different: notes\.txt \((size, )?content\)/);
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
  const r = await run(
    {
      without_support: reference('without-support'),
      support_disabled: reference('support-disabled'),
      discovery_enabled: reference('discovery-enabled'),
    },
    { checkDigests: true, runtimeMetadata: reference('runtime-metadata') },
  );
  assert.is(r.failure, undefined, r.lines.join('\n'));
  assert.equal(r.violations, [], r.lines.join('\n'));
  assert.is(r.builds.length, 4);
  assert.match(r.lines.join('\n'), 'support-disabled vs runtime-metadata (KD-RELEASE-06): different, as required');
  assert.match(r.lines.join('\n'), 'runtime-metadata: artifact digest matches the reference');
});

test.after(() => rmSync(root, { recursive: true, force: true }));

test.run();
