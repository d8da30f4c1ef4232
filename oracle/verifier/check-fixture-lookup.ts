/**
 * A lookup result against the verifier's own ground truth (derive-lookup-truth.ts), each
 * finding citing the rule it breaks:
 * - a row carries exactly the rejections the compiler's facts force: receiver ownership
 *   judged mode by mode (KD-OWN-03..06), every effect, public or not, against the capabilities
 *   held (KD-EFFECT-05; an explanation says missing-effect, KD-EFFECT-06), equality and
 *   inference requirements (KD-LOOKUP-09, KD-OP-11), and is callable only without one
 *   (KD-CLOSURE-12: a callable row is reported under the clause of the rejection it lacks);
 *   a row the facts withhold is not shown (KD-LOOKUP-11, KD-ACCEPT-11);
 * - a row keeps the candidate's generic requirements (KD-ACCEPT-03) and public effect
 *   requirements (KD-EFFECT-07) unaltered, and lists no dependency its facts do not have
 *   (KD-CLOSURE-16; a hidden candidate's identity is check-hidden-identities');
 * - no row the query must show is dropped: callable rows always (KD-LOOKUP-06), rejected
 *   visible rows when include_unavailable asks for them (KD-REQ-07, KD-OWN-03, KD-EFFECT-06);
 *   an explanation shows the row KIT-05 selects, with `ambiguous` exactly when two apply
 *   (KD-RES-18, OQ-34 A);
 * - the omissions are exactly the reasons that withheld a collected candidate (KIT-04): none
 *   dropped (KD-DISCLOSE-09, KD-LOOKUP-11, KD-LOOKUP-07), none added, and none that says more
 *   than the facts let it (not-imported for a hidden candidate, KD-DISCLOSE-07);
 * - `truncated` and the row cap against what the facts cut (KD-LIMIT-05, KD-LIMIT-10): check-fixture-cut;
 * - an unavailable result names a limit only where one can be reached, and unsupported work only where it is all the
 *   lookup withheld (KD-RES-13, KIT-09 A, KIT-18 A).
 *
 * Where the step budget or the result-size cap may have cut the visit (KIT-10, OQ-06 A), the
 * checks that need the whole visit are skipped: they would otherwise blame a provider for
 * the limit.
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FixtureCandidate, FixtureOccurrence } from '../fixture/fixture.js';
import { LIMITS } from '../limits.js';
import type { DiscoveryRequestV1 } from '../records/discovery-records.js';
import type { Violation } from '../violation.js';
import { checkCut, eligible, limitMayBeReached } from './check-fixture-cut.js';
import { deriveLookupTruth, REJECTION_CLAUSES, type CandidateTruth, type LookupTruth } from './derive-lookup-truth.js';
import { hiddenIdentities, type HiddenIdentity, type Withholding } from './fixture-exposure.js';
import { factKeyText, type FixtureFactClosure } from './fixture-fact-closure.js';
import { arrayMember, isRecord, member, stringMember, type JsonRecord } from './json-access.js';
import { ruleTable } from './rule-table.js';
import { statusRank } from './status-rank.js';

/** The clause a missing omission breaks, by the reason that withheld a collected candidate (KIT-04). */
const MISSING_CLAUSE = {
  'hidden-by-visibility': 'KD-DISCLOSE-09',
  'not-imported': 'KD-DISCLOSE-06',
  'unsupported-in-profile': 'KD-LOOKUP-11',
  'incomplete-analysis': 'KD-LOOKUP-07',
} as const satisfies Record<Withholding, string>;
/** The omissions the facts require whatever was withheld, each with its clause (KIT-04 C, OQ-32 D, OQ-19). */
type RequiredOmissions = Map<string, 'KD-LOOKUP-07' | 'KD-RES-09' | 'KD-LOOKUP-11'>;

