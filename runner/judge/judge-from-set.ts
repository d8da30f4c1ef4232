/**
 * Judging a vector read from a checked vector set, the verifier's fixture read from the same set: a fixture file that
 * changed after the set was checked is never used to judge, so the vector is then NOT-RUN (with the reason naming the
 * file) rather than judged without the fixture checks or against bytes the set does not bind.
 */
import type { CallOutcome } from '../adapters/provider-connection.js';
import { judgeVector, notRunJudgement } from './judge-vector.js';
import type { VectorJudgement } from './verdict.js';
import type { QueryVector, VectorSet } from '../vectors/vector-source.js';

/** The judgement, and the file of the set that changed when that made the vector NOT-RUN. */
export interface JudgedFromSet {
  judgement: VectorJudgement;
  changedFile?: string;
}

/** Judges `vector` (read from `set`) on the provider's outcome; see the module comment for a changed fixture. */
export function judgeFromSet(
  set: VectorSet,
  vector: QueryVector,
  outcome: CallOutcome<Uint8Array>,
  declaredInterpretations: readonly string[],
): JudgedFromSet {
  let changed: { file: string; reason: string } | undefined;
  const judgement = judgeVector(vector, outcome, {
    fixture: () => {
      const loaded = set.loadedFixture(vector.fixtureSha256);
      if (loaded.ok) return loaded.value;
      changed = { file: loaded.file, reason: loaded.reason };
      return undefined;
    },
    declaredInterpretations,
  });
  if (changed === undefined) return { judgement };
  return { judgement: notRunJudgement(vector, changed.reason), changedFile: changed.file };
}
