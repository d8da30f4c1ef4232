/**
 * The gate report (format `kofun.ctk.report/v1`): built from the event stream, named
 * by the vector-set digest, the provider identity from the handshake and the kit
 * version, so a gate result is bound to the exact vectors it ran. Its keys are snake_case
 * throughout and its shape is oracle/schemas/kofun.ctk.report.v1.schema.json. The wall
 * times (`started_at`, `duration_ms`, each vector's `duration_ms`) and `hostname` are the
 * only parts that differ between two runs of the same provider on the same vectors.
 */
import { compareUtf8 } from '../../oracle/index.js';
import type { FreshPhaseReport } from './fresh-phase-report.js';
import type { FuzzPhaseReport } from './fuzz-phase-report.js';
import type { HermeticReport } from '../hermetic/hermetic-observation.js';
import type { SandboxReport } from '../sandbox/sandbox.js';
import { EXIT } from '../io/cli-io.js';
import type { ProviderIdentity } from '../adapters/provider-connection.js';
import type { Expectation } from '../judge/expectations.js';
import { gateEffect, VERDICTS, type Verdict, type VectorJudgement } from '../judge/verdict.js';
import type { GateOutcome, InterruptReason, MetamorphicSettings, RunEvent, RunSelection } from './run-events.js';
import { summarizeVectors, type RunSummary } from './run-summary.js';

export const REPORT_FORMAT = 'kofun.ctk.report/v1';

/** One vector's own digest (oracle/vectors/vector-digest.ts), in a report's `vector_digests`, sorted by id. */
export interface VectorDigest {
  id: string;
  sha256: string;
}

/** `vector_digests` as a map by id. */
export function digestsById(digests: readonly VectorDigest[]): Map<string, string> {
  return new Map(digests.map((d) => [d.id, d.sha256]));
}

export interface GateReport {
  format: typeof REPORT_FORMAT;
  kit_version: string;
  vector_set_sha256: string;
  provider: ProviderIdentity | null;
  selection: RunSelection;
  metamorphic: MetamorphicSettings;
  /** When the run started: ISO 8601, UTC, milliseconds (`2026-01-31T12:00:00.000Z`). */
  started_at: string;
  /** The run's wall time. */
  duration_ms: number;
  /** The host the run ran on (`localhost` when unknown); shards merged from several hosts list them, sorted. */
  hostname: string;
  counts: Record<Verdict, number>;
  summary: RunSummary;
  gate: GateOutcome;
  unknown_expectations: Expectation[];
  /**
   * True when the run did not judge every selected vector (the provider could not start, a vector was NOT-RUN, the
   * run was interrupted): the gate's exit status is then 3 unless something failed (1). Always written by this kit.
   */
  incomplete?: boolean;
  /** What stopped the run early (SIGINT, SIGTERM, global-timeout), or null. Always written by this kit. */
  interrupted_by?: InterruptReason | null;
  /** Sorted by id. */
  vectors: VectorJudgement[];
  /**
   * Each selected vector's own digest (request, fixture, expected and acceptable bytes), by id: a later run of another
   * vector set trusts this report for exactly the vectors whose digest is unchanged. Absent in reports of earlier kits.
   */
  vector_digests?: VectorDigest[];
  /** The fresh phase (`run --fresh N`), when it ran: the seed, and every case with its judgement. */
  fresh?: FreshPhaseReport;
  /** The seeded fuzz phase (`run --fuzz N`), when it ran: seed, number of cases, outcome. */
  fuzz?: FuzzPhaseReport;
  /** `run --hermetic`: whether the trace ran, with what facility, and the clauses observed and not observed. */
  hermetic?: HermeticReport;
  /** What isolated the provider's processes and builds (runner/sandbox/), or why nothing did. */
  sandbox?: SandboxReport;
  /** In a JSON report file: the SHA-256 of its own bytes, always the last field (report-digest.ts). */
  report_sha256?: string;
}

/** Counts per verdict, every verdict present. */
export function countVerdicts(vectors: readonly VectorJudgement[]): Record<Verdict, number> {
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const j of vectors) counts[j.verdict] += 1;
  return counts;
}

/** The features a provider declares missing, and whether the gate may pass with them (`--allow-missing-features`). */
export interface MissingFeatures {
  missing: readonly string[];
  allow: boolean;
}

/**
 * The gate over judged vectors. Exit 1 when anything fails the gate (FAIL, ERROR, XPASS, a metamorphic failure, an
 * expectation naming no vector), even when the run is also incomplete: a failure found is a failure whatever else
 * could not run, and CI must not read a failing provider as a broken set-up. Otherwise exit 3 when the run is
 * incomplete (the provider could not start, a vector was NOT-RUN, a shard is missing, the run was interrupted);
 * otherwise 0. A NOT-APPLICABLE vector neither passes nor fails: it is what the gate's "conformant except features"
 * names, which {@link withMissingFeatures} adds last (after the fresh phase's cases).
 */