// prettier-ignore
export const LOOKUP_RULES = ruleTable({
  'row-not-matching-spelling': ['KD-RES-18', 'the spelling', '{name:value}',
    'An explanation shows only a candidate whose display name is the spelling asked for (KIT-05).'],
  'row-not-applicable': ['KD-ACCEPT-06', 'no row', 'a row',
    "The candidate does not apply to the receiver's type, so it is no operation of this receiver (KIT-02)."],
  'withheld-candidate-row': [['KD-ACCEPT-11', 'KD-LOOKUP-11'], 'no row', 'a row',
    'The facts withhold this candidate ({withheld}); it is reported as an omission, never as a row (KIT-04).'],
  'callable-despite-rejection': [REJECTION_CLAUSES, '"unavailable"', '"callable"',
    "The compiler's facts reject this operation here ({reason}), so it is not callable."],
  'rejection-missing': [REJECTION_CLAUSES, '{reason} among the reasons', 'absent',
    "The compiler's facts reject this operation with {reason}, which the row does not say (KIT-06)."],
  'rejection-unfounded': [
    ['KD-OWN-06', 'KD-EFFECT-05', 'KD-RES-18', 'KD-LOOKUP-09', 'KD-OP-11', 'KD-LOOKUP-11', 'KD-LIMIT-06'],
    'no such reason', '{reason:json}',
    "The compiler's facts give no ground for {reason} on this row; the compiler's verdicts stay authoritative."],
  'ambiguity-not-reported': ['KD-RES-18', '"ambiguous" among the reasons', 'absent',
    'Two or more visible candidates apply to this spelling, so the explained row says ambiguous (OQ-34 A).'],
  'inference-row-validated': ['KD-OP-11', 'at least "provisional"', '"validated"',
    'The row rests on an unresolved inference requirement, so it is not validated (OQ-43 A).'],
  'rejection-under-unvalidated-type': ['KD-CLOSURE-09', "at least the type's status", '{status:value}',
    'The rejection is judged against a receiver type that is not validated, so it is not definitive:',
    'the row is at least as restrictive as the type (register OQ-43).'],
  'generic-requirement-unknown': ['KD-ACCEPT-03', 'one of the candidate requirements', '{display:value}',
    "The row lists a generic requirement the candidate does not have; signatures keep the compiler's canonical",
    'requirements.'],
  'generic-requirement-altered': ['KD-ACCEPT-03', '{kinds} {display:json}', '{gotKind:value} {gotDisplay:value}',
    "The row alters a generic requirement of the candidate; signatures keep the compiler's canonical requirements."],
  'generic-requirement-missing': ['KD-ACCEPT-03', 'every requirement of the candidate', 'one missing',
    "The row drops a generic requirement of the candidate; signatures keep the compiler's canonical requirements."],
  'effect-requirement-unknown': ['KD-EFFECT-07', 'one of the public effect requirements', 'another effect',
    'The row lists an effect requirement the candidate does not have.'],
  'effect-requirement-altered': ['KD-EFFECT-07', '{want:json}', '{display:value}',
    "The row alters the display of an effect requirement; it reports the compiler's public requirement."],
  'non-validated-effect-listed': ['KD-EFFECT-07', 'not listed', 'listed',
    'An explanation lists only public validated effect requirements; this one is not validated (L421, KIT-12).'],
  'effect-requirement-missing': ['KD-EFFECT-07', '{kind} {value}', 'absent',
    'The row drops a public validated effect requirement of the candidate.'],
  'dependency-not-in-facts': ['KD-CLOSURE-16', 'only the dependencies of the row and its nested records',
    '{source} {kind} {prefix}…',
    'The row lists a dependency that neither the candidate nor a nested record it lists has (OQ-22 A).'],
  'omission-missing': [Object.values(MISSING_CLAUSE), '{reason:json}', 'absent',
    'A collected candidate is withheld with {reason}, so the result carries that omission (KIT-04).'],
  'omission-missing (incomplete facts)': [['KD-LOOKUP-07', 'KD-RES-09', 'KD-LOOKUP-11'], '{reason:json}', 'absent',
    'The facts make the result incomplete, so it carries a {reason} omission.'],
  'omission-unfounded': [
    ['KD-DISCLOSE-07', 'KD-LIMIT-10', 'KD-DISCLOSE-09', 'KD-LOOKUP-11', 'KD-LOOKUP-07', 'KD-OMIT-02'],
    'no such omission', '{reason:json}',
    'No collected candidate is withheld with {reason}; an omission says no more than the facts (KIT-04).'],
  'callable-row-dropped': ['KD-LOOKUP-06', 'a row for SymbolId {id}', 'absent',
    'A visible, validated, callable operation of this receiver is missing from the result.'],
  'unavailable-row-dropped': [['KD-OWN-03', 'KD-EFFECT-06', 'KD-REQ-07'], 'a row for SymbolId {id}', 'absent',
    'include_unavailable asks for the visible rejected candidates; this one is missing.'],
  'explained-row-missing': ['KD-RES-18', 'a row for SymbolId {id}', 'no row',
    'A visible candidate matches the spelling, so the explanation shows its row whatever include_unavailable says',
    '(KIT-05, OQ-33 A).'],
  'unavailable-reason-unfounded': ['KD-RES-13', '{allowed}', '{reason:json}',
    'The reason says why no useful fact exists, and the facts give no ground for this one: {why} (KIT-09, KIT-18).'],
  'explained-row-not-selected': ['KD-RES-18', '{id}', '{got:value}',
    'The explanation shows the first applicable matching candidate in canonical order (KIT-05, OQ-34 A).'],
});

