/**
 * Contract step 9: close fact status and dependencies, filter disclosure, bound work,
 * and serialize in canonical identity order (KD-LOOKUP-10).
 *
 * - Close and render: each eligible candidate becomes a row (build-operation-row.ts,
 *   KIT-07, KIT-08); explain-operation shows at most one (select-explanation.ts, KIT-05).
 * - Disclose: include_unavailable false drops every row with availability unavailable
 *   (KD-OWN-01); when a dropped row is not validated the operation set is not
 *   established, so one `incomplete-analysis` omission says so (OQ-32 D); it never adds a
 *   hidden row (KD-DISCLOSE-01). A row never lists an undisclosable dependency
 *   (KIT-08 C). Omissions (KIT-04): a general query carries one aggregate omission, with
 *   a null spelling, per reason that withheld an applicable candidate (KD-DISCLOSE-09,
 *   KD-OMIT-06); an explanation that shows no row carries one per reason that withheld a
 *   matching candidate, or `hidden-by-visibility` when nothing matched (OQ-35 A); one that
 *   shows a row carries `unsupported-in-profile` when a matching exposed candidate was
 *   unsupported work (OQ-19 A); each echoes the spelling (KD-OMIT-05, OQ-29 A). A lookup
 *   with an authorized view that failed validation carries `incomplete-analysis`
 *   (KIT-03 C). An omission never holds a count, name or identity (KD-OMIT-07).
 * - Bound: at most 4,096 rows, 256 diagnostics and 4 MiB of canonical bytes: whole rows
 *   are dropped from the canonical tail (OQ-06 A, OQ-08 A, fit-result-bytes.ts); step
 *   budget exhaustion stops the visit (KIT-10). Any of these sets truncated and adds one
 *   `limit-exhausted` omission. A type fact cut by the 64-entry caps (OQ-09 A) sets
 *   truncated, and so does a cut row that is shown, or that is dropped although it would
 *   have been callable but for the cut.
 * - Diagnostics: exactly those the emitted facts reference, primary disclosed only when
 *   the compiler marks it safe (KIT-11, KD-DISCLOSE-05).
 * - Status: select-status.ts (KIT-09); an unavailable result carries no type,
 *   operations, omissions or diagnostics and truncated false (OQ-16 A).
 * - Order: every array in canonical order (order-result.ts, KD-ORDER-*).
 *
 * Decisions: a query of kind `type` looks nothing up and carries no omissions (OQ-40 A,
 * KIT-02). When the step budget runs out before an explanation matched anything, only
 * `limit-exhausted` is reported, since "nothing matched" is then unknown. An `error` row
 * with no diagnostic to cite (build-operation-row.ts) is withheld with
 * `incomplete-analysis` (KIT-15), whether it would have been shown or dropped (OQ-32 D).
 */
import type { FixtureDiagnostic } from '../fixture/fixture.js';
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import type { JsonValue } from '../canonical-json/json-value.js';
import {
  LIMIT_PROFILE,
  RESULT_SCHEMA,
  type DiagnosticSummary,
  type DiscoveryRequestV1,
  type DiscoveryResultV1,
  type Id,
  type Omission,
  type OmissionReason,
  type OperationFact,
  type RejectionReason,
} from '../records/discovery-records.js';
import { LIMITS } from '../limits.js';
import { buildOperationRow, rowOfCandidate, type RowBuild, type Undisclosable } from './build-operation-row.js';
import type { CandidateVerdict } from './candidate-verdict.js';
import type { FactGraph } from './close-fact-graph.js';
import { checkedPrefix, largestFittingPrefix, nestedItemBytes, type RowMeasure } from './fit-result-bytes.js';
import { compareOmissions, compareOperations, orderResult, sortedUniqueIds } from './order-result.js';
import { echoAnalysis, unavailableResult, type UnavailableReason } from './result-shapes.js';
import { selectExplanation } from './select-explanation.js';
import { selectStatus, unavailableReasonFor } from './select-status.js';
import type { InferredType } from './step-2-infer-type.js';
import type { VisitOutcome } from './visit-candidates.js';
import { Readings, type ReadingSwitch } from './readings.js';

const WHERE = 'oracle/pipeline/step-9-close-disclose-bound.ts';

/**
 * OQ-08: diagnostics over the 256 cap. A: rows dropped from the canonical tail until every diagnostic the kept facts
 * reference fits (partial, truncated); C: the result is unavailable / limit-exhausted.
 */
export const DIAGNOSTIC_CAP: ReadingSwitch = {
  entry: 'OQ-08',
  name: 'diagnostic-cap',
  where: WHERE,
  runs: { A: true, C: true },
};

