/**
 * Runs one release-cost vector's builds against a provider's declared build configuration
 * (KD-RELEASE-02, KD-RELEASE-03; OQ-45 reading A) and compares their artifacts; the verdict is
 * judge/judge-release-vector.ts's, the one place a release-cost vector is judged.
 *
 * How a build gets the vector's fixture: its bytes are written into the vector's own build folder,
 * every `{fixture}` inside an argv word is replaced by that file's absolute path (JSON, format
 * kofun.ctk.fixture/v1), and the environment variable KOFUN_CTK_FIXTURE holds the same path. The
 * artifact is written to `{out}` / KOFUN_CTK_OUT, an empty folder the gate made (or to `artifact`
 * inside the source copy); the build runs in `{src}` / KOFUN_CTK_SRC (a copy of `source`, or empty)
 * with the control conditions of build-variation.ts.
 * The reference builder, for example, is declared as
 * `["node", "<kit>/dist/oracle/release/reference-build-main.js", "--fixture", "{fixture}",
 *   "--profile", "without-support", "--out", "{out}"]`.
 *
 * Checks: each identity of the vector between profiles that were built (identical or
 * different, with its clause); with `vary`, the without-support build repeated under the
 * variant conditions must be identical; with `checkDigests` (for the reference builder),
 * each built artifact's artifact digest must equal the vector's reference (its profile's `digest`).
 * Builds set their umask through this process, so call it on the main thread, not in a worker.
 * Outcome: `failure` when a build fails or leaves no or an empty artifact (and no later build
 * runs), else the `violations` of the checks (each names the first differing file in `actual`
 * and, for content, the byte offset in `offset`), with the report lines of both.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareUtf8, type Violation, escapeText as escapeForTerminal } from '../../oracle/index.js';
import {
  type ReleaseProfile,
  type ProfileExpectation,
  type ReleaseExpectation,
  violation,
} from '../../oracle/internal.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { buildOnce, type BuildContext, type BuildOutcome } from './build-once.js';
import { causeHints } from './cause-hints.js';
import { buildDifferences } from './build-differences.js';
import { formatCauseHints } from './format-cause-hints.js';
import { runGateCheck } from './gate-check.js';
import { controlVariation, variantVariation, type BuildVariation } from './build-variation.js';
import {
  compareArtifacts,
  DEFAULT_COMPARE_OPTIONS,
  type ArtifactComparison,
  type CompareOptions,
} from './compare-artifacts.js';
import { formatComparison } from './format-comparison.js';
import { treeArtifactDigest } from './artifact-manifest.js';
import { buildFailure } from './run-build.js';
import { displayPath, type ArtifactTree } from './artifact-tree.js';
import type { BuildConfig, ProviderBuild } from './build-config.js';
import { removeTree } from '../io/run-folder.js';
import { writeOutputFile } from '../io/write-output-file.js';

/** The vector as its builds need it: its id and its `release` expectation. */
export interface ReleaseVectorInput {
  id: string;
  release: unknown;
}

export interface ReleaseVectorOptions {
  /** Compare built digests with the vector's reference digests (reference builder). */
  checkDigests: boolean;
  /** Also build without-support under the variant conditions and require identical bytes. */
  vary: boolean;
  /** Where the vector's build folders are made; the system's temporary folder by default. */
  workDir?: string;
  /** The sandbox the builds run in (runner/sandbox/); none: each build is a child of the runner. */
  sandbox?: Sandbox;
}

export interface ReleaseBuildRecord {
  profile: ReleaseProfile | 'without-support (variant)';
  ok: boolean;
  failure: string | null;
  /** The artifact digest (oracle/release/artifact-digest.ts) when built. */
  artifactDigest: string | null;
}

