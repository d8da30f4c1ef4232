/**
 * Contract step 2: infer as much of the selected expression's type as committed facts
 * permit (KD-LOOKUP-06, KD-TYPE-01..08), closed over its dependencies (KIT-07).
 *
 * The type fact's status is the most restrictive of the compiler's own status and the
 * closure statuses of its direct dependencies (KD-CLOSURE-08, OQ-23 A); it lists those
 * dependencies, each with its closure status (OQ-22 A). The shape follows the status
 * (KD-TYPE-02..07):
 * - validated: TypeId identity, display, reason null;
 * - otherwise no identity and a non-null reason: a fact downgraded by a dependency takes
 *   `incomplete-analysis` (provisional, unavailable) or `rejected-by-diagnostic` (error,
 *   with the diagnostic IDs of the error nodes reached); a fact the compiler itself did
 *   not validate keeps the compiler's reason (OQ-42 A); `unavailable` also drops the
 *   display, and `error` always uses `rejected-by-diagnostic` (KD-TYPE-06).
 * More than 64 dependencies or 256 diagnostic IDs downgrade the fact to `unavailable`
 * with `limit-exhausted`, listing the first entries in canonical order (OQ-09 A).
 *
 * Decisions (fail closed, so an inconsistent fixture can never yield a result the
 * contract forbids): a compiler-validated type without a TypeId identity or without a
 * display closes to `provisional` with `incomplete-analysis`; a non-validated fact the
 * compiler left without a reason takes `incomplete-analysis` (`rejected-by-diagnostic`
 * for error); diagnostic IDs that name no fixture diagnostic are dropped, since every ID
 * must name a result row (KD-DIAG-07); an `error` fact left without any diagnostic ID is
 * reported as `unrenderable` and the caller answers unavailable (KD-CLOSURE-10).
 *
 * Disclosure (L389, L427, KIT-08 C): the type fact never lists a dependency whose identity
 * may not be disclosed (the SymbolId or ImplementationId of a candidate that is not
 * exposed). Its status is still bounded by that dependency (L228), and a type that cannot
 * show its dependency closure claims nothing about it: it is downgraded to `unavailable`
 * with `incomplete-analysis` (so it has no identity, no display, and lookup finds only
 * candidates declared over any receiver), citing only diagnostics of what it lists.
 */
import type { FixtureTypeFact } from '../fixture/fixture.js';
import type { FactReason, FactStatus, Id, TypeFact } from '../records/discovery-records.js';
import { LIMITS } from '../limits.js';
import type { Undisclosable } from './build-operation-row.js';
import type { FactGraph } from './close-fact-graph.js';
import { dependencyRefs, listedDependencyKeys } from './dependency-refs.js';
import { Readings } from './readings.js';
import { maxStatus, statusRank } from './fact-status.js';
import { sortedUniqueIds } from './order-result.js';

/** The closed type fact and what lookup may use of it. */
export interface InferredType {
  fact: TypeFact;
  /** The TypeId value lookup matches receiver types against (KIT-02); null without a validated identity. */
  lookupTypeId: Id | null;
  /** Whether a list was cut by OQ-09 A; the result is then truncated. */
  limitDowngraded: boolean;
  /** An error fact with no diagnostic ID to cite (see the module Decisions). */
  unrenderable: boolean;
}

/**
 * Closes the compiler's type fact at the selected occurrence. `knownDiagnostics` are the
 * fixture's diagnostic IDs; `undisclosable` tells which dependencies may not be listed.
 */
export function inferType(
  fact: FixtureTypeFact,
  graph: FactGraph,
  knownDiagnostics: ReadonlySet<Id>,
  undisclosable: Undisclosable = () => false,
  readings: Readings = Readings.kit(),
): InferredType {
  const keys = listedDependencyKeys(fact.dependencies, graph, readings);
  const listedKeys = keys.filter((k) => !undisclosable(k));
  const allDeps = dependencyRefs(listedKeys, graph);
  let status: FactStatus = fact.status;
  // Every dependency bounds the status, listed or withheld (L228, L236).
  for (const k of fact.dependencies) status = maxStatus(status, graph.statusOf(k));
  const incoherentValidated =
    fact.status === 'validated' && (fact.identity === null || fact.identity.kind !== 'TypeId' || fact.display === null);
  if (incoherentValidated) status = maxStatus(status, 'provisional');
  const hidesIdentity = listedKeys.length < keys.length;
  if (hidesIdentity) status = maxStatus(status, 'unavailable');

  let diagnosticIds = fact.diagnostic_ids.filter((d) => knownDiagnostics.has(d));
  if (status === 'error') {
    for (const d of graph.errorDiagnosticsReached(listedKeys)) if (knownDiagnostics.has(d)) diagnosticIds.push(d);
  }
  diagnosticIds = sortedUniqueIds(diagnosticIds);

  const overLimit = allDeps.length > LIMITS.dependenciesPerFact || diagnosticIds.length > LIMITS.diagnosticIdsPerFact;
  if (overLimit) status = maxStatus(status, 'unavailable');
  const dependencies = overLimit ? allDeps.slice(0, LIMITS.dependenciesPerFact) : allDeps;
  if (overLimit) diagnosticIds = diagnosticIds.slice(0, LIMITS.diagnosticIdsPerFact);

  const downgraded = statusRank(status) > statusRank(fact.status);
  let reason: FactReason | null;
  if (status === 'validated') reason = null;
  else if (status === 'error') reason = 'rejected-by-diagnostic';
  else if (overLimit) reason = 'limit-exhausted';
  else if (downgraded || hidesIdentity) reason = 'incomplete-analysis';
  else reason = fact.reason ?? 'incomplete-analysis';

  const out: TypeFact = {
    status,
    identity:
      status === 'validated' && fact.identity !== null
        ? { kind: fact.identity.kind, value: fact.identity.value }
        : null,
    display: status === 'unavailable' ? null : fact.display,
    dependencies,
    diagnostic_ids: diagnosticIds,
    reason,
  };
  return {
    fact: out,
    lookupTypeId: out.identity === null ? null : out.identity.value,
    limitDowngraded: overLimit,
    unrenderable: status === 'error' && diagnosticIds.length === 0,
  };
}