/**
 * OQ-09: a row with more than 64 dependencies, generic requirements or effects. A: downgraded to unavailable with
 * limit-exhausted, listing the first 64 (build-operation-row.ts); C: dropped, with a limit-exhausted omission and
 * truncated.
 */
export const NESTED_CAP: ReadingSwitch = {
  entry: 'OQ-09',
  name: 'nested-cap',
  where: WHERE,
  runs: { A: true, C: true },
};

/** OQ-16: truncated of an unavailable result. A: always false; B: true when the reason is limit-exhausted. */
export const UNAVAILABLE_TRUNCATED: ReadingSwitch = {
  entry: 'OQ-16',
  name: 'unavailable-truncated',
  where: WHERE,
  runs: { A: true, B: true },
};

/** KIT-09: the omissions of an unavailable result. A: none; B: the omissions the lookup found are kept. */
export const UNAVAILABLE_OMISSIONS: ReadingSwitch = {
  entry: 'KIT-09',
  name: 'unavailable-omissions',
  where: WHERE,
  runs: { A: true, B: true },
};

/**
 * KIT-13: what makes an explanation ambiguous. A: two or more candidates that could become rows for this receiver
 * (select-explanation.ts); B: two or more candidates with the spelling, whatever became of them.
 */
export const AMBIGUITY_COUNT: ReadingSwitch = {
  entry: 'KIT-13',
  name: 'ambiguity-count',
  where: WHERE,
  runs: { A: true, B: true },
};

/** What step 9 works from. */
export interface Step9Input {
  request: DiscoveryRequestV1;
  type: InferredType;
  /** The visit of steps 3 to 8; null for a query of kind `type`. */
  visit: VisitOutcome | null;
  graph: FactGraph;
  diagnostics: ReadonlyMap<Id, FixtureDiagnostic>;
  /** Whether an authorized view failed validation (step 4, KIT-03 C). */
  unvalidatedView: boolean;
  /** Dependency keys a row may not list (KIT-08 C). */
  undisclosable: Undisclosable;
  /** The readings of the register to follow (the register's choices by default). */
  readings?: Readings;
  /**
   * The result caps to bound by: the contract's 4 MiB and 256 diagnostics (KD-LIMIT-03, KD-LIMIT-04) by default;
   * the kit's tests set smaller ones to reach every boundary of a small result.
   */
  caps?: ResultCaps;
}

/** The caps a result is bounded by: its canonical bytes and its diagnostics. */
export interface ResultCaps {
  maxBytes: number;
  maxDiagnostics: number;
}

/** The contract's result caps. */
const CONTRACT_CAPS: ResultCaps = { maxBytes: LIMITS.resultBytes, maxDiagnostics: LIMITS.diagnostics };

/** The canonical bytes of a result. */
export function encodeResult(result: DiscoveryResultV1): Uint8Array {
  return encodeCanonical(result as unknown as JsonValue);
}

/** A final result and its canonical bytes. */
export interface EncodedResult {
  result: DiscoveryResultV1;
  bytes: Uint8Array;
}

/** Step 9: the final result record, every limit and order applied, with its canonical bytes. */
export function closeDiscloseBound(input: Step9Input): EncodedResult {
  const { request, visit } = input;
  const readings = input.readings ?? Readings.kit();
  const gathered: Gathered = {
    rows: [],
    withheld: new Set<OmissionReason>(),
    truncated: input.type.limitDowngraded,
    limitOmission: false,
  };
  const known: ReadonlySet<Id> = new Set(input.diagnostics.keys());
  if (visit !== null && request.query.kind === 'explain-operation') {
    gatherExplanation(gathered, visit, input, known, readings);
  } else if (visit !== null) {
    gatherGeneral(gathered, visit, input, known, readings);
  }
  // A view that failed validation leaves the candidate set unknown, whatever it holds (KIT-03 C).
  if (visit !== null && input.unvalidatedView) gathered.withheld.add('incomplete-analysis');
  if (visit !== null && visit.exhausted) gathered.limitOmission = true;
  gathered.rows.sort(compareOperations);

  const compose = (kept: OperationFact[], limited: boolean): DiscoveryResultV1 =>
    composeResult(input, gathered, kept, limited, readings);
  const full = compose(gathered.rows, gathered.limitOmission);
  const fullBytes = encodeResult(full);
  const caps = input.caps ?? CONTRACT_CAPS;
  if (fullBytes.length <= caps.maxBytes && full.diagnostics.length <= caps.maxDiagnostics) {
    return { result: full, bytes: fullBytes };
  }
  if (full.diagnostics.length > caps.maxDiagnostics && readings.of(DIAGNOSTIC_CAP) === 'C') {
    const result = unavailableAnswer(request, 'limit-exhausted', [], readings);
    return { result, bytes: encodeResult(result) };
  }
  return fitPrefix(gathered.rows, compose, input, caps);
}

