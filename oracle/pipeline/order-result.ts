/**
 * Canonical order of every array of a result (KD-ORDER-01..10, KD-ORDER-11,
 * KD-REJECT-03, KD-CANON-14), and the total orders behind it.
 *
 * Strings are compared by UTF-8 bytes (compareUtf8). Every comparator falls through to
 * the remaining fields, so it is total on distinct records and a sort never depends on
 * the input order (KD-ORDER-12).
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import type {
  DependencyRef,
  DiagnosticSummary,
  DiscoveryResultV1,
  EffectRequirement,
  GenericRequirement,
  Id,
  Identity,
  Omission,
  OperationFact,
  RejectionReason,
  TypeFact,
} from '../records/discovery-records.js';
import { statusRank } from './fact-status.js';
import type { ReadingSwitch } from './readings.js';

/**
 * OQ-28: where a null implementation_identity sorts among rows. B (after any ImplementationId) gives A's bytes on every
 * input: rows are unique by SymbolId, which sorts first, so the ImplementationId never decides.
 */
export const NULL_IMPLEMENTATION_ORDER: ReadingSwitch = {
  entry: 'OQ-28',
  name: 'null-implementation-order',
  where: 'oracle/pipeline/order-result.ts',
  runs: { A: true, B: 'A' },
};

/**
 * OQ-31: what L369's "identity arrays" name. A (an editorial leftover) gives B's bytes: Id arrays sort by bytes
 * anyway.
 */
export const IDENTITY_ARRAYS: ReadingSwitch = {
  entry: 'OQ-31',
  name: 'identity-arrays',
  where: 'oracle/pipeline/order-result.ts',
  runs: { B: true, A: 'B' },
};

/** Null sorts before any value, as an absent optional tuple element (OQ-28 A). */
function compareNullable<T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number): number {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  return cmp(a, b);
}

/** Identity order: raw (kind, value) bytes (KD-ORDER-11). */
export function compareIdentities(a: Identity, b: Identity): number {
  return compareUtf8(a.kind, b.kind) || compareUtf8(a.value, b.value);
}

/** DependencyRef order: raw (source, kind, value) (KD-ORDER-02), the uniqueness key (KD-ORDER-01). */
export function compareDependencyRefs(a: DependencyRef, b: DependencyRef): number {
  return compareUtf8(a.source, b.source) || compareUtf8(a.kind, b.kind) || compareUtf8(a.value, b.value);
}

/**
 * Dependencies unique by (source, kind, value) and sorted (KD-ORDER-01, KD-ORDER-02).
 * Two refs to one key keep the more restrictive status, so merging never upgrades
 * (KD-CLOSURE-14).
 */
export function uniqueDependencies(deps: Iterable<DependencyRef>): DependencyRef[] {
  return sortedUnique(deps, compareDependencyRefs, (kept, dep) =>
    statusRank(dep.status) > statusRank(kept.status) ? { ...kept, status: dep.status } : kept,
  );
}

/**
 * Generic requirement order (KD-ORDER-04, OQ-27 A): entries with an identity first, by
 * (identity.kind, identity.value) bytes; then entries without, by (kind, display) bytes.
 */
export function compareGenericRequirements(a: GenericRequirement, b: GenericRequirement): number {
  if (a.identity !== null && b.identity === null) return -1;
  if (a.identity === null && b.identity !== null) return 1;
  const byIdentity = a.identity !== null && b.identity !== null ? compareIdentities(a.identity, b.identity) : 0;
  return (
    byIdentity ||
    compareUtf8(a.kind, b.kind) ||
    compareUtf8(a.display, b.display) ||
    statusRank(a.status) - statusRank(b.status)
  );
}

/** Effect order: identity (kind, value) bytes (KD-ORDER-04; identity is never null, OQ-26 A). */
export function compareEffects(a: EffectRequirement, b: EffectRequirement): number {
  return (
    compareIdentities(a.identity, b.identity) ||
    compareUtf8(a.display, b.display) ||
    statusRank(a.status) - statusRank(b.status)
  );
}

