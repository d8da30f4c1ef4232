/**
 * Contract step 3: collect declarations admitted by the current lexical, module and
 * visibility rules (KD-LOOKUP-06), with the applicability rule of KIT-02.
 *
 * The environment is the current file plus the imported interfaces the fixture
 * describes that validated; a candidate whose home interface is absent or did not
 * validate is outside the environment and costs nothing (KIT-03). Candidates are visited in canonical order
 * (KIT-10), SymbolId bytes, the row order of KD-ORDER-06: the loader refuses a repeated SymbolId, so the
 * further keys of OQ-28 A never decide.
 *
 * Applicability (KIT-02): a candidate applies when its receiver_type equals the TypeId
 * of the closed type fact, or when its receiver_type is null; without a TypeId only the
 * latter apply. A general query drops a candidate that does not apply, without an
 * omission, since it was never an operation of this receiver (KD-ACCEPT-06).
 * explain-operation drops candidates whose display name differs from the spelling and
 * keeps a matching one that does not apply with `type-mismatch`, so that step 9 can
 * explain it when no applicable one exists (KIT-05).
 *
 * Decision: admission itself (`admitted`) is judged with the other exposure rules in
 * step 4, as KIT-03 defines exposure in one place; a candidate that is not admitted
 * therefore costs two steps, not one (KIT-10).
 */
import type { CandidateList } from '../fixture/candidate-list.js';
import type { FixtureCandidate, FixtureHome, FixtureV1 } from '../fixture/fixture.js';
import type { Id, Query, TypeFact } from '../records/discovery-records.js';
import { addReason, newVerdict, type CandidateVerdict, type CollectStage } from './candidate-verdict.js';

/** The interface map key of a (PackageId, ModuleId) pair. */
export function interfaceKey(packageId: Id, moduleId: Id): string {
  return `${packageId}:${moduleId}`;
}

/**
 * Which candidates are in the environment (KIT-03), by where they come from: the members
 * of a series share its template's home.
 */
export interface Environment {
  /** Every candidate of the fixture in canonical order (the loader's). */
  list: CandidateList;
  /** By index in `candidates`. */
  candidates: readonly boolean[];
  /** By index in `candidate_series`. */
  series: readonly boolean[];
}

/** The environment of `fixture`, whose candidates in canonical order are `list`. */
export function environmentOf(
  fixture: Pick<FixtureV1, 'interfaces' | 'candidates' | 'candidate_series'>,
  list: CandidateList,
): Environment {
  // Only validated views are searched (KD-LOOKUP-07): a candidate of a view that failed
  // validation is never read, so nothing inside such a view can change a result (KIT-03 C).
  const homes = new Set(
    fixture.interfaces.filter((i) => i.validated).map((i) => interfaceKey(i.package_id, i.module_id)),
  );
  const inside = (home: FixtureHome): boolean =>
    home.kind === 'current-file' || homes.has(interfaceKey(home.package_id, home.module_id));
  return {
    list,
    candidates: fixture.candidates.map((c) => inside(c.home)),
    series: fixture.candidate_series.map((s) => inside(s.template.home)),
  };
}

/**
 * The step 3 stage for `query` over the receiver's closed type fact `receiver`, whose
 * TypeId is `lookupTypeId` (null without a validated identity).
 *
 * A `type-mismatch` against a receiver type that is not validated is not definitive: the
 * type is not known, so the rejection rests on it (KD-CLOSURE-07, KD-OP-09, KD-TYPE-02).
 * Such a verdict also gets `incomplete-analysis` and the type's status as a floor for the
 * row's status (KIT-02 C), so it is never a validated rejection.
 */
export function collectCandidates(
  query: Query,
  lookupTypeId: Id | null,
  receiver: Pick<TypeFact, 'status' | 'diagnostic_ids'>,
): CollectStage {
  const applies = (c: FixtureCandidate): boolean =>
    c.receiver_type === null || (lookupTypeId !== null && c.receiver_type === lookupTypeId);
  if (query.kind === 'explain-operation') {
    const spelling = query.spelling;
    const floor =
      receiver.status === 'validated' ? null : { status: receiver.status, diagnosticIds: receiver.diagnostic_ids };
    return collectStage(spelling, (c) => {
      if (c.display_name !== spelling) return null;
      const applicable = applies(c);
      const verdict = newVerdict(c, applicable);
      if (!applicable) {
        addReason(verdict, 'type-mismatch');
        if (floor !== null) {
          addReason(verdict, 'incomplete-analysis');
          verdict.receiverFloor = floor;
        }
      }
      return verdict;
    });
  }
  return collectStage(null, (c) => (applies(c) ? newVerdict(c, true) : null));
}

function collectStage(
  spelling: string | null,
  collect: (c: FixtureCandidate) => CandidateVerdict | null,
): CollectStage {
  return Object.assign(collect, { spelling });
}