/** What the visit's verdicts give the result: the rows shown, the omission reasons, truncation and the row cap. */
interface Gathered {
  rows: OperationFact[];
  withheld: Set<OmissionReason>;
  truncated: boolean;
  limitOmission: boolean;
}

type Visit = NonNullable<Step9Input['visit']>;

/** An explain-operation query: the one row the spelling selects (KIT-05, OQ-19 A), or why there is none. */
function gatherExplanation(g: Gathered, visit: Visit, input: Step9Input, known: ReadonlySet<Id>, readings: Readings) {
  const pick = selectExplanation(visit.eligible);
  const ambiguous =
    pick !== null && (pick.ambiguous || (visit.matchedCount > 1 && readings.of(AMBIGUITY_COUNT) === 'B'));
  const extra: RejectionReason[] = ambiguous ? ['ambiguous'] : [];
  let built =
    pick === null ? null : buildOperationRow(pick.verdict, input.graph, known, extra, input.undisclosable, readings);
  if (built !== null && built.ok && built.overNestedCap && readings.of(NESTED_CAP) === 'C') {
    // The limit-exhausted omission makes the result truncated (composeResult).
    built = null;
    g.limitOmission = true;
  }
  if (built !== null && built.ok) {
    g.rows = [built.row];
    g.truncated ||= built.limitDowngraded;
    // The spelling also names extension or trait work the profile cannot judge: the
    // explanation is not the complete candidate set (L387, OQ-19 A).
    if (visit.withheld.has('unsupported-in-profile')) g.withheld.add('unsupported-in-profile');
  } else {
    for (const r of visit.withheld) g.withheld.add(r);
    if (built !== null && !built.ok) g.withheld.add(built.withheld);
    if (!visit.matched && !visit.exhausted && !g.limitOmission) g.withheld.add('hidden-by-visibility');
  }
}

/** A general query: every eligible candidate's row, those shown kept up to the 4,096-row cap (KD-LIMIT-05). */
function gatherGeneral(g: Gathered, visit: Visit, input: Step9Input, known: ReadonlySet<Id>, readings: Readings) {
  for (const r of visit.withheld) g.withheld.add(r);
  // The eligible members of a series share one verdict: it is rendered once, and each shown row is its member's.
  const rendered = new Map<CandidateVerdict, RowBuild>();
  for (let i = 0; i < visit.eligible.length; i++) {
    const verdict = visit.eligible[i] as CandidateVerdict;
    let built = rendered.get(verdict);
    if (built === undefined) {
      built = buildOperationRow(verdict, input.graph, known, [], input.undisclosable, readings);
      rendered.set(verdict, built);
    }
    if (built.ok && built.overNestedCap && readings.of(NESTED_CAP) === 'C') {
      g.limitOmission = true;
      continue;
    }
    if (!built.ok) {
      // An error row without a diagnostic is not validated: shown, it is withheld;
      // dropped by include_unavailable false, it still leaves the set unestablished (OQ-32 D).
      g.withheld.add(built.withheld);
      continue;
    }
    const shown = built.row.availability === 'callable' || input.request.query.include_unavailable;
    g.truncated ||= built.limitDowngraded && (shown || built.callableButForLimit);
    if (!shown) {
      // A dropped definitive (validated) rejection is not an operation of this receiver;
      // a dropped non-validated row leaves the operation set unestablished (OQ-32 D). A
      // row the 64-entry cap alone made unavailable is reported by truncation (KIT-17).
      if (built.statusBeforeLimit !== 'validated') g.withheld.add('incomplete-analysis');
      continue;
    }
    if (g.rows.length === LIMITS.operations) {
      // KD-LIMIT-05: a 4,097th row exists; the canonical prefix is kept (OQ-06 A).
      g.limitOmission = true;
      break;
    }
    g.rows.push(visit.candidateOf === undefined ? built.row : rowOfCandidate(built.row, visit.candidateOf(i)));
  }
}

