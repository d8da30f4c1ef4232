/**
 * The verifier's own ground truth for one lookup, derived from the fixture alone and never
 * from the reference pipeline: for every candidate of the environment, whether the query
 * collects it, what withholds it, which rejections the compiler's facts force on its row,
 * and the least restrictive status that row may claim.
 *
 * The rules are read from the contract's lookup steps (L377-L385) with the kit's readings:
 * applicability (KIT-02), exposure and withholding (KIT-03, KIT-04), the filters of steps 6
 * to 8 with their rejection tokens (KIT-06: equality -> type-mismatch, inference ->
 * incomplete-analysis, an unsatisfied trait bound and extension/trait work ->
 * unsupported-in-profile, receiver modes judged one by one, KD-OWN-05, every effect against
 * the capabilities held, public or not, KD-EFFECT-05) and the fact-status closure
 * (KD-CLOSURE-08, KIT-07).
 *
 * Where a limit of the profile may change the answer (more than 64 nested entries or 256
 * diagnostic IDs on one row, OQ-09 A; the step budget, KIT-10), the truth says so and the
 * checks built on it stop short of claiming what the result must contain.
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FactKey, FixtureCandidate, FixtureOccurrence } from '../fixture/fixture.js';
import { LIMITS } from '../limits.js';
import type { DiscoveryRequestV1 } from '../records/discovery-records.js';
import { exposure, hiddenIdentities, type Withholding } from './fixture-exposure.js';
import { factKeyText, type FixtureFactClosure } from './fixture-fact-closure.js';
import { statusRank } from './status-rank.js';

/** The clauses that demand a rejection the facts force (KIT-06). */
export const REJECTION_CLAUSES = [
  'KD-LOOKUP-09',
  'KD-OP-11',
  'KD-OWN-03',
  'KD-OWN-04',
  'KD-OWN-05',
  'KD-OWN-06',
  'KD-EFFECT-05',
  'KD-EFFECT-06',
] as const;

/** A clause that demands a rejection. */
export type RejectionClause = (typeof REJECTION_CLAUSES)[number];

/** What the fixture says about one candidate under one query. */
export interface CandidateTruth {
  candidate: FixtureCandidate;
  /** The query considers it: it applies to the receiver (general query) or matches the spelling (explain-operation). */
  collected: boolean;
  /** It applies to the receiver's closed type (KIT-02). */
  applicable: boolean;
  /** It may be disclosed at this position (KIT-03). */
  exposed: boolean;
  /** Why it is withheld, if it is (KIT-04); null for a candidate that may become a row. */
  withheld: Withholding | null;
  /** The rejections the facts force on its row (KIT-06), each with the clause that demands it. */
  rejections: ReadonlyMap<string, RejectionClause>;
  /** The least restrictive status rank its row may claim (KD-CLOSURE-08, KIT-07, OQ-43 A). */
  statusFloor: number;
  /** Its row may be cut by a per-row cap (OQ-09 A): the checks then do not insist on its lists or reasons. */
  capped: boolean;
  /** Its row would be an `error` row without a diagnostic to cite (KD-CLOSURE-10): the result may withhold it. */
  uncitableError: boolean;
  /** Its row is callable: validated, with no rejection, not capped (KD-CLOSURE-12, KD-OP-09). */
  callable: boolean;
  /**
   * Its row is over a per-row cap for certain and would be callable but for the cut (validated, no rejection): a
   * general query that drops it for include_unavailable false has lost a callable operation to the cut (L79, OQ-09 A).
   */
  callableButForCap: boolean;
}

/** The ground truth of one lookup. */
export interface LookupTruth {
  /** The closed type fact's status rank (KIT-07). */
  typeRank: number;
  /** The TypeId value lookup matches receivers against; null when the closed type is not validated (KIT-02). */
  lookupTypeId: string | null;
  /** Every candidate of the environment, in fixture order (the checks never depend on it). */
  candidates: CandidateTruth[];
  /** The step budget may run out before every candidate is visited (KIT-10). */
  budgetMayExhaust: boolean;
  /** The type fact may be cut by a cap (OQ-09 A), which truncates the result. */
  typeCapped: boolean;
}

/** Stages a candidate may enter (collect, exposure, extension/trait, generics, ownership, effects): KIT-10 steps. */
const STAGES = 6;

