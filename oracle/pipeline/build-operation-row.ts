/**
 * Renders a candidate verdict as an operation row: status closure (KIT-07), row rules
 * (KIT-08) and disclosure (KD-DISCLOSE-04), part of contract step 9.
 *
 * - The origin's status is max(own, its dependencies) (KD-ORIGIN-02); function and
 *   member origins carry null implementation and trait fields (KD-ORIGIN-08); the
 *   module identity has kind ModuleId (KD-ORIGIN-05).
 * - The row lists its direct dependencies plus those of its origin and its disclosed
 *   generic requirements and effects, each with its closure status, unique and sorted
 *   (KD-CLOSURE-16, OQ-22 A).
 * - The row's status is max(intrinsic, every listed dependency, every nested status)
 *   (KD-CLOSURE-17, OQ-23 A), and also covers held non-public effects (step 8 Decision).
 * - More than 64 dependencies, generic requirements or effects, or more than 256
 *   diagnostic IDs, downgrade the row to `unavailable` with `limit-exhausted`, listing
 *   the first entries in canonical order (OQ-09 A, KD-LIMIT-06).
 * - A non-validated row gets `incomplete-analysis` (KIT-08); it is `callable` only when
 *   validated with no rejection reason (KD-CLOSURE-12, KD-OP-09, KD-OP-13); a row with
 *   status `unavailable` has null signature and receiver mode (OQ-25 A).
 * - An `error` row cites its own diagnostic IDs and those of the error nodes its listed
 *   dependencies reach (KD-CLOSURE-10).
 * - source and documentation are disclosed only when the compiler marks them
 *   disclosable; documentation is `kofun-doc:<id>` (KD-OP-07, KD-DISCLOSE-04).
 *
 * Decisions (fail closed): a candidate without a signature, or with an unresolved
 * inference requirement (`incomplete-analysis`, OQ-43 A), is at best `provisional`,
 * since a validated row must not rest on a fact that is not safely available (KD-OP-09);
 * diagnostic IDs that name no fixture diagnostic are dropped (KD-DIAG-07); an `error`
 * row left without any diagnostic ID is not rendered and its candidate is withheld with
 * `incomplete-analysis` (KD-CLOSURE-10). Generic requirements and effects are unique by
 * identity, and identity-less requirements by (kind, display) (KD-ORDER-03, OQ-27 A): the
 * fixture loader rejects a candidate that repeats such a key (KIT-20 B), so nothing is
 * merged here.
 *
 * Disclosure (KD-DISCLOSE-03, KD-DISCLOSE-07, L389, L427, KIT-08 C): no field of a row
 * carries an identity that may not be disclosed (the SymbolId or ImplementationId of a
 * candidate that is not exposed). A dependency naming one is not listed, nor is a generic
 * requirement or an effect whose own identity is one. Withholding them would let the row
 * claim more than it shows, so the row is downgraded to `unavailable` with
 * `incomplete-analysis` and is never callable; its status is still bounded by everything
 * it withholds (L228, L236: a withheld `error` dependency makes the row `error`), while it
 * cites only diagnostics of what it lists, so an `error` row left with nothing to cite is
 * withheld with `incomplete-analysis` (KIT-15).
 */
import type { FactKey, FixtureCandidate, FixtureOrigin } from '../fixture/fixture.js';
import type {
  EffectRequirement,
  FactStatus,
  GenericRequirement,
  Id,
  OperationFact,
  OperationOrigin,
  RejectionReason,
} from '../records/discovery-records.js';
import { LIMITS } from '../limits.js';
import type { CandidateVerdict } from './candidate-verdict.js';
import type { FactGraph } from './close-fact-graph.js';
import { closeNestedStatus } from './close-nested.js';
import { dependencyRefs, listedDependencyKeys } from './dependency-refs.js';
import { Readings, type ReadingSwitch } from './readings.js';
import { maxStatus } from './fact-status.js';
import { compareEffects, compareGenericRequirements, sortedRejectionReasons, sortedUniqueIds } from './order-result.js';

