/**
 * Rows, type fact and diagnostics against the fixture's ground truth:
 * - every row is an exposed candidate and says what the compiler says about it: name,
 *   qualified name, visibility, origin, signature, receiver mode (KD-DISCLOSE-03,
 *   KD-ORIGIN-04); a row for a hidden candidate is a disclosure fault in itself;
 * - no status is upgraded: a row is at least its candidate's intrinsic status and the
 *   closure of every dependency it and its listed nested records have; each listed
 *   dependency, origin, requirement and effect at least its own closure; the type fact at
 *   least its occurrence's (KD-CLOSURE-14, closure computed here, KIT-07);
 * - the dependencies of the candidate and its listed nested records are all listed
 *   (KD-CLOSURE-16, OQ-22 A), unless there are more than 64 and the row is downgraded
 *   (OQ-09 A), or the dependency names a hidden candidate, which is never listed (KIT-08 C);
 * - only public effects are disclosed (KD-EFFECT-07); source, documentation and primary
 *   locations only when the compiler marks them disclosable (KD-DISCLOSE-04/05);
 * - a type identity or display is the compiler's, never invented (KD-TYPE-08).
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FactKey, FixtureCandidate, FixtureOccurrence } from '../fixture/fixture.js';
import { LIMITS } from '../limits.js';
import type { Location } from '../records/discovery-records.js';
import { violation, type Violation } from '../violation.js';
import { factKeyText, type FixtureFactClosure } from './fixture-fact-closure.js';
import { arrayMember, describeValue, integerMember, isRecord, member, stringMember } from './json-access.js';
import { statusAtRank, statusRank } from './status-rank.js';

/** What the row checks share. */
export interface FixtureView {
  fixture: LoadedFixture;
  closure: FixtureFactClosure;
  exposed: (c: FixtureCandidate) => boolean;
  /** The candidate of a SymbolId value (a series member is found without listing the members). */
  byIdentity: Pick<ReadonlyMap<string, FixtureCandidate>, 'get'>;
}

const push = (
  out: Violation[],
  code: string,
  clause: string,
  pointer: string,
  message: string,
  expected: string,
  actual: string,
): void => {
  out.push(violation(code, clause, message, { pointer, expected, actual }));
};

function upgraded(out: Violation[], pointer: string, what: string, bound: number, actual: unknown): void {
  push(
    out,
    'status-upgraded',
    'KD-CLOSURE-14',
    pointer,
    `The ${what} is less restrictive than the fixture's facts allow; a status is never upgraded.`,
    `at least "${statusAtRank(bound)}"`,
    describeValue(actual),
  );
}

/**
 * Whether a dependency key names a candidate that is not exposed: such a dependency is
 * never listed (KIT-08 C), so its absence is not a missing dependency. The scan for an
 * ImplementationId runs only for a key that is absent.
 */
