/**
 * The gate's self-test on a release-cost vector (GateCheck, KD-RELEASE-03): the kit's
 * reference builder with a deliberate defect (it stamps its build time, to the second, into
 * the without-support artifact) is built under the control and the variant conditions. Both
 * builds may run in the same second, so only the variant's shifted clock (faketime) makes
 * them differ every time; the gate must then report the pair as NONDETERMINISTIC and name the
 * time at the vector's entry and offset. Without faketime or without the variant build the
 * check cannot show anything and says it was not run; it never passes silently.
 */
import { type Violation } from '../../oracle/index.js';
import { violation, type GateCheck } from '../../oracle/internal.js';
import { buildOnce, type BuildContext } from './build-once.js';
import { controlVariation, variantVariation } from './build-variation.js';
import { compareArtifacts, DEFAULT_COMPARE_OPTIONS, type CompareOptions } from './compare-artifacts.js';
import { causeHints } from './cause-hints.js';
import { buildDifferences } from './build-differences.js';
import { formatCauseHints } from './format-cause-hints.js';
import { buildFailure } from './run-build.js';
import { referenceBuildArgv } from './reference-build.js';
import type { ArtifactTree } from './artifact-tree.js';

/** The prefix of every line of the check; a line that also says `not run` is a judgement note. */
export const GATE_CHECK_LABEL = 'gate check (a reference build that embeds its build time)';

export interface GateCheckOutcome {
  violations: Violation[];
  lines: string[];
}

/**
 * Runs one gate check with the vector's build context; `variantBase` null means the variant
 * build is off; `faketime` is the wrapper to use (found on PATH when absent, null for none).
 */
export async function runGateCheck(
  check: GateCheck,
  ctx: BuildContext,
  controlBase: string,
  variantBase: string | null,
  compare: CompareOptions = DEFAULT_COMPARE_OPTIONS,
  faketime?: string | null,
): Promise<GateCheckOutcome> {
  if (variantBase === null)
    return { violations: [], lines: [`${GATE_CHECK_LABEL}: not run, the variant build is off`] };
  const variant = faketime === undefined ? variantVariation(variantBase) : variantVariation(variantBase, faketime);
  if (variant.clock.faketime === null) {
    return {
      violations: [],
      lines: [`${GATE_CHECK_LABEL}: not run, the clock was not varied (faketime not found on PATH)`],
    };
  }
  // The reference builder reads only the fixture: no source folder, its own output folder.
  const own: BuildContext = { ...ctx, source: null, artifact: null };
  const argv = referenceBuildArgv('without-support', check.defect);
  const a = await buildOnce('gate check', 'gate-check', argv, controlVariation(controlBase), own);
  const b = await buildOnce('gate check (variant)', 'gate-check-variant', argv, variant, own);
  const expected = `${check.finding}, the time at ${check.hint.entry} offset ${check.hint.offset} on both sides`;
  const trees = [];
  for (const o of [a, b]) {
    if (!o.run.ok || o.artifact === null || !o.artifact.ok) {
      const why = !o.run.ok
        ? buildFailure(o.run)
        : o.artifact === null
          ? 'no artifact'
          : o.artifact.ok
            ? ''
            : o.artifact.message;
      const message = `the gate check's reference build failed (${why})`;
      return {
        violations: [violation('release-gate-blind', check.clause, message, { expected, actual: 'not built' })],
        lines: [`${GATE_CHECK_LABEL}: ${message}`],
      };
    }
    trees.push(o.artifact.tree);
  }
  const [treeA, treeB] = trees as [ArtifactTree, ArtifactTree];
  const cmp = await compareArtifacts(treeA, treeB, compare);
  const hints = cmp.identical ? [] : await causeHints(cmp, buildDifferences(a, b));
  const named = hints.find((h) => h.variation === check.hint.variation && h.entry === check.hint.entry);
  const caught = named !== undefined && named.offsetA === check.hint.offset && named.offsetB === check.hint.offset;
  const hintLines = formatCauseHints(hints).map((l) => `  ${l}`);
  if (caught) return { violations: [], lines: [`${GATE_CHECK_LABEL}: caught, ${expected}`, ...hintLines] };
  const actual = cmp.identical
    ? 'identical'
    : named === undefined
      ? 'different, but the time was not named'
      : `different, the time at offsets ${named.offsetA ?? '-'} and ${named.offsetB ?? '-'}`;
  return {
    violations: [
      violation('release-gate-blind', check.clause, 'the gate did not catch a build that embeds its build time', {
        expected,
        actual,
      }),
    ],
    lines: [`${GATE_CHECK_LABEL}: missed (${actual})`, ...hintLines],
  };
}