/** Derives the truth of a lookup for `request` at `occurrence`. */
export function deriveLookupTruth(
  fixture: LoadedFixture,
  closure: FixtureFactClosure,
  occurrence: FixtureOccurrence,
  request: DiscoveryRequestV1,
): LookupTruth {
  const t = occurrence.type;
  const hidden = hiddenIdentities(fixture);
  let typeRank = closure.maxRank(t.dependencies, rankOf(t.status));
  // A type that may not list one of its dependencies (a hidden identity, L389) cannot show its closure (KIT-08 C).
  if (t.dependencies.some((k) => hidden.has(`${k.kind}:${k.value}`))) typeRank = Math.max(typeRank, 2);
  // A type the compiler calls validated without a TypeId or a display cannot be validated (KD-TYPE-02).
  if (typeRank === 0 && (t.identity === null || t.identity.kind !== 'TypeId' || t.display === null)) typeRank = 1;
  const typeCapped =
    uniqueCount(t.dependencies) > LIMITS.dependenciesPerFact || t.diagnostic_ids.length > LIMITS.diagnosticIdsPerFact;
  if (typeCapped) typeRank = Math.max(typeRank, 2);
  const lookupTypeId = typeRank === 0 && t.identity !== null ? t.identity.value : null;

  const views = new Map<string, FixtureLookupView[]>();
  for (const i of fixture.interfaces) {
    const k = `${i.package_id}:${i.module_id}`;
    const list = views.get(k) ?? [];
    list.push(i);
    views.set(k, list);
  }
  const held = new Set(occurrence.capabilities.map((c) => `${c.kind}:${c.value}`));
  const knownDiagnostics = new Set(fixture.diagnostics.map((d) => d.id));
  const query = request.query;
  const out: CandidateTruth[] = [];
  for (const c of fixture.candidatesInOrder) {
    const homeViews =
      c.home.kind === 'current-file' ? undefined : (views.get(`${c.home.package_id}:${c.home.module_id}`) ?? []);
    // A candidate whose home interface is absent is outside the environment (KIT-03).
    if (homeViews !== undefined && homeViews.length === 0) continue;
    // Lookup reads only authorized validated views (L380, KIT-03 C): a view that failed validation is never read,
    // so nothing inside it can shape the answer; its presence alone makes the result incomplete.
    if (homeViews !== undefined && homeViews.length === 1 && homeViews[0]?.validated === false) continue;
    const applicable = c.receiver_type === null || (lookupTypeId !== null && c.receiver_type === lookupTypeId);
    const collected = query.kind === 'explain-operation' ? c.display_name === query.spelling : applicable;
    out.push(
      judgeCandidate(c, {
        applicable,
        collected,
        homeViews,
        held,
        permits: occurrence.permits,
        closure,
        knownDiagnostics,
        hidden,
      }),
    );
  }
  return {
    typeRank,
    lookupTypeId,
    candidates: out,
    budgetMayExhaust: (fixture.candidatesInOrder.length + 1) * STAGES > LIMITS.steps,
    typeCapped,
  };
}

type FixtureLookupView = LoadedFixture['interfaces'][number];

interface JudgeInput {
  applicable: boolean;
  collected: boolean;
  homeViews: FixtureLookupView[] | undefined;
  held: ReadonlySet<string>;
  permits: FixtureOccurrence['permits'];
  closure: FixtureFactClosure;
  knownDiagnostics: ReadonlySet<string>;
  /** Identities no result field may carry, by `kind:value` (KIT-08 C). */
  hidden: ReadonlyMap<string, unknown>;
}

function judgeCandidate(c: FixtureCandidate, input: JudgeInput): CandidateTruth {
  const { exposed, withheld: hidden } = exposure(c, input.homeViews);
  const withheld = hidden ?? profileWithholding(c);
  const rejections = rejectionsOf(c, input);
  const floor = statusFloor(c, input, rejections);
  const keys: FactKey[] = [...c.dependencies, ...c.origin.dependencies];
  for (const g of c.generic_requirements) keys.push(...g.dependencies);
  for (const e of c.effects) if (e.public) keys.push(...e.dependencies);
  const capped =
    uniqueCount(keys) > LIMITS.dependenciesPerFact ||
    c.generic_requirements.length > LIMITS.genericRequirementsPerOperation ||
    c.effects.length > LIMITS.effectsPerOperation ||
    c.diagnostic_ids.length > LIMITS.diagnosticIdsPerFact;
  const citable = c.diagnostic_ids.some((d) => input.knownDiagnostics.has(d));
  const callableButForCap = floor === 0 && rejections.size === 0 && certainlyCapped(c, keys);
  return {
    candidate: c,
    collected: input.collected,
    applicable: input.applicable,
    exposed,
    withheld,
    rejections,
    statusFloor: floor,
    capped,
    // An error row cites its own diagnostics or those of the error
    // facts it reaches; without its own, the result may withhold it.
    uncitableError: floor === 3 && !citable,
    callable: floor === 0 && rejections.size === 0 && !capped,
    callableButForCap,
  };
}

