/**
 * The release-cost build matrix (KD-RELEASE-02, KD-RELEASE-03,
 * OQ-45 reading A), in the spirit of reprotest:
 *
 * - A1: the build without discovery support, under the control conditions;
 * - A2: the same build under the variant conditions (another build path, time zone,
 *   locale, umask, HOME and source file order); A1 != A2 is NONDETERMINISTIC, and an
 *   identity between A1 and B would then prove nothing;
 * - B:  support built in but disabled, control conditions; A1 != B is FEATURE-FOOTPRINT
 *   (KD-RELEASE-02) when A1 is reproducible (a nondeterministic A1 explains the
 *   difference as well, so only NONDETERMINISTIC is reported);
 * - C:  discovery enabled, control conditions: the positive control. A1 == C means the
 *   switch is not wired, the comparison cannot see the feature, and the gate refuses to
 *   pass (SWITCH-NOT-WIRED; KD-RELEASE-03 requires comparing bytes that can differ).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce, type BuildContext, type BuildOutcome } from './build-once.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import type { BuildConfig } from './build-config.js';
import { controlVariation, variantVariation, formatVariations, type BuildVariation } from './build-variation.js';
import {
  compareArtifacts,
  DEFAULT_COMPARE_OPTIONS,
  type ArtifactComparison,
  type CompareOptions,
} from './compare-artifacts.js';
import { buildFailure } from './run-build.js';
import { escapeText as escapeForTerminal } from '../../oracle/index.js';
import { formatComparison, DEFAULT_FORMAT_OPTIONS, type FormatOptions } from './format-comparison.js';
import { manifestSide, type ManifestSide } from './artifact-manifest.js';
import type { ArtifactTree } from './artifact-tree.js';
import { causeHints, type CauseHint } from './cause-hints.js';
import { buildDifferences } from './build-differences.js';
import { formatCauseHints } from './format-cause-hints.js';
import { removeTree } from '../io/run-folder.js';

export type MatrixFinding = 'NONDETERMINISTIC' | 'FEATURE-FOOTPRINT' | 'SWITCH-NOT-WIRED';

export interface MatrixComparison {
  label: string;
  comparison: ArtifactComparison;
  /** Which varied condition leaked into the artifacts, where the gate found one (cause-hints.ts). */
  hints: CauseHint[];
}

export interface MatrixResult {
  verdict: 'PASS' | 'FAIL' | 'ERROR';
  findings: MatrixFinding[];
  builds: BuildOutcome[];
  comparisons: MatrixComparison[];
  /** Why the matrix could not be judged: a failed build, a missing or empty artifact. */
  errors: string[];
  variations: { label: string; v: BuildVariation }[];
  /** Manifests of every built artifact, when asked for. */
  manifests: { label: string; side: ManifestSide }[];
  /** Where the artifacts were kept, when asked to keep them. */
  keptAt: string | null;
}

export interface MatrixOptions {
  /** Parent of the temporary build folders; the system temp folder by default. */
  workDir?: string;
  /** Keep the build folders and artifacts. */
  keep?: boolean;
  /** Build the variant A2 (default true). */
  vary?: boolean;
  /** Compute manifests of every artifact. */
  manifests?: boolean;
  extra?: BuildContext['extra'];
  compare?: CompareOptions;
  /** The faketime wrapper of the variant build; found on PATH when absent, null to keep the real clock. */
  faketime?: string | null;
  /** The sandbox every build runs in; none: each build is a child of the runner. */
  sandbox?: Sandbox;
}

const STEPS = [
  { label: 'A1', slug: 'a1', command: 'without_support', variant: false },
  { label: 'A2', slug: 'a2', command: 'without_support', variant: true },
  { label: 'B', slug: 'b', command: 'support_disabled', variant: false },
  { label: 'C', slug: 'c', command: 'discovery_enabled', variant: false },
] as const;