/** A rendered row, or the omission reason that withholds its candidate. */
export type RowBuild =
  | {
      ok: true;
      row: OperationFact;
      /** Whether a list was cut by OQ-09 A. */
      limitDowngraded: boolean;
      /** Whether the dependencies, generic requirements or effects were over their 64-entry caps (OQ-09). */
      overNestedCap: boolean;
      /** Whether the row would be validated and callable but for that cut: the cap then hid a callable operation. */
      callableButForLimit: boolean;
      /** The row's closed status before the cut of OQ-09 A: what its facts establish (OQ-32 D). */
      statusBeforeLimit: FactStatus;
    }
  | { ok: false; withheld: 'incomplete-analysis' };

/**
 * Whether a dependency key, or the identity of a nested record, names an identity that may
 * not be disclosed (KIT-08 C); only the kind and value count, never the key's source.
 */
export type Undisclosable = (key: { kind: string; value: Id }) => boolean;

const NOTHING_HIDDEN: Undisclosable = () => false;

const WHERE = 'oracle/pipeline/build-operation-row.ts';

/**
 * OQ-25: which rows carry no signature and receiver mode. A: rows with status unavailable; C: every row that is not
 * validated (provisional and error rows too).
 */
export const NONVALIDATED_ROW_TEXT: ReadingSwitch = {
  entry: 'OQ-25',
  name: 'nonvalidated-row-text',
  where: WHERE,
  runs: { A: true, C: true },
};

/**
 * KIT-08: a row that depends on an identity that may not be disclosed. C: shown without it, downgraded to unavailable
 * with incomplete-analysis; D: withheld whole, as incomplete-analysis. (B names a reason field rows do not have.)
 */
export const UNDISCLOSABLE_ROW: ReadingSwitch = {
  entry: 'KIT-08',
  name: 'undisclosable-row',
  where: WHERE,
  runs: { C: true, D: true },
};

/**
 * Renders `verdict`, adding `extraReasons` (e.g. `ambiguous`, KIT-05) to its rejections;
 * dependencies for which `undisclosable` holds are dropped and downgrade the row.
 */
export function buildOperationRow(
  verdict: CandidateVerdict,
  graph: FactGraph,
  knownDiagnostics: ReadonlySet<Id>,
  extraReasons: readonly RejectionReason[] = [],
  undisclosable: Undisclosable = NOTHING_HIDDEN,
  readings: Readings = Readings.kit(),
): RowBuild {
  const origin = rowOrigin(verdict.candidate.origin, graph);
  const shown = shownNested(verdict, graph, undisclosable, readings);
  const reasons = new Set<RejectionReason>(verdict.reasons);
  for (const r of extraReasons) reasons.add(r);
  const closed = closedRowStatus(verdict, origin, shown, graph, reasons);
  if (shown.hidesIdentity && readings.of(UNDISCLOSABLE_ROW) === 'D')
    return { ok: false, withheld: 'incomplete-analysis' };
  const cut = cutToCaps(
    shown,
    rowDiagnosticIds(verdict, graph, knownDiagnostics, closed, shown.depKeys),
    closed,
    reasons,
  );
  if (cut.status === 'error' && cut.diagnosticIds.length === 0) return { ok: false, withheld: 'incomplete-analysis' };
  if (cut.status !== 'validated') reasons.add('incomplete-analysis');
  const row = renderRow(verdict.candidate, origin, shown, cut, sortedRejectionReasons(reasons), readings);
  return {
    ok: true,
    row,
    limitDowngraded: cut.overLimit,
    overNestedCap: cut.overNestedCap,
    callableButForLimit: cut.callableButForLimit,
    statusBeforeLimit: closed,
  };
}

