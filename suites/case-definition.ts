/**
 * A case: what a vector is generated from. The oracle computes every expected byte;
 * a case says what to ask, why, which clauses and interpretations it rests on, and (a
 * query case) which answer it expects.
 */
import type { FixtureV1 } from '../oracle/fixture/fixture.js';
import type { DiscoveryRequestV1, ResultReason, ResultStatus } from '../oracle/records/discovery-records.js';

export { CATEGORIES, type Category } from '../oracle/vectors/vector-format.js';
import type { Category } from '../oracle/vectors/vector-format.js';

/** Fields every case has. `id` is `<category>/<slug>` and never changes once published. */
export interface CaseBase {
  id: string;
  category: Category;
  /** One sentence: what the case checks. */
  intent: string;
  /** KD- clauses the case exercises. */
  clauses: string[];
  /** Register entries (OQ-nn, KIT-nn) the expected outcome depends on. */
  interpretations: string[];
  fixture: FixtureV1;
}

/**
 * The answer a case states it expects, worked from the contract and the register: the
 * result status, and the ResultReason where the case fixes one. Generation fails when the
 * oracle answers otherwise, so a golden cannot drift away from what its case is about.
 */
export interface ExpectedAnswer {
  status: ResultStatus;
  /** The result's reason; left out where the case does not fix one. */
  reason?: ResultReason | null;
}

/** A query case: a request sent to a provider, judged on its result bytes. */
export interface QueryCase extends CaseBase {
  kind: 'query';
  request: { record: DiscoveryRequestV1 } | { bytes: Uint8Array; note: string };
  expect: ExpectedAnswer;
}

/** A release-cost case: reference artifact digests per build profile (oracle/release/). */
export interface ReleaseCostCase extends CaseBase {
  kind: 'release-cost';
  category: 'release-cost';
  /** Computed by the oracle's reference artifact builder; the shape is `ReleaseExpectation`. */
  release: unknown;
}

export type CaseDefinition = QueryCase | ReleaseCostCase;