/** Runs the matrix; every build failure is data (verdict ERROR), never an exception. */
export async function runBuildMatrix(config: BuildConfig, options: MatrixOptions = {}): Promise<MatrixResult> {
  const parent = options.workDir ?? tmpdir();
  const base1 = await mkdtemp(join(parent, 'kofun-ctk-release-'));
  const base2 = await mkdtemp(join(parent, 'kofun-ctk-release-variant-'));
  const control = controlVariation(base1);
  const variant = options.faketime === undefined ? variantVariation(base2) : variantVariation(base2, options.faketime);
  const ctx: BuildContext = {
    source: config.source,
    artifact: config.artifact,
    timeoutMs: config.timeoutMs,
    env: config.env,
    extra: options.extra ?? [],
    snapshotDir: join(base1, 'artifacts'),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
  };
  const result: MatrixResult = {
    verdict: 'ERROR',
    findings: [],
    builds: [],
    comparisons: [],
    errors: [],
    variations: [
      { label: 'A1, B, C (control)', v: control },
      { label: 'A2 (variant)', v: variant },
    ],
    manifests: [],
    keptAt: options.keep === true ? base1 : null,
  };
  try {
    const built = await buildSteps(config, options, { control, variant }, ctx, result);
    if (result.errors.length > 0) return result;
    await compareSteps(built, options.compare ?? DEFAULT_COMPARE_OPTIONS, result);
    result.verdict = result.findings.length === 0 ? 'PASS' : 'FAIL';
    return result;
  } finally {
    if (options.keep !== true) {
      // What a build left (a tree past PATH_MAX, folders it locked) is removed all the same, never through a link.
      removeTree(base1);
      removeTree(base2);
    }
  }
}

/** The artifacts of the builds that succeeded, by step label, with their outcomes. */
interface BuiltSteps {
  readonly trees: Map<string, ArtifactTree>;
  readonly outcomes: Map<string, BuildOutcome>;
}

/**
 * Builds the matrix's steps in order (the variant one only when the run varies), recording each outcome in `result`;
 * the first build that fails or leaves no artifact ends the builds with an error.
 */
async function buildSteps(
  config: BuildConfig,
  options: MatrixOptions,
  variations: { control: BuildVariation; variant: BuildVariation },
  ctx: BuildContext,
  result: MatrixResult,
): Promise<BuiltSteps> {
  const built: BuiltSteps = { trees: new Map(), outcomes: new Map() };
  for (const step of STEPS) {
    if (step.variant && options.vary === false) continue;
    const label = `${step.label} (${step.command})`;
    const variation = step.variant ? variations.variant : variations.control;
    const outcome = await buildOnce(label, step.slug, config.commands[step.command], variation, ctx);
    result.builds.push(outcome);
    if (!outcome.run.ok) {
      result.errors.push(`build ${label} ${buildFailure(outcome.run)}`);
      break;
    }
    if (outcome.artifact === null || !outcome.artifact.ok) {
      result.errors.push(`build ${label}: ${outcome.artifact === null ? 'no artifact' : outcome.artifact.message}`);
      break;
    }
    built.trees.set(step.label, outcome.artifact.tree);
    built.outcomes.set(step.label, outcome);
    if (options.manifests === true) result.manifests.push({ label, side: await manifestSide(outcome.artifact.tree) });
  }
  return built;
}