const R = LOOKUP_RULES;

/** What the lookup checks need. */
export interface LookupCheckInput {
  fixture: LoadedFixture;
  closure: FixtureFactClosure;
  occurrence: FixtureOccurrence;
  request: DiscoveryRequestV1;
  /** The length of the result bytes, for the row cap's stop point (check-fixture-cut). */
  resultBytes: number;
}

/** Checks a complete or partial lookup result against the fixture's ground truth, and an unavailable one's reason. */
export function checkFixtureLookup(result: unknown, input: LookupCheckInput): Violation[] {
  const out: Violation[] = [];
  const status = stringMember(result, 'status');
  if (status === 'unavailable') {
    checkUnavailableReason(
      result,
      deriveLookupTruth(input.fixture, input.closure, input.occurrence, input.request),
      input,
      out,
    );
    return out;
  }
  if (status !== 'complete' && status !== 'partial') return out;
  const truth = deriveLookupTruth(input.fixture, input.closure, input.occurrence, input.request);
  const truncated = member(result, 'truncated');
  out.push(
    ...checkCut(result, {
      fixture: input.fixture,
      request: input.request,
      truth,
      closure: input.closure,
      resultBytes: input.resultBytes,
    }),
  );
  if (input.request.query.kind === 'type') return out;
  const byId = new Map<string, CandidateTruth>();
  for (const t of truth.candidates) if (!byId.has(t.candidate.identity)) byId.set(t.candidate.identity, t);
  // Candidates of a view that failed validation are never read (KIT-03 C), so their identities are not withheld.
  const hidden = hiddenIdentities(input.fixture);
  const rows = arrayMember(result, 'operations');
  const explain = input.request.query.kind === 'explain-operation';
  // Two applicable visible matches make the explanation ambiguous (OQ-34 A); whether an error row
  // without a diagnostic to cite counts is not settled, so either answer is taken then.
  const ambiguous = explain && truth.candidates.filter((t) => t.collected && t.applicable && eligible(t)).length > 1;
  const mayBeAmbiguous =
    explain && truth.candidates.filter((t) => t.collected && t.applicable && t.withheld === null).length > 1;
  rows.forEach((op, i) => {
    const id = stringMember(member(op, 'identity'), 'value');
    const t = id === undefined ? undefined : byId.get(id);
    if (isRecord(op) && t !== undefined && t.exposed)
      checkRow(op, `/operations/${i}`, t, { input, truth, hidden, explain, ambiguous, mayBeAmbiguous }, out);
  });
  // The checks below need the whole visit, which a limit may have cut (check-fixture-cut).
  const limited = limitMayBeReached(truth, input.fixture);
  if (truncated !== false || limited || rows.length >= LIMITS.operations) return out;
  if (explain) checkExplanation(result, rows, truth, input, out);
  else checkGeneral(result, rows, truth, input, out);
  return out;
}

