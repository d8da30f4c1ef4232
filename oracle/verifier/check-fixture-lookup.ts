/**
 * A lookup result against the verifier's own ground truth (derive-lookup-truth.ts), each
 * finding citing the rule it breaks:
 * - a row carries exactly the rejections the compiler's facts force: receiver ownership
 *   judged mode by mode (KD-OWN-03..06), public effects against the capabilities held
 *   (KD-EFFECT-05/06), equality and inference requirements (KD-LOOKUP-09, KD-OP-11), and is
 *   callable only without one (KD-CLOSURE-12); a row the facts withhold is not shown
 *   (KD-LOOKUP-11, KD-EFFECT-07, KD-ACCEPT-11);
 * - a row keeps the candidate's generic requirements (KD-ACCEPT-03) and public effect
 *   requirements (KD-EFFECT-07) unaltered, and lists no dependency its facts do not have,
 *   least of all a hidden candidate's identity (KD-CLOSURE-16, KD-DISCLOSE-07);
 * - no row the query must show is dropped: callable rows always (KD-LOOKUP-06), rejected
 *   visible rows when include_unavailable asks for them (KD-REQ-07, KD-OWN-03, KD-EFFECT-06);
 *   an explanation shows the row KIT-05 selects, with `ambiguous` exactly when two apply
 *   (KD-RES-18, OQ-34 A);
 * - the omissions are exactly the reasons that withheld a collected candidate (KIT-04): none
 *   dropped (KD-DISCLOSE-09, KD-LOOKUP-11, KD-LOOKUP-07), none added, and none that says more
 *   than the facts let it (not-imported for a hidden candidate, KD-DISCLOSE-07);
 * - `truncated` only when a limit of the profile can have been reached (KD-LIMIT-10).
 *
 * Where the step budget or the result-size cap may have cut the visit (KIT-10, OQ-06 A), the
 * checks that need the whole visit are skipped: they would otherwise blame a provider for
 * the limit.
 */
import { compareUtf8, utf8Length } from '../canonical-json/compare-utf8.js';
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FixtureCandidate, FixtureOccurrence } from '../fixture/fixture.js';
import { LIMITS } from '../limits.js';
import type { DiscoveryRequestV1 } from '../records/discovery-records.js';
import { violation, type Violation } from '../violation.js';
import { deriveLookupTruth, type CandidateTruth, type LookupTruth } from './derive-lookup-truth.js';
import { factKeyText, type FixtureFactClosure } from './fixture-fact-closure.js';
import { hiddenIdentities } from './fixture-exposure.js';
import { arrayMember, describeValue, isRecord, member, stringMember, type JsonRecord } from './json-access.js';
import { READINGS, readingApplies, type ReadingName } from './pending-readings.js';
import { statusRank } from './status-rank.js';

/** What the lookup checks need. */
export interface LookupCheckInput {
  fixture: LoadedFixture;
  closure: FixtureFactClosure;
  occurrence: FixtureOccurrence;
  request: DiscoveryRequestV1;
  /** Also check the readings the oracle does not follow yet (pending-readings.ts). */
  pendingReadings: boolean;
}

/** Checks a complete or partial lookup result against the fixture's ground truth. */
export function checkFixtureLookup(result: unknown, input: LookupCheckInput): Violation[] {
  const out: Violation[] = [];
  const status = stringMember(result, 'status');
  if (status !== 'complete' && status !== 'partial') return out;
  const truth = deriveLookupTruth(input.fixture, input.closure, input.occurrence, input.request);
  const truncated = member(result, 'truncated');
  if (input.request.query.kind === 'type') {
    // A type query looks nothing up; only a type fact cut by a cap truncates it (OQ-09 A).
    if (truncated === true && !truth.typeCapped) out.push(truncatedWithoutLimit());
    return out;
  }
  const byId = new Map<string, CandidateTruth>();
  for (const t of truth.candidates) if (!byId.has(t.candidate.identity)) byId.set(t.candidate.identity, t);
  // Candidates of a view that failed validation are never read (KIT-03 C), so their identities are not withheld.
  const hiddenIds = new Set(
    [...hiddenIdentities(input.fixture)].filter((k) => k.startsWith('SymbolId:')).map((k) => k.slice(9)),
  );
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
      checkRow(op, `/operations/${i}`, t, { input, truth, hiddenIds, explain, ambiguous, mayBeAmbiguous }, out);
  });
  const limited = limitMayBeReached(truth, input.fixture);
  if (truncated === true && !limited) out.push(truncatedWithoutLimit());
  if (truncated !== false || limited || rows.length >= LIMITS.operations) return out;
  if (explain) checkExplanation(result, rows, truth, input, out);
  else checkGeneral(result, rows, truth, input, out);
  return out;
}

