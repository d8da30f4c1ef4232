/**
 * Rows, type fact and diagnostics against the fixture's ground truth:
 * - every row is an exposed candidate and says what the compiler says about it: name,
 *   qualified name, visibility, origin, signature (KD-DISCLOSE-03, KD-ORIGIN-04) and the
 *   receiver mode the compiler's ownership result requires (KD-OWN-06); a row for a hidden
 *   candidate is a disclosure fault in itself;
 * - no status is upgraded: a row is at least its candidate's intrinsic status and the
 *   closure of every dependency it and its listed nested records have; each listed
 *   dependency, origin, requirement and effect at least its own closure; the type fact at
 *   least its occurrence's (KD-CLOSURE-14, closure computed here, KIT-07);
 * - the dependencies of the candidate and its listed nested records are all listed
 *   (KD-CLOSURE-16, OQ-22 A), unless there are more than 64 and the row is downgraded
 *   (OQ-09 A), or the dependency names a hidden candidate, which is never listed (KIT-08 C);
 * - only public effects are disclosed (KD-EFFECT-07); source, documentation and primary
 *   locations only when the compiler marks them disclosable (KD-DISCLOSE-04/05) and has
 *   them: a source or link the compiler does not have is shown nowhere;
 * - a type identity or display is the compiler's, never invented (KD-TYPE-08), and the type fact lists its direct
 *   dependencies like a row (OQ-22 A), not validated when it needs more than 64 (OQ-09 A); a provisional or
 *   unavailable type's reason is limit-exhausted when cut, incomplete-analysis when downgraded, else the compiler's.
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FactKey, FixtureCandidate, FixtureOccurrence } from '../fixture/fixture.js';
import { LIMITS } from '../limits.js';
import type { Location } from '../records/discovery-records.js';
import type { Violation } from '../violation.js';
import { hiddenIdentities } from './fixture-exposure.js';
import { factKeyText, type FixtureFactClosure } from './fixture-fact-closure.js';
import { arrayMember, integerMember, isRecord, member, stringMember } from './json-access.js';
import { ruleTable } from './rule-table.js';
import { statusAtRank, statusRank } from './status-rank.js';

// prettier-ignore
export const FIXTURE_ROW_RULES = ruleTable({
  'status-upgraded': ['KD-CLOSURE-14', 'at least "{bound}"', '{status:value}',
    "The {what} is less restrictive than the fixture's facts allow; a status is never upgraded."],
  'row-without-candidate': ['KD-DISCLOSE-03', 'the SymbolId of an exposed candidate', '{id:json}',
    'The row names no candidate of the fixture; rows come only from disclosable candidates.'],
  'hidden-candidate-row': [['KD-DISCLOSE-03', 'KD-DISCLOSE-08'], 'no row', 'a row for a hidden candidate',
    'The row discloses a candidate that is hidden at this position (KIT-03); hidden candidates never become rows.'],
  'row-field-mismatch': [['KD-DISCLOSE-03', 'KD-ORIGIN-04', 'KD-DISCLOSE-04'], '{want:json}', '{got:value}',
    "The row's {field} differs from the compiler's fact for its SymbolId."],
  'receiver-mode-mismatch': ['KD-OWN-06', '{want:json}', '{got:value}',
    "The row's receiver mode is the mode the compiler's ownership result requires of the receiver,",
    'not one the receiver happens to permit; that result stays authoritative.'],
  'row-field-mismatch (source)': ['KD-DISCLOSE-04', 'the candidate source', 'another location',
    "The row's source differs from the compiler's location."],
  'fabricated-signature': ['KD-CLOSURE-11', 'null', '{signature:value}',
    'The row shows a signature the compiler does not have.'],
  'non-public-effect-disclosed': ['KD-EFFECT-07', 'a public effect requirement', 'a non-public effect requirement',
    'Only public effect requirements are disclosed (KIT-06).'],
  'dependencies-over-cap-validated': ['KD-LIMIT-06', 'a nonvalidated status', '"validated"',
    'The row needs more than 64 dependencies, so it cannot list its closure and is not validated (OQ-09 A).'],
  'missing-dependency': ['KD-CLOSURE-16', '{source} {kind} {value}', 'absent',
    'The row omits a dependency of itself or of a nested record it lists (OQ-22 A).'],
  'type-dependencies-over-cap-validated': ['KD-LIMIT-06', 'a nonvalidated status', '"validated"',
    'The type fact needs more than 64 dependencies, so it cannot list its closure and is not validated (OQ-09 A).'],
  'type-dependency-missing': ['KD-CLOSURE-08', '{source} {kind} {value}', 'absent',
    'The type fact omits one of its direct dependencies, so its closure cannot be checked against it (OQ-22 A).'],
  'type-reason-mismatch': [['KD-TYPE-04', 'KD-TYPE-05'], '{want:json}', '{got:value}',
    'The type fact is {status:json} because {why}, and its reason says so: limit-exhausted for a type cut by a cap',
    "(OQ-09 A), incomplete-analysis for one its dependencies downgrade (KIT-07 A), else the compiler's (OQ-42 A)."],
  'undisclosable-source': ['KD-DISCLOSE-04', 'null', 'a location',
    'The row discloses a source location the compiler does not mark disclosable.'],
  'undisclosable-documentation': ['KD-DISCLOSE-04', 'null', '{documentation:value}',
    'The row discloses documentation the compiler does not mark disclosable.'],
  'source-without-location': ['KD-DISCLOSE-04', 'null', 'a location',
    'The compiler marks the source disclosable but has no location for this operation, so there is none to show.'],
  'documentation-without-attachment': ['KD-DISCLOSE-04', 'null', '{documentation:value}',
    'The compiler marks the documentation disclosable but has no attachment for this operation, so there is no link.'],
  'type-identity-mismatch': ['KD-TYPE-08', '{want}', 'another identity',
    "The type identity is not the compiler's for this occurrence; the service never invents a type."],
  'type-placeholder-missing': ['KD-TYPE-04', '{display:json}', 'null',
    'The compiler has a display for this type (a placeholder such as _T1),',
    'and only an unavailable type drops it (OQ-42 A).'],
  'type-display-mismatch': ['KD-TYPE-08', '{want:value}', '{got:value}',
    "The type display is not the compiler's for this occurrence; the service never invents a type."],
  'diagnostic-not-in-fixture': ['KD-DIAG-07', 'the ID of a fixture diagnostic', '{id:json}',
    'The result shows a diagnostic the compiler did not issue.'],
  'diagnostic-field-mismatch': [['KD-DIAG-02', 'KD-DIAG-03', 'KD-DIAG-04'], '{want:json}', '{got:value}',
    "The diagnostic's {field} differs from the compiler's diagnostic with this ID."],
  'undisclosable-primary': ['KD-DISCLOSE-05', 'null', 'a location',
    'The diagnostic discloses a location the compiler does not mark safe for this query.'],
  'primary-mismatch': ['KD-DISCLOSE-05', 'the diagnostic primary', 'another location',
    "The diagnostic's primary location differs from the compiler's."],
});

const R = FIXTURE_ROW_RULES;

/** What the row checks share. */
export interface FixtureView {
  fixture: LoadedFixture;
  closure: FixtureFactClosure;
  exposed: (c: FixtureCandidate) => boolean;
  /** The candidate of a SymbolId value (a series member is found without listing the members). */
  byIdentity: Pick<ReadonlyMap<string, FixtureCandidate>, 'get'>;
}