/** Why a release-cost vector could not be built and checked. */
export interface ReleaseVectorFailure {
  /**
   * `timeout`: a build ran past its timeout and was killed; `start`: a build command could
   * not be started; `build`: a build exited unsuccessfully; `artifact`: a build left no or an
   * empty or unreadable artifact; `vector`: the vector has no release expectation.
   */
  kind: 'timeout' | 'start' | 'build' | 'artifact' | 'vector';
  /** One line, already escaped, naming the profile and its command. */
  message: string;
  /** The failing build's stderr tail, raw (escape before printing). */
  stderrTail: string;
}

/** What running a release-cost vector found: its builds, the checks' violations, the report lines. */
export interface ReleaseVectorRun {
  id: string;
  builds: ReleaseBuildRecord[];
  /** The checks that failed; none when `failure` is set (nothing was checked). */
  violations: Violation[];
  /** Human report lines, already escaped. */
  lines: string[];
  /** Set when a build failed or the vector has no expectation: the vector could not be checked. */
  failure?: ReleaseVectorFailure;
}

const COMMAND_OF: Record<ReleaseProfile, keyof ProviderBuild | 'runtime_metadata'> = {
  'without-support': 'without_support',
  'support-disabled': 'support_disabled',
  'discovery-enabled': 'discovery_enabled',
  'runtime-metadata': 'runtime_metadata',
};

const DIGEST_CLAUSE: Record<ReleaseProfile, string> = {
  'without-support': 'KD-RELEASE-02',
  'support-disabled': 'KD-RELEASE-02',
  'discovery-enabled': 'KD-RELEASE-03',
  'runtime-metadata': 'KD-RELEASE-04',
};

function isExpectation(v: unknown): v is ReleaseExpectation {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    r['schema'] === 'kofun.ctk.release-expectation/v1' && Array.isArray(r['profiles']) && Array.isArray(r['identities'])
  );
}

/**
 * Builds one release-cost vector's profiles from `fixtureBytes` with `build`'s commands and checks its identities (and,
 * as asked, the variant build and the reference digests); a build that fails is an outcome, not an exception.
 */
export async function runReleaseVector(
  vector: ReleaseVectorInput,
  fixtureBytes: Uint8Array,
  build: BuildConfig,
  opts: ReleaseVectorOptions,
): Promise<ReleaseVectorRun> {
  const details: ReleaseVectorRun = { id: vector.id, builds: [], violations: [], lines: [] };
  if (!isExpectation(vector.release)) {
    const message = 'the vector has no kofun.ctk.release-expectation/v1 expectation';
    details.lines.push(`error: ${message}`);
    details.failure = { kind: 'vector', message, stderrTail: '' };
    return details;
  }
  const expectation = vector.release;
  const base = await mkdtemp(join(opts.workDir ?? tmpdir(), 'kofun-ctk-release-vector-'));
  const variantBase = opts.vary
    ? await mkdtemp(join(opts.workDir ?? tmpdir(), 'kofun-ctk-release-vector-variant-'))
    : null;
  try {
    // The builds read the bytes the caller checked, from the vector's own build folder, never a file of the set.
    const fixturePath = join(base, 'fixture.json');
    writeOutputFile(fixturePath, fixtureBytes);
    const ctx: BuildContext = {
      source: build.source,
      artifact: build.artifact,
      timeoutMs: build.timeoutMs,
      env: build.env,
      extra: [{ name: 'fixture', value: fixturePath, envVar: 'KOFUN_CTK_FIXTURE' }],
      snapshotDir: join(base, 'artifacts'),
      ...(opts.sandbox === undefined ? {} : { sandbox: opts.sandbox, reads: [fixturePath] }),
    };
    const built = await buildProfiles(plannedBuilds(build.commands, build.runtimeMetadata, variantBase), ctx, {
      control: controlVariation(base),
      variantBase,
      details,
    });
    if (built === null) return details;
    const compare = DEFAULT_COMPARE_OPTIONS;
    await compareIdentities(expectation, built.trees, compare, details);
    await compareVariant(built, compare, details);
    if (expectation.gate_check !== undefined) {
      const check = await runGateCheck(expectation.gate_check, ctx, base, variantBase, compare);
      details.violations.push(...check.violations);
      details.lines.push(...check.lines);
    }
    if (opts.checkDigests) checkReferenceDigests(expectation, built.trees, details);
    return details;
  } finally {
    // What a build left (a tree past PATH_MAX, folders it locked) is removed all the same, never through a link.
    removeTree(base);
    if (variantBase !== null) removeTree(variantBase);
  }
}