/** The row's origin: its status closed over its dependencies (KD-ORIGIN-02), its fields per kind (KD-ORIGIN-08). */
function rowOrigin(o: FixtureOrigin, graph: FactGraph): OperationOrigin {
  const plainOrigin = o.kind === 'function' || o.kind === 'member';
  return {
    status: closeNestedStatus(o.status, o.dependencies, graph),
    kind: o.kind,
    module: o.module,
    module_identity: { kind: 'ModuleId', value: o.module_identity },
    implementation_identity:
      plainOrigin || o.implementation_identity === null
        ? null
        : { kind: 'ImplementationId', value: o.implementation_identity },
    trait: o.kind === 'trait' ? o.trait : null,
    trait_identity: o.kind === 'trait' && o.trait_identity !== null ? { ...o.trait_identity } : null,
  };
}

/** What the row may show of its nested records and dependencies (KIT-08 C), and whether it withholds any. */
interface ShownNested {
  /** Every dependency key the row rests on, listed or withheld (L228, L236). */
  nestedKeys: FactKey[];
  /** The listed dependency keys that may be disclosed. */
  depKeys: FactKey[];
  hidesIdentity: boolean;
  allDeps: ReturnType<typeof dependencyRefs>;
  allReqs: GenericRequirement[];
  allEffects: EffectRequirement[];
}

function shownNested(
  verdict: CandidateVerdict,
  graph: FactGraph,
  undisclosable: Undisclosable,
  readings: Readings,
): ShownNested {
  const c = verdict.candidate;
  const shownReqs = verdict.requirements.filter((r) => r.record.identity === null || !undisclosable(r.record.identity));
  const shownEffects = verdict.effects.filter((e) => !undisclosable(e.record.identity));
  const nestedKeys: FactKey[] = [...c.dependencies, ...c.origin.dependencies];
  for (const r of shownReqs) nestedKeys.push(...r.dependencies);
  for (const e of shownEffects) nestedKeys.push(...e.dependencies);
  const listedKeys = listedDependencyKeys(nestedKeys, graph, readings);
  const depKeys = listedKeys.filter((k) => !undisclosable(k));
  const hidesIdentity =
    depKeys.length < listedKeys.length ||
    shownReqs.length < verdict.requirements.length ||
    shownEffects.length < verdict.effects.length;
  return {
    nestedKeys,
    depKeys,
    hidesIdentity,
    allDeps: dependencyRefs(depKeys, graph),
    allReqs: shownReqs.map((r) => r.record).sort(compareGenericRequirements),
    allEffects: shownEffects.map((e) => e.record).sort(compareEffects),
  };
}

/** The row's closed status before the caps: max of everything it rests on (KD-CLOSURE-17, OQ-23 A, KIT-08). */
function closedRowStatus(
  verdict: CandidateVerdict,
  origin: OperationOrigin,
  shown: ShownNested,
  graph: FactGraph,
  reasons: ReadonlySet<RejectionReason>,
): FactStatus {
  const c = verdict.candidate;
  let status: FactStatus = maxStatus(c.status, origin.status);
  status = maxStatus(status, verdict.undisclosedStatus);
  if (verdict.receiverFloor !== null) status = maxStatus(status, verdict.receiverFloor.status);
  // Every dependency bounds the status, listed or withheld (L228, L236).
  for (const k of shown.nestedKeys) status = maxStatus(status, graph.statusOf(k));
  // A nested record's status is already closed over its own dependencies (close-nested.ts).
  for (const r of verdict.requirements) status = maxStatus(status, r.record.status);
  for (const e of verdict.effects) status = maxStatus(status, e.record.status);
  if (c.signature === null || reasons.has('incomplete-analysis')) status = maxStatus(status, 'provisional');
  if (shown.hidesIdentity) status = maxStatus(status, 'unavailable');
  return status;
}

/**
 * The diagnostic IDs the row cites: its own, and for an error row those its listed dependencies reach
 * (KD-CLOSURE-10).
 */
function rowDiagnosticIds(
  verdict: CandidateVerdict,
  graph: FactGraph,
  knownDiagnostics: ReadonlySet<Id>,
  status: FactStatus,
  depKeys: readonly FactKey[],
): Id[] {
  const diagnosticIds = verdict.candidate.diagnostic_ids.filter((d) => knownDiagnostics.has(d));
  if (status === 'error') {
    for (const d of graph.errorDiagnosticsReached(depKeys)) if (knownDiagnostics.has(d)) diagnosticIds.push(d);
    // The receiver type's own diagnostics explain an error that rests on it (KIT-02 C).
    if (verdict.receiverFloor?.status === 'error') {
      for (const d of verdict.receiverFloor.diagnosticIds) if (knownDiagnostics.has(d)) diagnosticIds.push(d);
    }
  }
  return sortedUniqueIds(diagnosticIds);
}