interface RowContext {
  input: LookupCheckInput;
  truth: LookupTruth;
  /** Identities no field may carry, by `kind:value` (KIT-08 C); check-hidden-identities reports them. */
  hidden: ReadonlyMap<string, HiddenIdentity>;
  explain: boolean;
  ambiguous: boolean;
  mayBeAmbiguous: boolean;
}

/** The clause a reason on a row breaks when the facts give no ground for it. */
function unfoundedRejectionClause(reason: string) {
  if (reason.startsWith('requires-')) return 'KD-OWN-06';
  if (reason === 'missing-effect') return 'KD-EFFECT-05';
  if (reason === 'ambiguous') return 'KD-RES-18';
  if (reason === 'type-mismatch') return 'KD-LOOKUP-09';
  // A cap applied where the row's unique nested entries are within it (KD-LIMIT-06, OQ-09 A).
  if (reason === 'limit-exhausted') return 'KD-LIMIT-06';
  return reason === 'incomplete-analysis' ? 'KD-OP-11' : 'KD-LOOKUP-11';
}

function checkRow(op: JsonRecord, at: string, t: CandidateTruth, ctx: RowContext, out: Violation[]): void {
  if (!t.collected) {
    if (ctx.explain)
      out.push(R.at('row-not-matching-spelling', `${at}/display_name`, { name: member(op, 'display_name') }));
    else out.push(R.at('row-not-applicable', `${at}/identity`));
    return;
  }
  if (t.withheld !== null) {
    // An exposed candidate is withheld only as unsupported work (KIT-04): an unsatisfied trait bound on a function
    // or member, or an extension or trait origin. A missing effect rejects a row, it never withholds one (KIT-04 C).
    const kind = t.candidate.origin.kind;
    const clause = kind === 'function' || kind === 'member' ? 'KD-ACCEPT-11' : 'KD-LOOKUP-11';
    out.push(R.at('withheld-candidate-row', at, { clause, withheld: t.withheld }));
    return;
  }
  const reasons = new Set(arrayMember(op, 'rejection_reasons').filter((r): r is string => typeof r === 'string'));
  const availability = member(op, 'availability');
  const status = member(op, 'status');
  const rank = statusRank(status);
  for (const [reason, clause] of t.rejections) {
    if (reasons.has(reason) || t.capped) continue;
    if (availability === 'callable')
      out.push(R.at('callable-despite-rejection', `${at}/availability`, { clause, reason }));
    else {
      // An unavailable row of an explanation that does not say missing-effect breaks L421's second sentence.
      const missing = reason === 'missing-effect' && ctx.explain ? 'KD-EFFECT-06' : clause;
      out.push(R.at('rejection-missing', `${at}/rejection_reasons`, { clause: missing, reason }));
    }
  }
  for (const reason of reasons) {
    if (t.rejections.has(reason)) continue;
    if (reason === 'incomplete-analysis' && rank !== 0) continue;
    if (reason === 'limit-exhausted' && t.capped) continue;
    if (reason === 'ambiguous' && ctx.mayBeAmbiguous) continue;
    out.push(
      R.at('rejection-unfounded', `${at}/rejection_reasons`, { clause: unfoundedRejectionClause(reason), reason }),
    );
  }
  if (ctx.ambiguous && t.applicable && !reasons.has('ambiguous'))
    out.push(R.at('ambiguity-not-reported', `${at}/rejection_reasons`));
  if (rank === 0 && t.rejections.has('incomplete-analysis')) out.push(R.at('inference-row-validated', `${at}/status`));
  // Only a mismatch judged against the type depends on it: a candidate that does not apply (KIT-02 C). Ownership,
  // effects and the compiler's verdict on an equality requirement do not (OQ-43).
  if (ctx.truth.typeRank > 0 && rank !== undefined && rank < ctx.truth.typeRank && !t.applicable)
    out.push(R.at('rejection-under-unvalidated-type', `${at}/status`, { status }));
  checkRequirements(op, at, t, ctx.hidden, out);
  checkEffects(op, at, t, ctx, out);
  checkDependencies(op, at, t, ctx, out);
}