/** One build of a vector: a profile's command, or the without-support command again under the variant conditions. */
interface PlannedBuild {
  profile: ReleaseBuildRecord['profile'];
  argv: string[];
  variant: boolean;
}

/** The builds of a vector, in order: each profile with a command, the variant build right after without-support. */
function plannedBuilds(
  providerBuild: ProviderBuild,
  runtimeMetadata: string[] | null,
  variantBase: string | null,
): PlannedBuild[] {
  const commands: Partial<Record<ReleaseProfile, string[]>> = {
    'without-support': providerBuild.without_support,
    'support-disabled': providerBuild.support_disabled,
    'discovery-enabled': providerBuild.discovery_enabled,
  };
  if (runtimeMetadata !== null) commands['runtime-metadata'] = runtimeMetadata;
  const builds: PlannedBuild[] = [];
  for (const [profile, argv] of Object.entries(commands) as [ReleaseProfile, string[]][]) {
    builds.push({ profile, argv, variant: false });
    if (profile === 'without-support' && variantBase !== null)
      builds.push({ profile: 'without-support (variant)', argv, variant: true });
  }
  return builds;
}

/** What the builds of a vector left: each profile's artifact, the variant's, and each build's outcome. */
interface BuiltProfiles {
  trees: Map<ReleaseProfile, ArtifactTree>;
  variantTree: ArtifactTree | null;
  outcomes: Map<string, BuildOutcome>;
}

/**
 * The build step: every planned build in order, each artifact loaded and its digest recorded; null when one fails
 * (its ERROR recorded in `details`, and no later build run).
 */
async function buildProfiles(
  builds: readonly PlannedBuild[],
  ctx: BuildContext,
  at: { control: BuildVariation; variantBase: string | null; details: ReleaseVectorRun },
): Promise<BuiltProfiles | null> {
  const { details } = at;
  const built: BuiltProfiles = { trees: new Map(), variantTree: null, outcomes: new Map() };
  for (const b of builds) {
    const variation = b.variant && at.variantBase !== null ? variantVariation(at.variantBase) : at.control;
    const slug = b.variant ? 'without-support-variant' : b.profile;
    const outcome = await buildOnce(b.profile, slug, b.argv, variation, ctx);
    const artifact = outcome.artifact;
    if (!outcome.run.ok || artifact === null || !artifact.ok) {
      recordBuildFailure(b, outcome, details);
      return null;
    }
    const tree = artifact.tree;
    const digest = treeArtifactDigest(tree);
    details.builds.push({ profile: b.profile, ok: true, failure: null, artifactDigest: digest });
    details.lines.push(`build ${b.profile}: ok, artifact digest ${digest}`);
    built.outcomes.set(b.profile, outcome);
    if (b.variant) built.variantTree = tree;
    else built.trees.set(b.profile as ReleaseProfile, tree);
  }
  return built;
}