/** A status of the result below the rank the fixture's facts bound it to (KD-CLOSURE-14). */
function checkBound(out: Violation[], pointer: string, what: string, bound: number, status: unknown): void {
  const rank = statusRank(status);
  if (rank !== undefined && rank < bound)
    out.push(R.at('status-upgraded', pointer, { bound: statusAtRank(bound), what, status }));
}

/** A listed dependency's fact key, when the entry has all three parts. */
function listedKey(d: unknown): FactKey | undefined {
  const source = stringMember(d, 'source');
  const kind = stringMember(d, 'kind');
  const value = stringMember(d, 'value');
  return source === undefined || kind === undefined || value === undefined
    ? undefined
    : ({ source, kind, value } as FactKey);
}

/**
 * Whether a dependency key names a candidate hidden at the position, by kind and value
 * (KIT-08 C): such a dependency is never listed, so its absence is not a missing dependency.
 */
function namesHiddenCandidate(k: FactKey, view: FixtureView): boolean {
  return hiddenIdentities(view.fixture).has(`${k.kind}:${k.value}`);
}

function sameLocation(row: unknown, loc: Location | null): boolean {
  if (loc === null) return false;
  const span = member(row, 'span');
  return (
    member(row, 'file_id') === loc.file_id &&
    integerMember(span, 'start') === loc.span.start &&
    integerMember(span, 'end') === loc.span.end
  );
}