function truncatedWithoutLimit(): Violation {
  return violation(
    'truncated-without-limit',
    'KD-LIMIT-10',
    'No limit of the profile can be reached on these facts, so nothing was cut and the result is not truncated.',
    {
      pointer: '/truncated',
      expected: 'false',
      actual: 'true',
    },
  );
}

interface RowContext {
  input: LookupCheckInput;
  truth: LookupTruth;
  hiddenIds: ReadonlySet<string>;
  explain: boolean;
  ambiguous: boolean;
  mayBeAmbiguous: boolean;
}

/** A candidate that can become a row (an uncitable error row may be withheld instead, KD-CLOSURE-10). */
function eligible(t: CandidateTruth): boolean {
  return t.collected && t.withheld === null && !t.uncitableError;
}

function add(
  out: Violation[],
  code: string,
  clause: string,
  pointer: string,
  message: string,
  expected: string,
  actual: string,
): void {
  out.push(violation(code, clause, message, { pointer, expected, actual }));
}

function reading(ctx: { input: LookupCheckInput }, name: ReadingName): string | undefined {
  return readingApplies(name, ctx.input.pendingReadings) ? READINGS[name].clause : undefined;
}

function checkRow(op: JsonRecord, at: string, t: CandidateTruth, ctx: RowContext, out: Violation[]): void {
  if (!t.collected) {
    if (ctx.explain)
      add(
        out,
        'row-not-matching-spelling',
        'KD-RES-18',
        `${at}/display_name`,
        'An explanation shows only a candidate whose display name is the spelling asked for (KIT-05).',
        'the spelling',
        describeValue(member(op, 'display_name')),
      );
    else
      add(
        out,
        'row-not-applicable',
        'KD-ACCEPT-06',
        `${at}/identity`,
        "The candidate does not apply to the receiver's type, so it is no operation of this receiver (KIT-02).",
        'no row',
        'a row',
      );
    return;
  }
  if (t.withheld !== null) {
    const clause =
      t.withheld === 'unsupported-in-profile'
        ? t.candidate.origin.kind === 'function' || t.candidate.origin.kind === 'member'
          ? 'KD-ACCEPT-11'
          : 'KD-LOOKUP-11'
        : 'KD-EFFECT-07';
    add(
      out,
      'withheld-candidate-row',
      clause,
      at,
      `The facts withhold this candidate (${t.withheld}); it is reported as an omission, never as a row (KIT-04).`,
      'no row',
      'a row',
    );
    return;
  }
  const reasons = new Set(arrayMember(op, 'rejection_reasons').filter((r): r is string => typeof r === 'string'));
  const availability = member(op, 'availability');
  const status = member(op, 'status');
  const rank = statusRank(status);
  for (const [reason, clause] of t.rejections) {
    if (reasons.has(reason) || t.capped) continue;
    if (availability === 'callable') {
      add(
        out,
        'callable-despite-rejection',
        clause,
        `${at}/availability`,
        `The compiler's facts reject this operation here (${reason}), so it is not callable (KD-CLOSURE-12).`,
        '"unavailable"',
        '"callable"',
      );
    } else {
      add(
        out,
        'rejection-missing',
        clause,
        `${at}/rejection_reasons`,
        `The compiler's facts reject this operation with ${reason}, which the row does not say (KIT-06).`,
        `${reason} among the reasons`,
        'absent',
      );
    }
  }
  for (const reason of reasons) {
    if (t.rejections.has(reason)) continue;
    if (reason === 'incomplete-analysis' && rank !== 0) continue;
    if (reason === 'limit-exhausted' && t.capped) continue;
    if (reason === 'ambiguous' && ctx.mayBeAmbiguous) continue;
    const clause = reason.startsWith('requires-')
      ? 'KD-OWN-06'
      : reason === 'missing-effect'
        ? 'KD-EFFECT-05'
        : reason === 'ambiguous'
          ? 'KD-RES-18'
          : reason === 'type-mismatch'
            ? 'KD-LOOKUP-09'
            : reason === 'incomplete-analysis'
              ? 'KD-OP-11'
              : 'KD-LOOKUP-11';
    add(
      out,
      'rejection-unfounded',
      clause,
      `${at}/rejection_reasons`,
      `The compiler's facts give no ground for ${reason} on this row; the compiler's verdicts stay authoritative.`,
      'no such reason',
      JSON.stringify(reason),
    );
  }
  if (ctx.ambiguous && t.applicable && !reasons.has('ambiguous')) {
    add(
      out,
      'ambiguity-not-reported',
      'KD-RES-18',
      `${at}/rejection_reasons`,
      'Two or more visible candidates apply to this spelling, so the explained row says ambiguous (OQ-34 A).',
      '"ambiguous" among the reasons',
      'absent',
    );
  }
  if (rank === 0 && t.rejections.has('incomplete-analysis')) {
    add(
      out,
      'inference-row-validated',
      'KD-OP-11',
      `${at}/status`,
      'The row rests on an unresolved inference requirement, so it is not validated (OQ-43 A).',
      'at least "provisional"',
      '"validated"',
    );
  }
  const underType = reading(ctx, 'rejection-under-unvalidated-type');
  if (
    underType !== undefined &&
    ctx.truth.typeRank > 0 &&
    rank !== undefined &&
    rank < ctx.truth.typeRank &&
    [...reasons].includes('type-mismatch')
  ) {
    // Only a rejection judged against the type depends on it (KIT-02 C); ownership and effects do not.
    add(
      out,
      'rejection-under-unvalidated-type',
      underType,
      `${at}/status`,
      'The rejection is judged against a receiver type that is not validated, so it is not definitive: ' +
        'the row is at least as restrictive as the type (register OQ-43).',
      `at least the type's status`,
      describeValue(status),
    );
  }
  checkRequirements(op, at, t, hiddenIdentities(ctx.input.fixture), out);
  checkEffects(op, at, t, ctx, out);
  checkDependencies(op, at, t, ctx, out);
}

