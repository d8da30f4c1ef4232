/**
 * Contract step 5: conditionally apply future accepted extension and trait/member
 * resolution rules (KD-LOOKUP-08).
 *
 * #293 (extension scope) and #316 (trait/method candidate resolution) are not accepted,
 * so the profile has no rule to apply: a candidate whose origin is `extension` or
 * `trait` is withheld with `unsupported-in-profile` and never becomes a row (OQ-19 A,
 * KD-LOOKUP-11, KD-ACCEPT-09, KD-ORIGIN-06, KD-ORIGIN-09). The provider must not
 * fabricate a complete extension or trait candidate set; the omission says that such
 * work exists without naming it (KD-OMIT-07).
 */
import type { CandidateStage } from './candidate-verdict.js';

/** The step 5 stage: withholds extension and trait candidates as unsupported-in-profile. */
export function extensionsAndTraits(): CandidateStage {
  return ({ candidate }) =>
    candidate.origin.kind === 'extension' || candidate.origin.kind === 'trait' ? 'unsupported-in-profile' : null;
}
