/**
 * Builders for the results that carry no facts: invalid, stale and unavailable
 * (KD-RES-10..15), with the reason tokens each status admits (OQ-17 A).
 *
 * All three have type null, no operations, no omissions and truncated false (OQ-16 A).
 * They carry no diagnostics: a stale result never shows diagnostics of an old or other
 * analysis (OQ-30 A), and invalid and unavailable results carry none (KIT-09); the
 * contract permits unreferenced rows for a root failure but never requires them.
 */
import {
  LIMIT_PROFILE,
  RESULT_SCHEMA,
  type AnalysisKey,
  type DiscoveryResultV1,
} from '../records/discovery-records.js';
import type { ReadingSwitch } from './readings.js';

/**
 * OQ-30: where unreferenced diagnostic rows may stand. C (only in invalid results) gives A's bytes on every input: the
 * oracle emits no unreferenced row in any result.
 */
export const UNREFERENCED_DIAGNOSTICS: ReadingSwitch = {
  entry: 'OQ-30',
  name: 'unreferenced-diagnostics',
  where: 'oracle/pipeline/result-shapes.ts',
  runs: { A: true, C: 'A' },
};

/**
 * Reasons of an invalid result: request/schema and position failures (OQ-02 A, OQ-10 A); under OQ-02 B also an
 * over-limit request's limit-exhausted.
 */
export type InvalidReason = 'invalid-request' | 'invalid-position' | 'limit-exhausted';

/** Reasons of a stale result (KD-RES-11). */
export type StaleReason =
  'wrong-file' | 'stale-source' | 'stale-interface-set' | 'stale-generation' | 'stale-semantic-compatibility';

/** Reasons of an unavailable result (OQ-17 A). */
export type UnavailableReason =
  'cancelled-before-analysis' | 'incomplete-current-file-facts' | 'limit-exhausted' | 'unsupported-in-profile';

/** A copy of exactly the five AnalysisKey fields, so an echo never carries anything else (KD-KEY-01). */
export function echoAnalysis(key: AnalysisKey): AnalysisKey {
  return {
    file_id: key.file_id,
    source_sha256: key.source_sha256,
    interface_set_sha256: key.interface_set_sha256,
    generation: key.generation,
    semantic_compatibility: key.semantic_compatibility,
  };
}

function emptyResult(
  status: 'invalid' | 'stale' | 'unavailable',
  analysis: AnalysisKey | null,
  reason: InvalidReason | StaleReason | UnavailableReason | 'invalid-position',
): DiscoveryResultV1 {
  return {
    schema: RESULT_SCHEMA,
    authoritative: false,
    limit_profile: LIMIT_PROFILE,
    status,
    analysis,
    type: null,
    operations: [],
    omissions: [],
    diagnostics: [],
    reason,
    truncated: false,
  };
}

/** invalid: analysis and type null, nothing else (KD-RES-14, KD-RES-15). */
export function invalidResult(reason: InvalidReason): DiscoveryResultV1 {
  return emptyResult('invalid', null, reason);
}

/** stale: the parseable request's analysis echoed, no facts (KD-RES-10, KD-RES-11, KD-STALE-06). */
export function staleResult(requestAnalysis: AnalysisKey, reason: StaleReason): DiscoveryResultV1 {
  return emptyResult('stale', echoAnalysis(requestAnalysis), reason);
}

/** unavailable: the valid request's analysis echoed, no useful fact (KD-RES-12, KD-RES-13). */
export function unavailableResult(requestAnalysis: AnalysisKey, reason: UnavailableReason): DiscoveryResultV1 {
  return emptyResult('unavailable', echoAnalysis(requestAnalysis), reason);
}

/** unavailable / invalid-position with the analysis echoed: a failing position under OQ-10 B or C, or OQ-17 C. */
export function positionUnavailableResult(requestAnalysis: AnalysisKey): DiscoveryResultV1 {
  return emptyResult('unavailable', echoAnalysis(requestAnalysis), 'invalid-position');
}
