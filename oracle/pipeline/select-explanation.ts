/**
 * Which candidate an explain-operation result shows (KD-RES-18, KIT-05, OQ-34 A),
 * part of contract step 9.
 *
 * Among the candidates matching the spelling that survived every withholding stage (so
 * their name and identity are safe to disclose, KD-DISCLOSE-03), in canonical order:
 * the first applicable one, with `ambiguous` when two or more apply; otherwise the first
 * one that does not apply, which step 3 already rejected with `type-mismatch`. The row is
 * shown whatever include_unavailable says (OQ-33 A).
 *
 * Decisions: ambiguity counts only candidates that could be shown as rows; a matching
 * candidate withheld at steps 4 to 8 is not counted, because counting it would disclose
 * a property of a withheld declaration (KD-DISCLOSE-07). A matching candidate that does
 * not apply goes through steps 4 to 8 like any other, so it can be withheld (and then
 * explains an omission) and its row lists every reason found besides `type-mismatch`
 * (OQ-44 A).
 */
import type { CandidateVerdict } from './candidate-verdict.js';

/** The verdict to render and whether it is ambiguous, or null when no row may be disclosed. */
export function selectExplanation(
  eligible: readonly CandidateVerdict[],
): { verdict: CandidateVerdict; ambiguous: boolean } | null {
  let first: CandidateVerdict | undefined;
  let applicable = 0;
  for (const v of eligible) {
    if (!v.applicable) continue;
    if (first === undefined) first = v;
    applicable += 1;
    if (applicable > 1) break;
  }
  if (first !== undefined) return { verdict: first, ambiguous: applicable > 1 };
  const fallback = eligible[0];
  return fallback === undefined ? null : { verdict: fallback, ambiguous: false };
}