function namesHiddenCandidate(k: FactKey, view: FixtureView): boolean {
  if (k.kind === 'SymbolId') {
    const c = view.byIdentity.get(k.value);
    return c !== undefined && !view.exposed(c);
  }
  if (k.kind !== 'ImplementationId') return false;
  return view.fixture.candidatesInOrder.some((c) => c.origin.implementation_identity === k.value && !view.exposed(c));
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
    push(
      out,
      'row-without-candidate',
      'KD-DISCLOSE-03',
      `${at}/identity/value`,
      'The row names no candidate of the fixture; rows come only from disclosable candidates.',
      'the SymbolId of an exposed candidate',
      JSON.stringify(id),
    );
    return;
  }
  if (!view.exposed(c)) {
    const clause = c.origin.kind === 'extension' ? 'KD-DISCLOSE-08' : 'KD-DISCLOSE-03';
    push(
      out,
      'hidden-candidate-row',
      clause,
      at,
      'The row discloses a candidate that is hidden at this position (KIT-03); hidden candidates never become rows.',
      'no row',
      'a row for a hidden candidate',
    );
    return;
  }
  const field = (name: string, want: string | null, got: unknown, clause = 'KD-DISCLOSE-03'): void => {
    if (got !== want)
      push(
        out,
        'row-field-mismatch',
        clause,
        `${at}/${name}`,
        `The row's ${name.replace(/\//g, '.')} differs from the compiler's fact for its SymbolId.`,
        JSON.stringify(want),
        describeValue(got),
      );
  };
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
  if (typeof signature === 'string') {
    if (c.signature === null)
      push(
        out,
        'fabricated-signature',
        'KD-CLOSURE-11',
        `${at}/signature`,
        'The row shows a signature the compiler does not have.',
        'null',
        describeValue(signature),
      );
    else field('signature', c.signature, signature);
  }
  const mode = member(op, 'receiver_mode');
  if (typeof mode === 'string') field('receiver_mode', c.required_mode, mode);

  // Nested records the row lists, matched to the candidate's, each with its bound.
  const cl = view.closure;
  const needed: FactKey[] = [...c.dependencies, ...c.origin.dependencies];
  let bound = Math.max(statusRank(c.status) ?? 0, cl.maxRank(c.dependencies));
  const originBound = cl.maxRank(c.origin.dependencies, statusRank(c.origin.status) ?? 0);
  bound = Math.max(bound, originBound);
  const originStatus = member(origin, 'status');
  const originRank = statusRank(originStatus);
  if (originRank !== undefined && originRank < originBound)
    upgraded(out, `${at}/origin/status`, 'origin status', originBound, originStatus);

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
    const s = member(g, 'status');
    const r = statusRank(s);
    if (r !== undefined && r < b)
      upgraded(out, `${at}/generic_requirements/${j}/status`, 'generic requirement status', b, s);
  });
  arrayMember(op, 'effects').forEach((e, j) => {
    const eid = member(e, 'identity');
    const match = c.effects.find(
      (f) => f.identity.kind === member(eid, 'kind') && f.identity.value === member(eid, 'value'),
    );
    if (match === undefined) return;
    if (!match.public) {
      push(
        out,
        'non-public-effect-disclosed',
        'KD-EFFECT-07',
        `${at}/effects/${j}`,
        'Only public effect requirements are disclosed (KIT-06).',
        'a public effect requirement',
        'a non-public effect requirement',
      );
      return;
    }
    needed.push(...match.dependencies);
    const b = cl.maxRank(match.dependencies, statusRank(match.status) ?? 0);
    bound = Math.max(bound, b);
    const s = member(e, 'status');
    const r = statusRank(s);
    if (r !== undefined && r < b) upgraded(out, `${at}/effects/${j}/status`, 'effect status', b, s);
  });

  const status = member(op, 'status');
  const rank = statusRank(status);
  if (rank !== undefined && rank < bound) upgraded(out, `${at}/status`, 'row status', bound, status);

  const listed = new Set<string>();
  arrayMember(op, 'dependencies').forEach((d, j) => {
    const source = stringMember(d, 'source');
    const kind = stringMember(d, 'kind');
    const value = stringMember(d, 'value');
    if (source === undefined || kind === undefined || value === undefined) return;
    const key = { source, kind, value } as FactKey;
    listed.add(factKeyText(key));
    const s = member(d, 'status');
    const r = statusRank(s);
    const b = cl.rankOf(key);
    if (r !== undefined && r < b) upgraded(out, `${at}/dependencies/${j}/status`, 'dependency status', b, s);
  });
  const neededKeys = new Map<string, FactKey>();
  for (const k of needed) neededKeys.set(factKeyText(k), k);
  if (neededKeys.size > LIMITS.dependenciesPerFact) {
    // OQ-09 A: more than 64 dependencies cannot all be listed, so the row is not validated.
    if (rank === 0) {
      push(
        out,
        'dependencies-over-cap-validated',
        'KD-LIMIT-06',
        `${at}/status`,
        'The row needs more than 64 dependencies, so it cannot list its closure and is not validated (OQ-09 A).',
        'a nonvalidated status',
        '"validated"',
      );
    }
  } else {
    for (const [text, k] of neededKeys) {
      if (listed.has(text) || namesHiddenCandidate(k, view)) continue;
      push(
        out,
        'missing-dependency',
        'KD-CLOSURE-16',
        `${at}/dependencies`,
        'The row omits a dependency of itself or of a nested record it lists (OQ-22 A).',
        `${k.source} ${k.kind} ${k.value}`,
        'absent',
      );
    }
  }

  const source = member(op, 'source');
  if (source !== null && source !== undefined) {
    if (!c.disclose_source || c.source === null) {
      push(
        out,
        'undisclosable-source',
        'KD-DISCLOSE-04',
        `${at}/source`,
        'The row discloses a source location the compiler does not mark disclosable.',
        'null',
        'a location',
      );
    } else if (!sameLocation(source, c.source)) {
      push(
        out,
        'row-field-mismatch',
        'KD-DISCLOSE-04',
        `${at}/source`,
        "The row's source differs from the compiler's location.",
        'the candidate source',
        'another location',
      );
    }
  }
  const doc = member(op, 'documentation');
  if (doc !== null && doc !== undefined) {
    if (!c.disclose_documentation || c.documentation === null) {
      push(
        out,
        'undisclosable-documentation',
        'KD-DISCLOSE-04',
        `${at}/documentation`,
        'The row discloses documentation the compiler does not mark disclosable.',
        'null',
        describeValue(doc),
      );
    } else field('documentation', `kofun-doc:${c.documentation}`, doc, 'KD-DISCLOSE-04');
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
  const bound = cl.maxRank(t.dependencies, statusRank(t.status) ?? 0);
  const status = member(type, 'status');
  const rank = statusRank(status);
  if (rank !== undefined && rank < bound) upgraded(out, '/type/status', 'type fact status', bound, status);
  const identity = member(type, 'identity');
  if (isRecord(identity)) {
    if (
      t.identity === null ||
      member(identity, 'kind') !== t.identity.kind ||
      member(identity, 'value') !== t.identity.value
    ) {
      push(
        out,
        'type-identity-mismatch',
        'KD-TYPE-08',
        '/type/identity',
        "The type identity is not the compiler's for this occurrence; the service never invents a type.",
        t.identity === null ? 'null' : `${t.identity.kind} ${t.identity.value}`,
        'another identity',
      );
    }
  }
  const display = member(type, 'display');
  if (display === null && t.display !== null && (status === 'provisional' || status === 'error')) {
    push(
      out,
      'type-placeholder-missing',
      'KD-TYPE-04',
      '/type/display',
      'The compiler has a display for this type (a placeholder such as _T1), ' +
        'and only an unavailable type drops it (OQ-42 A).',
      JSON.stringify(t.display),
      'null',
    );
  }
  if (typeof display === 'string' && display !== t.display) {
    push(
      out,
      'type-display-mismatch',
      'KD-TYPE-08',
      '/type/display',
      "The type display is not the compiler's for this occurrence; the service never invents a type.",
      describeValue(t.display),
      describeValue(display),
    );
  }
  arrayMember(type, 'dependencies').forEach((d, j) => {
    const source = stringMember(d, 'source');
    const kind = stringMember(d, 'kind');
    const value = stringMember(d, 'value');
    if (source === undefined || kind === undefined || value === undefined) return;
    const s = member(d, 'status');
    const r = statusRank(s);
    const b = cl.rankOf({ source, kind, value } as FactKey);
    if (r !== undefined && r < b) upgraded(out, `/type/dependencies/${j}/status`, 'dependency status', b, s);
  });
}