function checkRequirements(
  op: JsonRecord,
  at: string,
  t: CandidateTruth,
  hidden: ReadonlySet<string>,
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
      add(
        out,
        'generic-requirement-unknown',
        'KD-ACCEPT-03',
        pointer,
        'The row lists a generic requirement the candidate does not have; ' +
          "signatures keep the compiler's canonical requirements.",
        'one of the candidate requirements',
        describeValue(display),
      );
      return;
    }
    seen.add(k);
    if (typeof kind !== 'string' || !w.kinds.has(kind) || typeof display !== 'string' || !w.displays.has(display)) {
      add(
        out,
        'generic-requirement-altered',
        'KD-ACCEPT-03',
        pointer,
        "The row alters a generic requirement of the candidate; signatures keep the compiler's canonical requirements.",
        `${[...w.kinds].join('|')} ${JSON.stringify([...w.displays][0])}`,
        `${describeValue(kind)} ${describeValue(display)}`,
      );
    }
  });
  for (const k of want.keys()) {
    // A requirement naming a hidden identity is never listed (L389, KIT-08 C).
    if (seen.has(k) || (k.startsWith('id\u0000') && hidden.has(k.slice(3).replace('\u0000', ':')))) continue;
    add(
      out,
      'generic-requirement-missing',
      'KD-ACCEPT-03',
      `${at}/generic_requirements`,
      "The row drops a generic requirement of the candidate; signatures keep the compiler's canonical requirements.",
      'every requirement of the candidate',
      'one missing',
    );
  }
}

