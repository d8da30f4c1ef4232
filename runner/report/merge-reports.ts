/**
 * Merging shard reports (`--shard k/n` on n machines) into one gate report. Reports of
 * different vector sets, kit versions, providers or filters are refused: a merged gate
 * must still be bound to exactly one vector set and one provider. A missing shard makes
 * the merged run incomplete (exit 3).
 */
import { computeGate, countVerdicts, REPORT_FORMAT, withMissingFeatures, type GateReport } from './gate-report.js';
import type { Expectation } from '../judge/expectations.js';
import { compareUtf8, schemaViolations } from '../../oracle/index.js';
import { summarizeVectors } from './run-summary.js';
import { mergeHermeticReports } from '../hermetic/hermetic-observation.js';
import { mergeSandboxReports } from '../sandbox/describe-sandbox.js';
import { mergeFuzzPhases, withFuzzPhase } from './fuzz-phase-report.js';
import { mergeFreshPhases, withFreshGate } from './fresh-phase-report.js';

export type MergeOutcome = { ok: true; report: GateReport } | { ok: false; message: string };

/** The report's schema name (oracle/schemas/kofun.ctk.report.v1.schema.json). */
export const REPORT_SCHEMA = 'kofun.ctk.report/v1';

/**
 * Why a decoded JSON value is not a gate report, naming the first JSON pointer the schema
 * refuses, or undefined when it is one. Fails closed: a report of another shape (an older
 * key style, a missing field) is refused rather than half-read.
 */
export function gateReportProblem(value: unknown): string | undefined {
  const violations = schemaViolations(REPORT_SCHEMA, value);
  const first = violations[0];
  if (first === undefined) return undefined;
  const where = first.pointer === undefined || first.pointer === '' ? '(root)' : first.pointer;
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
  return `at ${where}: ${first.message}${first.expected !== undefined ? `, expected ${first.expected}` : ''}${more}`;
}