function checkRequirements(
  op: JsonRecord,
  at: string,
  t: CandidateTruth,
  hidden: ReadonlyMap<string, HiddenIdentity>,
  out: Violation[],
): void {
  if (t.capped) return;
  const reqs = t.candidate.generic_requirements;
  const keyOf = (kind: unknown, identity: unknown, display: unknown): string =>
    isRecord(identity)
      ? `id\u0000${String(member(identity, 'kind'))}\u0000${String(member(identity, 'value'))}`
      : `-\u0000${String(kind)}\u0000${String(display)}`;
  const want = new Map<string, { kinds: Set<string>; displays: Set<string> }>();
  for (const g of reqs) {
    const k = keyOf(g.kind, g.identity, g.display);
    const entry = want.get(k) ?? { kinds: new Set(), displays: new Set() };
    entry.kinds.add(g.kind);
    entry.displays.add(g.display);
    want.set(k, entry);
  }
  const seen = new Set<string>();
  arrayMember(op, 'generic_requirements').forEach((g, j) => {
    const kind = member(g, 'kind');
    const display = member(g, 'display');
    const k = keyOf(kind, member(g, 'identity'), display);
    const w = want.get(k);
    const pointer = `${at}/generic_requirements/${j}`;
    if (w === undefined) {
      out.push(R.at('generic-requirement-unknown', pointer, { display }));
      return;
    }
    seen.add(k);
    if (typeof kind !== 'string' || !w.kinds.has(kind) || typeof display !== 'string' || !w.displays.has(display)) {
      const fill = { kinds: [...w.kinds].join('|'), display: [...w.displays][0], gotKind: kind, gotDisplay: display };
      out.push(R.at('generic-requirement-altered', pointer, fill));
    }
  });
  for (const k of want.keys()) {
    // A requirement naming a hidden identity is never listed (L389, KIT-08 C).
    if (seen.has(k) || (k.startsWith('id\u0000') && hidden.has(k.slice(3).replace('\u0000', ':')))) continue;
    out.push(R.at('generic-requirement-missing', `${at}/generic_requirements`));
  }
}

function checkEffects(op: JsonRecord, at: string, t: CandidateTruth, ctx: RowContext, out: Violation[]): void {
  if (t.capped) return;
  const closure = ctx.input.closure;
  const listed = new Set<string>();
  arrayMember(op, 'effects').forEach((e, j) => {
    const identity = member(e, 'identity');
    const key = `${String(member(identity, 'kind'))}:${String(member(identity, 'value'))}`;
    const match = t.candidate.effects.filter((f) => `${f.identity.kind}:${f.identity.value}` === key);
    const pointer = `${at}/effects/${j}`;
    // A non-public effect shown here is reported by check-fixture-rows.
    if (match.some((f) => !f.public)) return;
    const first = match[0];
    if (first === undefined) {
      out.push(R.at('effect-requirement-unknown', pointer));
      return;
    }
    listed.add(key);
    const display = member(e, 'display');
    if (!match.some((f) => f.display === display))
      out.push(R.at('effect-requirement-altered', `${pointer}/display`, { want: first.display, display }));
    // L421 holds an explanation to only a public validated requirement; a general query may list a
    // non-validated public one (KIT-12 A, an ACCEPTABLE alternative).
    if (ctx.explain && !match.every((f) => closure.maxRank(f.dependencies, statusRank(f.status) ?? 2) === 0))
      out.push(R.at('non-validated-effect-listed', pointer));
  });
  for (const f of t.candidate.effects) {
    const key = `${f.identity.kind}:${f.identity.value}`;
    // An effect naming a hidden identity is never listed (L389, KIT-08 C).
    if (!f.public || listed.has(key) || ctx.hidden.has(key)) continue;
    if (closure.maxRank(f.dependencies, statusRank(f.status) ?? 2) !== 0) continue;
    listed.add(key);
    out.push(R.at('effect-requirement-missing', `${at}/effects`, { kind: f.identity.kind, value: f.identity.value }));
  }
}