/**
 * Operation row order (KD-ORDER-06, OQ-28 A): raw SymbolId, then the optional raw
 * ImplementationId with null first, then qualified-name and signature bytes (null first).
 */
export function compareOperations(a: OperationFact, b: OperationFact): number {
  return (
    compareUtf8(a.identity.value, b.identity.value) ||
    compareNullable(a.origin.implementation_identity, b.origin.implementation_identity, compareIdentities) ||
    compareUtf8(a.qualified_name, b.qualified_name) ||
    compareNullable(a.signature, b.signature, compareUtf8)
  );
}

/** Omission order: (reason, requested_spelling) bytes, null first (KD-ORDER-08, OQ-29 A). */
export function compareOmissions(a: Omission, b: Omission): number {
  return compareUtf8(a.reason, b.reason) || compareNullable(a.requested_spelling, b.requested_spelling, compareUtf8);
}

/** Diagnostic order: raw ID, then code (KD-ORDER-09). */
export function compareDiagnostics(a: DiagnosticSummary, b: DiagnosticSummary): number {
  return compareUtf8(a.id, b.id) || compareUtf8(a.code, b.code);
}

/** A duplicate-free ID set sorted by raw decoded bytes (KD-DIAG-09, KD-ORDER-10). */
export function sortedUniqueIds(ids: Iterable<Id>): Id[] {
  return sortedUniqueStrings(ids);
}

/** A duplicate-free rejection set in ASCII order (KD-REJECT-02, KD-REJECT-03). */
export function sortedRejectionReasons(reasons: Iterable<RejectionReason>): RejectionReason[] {
  return sortedUniqueStrings(reasons);
}

/**
 * Strings duplicate-free and in UTF-8 byte order. Most rows carry no or one diagnostic ID
 * and rejection reason, so those lists are copied without building a Set.
 */
function sortedUniqueStrings<T extends string>(items: Iterable<T>): T[] {
  const list = [...items];
  if (list.length < 2) return list;
  return [...new Set(list)].sort(compareUtf8);
}

/**
 * Sorts `items` and keeps one entry of each run equal under `cmp` (KD-ORDER-01, KD-ORDER-03): the first, or what
 * `merge` makes of the one kept and each later equal one.
 */
export function sortedUnique<T>(
  items: Iterable<T>,
  cmp: (a: T, b: T) => number,
  merge?: (kept: T, equal: T) => T,
): T[] {
  const sorted = [...items];
  if (sorted.length < 2) return sorted;
  sorted.sort(cmp);
  const out: T[] = [];
  for (const item of sorted) {
    const last = out[out.length - 1];
    if (last === undefined || cmp(last, item) !== 0) out.push(item);
    else if (merge !== undefined) out[out.length - 1] = merge(last, item);
  }
  return out;
}

/** A type fact with its dependencies and diagnostic IDs in canonical order. */
export function orderTypeFact(fact: TypeFact): TypeFact {
  return {
    ...fact,
    dependencies: uniqueDependencies(fact.dependencies),
    diagnostic_ids: sortedUniqueIds(fact.diagnostic_ids),
  };
}

/** An operation row with every nested array in canonical order. */
export function orderOperation(op: OperationFact): OperationFact {
  return {
    ...op,
    generic_requirements: sortedUnique(op.generic_requirements, compareGenericRequirements),
    effects: sortedUnique(op.effects, compareEffects),
    rejection_reasons: sortedRejectionReasons(op.rejection_reasons),
    dependencies: uniqueDependencies(op.dependencies),
    diagnostic_ids: sortedUniqueIds(op.diagnostic_ids),
  };
}

/** A result with every array, top-level and nested, in canonical order (KD-CANON-14). */
export function orderResult(result: DiscoveryResultV1): DiscoveryResultV1 {
  return {
    ...result,
    type: result.type === null ? null : orderTypeFact(result.type),
    operations: result.operations.map(orderOperation).sort(compareOperations),
    omissions: sortedUnique(result.omissions, compareOmissions),
    diagnostics: sortedUnique(result.diagnostics, compareDiagnostics),
  };
}
