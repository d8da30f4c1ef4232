/**
 * `truncated` and the row cap against what the facts say a lookup cut (KD-LIMIT-05,
 * KD-LIMIT-10), from the verifier's own lookup truth (derive-lookup-truth.ts):
 * - truncated: true needs a cut (L79, KIT-17 A): a limit the facts can reach, and either a
 *   mark of the cut in the result (a limit-exhausted row or omission) or a cut that leaves
 *   no mark (a type fact over a nested cap, OQ-09 A; a row over a nested cap that
 *   include_unavailable false drops, when it could be callable but for the cut: a row that
 *   is unavailable anyway, not validated or rejected, loses nothing to the cut, OQ-32 D);
 * - a cut the facts force is truncated: a type fact over a nested cap, more rows to show
 *   than the 4,096-row cap (whatever stops first, the row cap or the step budget, cuts), or
 *   a row that would be callable but for a nested cap, dropped by include_unavailable false;
 * - rows dropped past the row cap leave a limit-exhausted omission (OQ-06 A, KIT-17 A);
 * - the row cap stops at the canonical prefix (OQ-06 A): no row to show is dropped ahead of
 *   a kept one, and the kept rows stop short of 4,096 only where the next row would take
 *   the result past 4 MiB or 256 diagnostics.
 * The half of KD-LIMIT-10 the result shows by itself (a marked cut is truncated) is
 * check-limits'. A cut row that is dropped or a capped list is judged row by row by
 * check-fixture-lookup and check-fixture-rows.
 */
import { encodeCanonical } from '../canonical-json/encode-canonical.js';
import type { JsonValue } from '../canonical-json/json-value.js';
import { compareUtf8, utf8Length } from '../canonical-json/compare-utf8.js';
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FactKey, FixtureCandidate } from '../fixture/fixture.js';
import { LIMITS } from '../limits.js';
import { REJECTION_REASONS, type DiscoveryRequestV1 } from '../records/discovery-records.js';
import type { Violation } from '../violation.js';
import { cutMarker } from './check-limits.js';
import type { CandidateTruth, LookupTruth } from './derive-lookup-truth.js';
import { factKeyText, type FixtureFactClosure } from './fixture-fact-closure.js';
import { arrayMember, member, stringMember } from './json-access.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const CUT_RULES = ruleTable({
  'truncated-without-limit': ['KD-LIMIT-10', 'false', 'true',
    'No limit of the profile can be reached on these facts, so nothing was cut and the result is not truncated.'],
  'row-cap-before-filter': ['KD-LIMIT-05', 'false', 'true',
    '{candidates} candidates apply but {rows} rows are to be shown: the 4,096-row cap counts the rows the result',
    'shows, after include_unavailable false drops the unavailable ones, so nothing was cut (OQ-32 A).'],
  'truncated-without-cut': ['KD-LIMIT-10', 'false', 'true',
    'The result marks no cut (no limit-exhausted row or omission) and no type fact or row of these facts is over a',
    'nested cap, so nothing was cut and the result is not truncated.'],
  'cut-row-unavailable-anyway': ['KD-LIMIT-10', 'false', 'true',
    'The result marks no cut, and the only rows over a nested cap are dropped by include_unavailable false and are',
    'unavailable whether or not they are cut (not validated, or rejected): the cut loses nothing the result would',
    'show, so the result is not truncated (OQ-32 D).'],
  'forced-cut-not-truncated': ['KD-LIMIT-10', 'true', '{truncated:value}',
    'The facts force a cut ({cut}), so the result has truncated: true (KIT-17 A).'],
  'cap-omission-missing': ['KD-LIMIT-05', '"limit-exhausted" among the omissions', 'absent',
    '{count} rows are to be shown and at most 4,096 are kept, so the dropped rows leave a limit-exhausted omission',
    '(OQ-06 A, KIT-17 A).'],
  'row-cap-stop-point': ['KD-LIMIT-05', '{expected} rows', '{count} rows',
    'Rows are dropped only past the 4,096-row cap or where the next row would take the result past 4 MiB or 256',
    'diagnostics, and the next row here fits (OQ-06 A).'],
  'row-cap-not-prefix': ['KD-LIMIT-05', 'a row for SymbolId {id}', 'absent',
    'A cut keeps the canonical prefix of the rows: this row comes before the last kept one (OQ-06 A).'],
});

const R = CUT_RULES;