/** Checks that a decoded JSON value is a gate report (valid against its schema). */
export function isGateReport(value: unknown): value is GateReport {
  return gateReportProblem(value) === undefined;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Merges reports of the same vector set, provider, kit and filters. */
export function mergeReports(reports: readonly GateReport[]): MergeOutcome {
  const first = reports[0];
  if (first === undefined) return { ok: false, message: 'no report to merge' };
  for (const r of reports.slice(1)) {
    const problem = mismatchProblem(first, r);
    if (problem !== undefined) return { ok: false, message: problem };
  }
  const overlap = overlapProblem(reports);
  if (overlap !== undefined) return { ok: false, message: overlap };
  const incomplete = incompleteParts(reports);
  if (!incomplete.ok) return incomplete;
  return mergeCompatible(first, reports, incomplete.incomplete);
}

/** Why report `r` cannot be merged with `first`: another vector set, kit, provider, filters or missing features. */
function mismatchProblem(first: GateReport, r: GateReport): string | undefined {
  if (r.vector_set_sha256 !== first.vector_set_sha256) {
    return (
      `refusing to merge reports of different vector sets (${first.vector_set_sha256} ` + `and ${r.vector_set_sha256})`
    );
  }
  if (r.kit_version !== first.kit_version)
    return `refusing to merge reports of different kit versions (${first.kit_version} and ${r.kit_version})`;
  const identity = (x: GateReport): unknown =>
    x.provider === null ? null : { name: x.provider.name, version: x.provider.version, adapter: x.provider.adapter };
  if (r.provider !== null && first.provider !== null && !same(identity(r), identity(first)))
    return 'refusing to merge reports of different providers';
  const filters = (x: GateReport): unknown => ({
    c: x.selection.categories,
    i: x.selection.ids,
    l: x.selection.clauses,
    x: x.selection.exclude_categories ?? [],
    f: x.selection.last_failed === true ? (x.selection.last_failed_ids ?? null) : false,
  });
  if (!same(filters(r), filters(first))) return 'refusing to merge reports run with different filters';
  // One provider declares one set of missing features, and one gate accepts them or not (PROTOCOL.md, "Features").
  const features = (x: GateReport): unknown => [x.gate.missing_features ?? [], x.gate.allow_missing_features === true];
  if (!same(features(r), features(first)))
    return (
      'refusing to merge reports whose providers declare different missing features, or run with and without ' +
      '--allow-missing-features'
    );
  return undefined;
}

/** A vector judged in two of the reports (overlapping shards), if any. */
function overlapProblem(reports: readonly GateReport[]): string | undefined {
  const seen = new Set<string>();
  for (const r of reports) {
    for (const v of r.vectors) {
      if (seen.has(v.id)) return `vector ${v.id} appears in more than one report (overlapping shards?)`;
      seen.add(v.id);
    }
  }
  return undefined;
}

/**
 * What makes the merged run incomplete: a missing shard, a provider that could not start, an interruption; refused
 * when sharded and unsharded reports, or shards of different counts, are mixed.
 */
function incompleteParts(
  reports: readonly GateReport[],
): { ok: true; incomplete: string[] } | { ok: false; message: string } {
  const incomplete: string[] = [];
  const shards = reports.map((r) => r.selection.shard);
  if (shards.some((s) => s !== null)) {
    const parsed = shards.map((s) => (s === null ? undefined : s.split('/').map(Number)));
    const n = parsed[0]?.[1];
    if (parsed.some((p) => p === undefined || p[1] !== n) || n === undefined) {
      return { ok: false, message: 'refusing to merge sharded and unsharded reports, or shards of different counts' };
    }
    const have = new Set(parsed.map((p) => p?.[0]));
    for (let k = 1; k <= n; k++) if (!have.has(k)) incomplete.push(`shard ${k}/${n} is missing`);
  }
  for (const r of reports) {
    for (const reason of r.gate.reasons)
      if (/could not start|was interrupted/.test(reason) && !incomplete.includes(reason)) incomplete.push(reason);
  }
  return { ok: true, incomplete };
}

/** The merged report of reports checked to be compatible, `incomplete` naming what the merged run lacks. */
function mergeCompatible(first: GateReport, reports: readonly GateReport[], incomplete: string[]): MergeOutcome {
  const hermetic = mergeHermeticReports(reports.map((r) => r.hermetic));
  if (!hermetic.ok) return hermetic;
  const sandbox = mergeSandboxReports(reports.map((r) => r.sandbox));
  const fuzz = mergeFuzzPhases(reports.map((r) => r.fuzz));
  if (!fuzz.ok) return fuzz;
  const vectors = reports.flatMap((r) => r.vectors).sort((a, b) => compareUtf8(a.id, b.id));
  const unknown = new Map<string, Expectation>();
  for (const r of reports) for (const e of r.unknown_expectations) unknown.set(e.id, e);
  const unknownList = [...unknown.values()];
  // The merged wall time runs from the first shard's start to the last shard's end.
  const starts = reports.map((r) => Date.parse(r.started_at));
  const start = Math.min(...starts);
  const end = Math.max(...reports.map((r, i) => (starts[i] as number) + r.duration_ms));
  const fresh = mergeFreshPhases(reports.map((r) => r.fresh));
  const vectorGate = computeGate(vectors, unknownList, incomplete);
  const withFresh = fresh === undefined ? vectorGate : withFreshGate(vectorGate, fresh);
  const notApplicable = countVerdicts(vectors)['NOT-APPLICABLE'] + (fresh?.counts['NOT-APPLICABLE'] ?? 0);
  const features = { missing: first.gate.missing_features ?? [], allow: first.gate.allow_missing_features === true };
  const gate = withMissingFeatures(withFresh, features, notApplicable);
  const report: GateReport = {
    format: REPORT_FORMAT,
    kit_version: first.kit_version,
    vector_set_sha256: first.vector_set_sha256,
    provider: reports.find((r) => r.provider !== null)?.provider ?? null,
    selection: {
      ...first.selection,
      shard: null,
      filtered: first.selection.filtered,
      total: vectors.length,
    },
    metamorphic: first.metamorphic,
    started_at: new Date(start).toISOString(),
    duration_ms: end - start,
    hostname: [...new Set(reports.map((r) => r.hostname))].sort(compareUtf8).join(' '),
    counts: countVerdicts(vectors),
    summary: summarizeVectors(vectors),
    gate,
    unknown_expectations: unknownList,
    incomplete: gate.incomplete,
    interrupted_by: reports.find((r) => (r.interrupted_by ?? null) !== null)?.interrupted_by ?? null,
    ...(hermetic.hermetic === undefined ? {} : { hermetic: hermetic.hermetic }),
    ...(sandbox === undefined ? {} : { sandbox }),
    vectors,
    ...mergedDigests(reports),
  };
  // The fuzz phase's section and its effect on the gate, as the shards' own reports carry them.
  return { ok: true, report: fuzz.fuzz === undefined ? report : withFuzzPhase(report, fuzz.fuzz) };
}

/** The shards' vector digests as one map, sorted by id; absent when no shard records them (an earlier kit's). */
function mergedDigests(reports: readonly GateReport[]): Pick<GateReport, 'vector_digests'> {
  if (reports.every((r) => r.vector_digests === undefined)) return {};
  const all = reports.flatMap((r) => r.vector_digests ?? []);
  return { vector_digests: all.sort((a, b) => compareUtf8(a.id, b.id)) };
}