function checkEffects(op: JsonRecord, at: string, t: CandidateTruth, ctx: RowContext, out: Violation[]): void {
  if (t.capped) return;
  const closure = ctx.input.closure;
  const onlyValidated = reading(ctx, 'only-validated-effects-listed');
  const listed = new Set<string>();
  arrayMember(op, 'effects').forEach((e, j) => {
    const identity = member(e, 'identity');
    const key = `${String(member(identity, 'kind'))}:${String(member(identity, 'value'))}`;
    const match = t.candidate.effects.filter((f) => `${f.identity.kind}:${f.identity.value}` === key);
    const pointer = `${at}/effects/${j}`;
    // A non-public effect shown here is reported by check-fixture-rows.
    if (match.some((f) => !f.public)) return;
    if (match.length === 0) {
      add(
        out,
        'effect-requirement-unknown',
        'KD-EFFECT-07',
        pointer,
        'The row lists an effect requirement the candidate does not have.',
        'one of the public effect requirements',
        'another effect',
      );
      return;
    }
    listed.add(key);
    const display = member(e, 'display');
    if (!match.some((f) => f.display === display)) {
      add(
        out,
        'effect-requirement-altered',
        'KD-EFFECT-07',
        `${pointer}/display`,
        "The row alters the display of an effect requirement; it reports the compiler's public requirement.",
        JSON.stringify((match[0] as { display: string }).display),
        describeValue(display),
      );
    }
    const validated = match.every((f) => closure.maxRank(f.dependencies, statusRank(f.status) ?? 2) === 0);
    // L421 holds an explanation to only a public validated requirement; a general query may list a
    // non-validated public one (KIT-12 A, an ACCEPTABLE alternative).
    if (onlyValidated !== undefined && !validated && ctx.explain) {
      add(
        out,
        'non-validated-effect-listed',
        onlyValidated,
        pointer,
        'An explanation lists only public validated effect requirements; this one is not validated (L421, KIT-12).',
        'not listed',
        'listed',
      );
    }
  });
  for (const f of t.candidate.effects) {
    const key = `${f.identity.kind}:${f.identity.value}`;
    // An effect naming a hidden identity is never listed (L389, KIT-08 C).
    if (!f.public || listed.has(key) || hiddenIdentities(ctx.input.fixture).has(key)) continue;
    if (closure.maxRank(f.dependencies, statusRank(f.status) ?? 2) !== 0) continue;
    listed.add(key);
    add(
      out,
      'effect-requirement-missing',
      'KD-EFFECT-07',
      `${at}/effects`,
      'The row drops a public validated effect requirement of the candidate.',
      `${f.identity.kind} ${f.identity.value}`,
      'absent',
    );
  }
}

function checkDependencies(op: JsonRecord, at: string, t: CandidateTruth, ctx: RowContext, out: Violation[]): void {
  const c = t.candidate;
  const needed = new Set<string>();
  for (const k of [...c.dependencies, ...c.origin.dependencies]) needed.add(factKeyText(k));
  for (const g of c.generic_requirements) for (const k of g.dependencies) needed.add(factKeyText(k));
  for (const e of c.effects) if (e.public) for (const k of e.dependencies) needed.add(factKeyText(k));
  const hiddenRule = reading(ctx, 'hidden-dependency-withheld');
  arrayMember(op, 'dependencies').forEach((d, j) => {
    const source = stringMember(d, 'source');
    const kind = stringMember(d, 'kind');
    const value = stringMember(d, 'value');
    if (source === undefined || kind === undefined || value === undefined) return;
    const pointer = `${at}/dependencies/${j}`;
    const genuine = needed.has(`${source}\u0000${kind}\u0000${value}`);
    if (ctx.hiddenIds.has(value)) {
      if (!genuine) {
        add(
          out,
          'hidden-identity-dependency',
          'KD-DISCLOSE-07',
          `${pointer}/value`,
          'A dependency value names a candidate hidden at this position; ' +
            "a result never returns a hidden declaration's identity.",
          'no hidden identity',
          'a hidden SymbolId',
        );
      } else if (hiddenRule !== undefined) {
        add(
          out,
          'hidden-identity-dependency',
          hiddenRule,
          `${pointer}/value`,
          'The row depends on a candidate hidden at this position; ' +
            'that dependency is withheld and the row is unavailable with incomplete-analysis (register KIT-07).',
          'no hidden identity',
          'a hidden SymbolId',
        );
      }
      return;
    }
    if (!genuine) {
      add(
        out,
        'dependency-not-in-facts',
        'KD-CLOSURE-16',
        pointer,
        'The row lists a dependency that neither the candidate nor a nested record it lists has (OQ-22 A).',
        'only the dependencies of the row and its nested records',
        `${source} ${kind} ${value.slice(0, 16)}…`,
      );
    }
  });
}