function checkDependencies(op: JsonRecord, at: string, t: CandidateTruth, ctx: RowContext, out: Violation[]): void {
  const c = t.candidate;
  const needed = new Set<string>();
  for (const k of [...c.dependencies, ...c.origin.dependencies]) needed.add(factKeyText(k));
  for (const g of c.generic_requirements) for (const k of g.dependencies) needed.add(factKeyText(k));
  for (const e of c.effects) if (e.public) for (const k of e.dependencies) needed.add(factKeyText(k));
  arrayMember(op, 'dependencies').forEach((d, j) => {
    const source = stringMember(d, 'source');
    const kind = stringMember(d, 'kind');
    const value = stringMember(d, 'value');
    if (source === undefined || kind === undefined || value === undefined) return;
    // A dependency naming a hidden candidate (kind and value) is check-hidden-identities' to report (KIT-08 C).
    if (ctx.hidden.has(`${kind}:${value}`)) return;
    if (!needed.has(`${source}\u0000${kind}\u0000${value}`))
      out.push(
        R.at('dependency-not-in-facts', `${at}/dependencies/${j}`, { source, kind, prefix: value.slice(0, 16) }),
      );
  });
}
function omissionReasons(result: unknown): Set<string> {
  return new Set(
    arrayMember(result, 'omissions')
      .map((o) => stringMember(o, 'reason'))
      .filter((r): r is string => r !== undefined),
  );
}

/** The clause an omission no withheld candidate founds breaks, by its reason. */
function unfoundedOmissionClause(reason: string) {
  // A not-imported omission for a hidden candidate says more than hidden-by-visibility does.
  if (reason === 'not-imported') return 'KD-DISCLOSE-07';
  if (reason === 'limit-exhausted') return 'KD-LIMIT-10';
  if (reason === 'hidden-by-visibility') return 'KD-DISCLOSE-09';
  if (reason === 'unsupported-in-profile') return 'KD-LOOKUP-11';
  return reason === 'incomplete-analysis' ? 'KD-LOOKUP-07' : 'KD-OMIT-02';
}

function checkOmissions(
  got: ReadonlySet<string>,
  want: ReadonlySet<Withholding>,
  optional: ReadonlySet<string>,
  required: RequiredOmissions,
  out: Violation[],
): void {
  const withheld: ReadonlySet<string> = want;
  for (const reason of want)
    if (!got.has(reason)) out.push(R.at('omission-missing', '/omissions', { clause: MISSING_CLAUSE[reason], reason }));
  for (const [reason, clause] of required)
    if (!got.has(reason) && !withheld.has(reason))
      out.push(R.at('omission-missing (incomplete facts)', '/omissions', { clause, reason }));
  for (const reason of got) {
    if (withheld.has(reason) || optional.has(reason) || required.has(reason)) continue;
    out.push(R.at('omission-unfounded', '/omissions', { clause: unfoundedOmissionClause(reason), reason }));
  }
}