function checkDiagnostics(result: unknown, fixture: LoadedFixture, out: Violation[]): void {
  const byId = new Map(fixture.diagnostics.map((d) => [d.id, d] as const));
  arrayMember(result, 'diagnostics').forEach((d, i) => {
    const id = stringMember(d, 'id');
    const f = id === undefined ? undefined : byId.get(id);
    if (id !== undefined && f === undefined) {
      push(
        out,
        'diagnostic-not-in-fixture',
        'KD-DIAG-07',
        `/diagnostics/${i}/id`,
        'The result shows a diagnostic the compiler did not issue.',
        'the ID of a fixture diagnostic',
        JSON.stringify(id),
      );
      return;
    }
    if (f !== undefined) {
      for (const field of ['code', 'severity', 'category', 'template_id', 'fallback_text'] as const) {
        const got = member(d, field);
        if (got === f[field]) continue;
        const clause = field === 'severity' ? 'KD-DIAG-03' : field === 'fallback_text' ? 'KD-DIAG-04' : 'KD-DIAG-02';
        push(
          out,
          'diagnostic-field-mismatch',
          clause,
          `/diagnostics/${i}/${field}`,
          `The diagnostic's ${field} differs from the compiler's diagnostic with this ID.`,
          JSON.stringify(f[field]),
          describeValue(got),
        );
      }
    }
    const primary = member(d, 'primary');
    if (f === undefined || primary === null || primary === undefined) return;
    if (!f.disclose_primary || f.primary === null) {
      push(
        out,
        'undisclosable-primary',
        'KD-DISCLOSE-05',
        `/diagnostics/${i}/primary`,
        'The diagnostic discloses a location the compiler does not mark safe for this query.',
        'null',
        'a location',
      );
    } else if (!sameLocation(primary, f.primary)) {
      push(
        out,
        'primary-mismatch',
        'KD-DISCLOSE-05',
        `/diagnostics/${i}/primary`,
        "The diagnostic's primary location differs from the compiler's.",
        'the diagnostic primary',
        'another location',
      );
    }
  });
}
