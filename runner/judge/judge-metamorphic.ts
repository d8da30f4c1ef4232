/**
 * Judging the metamorphic canonical-order check (KD-ORDER-12, and KD-KEY-07: another working directory): a vector
 * that answered is sent again, against a shuffled, key-reordered variant of its fixture, to an instance started from
 * another working directory, and the answer must be the bytes the vector's own answer was. A different answer, or no
 * answer, fails the vector with those two clauses.
 */
import type { CallOutcome } from '../adapters/provider-connection.js';
import type { QueryVector } from '../vectors/vector-source.js';
import { classifyDifference } from './classify-difference.js';
import { errorFromFault } from './judge-vector.js';
import { unifiedDiff } from './unified-diff.js';

import { verdictNotHandled, type MetamorphicOutcome, type VariantKind, type VectorJudgement } from './verdict.js';

/** How each variant is made from the fixture, as a failure says it. */
export const VARIANT_DESCRIPTIONS: Readonly<Record<VariantKind, string>> = {
  reversed: "the fixture with every array and every object's keys reversed",
  rotated: "the fixture with every array and every object's keys rotated by one",
  shuffled: 'the shuffled, key-reordered fixture',
};

/** The clauses a metamorphic failure breaks. */
const METAMORPHIC_CLAUSES = ['KD-KEY-07', 'KD-ORDER-12'];

/**
 * The bytes a passing judgement matched: the expected result, or the alternative it names (a FAIL keeps its own
 * answer's bytes, so only a wrong answer's bytes are held through a run).
 */
export function passingBytes(judgement: VectorJudgement, vector: QueryVector): Uint8Array {
  if (judgement.verdict === 'PASS') return vector.expected;
  const alternative = vector.acceptable.find((a) => a.name === judgement.acceptable?.name);
  if (judgement.verdict !== 'ACCEPTABLE' || alternative === undefined)
    throw new Error(`kit fault: ${vector.id} answered, was not FAIL, and matched no bytes of the vector`);
  return alternative.bytes;
}

/**
 * The outcome of the variant of kind `variant` (metamorphic-variant.ts) against the bytes `base` of the vector's own
 * answer; `notRun` when it was never sent. `seed` is the vector's variant seed (the shuffle's), kept for replay.
 */
export function judgeVariant(
  seed: number,
  base: Uint8Array,
  outcome: CallOutcome<Uint8Array> | { notRun: string },
  variant: VariantKind = 'shuffled',
): MetamorphicOutcome {
  if ('notRun' in outcome) return { seed, ok: false, variant, detail: `variant not run: ${outcome.notRun}` };
  if (!outcome.ok) {
    const e = errorFromFault(outcome.fault);
    return { seed, ok: false, variant, detail: `${variant} variant errored (${e.kind}): ${e.message}` };
  }
  if (Buffer.from(outcome.value).equals(Buffer.from(base))) return { seed, ok: true };
  const difference = classifyDifference(base, outcome.value);
  const detail = `${VARIANT_DESCRIPTIONS[variant]} from another working directory gave other bytes`;
  // As for the base answer: a layout or an order difference is shown as what it is, not as a line diff.
  if (difference.kind === 'layout' || difference.kind === 'order')
    return { seed, ok: false, variant, detail, difference };
  return { seed, ok: false, variant, detail, difference, diff: unifiedDiff(base, outcome.value) };
}

/** The judgement with its metamorphic outcome: a failure fails the vector with KD-ORDER-12 and KD-KEY-07. */
export function withMetamorphic(j: VectorJudgement, m: MetamorphicOutcome): VectorJudgement {
  switch (j.verdict) {
    case 'PASS':
    case 'ACCEPTABLE':
      if (m.ok) return { ...j, metamorphic: m };
      return { ...j, metamorphic: m, verdict: 'FAIL', fail_clauses: METAMORPHIC_CLAUSES, clause_source: 'metamorphic' };
    case 'FAIL':
      if (m.ok) return { ...j, metamorphic: m };
      return { ...j, metamorphic: m, fail_clauses: [...new Set([...j.fail_clauses, ...METAMORPHIC_CLAUSES])].sort() };
    case 'ERROR':
    case 'NOT-RUN':
    case 'XFAIL':
    case 'XPASS':
    case 'NOT-APPLICABLE':
      // Only an answer is checked again, and before the expectations apply.
      throw new Error(`kit fault: a metamorphic outcome for ${j.id}, judged ${j.verdict}`);
    default:
      return verdictNotHandled(j);
  }
}