/** Whether some limit of the profile can have cut this result (KD-LIMIT-05..07, OQ-09 A). */
function limitMayBeReached(truth: LookupTruth, fixture: LoadedFixture): boolean {
  if (truth.budgetMayExhaust || truth.typeCapped) return true;
  const collected = truth.candidates.filter((t) => t.collected);
  if (collected.some((t) => t.capped)) return true;
  if (collected.length > LIMITS.operations || fixture.diagnostics.length > LIMITS.diagnostics) return true;
  // A generous upper bound on the canonical bytes of every row the query may show.
  let bytes = 64 * 1024 + fixture.diagnostics.reduce((n, d) => n + 2048 + 6 * utf8Length(d.fallback_text), 0);
  for (const t of collected) {
    const c = t.candidate;
    bytes +=
      4096 +
      6 *
        (utf8Length(c.display_name) +
          utf8Length(c.qualified_name) +
          utf8Length(c.signature ?? '') +
          utf8Length(c.origin.module));
    bytes += 512 * (c.dependencies.length + c.origin.dependencies.length + c.diagnostic_ids.length);
    for (const g of c.generic_requirements) bytes += 512 + 6 * utf8Length(g.display) + 512 * g.dependencies.length;
    for (const e of c.effects) bytes += 512 + 6 * utf8Length(e.display) + 512 * e.dependencies.length;
  }
  return bytes > LIMITS.resultBytes;
}

function omissionReasons(result: unknown): Set<string> {
  return new Set(
    arrayMember(result, 'omissions')
      .map((o) => stringMember(o, 'reason'))
      .filter((r): r is string => r !== undefined),
  );
}

const MISSING_CLAUSE: Readonly<Record<string, string>> = {
  'hidden-by-visibility': 'KD-DISCLOSE-09',
  'not-imported': 'KD-DISCLOSE-06',
  'unsupported-in-profile': 'KD-LOOKUP-11',
  'incomplete-analysis': 'KD-LOOKUP-07',
};

function checkOmissions(
  got: ReadonlySet<string>,
  want: ReadonlySet<string>,
  optional: ReadonlySet<string>,
  required: ReadonlyMap<string, string>,
  out: Violation[],
): void {
  for (const r of want) {
    if (got.has(r)) continue;
    add(
      out,
      'omission-missing',
      MISSING_CLAUSE[r] ?? 'KD-OMIT-02',
      '/omissions',
      `A collected candidate is withheld with ${r}, so the result carries that omission (KIT-04).`,
      JSON.stringify(r),
      'absent',
    );
  }
  for (const [r, clause] of required) {
    if (got.has(r) || want.has(r)) continue;
    add(
      out,
      'omission-missing',
      clause,
      '/omissions',
      `The facts make the result incomplete, so it carries a ${r} omission.`,
      JSON.stringify(r),
      'absent',
    );
  }
  for (const r of got) {
    if (want.has(r) || optional.has(r) || required.has(r)) continue;
    // A not-imported omission for a hidden candidate says more than hidden-by-visibility does.
    const clause =
      r === 'not-imported'
        ? 'KD-DISCLOSE-07'
        : r === 'limit-exhausted'
          ? 'KD-LIMIT-10'
          : (MISSING_CLAUSE[r] ?? 'KD-OMIT-02');
    add(
      out,
      'omission-unfounded',
      clause,
      '/omissions',
      `No collected candidate is withheld with ${r}; an omission says no more than the facts (KIT-04).`,
      'no such omission',
      JSON.stringify(r),
    );
  }
}

