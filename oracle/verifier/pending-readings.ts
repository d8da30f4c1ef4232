/**
 * Readings of the contract the verifier checks that the interpretations register is taking
 * up but the reference oracle does not yet follow. A check resting on one of them reports
 * only when the caller asks for these readings (`VerifyContext.pendingReadings`), so the
 * committed vectors stay verifier-clean until the oracle and its vectors follow; each
 * reading names the register entry it rests on. When the oracle follows a reading, its
 * name leaves {@link PENDING_READINGS} and its check runs on every result.
 */

/** The readings, by stable name. */
export const READINGS = {
  /**
   * L189, OQ-32, OQ-18: include_unavailable false keeps non-validated rows out, and a dropped
   * non-validated row makes the result partial with one aggregate incomplete-analysis omission.
   */
  'dropped-nonvalidated-row-omission': { entry: 'OQ-32', clause: 'KD-RES-09' },
  /** L231, L250, L289: a rejection that rests on a receiver type that is not validated is never a validated row. */
  'rejection-under-unvalidated-type': { entry: 'OQ-43', clause: 'KD-CLOSURE-09' },
  /** L112, L380: an authorized view that failed validation makes the result incomplete, whatever it holds. */
  'unvalidated-view-omission': { entry: 'KIT-04', clause: 'KD-LOOKUP-07' },
  /** L389, L427: a row never lists a dependency that names a hidden candidate. */
  'hidden-dependency-withheld': { entry: 'KIT-07', clause: 'KD-DISCLOSE-07' },
  /** L387, OQ-19: explaining a spelling that also names an exposed extension or trait candidate is never complete. */
  'explain-unsupported-omission': { entry: 'OQ-19', clause: 'KD-LOOKUP-11' },
  /** L421: rows list only public validated effect requirements. */
  'only-validated-effects-listed': { entry: 'KIT-12', clause: 'KD-EFFECT-07' },
} as const;

/** The name of a reading. */
export type ReadingName = keyof typeof READINGS;

/** The readings the reference oracle does not follow yet. */
// Empty: the oracle follows every reading above (OQ-32 D, KIT-02 C, KIT-03 C, KIT-04 C, KIT-08 C, KIT-12 C).
export const PENDING_READINGS: ReadonlySet<ReadingName> = new Set<ReadingName>([]);

/** Whether the check resting on `name` runs: always once the oracle follows it, else only on request. */
export function readingApplies(name: ReadingName, pendingRequested: boolean): boolean {
  return pendingRequested || !PENDING_READINGS.has(name);
}