/** The matrix's comparisons: each pair of built artifacts compared, with cause hints, and the findings they show. */
async function compareSteps(built: BuiltSteps, compare: CompareOptions, result: MatrixResult): Promise<void> {
  const pairs: [string, string, string][] = [
    ['A1', 'A2', 'A1 vs A2 (determinism)'],
    ['A1', 'B', 'A1 vs B (feature footprint, KD-RELEASE-02)'],
    ['A1', 'C', 'A1 vs C (positive control, KD-RELEASE-03)'],
  ];
  for (const [left, right, label] of pairs) {
    const a = built.trees.get(left);
    const b = built.trees.get(right);
    if (a === undefined || b === undefined) continue;
    const comparison = await compareArtifacts(a, b, compare);
    const oa = built.outcomes.get(left);
    const ob = built.outcomes.get(right);
    const hints =
      comparison.identical || oa === undefined || ob === undefined
        ? []
        : await causeHints(comparison, buildDifferences(oa, ob));
    result.comparisons.push({ label, comparison, hints });
    if (left === 'A1' && right === 'A2' && !comparison.identical) result.findings.push('NONDETERMINISTIC');
    // A1 vs B can only blame the feature when A1 is reproducible: when A1 and A2 differ,
    // B differs from A1 for the same reason and the footprint cannot be told apart.
    if (left === 'A1' && right === 'B' && !comparison.identical && !result.findings.includes('NONDETERMINISTIC'))
      result.findings.push('FEATURE-FOOTPRINT');
    if (left === 'A1' && right === 'C' && comparison.identical) result.findings.push('SWITCH-NOT-WIRED');
  }
}

const FINDING_TEXT: Record<MatrixFinding, string> = {
  NONDETERMINISTIC:
    'A1 and A2 differ: the build without support is not reproducible under the varied conditions, ' +
    'so no identity can be trusted',
  'FEATURE-FOOTPRINT': 'A1 and B differ: support built in but disabled changes the release artifact (KD-RELEASE-02)',
  'SWITCH-NOT-WIRED':
    'A1 and C are identical: enabling discovery changes no byte, ' +
    'so the switch is not wired and A1 = B proves nothing; the gate refuses to pass (KD-RELEASE-03)',
};

/** The report lines of a matrix run, without the verdict line. */
export function formatMatrix(result: MatrixResult, options: FormatOptions = DEFAULT_FORMAT_OPTIONS): string[] {
  const lines: string[] = [
    'release-cost build matrix',
    ...formatVariations(result.variations).map((l) => `  ${escapeForTerminal(l)}`),
  ];
  for (const b of result.builds) {
    lines.push(`build ${b.label}: ${b.run.ok ? 'ok' : buildFailure(b.run)}`);
    lines.push(`  argv: ${b.run.argv.map((w) => JSON.stringify(escapeForTerminal(w))).join(' ')}`);
    if (!b.run.ok) {
      const tail = b.run.stderrTail
        .split('\n')
        .filter((l) => l !== '')
        .slice(-5);
      for (const l of tail) lines.push(`  stderr: ${escapeForTerminal(l)}`);
    }
  }
  for (const e of result.errors) lines.push(`error: ${escapeForTerminal(e)}`);
  for (const c of result.comparisons) {
    lines.push(`${c.label}: ${c.comparison.identical ? 'identical' : 'DIFFERENT'}`);
    if (!c.comparison.identical) lines.push(...formatComparison(c.comparison, options).map((l) => `  ${l}`));
    lines.push(...formatCauseHints(c.hints).map((l) => `  ${l}`));
  }
  const variant = result.variations.find((x) => x.v.name === 'variant');
  if (
    variant !== undefined &&
    variant.v.clock.faketime === null &&
    result.builds.some((b) => b.variation.name === 'variant')
  ) {
    lines.push(
      'note: the clock was not varied (faketime not found on PATH; Debian package faketime): ' +
        'a build embedding the time passes when both builds run in the same second',
    );
  }
  for (const f of result.findings) lines.push(`${f}: ${FINDING_TEXT[f]}`);
  if (result.keptAt !== null) lines.push(`artifacts kept in ${escapeForTerminal(result.keptAt)}`);
  return lines;
}

/** The one verdict line that ends the report. */
export function matrixVerdictLine(result: MatrixResult): string {
  if (result.verdict === 'ERROR')
    return `verdict: ERROR ${escapeForTerminal(result.errors[0] ?? 'the matrix could not be judged')}`;
  if (result.verdict === 'FAIL') return `verdict: FAIL ${result.findings.join(', ')}`;
  const varied = result.comparisons.some((c) => c.label.startsWith('A1 vs A2'));
  return `verdict: PASS (${varied ? 'A1 = A2, ' : ''}A1 = B, A1 != C)`;
}