function pendingOmissions(truth: LookupTruth, input: LookupCheckInput, explain: boolean): Map<string, string> {
  const required = new Map<string, string>();
  const view = reading({ input }, 'unvalidated-view-omission');
  if (view !== undefined && input.fixture.interfaces.some((i) => !i.validated))
    required.set('incomplete-analysis', view);
  const dropped = reading({ input }, 'dropped-nonvalidated-row-omission');
  if (
    !explain &&
    dropped !== undefined &&
    !input.request.query.include_unavailable &&
    truth.candidates.some((t) => eligible(t) && t.statusFloor > 0)
  ) {
    required.set('incomplete-analysis', dropped);
  }
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
    if (t.callable) {
      add(
        out,
        'callable-row-dropped',
        'KD-LOOKUP-06',
        '/operations',
        'A visible, validated, callable operation of this receiver is missing from the result.',
        `a row for SymbolId ${t.candidate.identity}`,
        'absent',
      );
    } else if (includeUnavailable && !t.capped) {
      const reasons = [...t.rejections.keys()];
      const clause = reasons.some((r) => r.startsWith('requires-'))
        ? 'KD-OWN-03'
        : reasons.includes('missing-effect')
          ? 'KD-EFFECT-06'
          : 'KD-REQ-07';
      add(
        out,
        'unavailable-row-dropped',
        clause,
        '/operations',
        'include_unavailable asks for the visible rejected candidates; this one is missing.',
        `a row for SymbolId ${t.candidate.identity}`,
        'absent',
      );
    }
  }
  const want = new Set<string>();
  for (const t of truth.candidates) if (t.collected && t.withheld !== null) want.add(t.withheld);
  const optional = new Set<string>();
  if (truth.candidates.some((t) => t.collected && t.withheld === null && t.uncitableError))
    optional.add('incomplete-analysis');
  checkOmissions(omissionReasons(result), want, optional, pendingOmissions(truth, input, false), out);
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
  const required = pendingOmissions(truth, input, true);
  const unsupported = reading({ input }, 'explain-unsupported-omission');
  if (
    unsupported !== undefined &&
    matched.some((t) => t.exposed && (t.candidate.origin.kind === 'extension' || t.candidate.origin.kind === 'trait'))
  ) {
    required.set('unsupported-in-profile', unsupported);
  }
  if (pick !== undefined) {
    const id = stringMember(member(rows[0], 'identity'), 'value');
    // An uncitable error candidate may stand in the way; the selection is then not certain.
    if (matched.some((t) => t.withheld === null && t.uncitableError)) return;
    if (id === undefined) {
      add(
        out,
        'explained-row-missing',
        'KD-RES-18',
        '/operations',
        'A visible candidate matches the spelling, so the explanation shows its row whatever include_unavailable ' +
          'says (KIT-05, OQ-33 A).',
        `a row for SymbolId ${pick.candidate.identity}`,
        'no row',
      );
    } else if (id !== pick.candidate.identity) {
      add(
        out,
        'explained-row-not-selected',
        'KD-RES-18',
        '/operations/0/identity/value',
        'The explanation shows the first applicable matching candidate in canonical order (KIT-05, OQ-34 A).',
        pick.candidate.identity,
        describeValue(id),
      );
    }
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
  const want = new Set<string>();
  for (const t of matched) if (t.withheld !== null) want.add(t.withheld);
  if (matched.length === 0) want.add('hidden-by-visibility');
  const optional = new Set<string>();
  if (uncitable) optional.add('incomplete-analysis');
  checkOmissions(got, want, optional, required, out);
}