/** Records a failed build as the vector's ERROR: what failed, its kind, the tail of its stderr. */
function recordBuildFailure(b: PlannedBuild, outcome: BuildOutcome, details: ReleaseVectorRun): void {
  const artifact = outcome.artifact;
  const failure = !outcome.run.ok
    ? buildFailure(outcome.run)
    : artifact === null
      ? 'no artifact'
      : artifact.ok
        ? ''
        : artifact.message;
  details.builds.push({ profile: b.profile, ok: false, failure, artifactDigest: null });
  const message =
    `build ${b.profile} ` +
    `(${COMMAND_OF[b.profile === 'without-support (variant)' ? 'without-support' : b.profile]}): ${failure}`;
  details.lines.push(`error: ${message}`);
  const kind = outcome.run.ok
    ? 'artifact'
    : outcome.run.timedOut
      ? 'timeout'
      : outcome.run.spawnError !== null
        ? 'start'
        : 'build';
  details.failure = { kind, message, stderrTail: outcome.run.stderrTail };
  for (const l of outcome.run.stderrTail
    .split('\n')
    .filter((x) => x !== '')
    .slice(-5))
    details.lines.push(`  stderr: ${escapeForTerminal(l)}`);
}

/** The compare step: each identity of the vector between the artifacts of its two profiles. */
async function compareIdentities(
  expectation: ReleaseExpectation,
  trees: ReadonlyMap<ReleaseProfile, ArtifactTree>,
  compare: CompareOptions,
  details: ReleaseVectorRun,
): Promise<void> {
  for (const id of expectation.identities) {
    const a = trees.get(id.left);
    const b = trees.get(id.right);
    if (a === undefined || b === undefined) {
      details.lines.push(`${id.left} vs ${id.right} (${id.clause}): not run, no build command for a profile`);
      continue;
    }
    const cmp = await compareArtifacts(a, b, compare);
    const actual = cmp.identical ? 'identical' : 'different';
    if (actual === id.relation) {
      details.lines.push(`${id.left} vs ${id.right} (${id.clause}): ${actual}, as required`);
      continue;
    }
    const message =
      id.relation === 'identical'
        ? `${id.right} must be byte-identical to ${id.left}`
        : `${id.right} must differ from ${id.left} (positive control: ` +
          `an identical pair means the switch is not wired)`;
    details.violations.push(
      violation(id.relation === 'identical' ? 'release-bytes-differ' : 'release-switch-not-wired', id.clause, message, {
        expected: id.relation,
        ...whereDifferent(cmp),
      }),
    );
    details.lines.push(`${id.left} vs ${id.right} (${id.clause}): ${actual}, expected ${id.relation}`);
    if (!cmp.identical) details.lines.push(...formatComparison(cmp).map((l) => `  ${l}`));
  }
}

/**
 * The vary step (KD-RELEASE-03): the without-support artifact against its variant build's; a difference is
 * nondeterminism, shown with the build conditions likely to cause it.
 */
async function compareVariant(built: BuiltProfiles, compare: CompareOptions, details: ReleaseVectorRun): Promise<void> {
  const a1 = built.trees.get('without-support');
  if (built.variantTree === null || a1 === undefined) return;
  const cmp = await compareArtifacts(a1, built.variantTree, compare);
  if (cmp.identical) {
    details.lines.push('without-support vs its variant build: identical');
    return;
  }
  details.violations.push(
    violation(
      'release-nondeterministic',
      'KD-RELEASE-03',
      'the build without support gives different bytes under varied build conditions',
      {
        expected: 'identical',
        ...whereDifferent(cmp),
      },
    ),
  );
  details.lines.push(
    'without-support vs its variant build: different (NONDETERMINISTIC)',
    ...formatComparison(cmp).map((l) => `  ${l}`),
  );
  const oa = built.outcomes.get('without-support');
  const ob = built.outcomes.get('without-support (variant)');
  if (oa !== undefined && ob !== undefined)
    details.lines.push(...formatCauseHints(await causeHints(cmp, buildDifferences(oa, ob))).map((l) => `  ${l}`));
}