/**
 * Whether the row of a candidate whose status floor is validated is over a per-row cap (OQ-09 A, KIT-17 A). Such a row
 * withholds nothing (a hidden identity would lower its floor) and its every effect is validated, so it lists exactly
 * `keys` (its own, its origin's, its generic requirements' and its public effects' dependencies), every generic
 * requirement, every public effect, and its own diagnostic IDs.
 */
function certainlyCapped(c: FixtureCandidate, keys: readonly FactKey[]): boolean {
  return (
    uniqueCount(keys) > LIMITS.dependenciesPerFact ||
    c.generic_requirements.length > LIMITS.genericRequirementsPerOperation ||
    c.effects.filter((e) => e.public).length > LIMITS.effectsPerOperation ||
    new Set(c.diagnostic_ids).size > LIMITS.diagnosticIdsPerFact
  );
}

/** What the profile cannot answer for: an extension or trait origin, or an unsatisfied trait bound. */
function profileWithholding(c: FixtureCandidate): Withholding | null {
  if (c.origin.kind === 'extension' || c.origin.kind === 'trait') return 'unsupported-in-profile';
  if (c.generic_requirements.some((g) => g.kind === 'trait-bound' && !g.satisfied)) return 'unsupported-in-profile';
  return null;
}

/** The reasons the candidate cannot be called here, each with its clause, in the order the rules are read. */
function rejectionsOf(c: FixtureCandidate, input: JudgeInput): Map<string, RejectionClause> {
  const rejections = new Map<string, RejectionClause>();
  if (!input.applicable) rejections.set('type-mismatch', 'KD-LOOKUP-09');
  for (const g of c.generic_requirements) {
    if (g.satisfied) continue;
    if (g.kind === 'equality') rejections.set('type-mismatch', 'KD-LOOKUP-09');
    if (g.kind === 'inference') rejections.set('incomplete-analysis', 'KD-OP-11');
  }
  const mode = c.required_mode;
  if (mode === 'read' && !input.permits.read) rejections.set('requires-read', 'KD-OWN-06');
  if (mode === 'edit' && !input.permits.edit) rejections.set('requires-edit', 'KD-OWN-03');
  if (mode === 'take' && !input.permits.take)
    rejections.set('requires-take', input.permits.edit ? 'KD-OWN-05' : 'KD-OWN-04');
  for (const e of c.effects) {
    const isHeld = input.held.has(`${e.identity.kind}:${e.identity.value}`);
    if (isHeld) continue;
    // L421 (KIT-04 C): a missing effect, public or not, makes the visible operation unavailable with
    // missing-effect (KD-EFFECT-05, the capability check); only the non-public effect record itself stays out of
    // the row (KD-EFFECT-07, which is about what is listed, not about callability).
    rejections.set('missing-effect', 'KD-EFFECT-05');
  }
  return rejections;
}

/** The best status the candidate's row may have: the worst of its own facts and closures, and what it may not show. */
function statusFloor(c: FixtureCandidate, input: JudgeInput, rejections: ReadonlyMap<string, RejectionClause>): number {
  const { closure } = input;
  let floor = Math.max(
    rankOf(c.status),
    closure.maxRank(c.dependencies),
    closure.maxRank(c.origin.dependencies, rankOf(c.origin.status)),
  );
  for (const g of c.generic_requirements) floor = Math.max(floor, closure.maxRank(g.dependencies, rankOf(g.status)));
  for (const e of c.effects) floor = Math.max(floor, closure.maxRank(e.dependencies, rankOf(e.status)));
  // A row without a signature, or resting on an unresolved inference, is at best provisional (KD-OP-09, OQ-43 A).
  if (c.signature === null || rejections.has('incomplete-analysis')) floor = Math.max(floor, 1);
  // A row that may not show a dependency, requirement or listed effect naming a hidden identity (L389, L427) cannot
  // show its closure, so it is not available (KIT-08 C).
  const isHidden = (i: { kind: string; value: string } | null): boolean =>
    i !== null && input.hidden.has(`${i.kind}:${i.value}`);
  const listedEffects = c.effects.filter((e) => e.public && closure.maxRank(e.dependencies, rankOf(e.status)) === 0);
  const shownKeys: FactKey[] = [...c.dependencies, ...c.origin.dependencies];
  for (const g of c.generic_requirements) shownKeys.push(...g.dependencies);
  for (const e of listedEffects) shownKeys.push(...e.dependencies);
  if (
    shownKeys.some(isHidden) ||
    c.generic_requirements.some((g) => isHidden(g.identity)) ||
    listedEffects.some((e) => isHidden(e.identity))
  )
    floor = Math.max(floor, 2);
  return floor;
}

/** A status the fixture schema should not allow reads as unavailable: nothing validated it. */
function rankOf(status: string): number {
  return statusRank(status) ?? 2;
}

function uniqueCount(keys: readonly FactKey[]): number {
  return new Set(keys.map(factKeyText)).size;
}