/** Checks the rows, the type fact (given its occurrence) and the diagnostics of a result. */
export function checkFixtureRows(
  result: unknown,
  view: FixtureView,
  occurrence: FixtureOccurrence | undefined,
): Violation[] {
  const out: Violation[] = [];
  arrayMember(result, 'operations').forEach((op, i) => {
    if (isRecord(op)) checkRow(op, `/operations/${i}`, view, out);
  });
  const type = member(result, 'type');
  if (occurrence !== undefined && isRecord(type)) checkTypeFact(type, occurrence, view, out);
  checkDiagnostics(result, view.fixture, out);
  return out;
}

function checkRow(op: Readonly<Record<string, unknown>>, at: string, view: FixtureView, out: Violation[]): void {
  const id = stringMember(member(op, 'identity'), 'value');
  if (id === undefined) return;
  const c = view.byIdentity.get(id);
  if (c === undefined) {
    out.push(R.at('row-without-candidate', `${at}/identity/value`, { id }));
    return;
  }
  if (!view.exposed(c)) {
    const clause = c.origin.kind === 'extension' ? 'KD-DISCLOSE-08' : 'KD-DISCLOSE-03';
    out.push(R.at('hidden-candidate-row', at, { clause }));
    return;
  }
  const field = fieldCheck(at, out);
  checkRowFields(op, at, c, field, out);
  checkRowClosure(op, at, c, view, out);
  const source = member(op, 'source');
  if (source !== null && source !== undefined) {
    if (!c.disclose_source) out.push(R.at('undisclosable-source', `${at}/source`));
    else if (c.source === null) out.push(R.at('source-without-location', `${at}/source`));
    else if (!sameLocation(source, c.source)) out.push(R.at('row-field-mismatch (source)', `${at}/source`));
  }
  const documentation = member(op, 'documentation');
  if (documentation !== null && documentation !== undefined) {
    if (!c.disclose_documentation)
      out.push(R.at('undisclosable-documentation', `${at}/documentation`, { documentation }));
    else if (c.documentation === null)
      out.push(R.at('documentation-without-attachment', `${at}/documentation`, { documentation }));
    else field('documentation', `kofun-doc:${c.documentation}`, documentation, 'KD-DISCLOSE-04');
  }
}

type FieldClause = 'KD-DISCLOSE-03' | 'KD-ORIGIN-04' | 'KD-DISCLOSE-04';
type FieldCheck = (name: string, want: string | null, got: unknown, clause?: FieldClause) => void;