export function computeGate(
  vectors: readonly VectorJudgement[],
  unknownExpectations: readonly Expectation[],
  incomplete: readonly string[] = [],
): GateOutcome {
  const counts = countVerdicts(vectors);
  const reasons: string[] = [...incomplete];
  let fails = false;
  let isIncomplete = incomplete.length > 0;
  for (const verdict of VERDICTS) {
    const effect = gateEffect(verdict);
    if (effect === 'passes' || effect === 'excepted' || counts[verdict] === 0) continue;
    reasons.push(`${counts[verdict]} ${verdict}`);
    if (effect === 'fails') fails = true;
    else isIncomplete = true;
  }
  for (const e of unknownExpectations) reasons.push(`expectation names no vector: ${e.id}`);
  // A metamorphic failure the expectations file names (XFAIL) is a known failure like any other.
  const metamorphicFailures = vectors.filter(
    (j) => j.metamorphic !== undefined && !j.metamorphic.ok && j.verdict !== 'XFAIL',
  ).length;
  if (metamorphicFailures > 0) reasons.push(`${metamorphicFailures} metamorphic canonical-order failures`);
  if (unknownExpectations.length > 0 || metamorphicFailures > 0) fails = true;
  const exit_code = fails ? EXIT.failed : isIncomplete ? EXIT.incomplete : EXIT.ok;
  return { passed: exit_code === EXIT.ok, exit_code, reasons, incomplete: isIncomplete };
}

/**
 * `gate` with the features the provider declares missing: recorded, and, unless `--allow-missing-features` accepts
 * them, a failure (exit 1) whose reason says what the gate would otherwise be, so no provider passes the full gate by
 * declaring what it lacks. `notApplicable` is how many vectors and fresh cases they left NOT-APPLICABLE.
 */
export function withMissingFeatures(gate: GateOutcome, features: MissingFeatures, notApplicable: number): GateOutcome {
  const { missing_features: _m, allow_missing_features: _a, ...rest } = gate;
  if (features.missing.length === 0) return rest;
  const out: GateOutcome = { ...rest, missing_features: [...features.missing], allow_missing_features: features.allow };
  if (features.allow) return out;
  const reasons = [
    ...rest.reasons,
    `${conformantExcept(features.missing)}, which the provider declares it does not implement ` +
      `(${notApplicable} NOT-APPLICABLE); the gate passes with features missing only under --allow-missing-features`,
  ];
  return { ...out, passed: false, exit_code: EXIT.failed, reasons };
}

/** "conformant except features X, Y": what the gate says of a provider that declares features missing. */
export function conformantExcept(missing: readonly string[]): string {
  return `conformant except features ${missing.join(', ')}`;
}

/**
 * The gate's verdict as every report heads it: `PASSED`, or `PASSED, conformant except features X, Y` when the
 * provider declares features missing, or `FAILED`.
 */
export function gateHeadline(gate: GateOutcome): string {
  if (!gate.passed) return 'FAILED';
  const missing = gate.missing_features ?? [];
  return missing.length === 0 ? 'PASSED' : `PASSED, ${conformantExcept(missing)}`;
}

/** Builds the report from a complete event stream. */
export function reportFromEvents(events: readonly RunEvent[]): GateReport {
  let start: Extract<RunEvent, { event: 'run-start' }> | undefined;
  let end: Extract<RunEvent, { event: 'run-end' }> | undefined;
  let provider: ProviderIdentity | null = null;
  const vectors: VectorJudgement[] = [];
  for (const e of events) {
    if (e.event === 'run-start') start = e;
    else if (e.event === 'run-end') end = e;
    else if (e.event === 'provider' && provider === null) provider = e.identity;
    else if (e.event === 'vector') vectors.push(e.judgement);
  }
  if (start === undefined || end === undefined)
    throw new Error('kit fault: event stream without run-start and run-end');
  vectors.sort((a, b) => compareUtf8(a.id, b.id));
  return {
    format: REPORT_FORMAT,
    kit_version: start.kit_version,
    vector_set_sha256: start.vector_set_sha256,
    provider,
    selection: start.selection,
    metamorphic: start.metamorphic,
    started_at: start.started_at,
    duration_ms: end.duration_ms,
    hostname: start.hostname,
    counts: countVerdicts(vectors),
    summary: summarizeVectors(vectors),
    gate: end.gate,
    unknown_expectations: end.unknown_expectations,
    incomplete: end.gate.incomplete,
    interrupted_by: end.interrupted_by ?? null,
    ...(end.hermetic === undefined ? {} : { hermetic: end.hermetic }),
    ...(start.sandbox === undefined ? {} : { sandbox: start.sandbox }),
    vectors,
    ...(start.vector_digests === undefined ? {} : { vector_digests: start.vector_digests }),
    ...(end.fresh === undefined ? {} : { fresh: end.fresh }),
  };
}