/** Each built artifact against the vector's reference digest of its profile (the kit's reference builder). */
function checkReferenceDigests(
  expectation: ReleaseExpectation,
  trees: ReadonlyMap<ReleaseProfile, ArtifactTree>,
  details: ReleaseVectorRun,
): void {
  for (const [profile, tree] of trees) {
    const expected = expectation.profiles.find((p) => p.profile === profile);
    if (expected === undefined) continue;
    const actualDigest = treeArtifactDigest(tree);
    if (actualDigest === expected.digest) {
      details.lines.push(`${profile}: artifact digest matches the reference`);
      continue;
    }
    details.violations.push(
      violation(
        'release-digest-mismatch',
        DIGEST_CLAUSE[profile],
        `the ${profile} artifact is not the reference artifact`,
        {
          expected: expected.digest,
          actual: actualDigest,
        },
      ),
    );
    details.lines.push(
      `${profile}: artifact digest ${actualDigest}, reference ${expected.digest}`,
      ...listingDifferences(tree, expected),
    );
  }
}

/**
 * Where two artifacts first differ, for a violation: `actual` names the first differing
 * entry in path order (inside an archive as `outer :: inner`) and what differs, `offset`
 * the first differing byte of its content when there is one. An identical pair is `identical`.
 */
export function whereDifferent(cmp: ArtifactComparison): { actual: string; offset?: number } {
  if (cmp.identical) return { actual: 'identical' };
  const first = firstDifference(cmp, '');
  if (first === null) return { actual: 'different' };
  if (first.offset === undefined) return { actual: `different: ${first.path} (${first.what})` };
  return { actual: `different: ${first.path} at byte ${first.offset}`, offset: first.offset };
}

function firstDifference(
  cmp: ArtifactComparison,
  prefix: string,
): { path: string; what: string; offset?: number } | null {
  const name = (p: string): string => (prefix === '' ? displayPath(p) : p === '' ? prefix : `${prefix} :: ${p}`);
  // Entries in path byte order, whichever list they are in, so the one named is the first in the artifact.
  const found: { path: string; at: () => { path: string; what: string; offset?: number } }[] = [
    ...cmp.onlyInA.map((e) => ({
      path: e.path,
      at: () => ({ path: name(e.path), what: `only in ${cmp.a.location}` }),
    })),
    ...cmp.onlyInB.map((e) => ({
      path: e.path,
      at: () => ({ path: name(e.path), what: `only in ${cmp.b.location}` }),
    })),
    ...cmp.different.map((d) => ({
      path: d.path,
      at: () => {
        if (d.first !== null) return { path: name(d.path), what: d.aspects.join(', '), offset: d.first.offset };
        const inner =
          d.inner !== null && 'comparison' in d.inner
            ? firstDifference(d.inner.comparison, `${name(d.path)}${d.inner.format === 'gzip' ? ' :: gunzip' : ''}`)
            : null;
        return inner ?? { path: name(d.path), what: d.aspects.join(', ') };
      },
    })),
  ];
  const first = found.sort((x, y) => compareUtf8(x.path, y.path))[0];
  return first === undefined ? null : first.at();
}

/** Which files of a built artifact differ from the reference listing, by path, mode, size and SHA-256. */
function listingDifferences(tree: ArtifactTree, expected: ProfileExpectation): string[] {
  const lines: string[] = [];
  const built = new Map(tree.entries.filter((e) => e.type === 'file').map((e) => [e.path, e]));
  for (const f of expected.files) {
    const e = built.get(f.path);
    const name = escapeForTerminal(f.path);
    if (e === undefined) lines.push(`  missing: ${name}`);
    else if (e.mode !== f.mode || e.size !== f.size || e.sha256 !== f.sha256) {
      lines.push(
        `  different: ${name} (mode ${e.mode.toString(8)} vs ${f.mode.toString(8)}, size ${e.size} vs ${f.size}, ` +
          `sha256 ${e.sha256 ?? '-'} vs ${f.sha256})`,
      );
    }
    built.delete(f.path);
  }
  for (const path of built.keys()) lines.push(`  unexpected: ${escapeForTerminal(path)}`);
  return lines;
}