/** The result keeping the rows `kept`, its status selected (step 9) or the unavailable answer when none holds. */
function composeResult(
  input: Step9Input,
  g: Gathered,
  kept: OperationFact[],
  limited: boolean,
  readings: Readings,
): DiscoveryResultV1 {
  const { request, visit } = input;
  const spelling = request.query.kind === 'explain-operation' ? request.query.spelling : null;
  const reasons = new Set(g.withheld);
  if (limited) reasons.add('limit-exhausted');
  const isTruncated = g.truncated || limited;
  const omissions: Omission[] = [...reasons]
    .map((reason) => ({ reason, requested_spelling: spelling }))
    .sort(compareOmissions);
  const status = selectStatus({
    type: input.type.fact,
    rows: kept,
    omissionCount: omissions.length,
    truncated: isTruncated,
  });
  if (status === null) {
    const reason = unavailableReasonFor({
      budgetExhausted: visit?.exhausted ?? false,
      type: input.type.fact,
      withheld: reasons,
    });
    const keep = omissions.length > 0 && readings.of(UNAVAILABLE_OMISSIONS) === 'B';
    return unavailableAnswer(request, reason, keep ? omissions : [], readings);
  }
  return orderResult({
    schema: RESULT_SCHEMA,
    authoritative: false,
    limit_profile: LIMIT_PROFILE,
    status,
    analysis: echoAnalysis(request.analysis),
    type: input.type.fact,
    operations: kept,
    omissions,
    diagnostics: diagnosticsFor(input.type.fact.diagnostic_ids, kept, input.diagnostics),
    reason: null,
    truncated: isTruncated,
  });
}

/** An unavailable result with `omissions` (KIT-09), truncated after a limit exhaustion under OQ-16 B. */
function unavailableAnswer(
  request: DiscoveryRequestV1,
  reason: UnavailableReason,
  omissions: Omission[],
  readings: Readings,
): DiscoveryResultV1 {
  const result = unavailableResult(request.analysis, reason);
  const truncated = reason === 'limit-exhausted' && readings.of(UNAVAILABLE_TRUNCATED) === 'B';
  return { ...result, omissions, truncated };
}

/** Drops rows from the canonical tail until the result fits (OQ-06 A, OQ-08 A). */
function fitPrefix(
  rows: OperationFact[],
  compose: (kept: OperationFact[], limited: boolean) => DiscoveryResultV1,
  input: Step9Input,
  caps: ResultCaps,
): EncodedResult {
  const shellRecord = compose(rows.slice(0, 1), true);
  const shell = encodeResult({ ...shellRecord, operations: [], diagnostics: [] }).length;
  // Every diagnostic ID the type fact and the rows cite names a diagnostic of the fixture (load-fixture.ts refuses
  // one that does not, KD-DIAG-07; steps 2 and 8 keep only known IDs): each is measured once, when first cited.
  const measure = (id: Id): number => {
    const d = input.diagnostics.get(id);
    return d === undefined ? 0 : nestedItemBytes(diagnosticSummary(d));
  };
  const seen = new Set<Id>(input.type.fact.diagnostic_ids);
  let baseDiagnosticBytes = 0;
  for (const id of seen) baseDiagnosticBytes += measure(id);
  const measures: RowMeasure[] = rows.map((row) => {
    let newDiagnostics = 0;
    let newDiagnosticBytes = 0;
    for (const id of row.diagnostic_ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      newDiagnostics += 1;
      newDiagnosticBytes += measure(id);
    }
    return { bytes: nestedItemBytes(row), newDiagnostics, newDiagnosticBytes };
  });
  const k = largestFittingPrefix({
    shellBytes: shell,
    baseDiagnostics: input.type.fact.diagnostic_ids.length,
    baseDiagnosticBytes,
    rows: measures,
    ...caps,
  });
  return checkedPrefix(
    rows.length,
    k,
    (n) => {
      const result = compose(rows.slice(0, n), true);
      return { result, bytes: encodeResult(result) };
    },
    caps,
  );
}

/** A fixture diagnostic as a result row, primary only when disclosable (KD-DISCLOSE-05). */
function diagnosticSummary(d: FixtureDiagnostic): DiagnosticSummary {
  return {
    id: d.id,
    code: d.code,
    severity: d.severity,
    category: d.category,
    template_id: d.template_id,
    primary:
      d.disclose_primary && d.primary !== null
        ? { file_id: d.primary.file_id, span: { start: d.primary.span.start, end: d.primary.span.end } }
        : null,
    fallback_text: d.fallback_text,
  };
}

/** Exactly the diagnostics the type fact and rows reference (KIT-11, KD-DIAG-07), by ID. */
function diagnosticsFor(
  typeIds: readonly Id[],
  rows: readonly OperationFact[],
  diagnostics: ReadonlyMap<Id, FixtureDiagnostic>,
): DiagnosticSummary[] {
  const ids: Id[] = [...typeIds];
  for (const r of rows) ids.push(...r.diagnostic_ids);
  const out: DiagnosticSummary[] = [];
  for (const id of sortedUniqueIds(ids)) {
    const d = diagnostics.get(id);
    if (d !== undefined) out.push(diagnosticSummary(d));
  }
  return out;
}