/** A check that a row's field (at `at`/name) holds what the candidate says. */
function fieldCheck(at: string, out: Violation[]): FieldCheck {
  return (name, want, got, clause = 'KD-DISCLOSE-03') => {
    if (got !== want)
      out.push(R.at('row-field-mismatch', `${at}/${name}`, { clause, field: name.replace(/\//g, '.'), want, got }));
  };
}

/** The row's own fields against its candidate's: names, visibility, origin, signature, receiver mode. */
function checkRowFields(
  op: Readonly<Record<string, unknown>>,
  at: string,
  c: FixtureCandidate,
  field: FieldCheck,
  out: Violation[],
): void {
  field('display_name', c.display_name, member(op, 'display_name'));
  field('qualified_name', c.qualified_name, member(op, 'qualified_name'));
  field('visibility', c.visibility, member(op, 'visibility'));
  const origin = member(op, 'origin');
  field('origin/kind', c.origin.kind, member(origin, 'kind'));
  field('origin/module', c.origin.module, member(origin, 'module'), 'KD-ORIGIN-04');
  field(
    'origin/module_identity/value',
    c.origin.module_identity,
    stringMember(member(origin, 'module_identity'), 'value'),
  );
  const impl = member(origin, 'implementation_identity');
  field(
    'origin/implementation_identity',
    c.origin.implementation_identity,
    impl === null ? null : stringMember(impl, 'value'),
  );
  const signature = member(op, 'signature');
  if (typeof signature === 'string' && c.signature === null)
    out.push(R.at('fabricated-signature', `${at}/signature`, { signature }));
  else if (typeof signature === 'string') field('signature', c.signature, signature);
  const mode = member(op, 'receiver_mode');
  if (typeof mode === 'string' && mode !== c.required_mode)
    out.push(R.at('receiver-mode-mismatch', `${at}/receiver_mode`, { want: c.required_mode, got: mode }));
}

/**
 * The nested records the row lists, matched to the candidate's, each within its status bound; the row's status within
 * the worst of them; its dependencies listed with their statuses, none missing (but past the cap, OQ-09 A).
 */
function checkRowClosure(
  op: Readonly<Record<string, unknown>>,
  at: string,
  c: FixtureCandidate,
  view: FixtureView,
  out: Violation[],
): void {
  const origin = member(op, 'origin');
  const cl = view.closure;
  const needed: FactKey[] = [...c.dependencies, ...c.origin.dependencies];
  let bound = Math.max(statusRank(c.status) ?? 0, cl.maxRank(c.dependencies));
  const originBound = cl.maxRank(c.origin.dependencies, statusRank(c.origin.status) ?? 0);
  bound = Math.max(bound, originBound);
  checkBound(out, `${at}/origin/status`, 'origin status', originBound, member(origin, 'status'));

  arrayMember(op, 'generic_requirements').forEach((g, j) => {
    const gid = member(g, 'identity');
    const match = c.generic_requirements.find((f) =>
      isRecord(gid)
        ? f.identity !== null && f.identity.kind === member(gid, 'kind') && f.identity.value === member(gid, 'value')
        : gid === null && f.identity === null && f.kind === member(g, 'kind') && f.display === member(g, 'display'),
    );
    if (match === undefined) return;
    needed.push(...match.dependencies);
    const b = cl.maxRank(match.dependencies, statusRank(match.status) ?? 0);
    bound = Math.max(bound, b);
    checkBound(out, `${at}/generic_requirements/${j}/status`, 'generic requirement status', b, member(g, 'status'));
  });
  arrayMember(op, 'effects').forEach((e, j) => {
    const eid = member(e, 'identity');
    const match = c.effects.find(
      (f) => f.identity.kind === member(eid, 'kind') && f.identity.value === member(eid, 'value'),
    );
    if (match === undefined) return;
    if (!match.public) {
      out.push(R.at('non-public-effect-disclosed', `${at}/effects/${j}`));
      return;
    }
    needed.push(...match.dependencies);
    const b = cl.maxRank(match.dependencies, statusRank(match.status) ?? 0);
    bound = Math.max(bound, b);
    checkBound(out, `${at}/effects/${j}/status`, 'effect status', b, member(e, 'status'));
  });

  const status = member(op, 'status');
  checkBound(out, `${at}/status`, 'row status', bound, status);

  const listed = new Set<string>();
  arrayMember(op, 'dependencies').forEach((d, j) => {
    const key = listedKey(d);
    if (key === undefined) return;
    listed.add(factKeyText(key));
    checkBound(out, `${at}/dependencies/${j}/status`, 'dependency status', cl.rankOf(key), member(d, 'status'));
  });
  const neededKeys = new Map<string, FactKey>();
  for (const k of needed) neededKeys.set(factKeyText(k), k);
  if (neededKeys.size > LIMITS.dependenciesPerFact) {
    // OQ-09 A: more than 64 dependencies cannot all be listed, so the row is not validated.
    if (statusRank(status) === 0) out.push(R.at('dependencies-over-cap-validated', `${at}/status`));
  } else {
    for (const [text, k] of neededKeys) {
      if (listed.has(text) || namesHiddenCandidate(k, view)) continue;
      out.push(R.at('missing-dependency', `${at}/dependencies`, { source: k.source, kind: k.kind, value: k.value }));
    }
  }
}

function checkTypeFact(
  type: Readonly<Record<string, unknown>>,
  occurrence: FixtureOccurrence,
  view: FixtureView,
  out: Violation[],
): void {
  const t = occurrence.type;
  const cl = view.closure;
  const status = member(type, 'status');
  checkBound(out, '/type/status', 'type fact status', cl.maxRank(t.dependencies, statusRank(t.status) ?? 0), status);
  const identity = member(type, 'identity');
  const sameIdentity =
    t.identity !== null &&
    member(identity, 'kind') === t.identity.kind &&
    member(identity, 'value') === t.identity.value;
  if (isRecord(identity) && !sameIdentity) {
    const want = t.identity === null ? 'null' : `${t.identity.kind} ${t.identity.value}`;
    out.push(R.at('type-identity-mismatch', '/type/identity', { want }));
  }
  const display = member(type, 'display');
  if (display === null && t.display !== null && (status === 'provisional' || status === 'error'))
    out.push(R.at('type-placeholder-missing', '/type/display', { display: t.display }));
  if (typeof display === 'string' && display !== t.display)
    out.push(R.at('type-display-mismatch', '/type/display', { want: t.display, got: display }));
  const listed = new Set<string>();
  arrayMember(type, 'dependencies').forEach((d, j) => {
    const key = listedKey(d);
    if (key === undefined) return;
    listed.add(factKeyText(key));
    checkBound(out, `/type/dependencies/${j}/status`, 'dependency status', cl.rankOf(key), member(d, 'status'));
  });
  // As for a row (OQ-22 A, OQ-09 A): every direct dependency is listed, unless it names a hidden candidate (KIT-08 C)
  // or there are more than 64, when the fact is not validated.
  const needed = new Map<string, FactKey>();
  for (const k of t.dependencies) if (!namesHiddenCandidate(k, view)) needed.set(factKeyText(k), k);
  checkTypeReason(type, t, view, needed.size, out);
  if (needed.size > LIMITS.dependenciesPerFact) {
    if (statusRank(status) === 0) out.push(R.at('type-dependencies-over-cap-validated', '/type/status'));
    return;
  }
  for (const [text, k] of needed)
    if (!listed.has(text))
      out.push(
        R.at('type-dependency-missing', '/type/dependencies', { source: k.source, kind: k.kind, value: k.value }),
      );
}

/**
 * The reason of a provisional or unavailable type fact, worked from the fixture (KIT-07 A, OQ-09 A, OQ-42 A): a type
 * that needs more than 64 dependencies or 256 diagnostic IDs is cut with limit-exhausted; one its dependencies make
 * more restrictive than the compiler's own status, or that may not list a dependency naming a hidden candidate
 * (KIT-08 C), takes incomplete-analysis; otherwise it keeps the compiler's reason. Checked only where the result's
 * status is the one the facts give, so a wrong status is reported once, by its own rule.
 */
function checkTypeReason(
  type: Readonly<Record<string, unknown>>,
  t: FixtureOccurrence['type'],
  view: FixtureView,
  neededDependencies: number,
  out: Violation[],
): void {
  const status = member(type, 'status');
  if (status !== 'provisional' && status !== 'unavailable') return;
  const own = statusRank(t.status) ?? 2;
  const hides = t.dependencies.some((k) => namesHiddenCandidate(k, view));
  const capped =
    neededDependencies > LIMITS.dependenciesPerFact || t.diagnostic_ids.length > LIMITS.diagnosticIdsPerFact;
  const closed = view.closure.maxRank(t.dependencies, own);
  const rank = hides || capped ? Math.max(closed, 2) : closed;
  if (statusRank(status) !== rank) return;
  let want: string;
  let why: string;
  if (capped) {
    want = 'limit-exhausted';
    why = 'it needs more than 64 dependencies or 256 diagnostic IDs';
  } else if (rank > own || hides) {
    want = 'incomplete-analysis';
    why = hides ? 'it may not list a dependency' : "its dependencies are more restrictive than the compiler's status";
  } else {
    want = t.reason ?? 'incomplete-analysis';
    why = 'the compiler reports it so';
  }
  const got = member(type, 'reason');
  if (got !== want) {
    const clause = status === 'provisional' ? 'KD-TYPE-04' : 'KD-TYPE-05';
    out.push(R.at('type-reason-mismatch', '/type/reason', { clause, want, got, status, why }));
  }
}

const DIAGNOSTIC_FIELDS = ['code', 'severity', 'category', 'template_id', 'fallback_text'] as const;

function checkDiagnostics(result: unknown, fixture: LoadedFixture, out: Violation[]): void {
  const byId = new Map(fixture.diagnostics.map((d) => [d.id, d] as const));
  arrayMember(result, 'diagnostics').forEach((d, i) => {
    const at = `/diagnostics/${i}`;
    const id = stringMember(d, 'id');
    const f = id === undefined ? undefined : byId.get(id);
    if (id !== undefined && f === undefined) {
      out.push(R.at('diagnostic-not-in-fixture', `${at}/id`, { id }));
      return;
    }
    if (f === undefined) return;
    for (const field of DIAGNOSTIC_FIELDS) {
      const got = member(d, field);
      const clause = field === 'severity' ? 'KD-DIAG-03' : field === 'fallback_text' ? 'KD-DIAG-04' : 'KD-DIAG-02';
      if (got !== f[field])
        out.push(R.at('diagnostic-field-mismatch', `${at}/${field}`, { clause, field, want: f[field], got }));
    }
    const primary = member(d, 'primary');
    if (primary === null || primary === undefined) return;
    if (!f.disclose_primary || f.primary === null) out.push(R.at('undisclosable-primary', `${at}/primary`));
    else if (!sameLocation(primary, f.primary)) out.push(R.at('primary-mismatch', `${at}/primary`));
  });
}