/**
 * The omissions the facts require besides the withheld candidates' reasons: an authorized view that failed validation
 * makes the result incomplete whatever it holds (L112, L380, KIT-04 C); a non-validated row dropped because
 * include_unavailable is false leaves one aggregate incomplete-analysis omission (L189, OQ-32 D, OQ-18); an explanation
 * of a spelling that also names exposed unsupported work (an extension or trait candidate, or an unsatisfied trait
 * bound) is never complete (L387, OQ-19).
 */
function requiredOmissions(truth: LookupTruth, input: LookupCheckInput, explain: boolean): RequiredOmissions {
  const required: RequiredOmissions = new Map();
  if (input.fixture.interfaces.some((i) => !i.validated)) required.set('incomplete-analysis', 'KD-LOOKUP-07');
  if (
    !explain &&
    !input.request.query.include_unavailable &&
    truth.candidates.some((t) => eligible(t) && t.statusFloor > 0)
  )
    required.set('incomplete-analysis', 'KD-RES-09');
  // Unsupported work is an exposed extension or trait candidate, or one with an unsatisfied trait bound (KIT-04).
  if (explain && truth.candidates.some((t) => t.collected && t.exposed && t.withheld === 'unsupported-in-profile'))
    required.set('unsupported-in-profile', 'KD-LOOKUP-11');
  return required;
}

function checkGeneral(
  result: unknown,
  rows: readonly unknown[],
  truth: LookupTruth,
  input: LookupCheckInput,
  out: Violation[],
): void {
  const includeUnavailable = input.request.query.include_unavailable;
  const shown = new Set(rows.map((op) => stringMember(member(op, 'identity'), 'value')));
  for (const t of truth.candidates) {
    if (!eligible(t) || shown.has(t.candidate.identity)) continue;
    const id = t.candidate.identity;
    if (t.callable) out.push(R.at('callable-row-dropped', '/operations', { id }));
    else if (includeUnavailable && !t.capped) {
      const reasons = [...t.rejections.keys()];
      const clause = reasons.some((r) => r.startsWith('requires-'))
        ? 'KD-OWN-03'
        : reasons.includes('missing-effect')
          ? 'KD-EFFECT-06'
          : 'KD-REQ-07';
      out.push(R.at('unavailable-row-dropped', '/operations', { clause, id }));
    }
  }
  const want = new Set<Withholding>();
  for (const t of truth.candidates) if (t.collected && t.withheld !== null) want.add(t.withheld);
  const optional = new Set<string>();
  if (truth.candidates.some((t) => t.collected && t.withheld === null && t.uncitableError))
    optional.add('incomplete-analysis');
  checkOmissions(omissionReasons(result), want, optional, requiredOmissions(truth, input, false), out);
}

/**
 * The reason of an unavailable result once lookup ran (KIT-09 A, KIT-18 A): limit-exhausted only where a limit of the
 * profile can be reached on these facts (check-fixture-cut); unsupported-in-profile only where unsupported work is all
 * the lookup withheld: a query of kind type looks nothing up (OQ-40 A), and a view that failed validation (KIT-03 C)
 * or a collected candidate withheld for another reason leaves more than unsupported work. Where the step budget may
 * run out, what was visited is unknown and the reason is not judged. Other reasons are the gate's (check-fixture-gate).
 */
function checkUnavailableReason(result: unknown, truth: LookupTruth, input: LookupCheckInput, out: Violation[]): void {
  const reason = member(result, 'reason');
  if (reason !== 'limit-exhausted' && reason !== 'unsupported-in-profile') return;
  const limitOk = limitMayBeReached(truth, input.fixture);
  const unsupported = unsupportedWorkAlone(truth, input);
  const ok = reason === 'limit-exhausted' ? limitOk : unsupported.alone;
  if (ok) return;
  const allowed = [
    ...(limitOk ? ['limit-exhausted'] : []),
    ...(unsupported.alone ? ['unsupported-in-profile'] : []),
    'incomplete-current-file-facts',
  ]
    .map((r) => JSON.stringify(r))
    .join(' | ');
  const why =
    reason === 'limit-exhausted' ? 'no cap, nor the step budget, can be reached on these facts' : unsupported.why;
  out.push(R.at('unavailable-reason-unfounded', '/reason', { allowed, reason, why }));
}