/** What the cut checks need. */
export interface CutCheckInput {
  fixture: LoadedFixture;
  request: DiscoveryRequestV1;
  truth: LookupTruth;
  /** The closure of the fixture's facts, for the diagnostics a row may cite. */
  closure: FixtureFactClosure;
  /** The length of the result bytes (canonical for a canonical result). */
  resultBytes: number;
}

/** A candidate that can become a row (an uncitable error row may be withheld instead, KD-CLOSURE-10). */
export function eligible(t: CandidateTruth): boolean {
  return t.collected && t.withheld === null && !t.uncitableError;
}

/**
 * Whether some limit of the profile can have cut this result (KD-LIMIT-05..07, OQ-09 A). `shown`, when given, are the
 * only rows the result may show (include_unavailable false drops the others before any cap counts them, OQ-32 A);
 * otherwise every collected candidate counts.
 */
export function limitMayBeReached(
  truth: LookupTruth,
  fixture: LoadedFixture,
  shown?: readonly CandidateTruth[],
): boolean {
  if (truth.budgetMayExhaust || truth.typeCapped) return true;
  const collected = truth.candidates.filter((t) => t.collected);
  if (collected.some((t) => t.capped)) return true;
  const rows = shown ?? collected;
  if (rows.length > LIMITS.operations || fixture.diagnostics.length > LIMITS.diagnostics) return true;
  // A generous upper bound on the canonical bytes of every row the query may show.
  let bytes = 64 * 1024 + fixture.diagnostics.reduce((n, d) => n + 2048 + 6 * utf8Length(d.fallback_text), 0);
  for (const t of rows) {
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

/** Checks `truncated` and the row cap of a complete or partial lookup result. */
export function checkCut(result: unknown, input: CutCheckInput): Violation[] {
  const out: Violation[] = [];
  const { truth, request } = input;
  const truncated = member(result, 'truncated');
  if (request.query.kind === 'type') {
    // A type query looks nothing up; only a type fact cut by a cap truncates it (OQ-09 A).
    if (truncated === true && !truth.typeCapped) out.push(R.at('truncated-without-limit', '/truncated'));
    if (truncated !== true && truth.typeCapped) out.push(forcedCut(truncated, 'the type fact is over a nested cap'));
    return out;
  }
  const marker = cutMarker(result);
  const showable = truth.candidates.filter((t) => eligible(t) && (t.callable || request.query.include_unavailable));
  const general = request.query.kind !== 'explain-operation';
  if (truncated === true && !limitMayBeReached(truth, input.fixture))
    out.push(R.at('truncated-without-limit', '/truncated'));
  else if (truncated === true && general && !limitMayBeReached(truth, input.fixture, showable)) {
    const candidates = truth.candidates.filter((t) => t.collected).length;
    out.push(R.at('row-cap-before-filter', '/truncated', { candidates, rows: showable.length }));
  } else if (truncated === true && marker === undefined && !mayCutUnmarked(truth))
    out.push(R.at('truncated-without-cut', '/truncated'));
  else if (truncated === true && marker === undefined && !mayCutUnmarked(truth, dropsUnavailable(request)))
    out.push(R.at('cut-row-unavailable-anyway', '/truncated'));
  if (truncated !== true && truth.typeCapped) out.push(forcedCut(truncated, 'the type fact is over a nested cap'));
  if (!general) return out;

  const rows = arrayMember(result, 'operations');
  // A marked cut that is not truncated is check-limits' to report; a type cut is reported above.
  const unmarkedCut = truncated !== true && !truth.typeCapped && marker === undefined;
  if (showable.length > LIMITS.operations) {
    // Whichever stops first, the row cap or the step budget, something is cut.
    const cut = `${showable.length} rows to show, over the cap of ${LIMITS.operations}`;
    if (unmarkedCut) out.push(forcedCut(truncated, cut));
    if (marker === undefined || !marker.startsWith('a limit-exhausted omission'))
      out.push(R.at('cap-omission-missing', '/omissions', { count: showable.length }));
  } else if (unmarkedCut && dropsUnavailable(request)) {
    // L79: the cut made a row unavailable that would be callable, and include_unavailable false dropped it.
    const lost = truth.candidates.find((t) => eligible(t) && t.callableButForCap);
    if (lost !== undefined)
      out.push(
        forcedCut(truncated, `SymbolId ${lost.candidate.identity} is callable but for a nested cap and dropped`),
      );
  }
  if (truncated === true || marker !== undefined) checkStopPoint(result, rows, showable, input, out);
  return out;
}

function forcedCut(truncated: unknown, cut: string): Violation {
  return R.at('forced-cut-not-truncated', '/truncated', { truncated, cut });
}

/** Whether the query drops every row with availability unavailable: a general query without include_unavailable. */
function dropsUnavailable(request: DiscoveryRequestV1): boolean {
  return request.query.kind !== 'explain-operation' && !request.query.include_unavailable;
}

/**
 * A cut the result need not mark: a type fact over a cap, or a row over one that is dropped (OQ-09 A, KIT-17 A). When
 * `dropped` (include_unavailable false drops every unavailable row), only a row that could be callable but for the cut
 * loses anything to it; one that is not validated or is rejected is dropped whether or not it is cut (OQ-32 D).
 */
function mayCutUnmarked(truth: LookupTruth, dropped = false): boolean {
  return (
    truth.typeCapped ||
    truth.candidates.some(
      (t) => t.collected && t.capped && (!dropped || (t.statusFloor === 0 && t.rejections.size === 0)),
    )
  );
}

/**
 * The kept rows of a cut general query against the canonical prefix of the rows to show (OQ-06 A). Where the step
 * budget may stop the visit the stop point is the budget's (KIT-10), so only the prefix is held.
 */
function checkStopPoint(
  result: unknown,
  rows: readonly unknown[],
  showable: readonly CandidateTruth[],
  input: CutCheckInput,
  out: Violation[],
): void {
  const shown = new Set(rows.map((op) => stringMember(member(op, 'identity'), 'value')));
  const dropped = showable
    .filter((t) => !shown.has(t.candidate.identity))
    .sort((a, b) => compareUtf8(a.candidate.identity, b.candidate.identity));
  const next = dropped[0];
  if (next === undefined) return;
  let last: string | undefined;
  for (const op of rows) {
    const id = stringMember(member(op, 'identity'), 'value');
    if (id !== undefined && (last === undefined || compareUtf8(id, last) > 0)) last = id;
  }
  if (last !== undefined && compareUtf8(next.candidate.identity, last) < 0) {
    out.push(R.at('row-cap-not-prefix', '/operations', { id: next.candidate.identity }));
    return;
  }
  const want = Math.min(showable.length, LIMITS.operations);
  if (input.truth.budgetMayExhaust || rows.length >= want) return;
  const least = rows.length + rowsThatFit(result, rows.length, dropped.slice(0, want - rows.length), input);
  if (least === rows.length) return;
  const expected = least === want ? `${want}` : `at least ${least}`;
  out.push(R.at('row-cap-stop-point', '/operations', { expected, count: rows.length }));
}

/**
 * The bytes `value` takes as an item of a field array of the result: its canonical encoding less the final LF, each
 * line indented by four more spaces (the canonical layout nests it two levels deep).
 */
function itemBytes(value: unknown): number {
  const encoded = encodeCanonical(value as JsonValue);
  let lines = 0;
  for (const b of encoded) if (b === 0x0a) lines++;
  return encoded.length - 1 + 4 * lines;
}

/**
 * What adding items of these sizes to a field array of `had` items adds: a comma and a LF with each item, and, to an
 * empty array, the LF and two spaces before its `]`: `[]` becomes `[`, LF, the items, LF, two spaces, `]`.
 */
function addedBytes(had: number, items: readonly number[]): number {
  if (items.length === 0) return 0;
  const sum = items.reduce((n, b) => n + b + 2, 0);
  return had === 0 ? sum + 2 : sum;
}

/** Of two values a field may take, the one whose encoding is the longer (the encoder takes only objects). */
function longer(a: unknown, b: unknown): unknown {
  const size = (v: unknown): number => encodeCanonical({ v } as JsonValue).length;
  return size(a) >= size(b) ? a : b;
}

const identity = (kind: string, value: string): { kind: string; value: string } => ({ kind, value });

/**
 * A row for `c` at its largest: every field at the longest value the candidate's facts let it take (each nested
 * record and dependency of the candidate listed, every status token `provisional`, every rejection reason, every
 * nullable field at the longer of its two forms) and the diagnostic IDs it may cite. No row of `c` is longer.
 */
function largestRow(c: FixtureCandidate, diagnosticIds: readonly string[]): object {
  const status = 'provisional';
  const keys = new Map<string, FactKey>();
  const nested = [...c.generic_requirements, ...c.effects].flatMap((r) => r.dependencies);
  for (const k of [...c.dependencies, ...c.origin.dependencies, ...nested]) keys.set(factKeyText(k), k);
  const o = c.origin;
  return {
    availability: 'unavailable',
    dependencies: [...keys.values()].map((k) => ({ kind: k.kind, source: k.source, status, value: k.value })),
    diagnostic_ids: diagnosticIds,
    display_name: c.display_name,
    documentation: c.documentation === null ? null : `kofun-doc:${c.documentation}`,
    effects: c.effects.map((e) => ({
      display: e.display,
      identity: identity(e.identity.kind, e.identity.value),
      status,
    })),
    generic_requirements: c.generic_requirements.map((g) => ({
      display: g.display,
      identity: g.identity === null ? null : identity(g.identity.kind, g.identity.value),
      kind: g.kind,
      status,
    })),
    identity: identity('SymbolId', c.identity),
    origin: {
      implementation_identity: longer(
        null,
        o.implementation_identity === null ? null : identity('ImplementationId', o.implementation_identity),
      ),
      kind: o.kind,
      module: o.module,
      module_identity: identity('ModuleId', o.module_identity),
      status,
      trait: longer(null, o.trait),
      trait_identity: longer(
        null,
        o.trait_identity === null ? null : identity(o.trait_identity.kind, o.trait_identity.value),
      ),
    },
    qualified_name: c.qualified_name,
    receiver_mode: longer(null, c.required_mode),
    rejection_reasons: [...REJECTION_REASONS],
    signature: longer(null, c.signature),
    source:
      c.source === null
        ? null
        : { file_id: c.source.file_id, span: { end: c.source.span.end, start: c.source.span.start } },
    status,
    visibility: c.visibility,
  };
}

/** A diagnostic at its largest: with its primary location, whether or not it is disclosable. */
function largestDiagnostic(d: LoadedFixture['diagnostics'][number]): object {
  const { category, code, fallback_text, id, severity, template_id } = d;
  return { category, code, fallback_text, id, primary: longer(null, d.primary), severity, template_id };
}

/**
 * How many of the dropped rows, in canonical order, certainly fit after the `kept` rows: each measured at its
 * largest (largestRow) with every diagnostic it may bring into the result, so rows that fit so measured fit. A
 * callable row cites only its own diagnostics; any other may cite those of the error facts it reaches (KIT-11).
 */
function rowsThatFit(result: unknown, kept: number, dropped: readonly CandidateTruth[], input: CutCheckInput): number {
  const diagnostics = new Set(arrayMember(result, 'diagnostics').map((d) => stringMember(d, 'id')));
  const nodeDiagnostics = new Map<string, string[]>();
  for (const f of input.fixture.facts) {
    const k = factKeyText(f);
    nodeDiagnostics.set(k, [...(nodeDiagnostics.get(k) ?? []), ...f.diagnostic_ids]);
  }
  let bytes = input.resultBytes;
  let fits = 0;
  for (const t of dropped) {
    const c = t.candidate;
    const cited = citableDiagnostics(t, input.closure, nodeDiagnostics);
    const brought = input.fixture.diagnostics.filter((d) => cited.has(d.id) && !diagnostics.has(d.id));
    if (diagnostics.size + brought.length > LIMITS.diagnostics) break;
    const ids = [...new Set([...c.diagnostic_ids, ...cited])].slice(0, LIMITS.diagnosticIdsPerFact);
    bytes +=
      addedBytes(kept + fits, [itemBytes(largestRow(c, ids))]) +
      addedBytes(
        diagnostics.size,
        brought.map((d) => itemBytes(largestDiagnostic(d))),
      );
    if (bytes > LIMITS.resultBytes) break;
    for (const d of brought) diagnostics.add(d.id);
    fits += 1;
  }
  return fits;
}

/**
 * The diagnostics a row of `t` may cite: a callable row only its own; any other also those of every fact its keys
 * reach (an error row cites the error facts it reaches, KD-CLOSURE-10, KIT-11), counted whether or not they are errors.
 */
function citableDiagnostics(
  t: CandidateTruth,
  closure: FixtureFactClosure,
  nodeDiagnostics: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const c = t.candidate;
  const cited = new Set(c.diagnostic_ids);
  if (t.callable) return cited;
  const nested = [...c.generic_requirements, ...c.effects].flatMap((r) => r.dependencies);
  for (const k of closure.reachable([...c.dependencies, ...c.origin.dependencies, ...nested]))
    for (const id of nodeDiagnostics.get(k) ?? []) cited.add(id);
  return cited;
}
