/**
 * Contract step 7: apply receiver ownership requirements (KD-LOOKUP-09, KD-OWN-01..06,
 * KIT-06).
 *
 * The compiler's ownership result for the receiver says which of read, edit and take it
 * permits at the position; each is judged on its own, so permitting edit never implies
 * take (KD-OWN-05) and the fixture's verdict stays authoritative (KD-OWN-06). A
 * candidate requiring a mode the receiver does not permit is rejected with
 * `requires-<mode>`; `none` asks nothing of the receiver and always passes. The
 * rejection keeps the row visible on request (KD-OWN-03); step 9 drops it by default
 * (KD-OWN-01, OQ-32 A).
 */
import type { FixtureOccurrence } from '../fixture/fixture.js';
import { addReason, type CandidateStage } from './candidate-verdict.js';

/** The step 7 stage for the receiver's ownership result. */
export function receiverOwnership(permits: FixtureOccurrence['permits']): CandidateStage {
  return (verdict) => {
    const mode = verdict.candidate.required_mode;
    if (mode === 'read' && !permits.read) addReason(verdict, 'requires-read');
    else if (mode === 'edit' && !permits.edit) addReason(verdict, 'requires-edit');
    else if (mode === 'take' && !permits.take) addReason(verdict, 'requires-take');
    return null;
  };
}