/** Whether unsupported work may be all that the lookup withheld, and if not, why not. */
function unsupportedWorkAlone(truth: LookupTruth, input: LookupCheckInput): { alone: boolean; why: string } {
  if (input.request.query.kind === 'type') return { alone: false, why: 'a query of kind type looks nothing up' };
  if (truth.budgetMayExhaust) return { alone: true, why: '' };
  if (input.fixture.interfaces.some((i) => !i.validated))
    return { alone: false, why: 'a view that failed validation leaves the analysis incomplete' };
  const withheld = new Set<Withholding>();
  for (const t of truth.candidates) if (t.collected && t.withheld !== null) withheld.add(t.withheld);
  if (!withheld.has('unsupported-in-profile'))
    return { alone: false, why: 'no collected candidate is unsupported work' };
  const others = [...withheld].filter((w) => w !== 'unsupported-in-profile');
  if (others.length > 0) return { alone: false, why: `a collected candidate is also withheld as ${others.join(', ')}` };
  return { alone: true, why: '' };
}

function compareCandidates(a: FixtureCandidate, b: FixtureCandidate): number {
  if (a.identity !== b.identity) return compareUtf8(a.identity, b.identity);
  const ia = a.origin.implementation_identity;
  const ib = b.origin.implementation_identity;
  if (ia !== ib) return ia === null ? -1 : ib === null ? 1 : compareUtf8(ia, ib);
  const byName = compareUtf8(a.qualified_name, b.qualified_name);
  if (byName !== 0 || a.signature === b.signature) return byName;
  return a.signature === null ? -1 : b.signature === null ? 1 : compareUtf8(a.signature, b.signature);
}

function checkExplanation(
  result: unknown,
  rows: readonly unknown[],
  truth: LookupTruth,
  input: LookupCheckInput,
  out: Violation[],
): void {
  const matched = truth.candidates.filter((t) => t.collected);
  const candidates = matched.filter(eligible).sort((a, b) => compareCandidates(a.candidate, b.candidate));
  const pick = candidates.find((t) => t.applicable) ?? candidates[0];
  const got = omissionReasons(result);
  const required = requiredOmissions(truth, input, true);
  if (pick !== undefined) {
    const id = stringMember(member(rows[0], 'identity'), 'value');
    // An uncitable error candidate may stand in the way; the selection is then not certain.
    if (matched.some((t) => t.withheld === null && t.uncitableError)) return;
    if (id === undefined) out.push(R.at('explained-row-missing', '/operations', { id: pick.candidate.identity }));
    else if (id !== pick.candidate.identity)
      out.push(
        R.at('explained-row-not-selected', '/operations/0/identity/value', { id: pick.candidate.identity, got: id }),
      );
    checkOmissions(got, new Set(), new Set(), required, out);
    return;
  }
  const uncitable = matched.some((t) => t.withheld === null && t.uncitableError);
  if (uncitable && rows.length > 0) {
    // The result showed the error row (citing the diagnostics of the error facts it reaches): an explanation that
    // shows a row carries no other withheld reason (KIT-04 C), so nothing else is asked of its omissions.
    checkOmissions(got, new Set(), new Set(), required, out);
    return;
  }
  const want = new Set<Withholding>();
  for (const t of matched) if (t.withheld !== null) want.add(t.withheld);
  if (matched.length === 0) want.add('hidden-by-visibility');
  const optional = new Set<string>();
  if (uncitable) optional.add('incomplete-analysis');
  checkOmissions(got, want, optional, required, out);
}