/** The row's status and diagnostic IDs after the caps of OQ-09 A and KD-LIMIT-06. */
interface CutRow {
  status: FactStatus;
  diagnosticIds: Id[];
  overNestedCap: boolean;
  overLimit: boolean;
  callableButForLimit: boolean;
}

/** Applies the 64-entry nested caps and the 256-ID diagnostic cap (OQ-09 A, KD-LIMIT-06); adds `limit-exhausted`. */
function cutToCaps(shown: ShownNested, diagnosticIds: Id[], closed: FactStatus, reasons: Set<RejectionReason>): CutRow {
  const overNestedCap =
    shown.allDeps.length > LIMITS.dependenciesPerFact ||
    shown.allReqs.length > LIMITS.genericRequirementsPerOperation ||
    shown.allEffects.length > LIMITS.effectsPerOperation;
  const overLimit = overNestedCap || diagnosticIds.length > LIMITS.diagnosticIdsPerFact;
  const callableButForLimit = overLimit && closed === 'validated' && reasons.size === 0;
  if (!overLimit) return { status: closed, diagnosticIds, overNestedCap, overLimit, callableButForLimit };
  reasons.add('limit-exhausted');
  return {
    status: maxStatus(closed, 'unavailable'),
    diagnosticIds: diagnosticIds.slice(0, LIMITS.diagnosticIdsPerFact),
    overNestedCap,
    overLimit,
    callableButForLimit,
  };
}

/** The row's fields (KD-OP-07, KD-DISCLOSE-04, OQ-25), its lists cut to their caps in canonical order (OQ-09 A). */
function renderRow(
  c: FixtureCandidate,
  origin: OperationOrigin,
  shown: ShownNested,
  cut: CutRow,
  rejection: RejectionReason[],
  readings: Readings,
): OperationFact {
  const status = cut.status;
  const availability = status === 'validated' && rejection.length === 0 ? 'callable' : 'unavailable';
  // OQ-25 decides only for a provisional or error row.
  const noText = status === 'unavailable' || (status !== 'validated' && readings.of(NONVALIDATED_ROW_TEXT) === 'C');
  return {
    status,
    identity: { kind: 'SymbolId', value: c.identity },
    display_name: c.display_name,
    qualified_name: c.qualified_name,
    signature: noText ? null : c.signature,
    generic_requirements: shown.allReqs.slice(0, LIMITS.genericRequirementsPerOperation),
    receiver_mode: noText ? null : c.required_mode,
    effects: shown.allEffects.slice(0, LIMITS.effectsPerOperation),
    origin,
    visibility: c.visibility,
    availability,
    rejection_reasons: rejection,
    source:
      c.disclose_source && c.source !== null
        ? { file_id: c.source.file_id, span: { start: c.source.span.start, end: c.source.span.end } }
        : null,
    documentation: c.disclose_documentation && c.documentation !== null ? `kofun-doc:${c.documentation}` : null,
    dependencies: shown.allDeps.slice(0, LIMITS.dependenciesPerFact),
    diagnostic_ids: cut.diagnosticIds,
  };
}

/**
 * `row`, rendered from a verdict shared by the members of a series, as the row of its member `candidate`: the
 * members differ only in identity and names (FIXTURES.md, "candidate_series[]"), so those are the member's own.
 */
export function rowOfCandidate(row: OperationFact, candidate: FixtureCandidate): OperationFact {
  if (row.identity.value === candidate.identity) return row;
  return {
    ...row,
    identity: { kind: 'SymbolId', value: candidate.identity },
    display_name: candidate.display_name,
    qualified_name: candidate.qualified_name,
  };
}
