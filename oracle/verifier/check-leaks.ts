/**
 * The leak scan (KD-DISCLOSE-02/03/07/08, KD-OMIT-07): a result never carries the
 * identifying text of a candidate that is hidden at the query position (not exposed
 * under KIT-03: not admitted, names not in scope, home view unvalidated or absent, or a
 * visibility the authorized view does not expose). Scanned for each hidden candidate:
 * its SymbolId, documentation attachment ID, qualified name, signature, source location,
 * and its display name when that is distinctive (at least 6 UTF-8 bytes); plus the IDs of
 * diagnostics that only hidden candidates reference.
 *
 * A hidden token that equals something the fixture lets the result show (an exposed
 * candidate's text, a dependency key reachable from exposed facts, a contract token, the
 * request's own spelling and key, ...) is not distinctive and is not scanned. Every
 * string of the result (values, and keys the contract does not define) that is not
 * itself such a disclosable string is searched for the hidden tokens, whole or inside.
 * An explanation may echo the user's spelling (KD-DISCLOSE-02), and nothing else. Nor does
 * any such string count hidden or withheld candidates (L389), whatever the number.
 *
 * When the bytes are not JSON at all, the raw bytes are searched instead.
 */
import type { LoadedFixture } from '../fixture/load-fixture.js';
import type { FactKey, FixtureCandidate } from '../fixture/fixture.js';
import { utf8Length } from '../canonical-json/compare-utf8.js';
import {
  AVAILABILITIES,
  DEPENDENCY_SOURCES,
  FACT_REASONS,
  FACT_STATUSES,
  GENERIC_REQUIREMENT_KINDS,
  IDENTITY_KINDS,
  LIMIT_PROFILE,
  OMISSION_REASONS,
  ORIGIN_KINDS,
  QUERY_KINDS,
  RECEIVER_MODES,
  REJECTION_REASONS,
  REQUEST_SCHEMA,
  RESULT_REASONS,
  RESULT_SCHEMA,
  RESULT_STATUSES,
  SEVERITIES,
  VISIBILITIES,
  type Location,
} from '../records/discovery-records.js';
import { childPointer, type Violation } from '../violation.js';
import { hiddenIdentities } from './fixture-exposure.js';
import { factKeyText, type FixtureFactClosure } from './fixture-fact-closure.js';
import { integerMember, isRecord, member, stringMember } from './json-access.js';
import type { RequestReading } from './read-request.js';
import { ruleTable } from './rule-table.js';

/** A leak in an omission breaks KD-OMIT-07; elsewhere KD-DISCLOSE-08 for an extension, else KD-DISCLOSE-07. */
const LEAK_CLAUSES = ['KD-DISCLOSE-07', 'KD-DISCLOSE-08', 'KD-OMIT-07'] as const;

// prettier-ignore
export const LEAK_RULES = ruleTable({
  'hidden-symbolid-leak': [LEAK_CLAUSES, 'no identifying text of a hidden candidate', '{text:json}',
    'The result carries the SymbolId of a candidate hidden at this position.'],
  'hidden-documentation-id-leak': [LEAK_CLAUSES, 'no identifying text of a hidden candidate', '{text:json}',
    'The result carries the documentation ID of a candidate hidden at this position.'],
  'hidden-display-name-leak': [LEAK_CLAUSES, 'no identifying text of a hidden candidate', '{text:json}',
    'The result carries the display name of a candidate hidden at this position.'],
  'hidden-qualified-name-leak': [LEAK_CLAUSES, 'no identifying text of a hidden candidate', '{text:json}',
    'The result carries the qualified name of a candidate hidden at this position.'],
  'hidden-signature-leak': [LEAK_CLAUSES, 'no identifying text of a hidden candidate', '{text:json}',
    'The result carries the signature of a candidate hidden at this position.'],
  'hidden-diagnostic-id-leak': [LEAK_CLAUSES, 'no identifying text of a hidden candidate', '{text:json}',
    'The result carries the diagnostic ID of a candidate hidden at this position.'],
  'hidden-location-leak': [LEAK_CLAUSES, 'no location of a hidden candidate',
    "{start}..{end} in the hidden candidate's file",
    'The result carries the source location of a candidate hidden at this position.'],
  'hidden-count-leak': [LEAK_CLAUSES, 'no count of hidden candidates', '{text:json}',
    'The result states a count of hidden or withheld candidates in a text the compiler did not write;',
    'not even a hidden-candidate count is returned.'],
});

/** Field names of the request and result records; any other key is scanned like a value. */
const KNOWN_KEYS = [
  'analysis',
  'authoritative',
  'availability',
  'category',
  'code',
  'dependencies',
  'diagnostic_ids',
  'diagnostics',
  'display',
  'display_name',
  'documentation',
  'effects',
  'end',
  'fallback_text',
  'file_id',
  'generation',
  'generic_requirements',
  'id',
  'identity',
  'implementation_identity',
  'interface_set_sha256',
  'kind',
  'limit_profile',
  'module',
  'module_identity',
  'omissions',
  'operations',
  'origin',
  'primary',
  'qualified_name',
  'reason',
  'receiver_mode',
  'rejection_reasons',
  'requested_spelling',
  'schema',
  'semantic_compatibility',
  'severity',
  'signature',
  'source',
  'source_sha256',
  'span',
  'start',
  'status',
  'template_id',
  'trait',
  'trait_identity',
  'truncated',
  'type',
  'value',
  'visibility',
  // Request fields: never result keys, but contract words all the same.
  'byte_offset',
  'expression',
  'include_unavailable',
  'position',
  'query',
  'spelling',
] as const;

const KNOWN_KEY_SET: ReadonlySet<string> = new Set(KNOWN_KEYS);

const CONTRACT_TOKENS: readonly string[] = [
  ...KNOWN_KEYS,
  ...AVAILABILITIES,
  ...DEPENDENCY_SOURCES,
  ...FACT_REASONS,
  ...FACT_STATUSES,
  ...GENERIC_REQUIREMENT_KINDS,
  ...IDENTITY_KINDS,
  ...OMISSION_REASONS,
  ...ORIGIN_KINDS,
  ...QUERY_KINDS,
  ...RECEIVER_MODES,
  ...REJECTION_REASONS,
  ...RESULT_REASONS,
  ...RESULT_STATUSES,
  ...SEVERITIES,
  ...VISIBILITIES,
  'NodeId',
  LIMIT_PROFILE,
  REQUEST_SCHEMA,
  RESULT_SCHEMA,
];

/** Display names shorter than this are too common to mean a leak. */
const DISTINCTIVE_NAME_BYTES = 6;
/** Work cap for substring searches (strings x tokens), so a hostile result cannot stall the scan. */
const CONTAINMENT_BUDGET = 20_000_000;
/** Work cap (tokens x bytes) for searching raw bytes that are not JSON. */
const RAW_BUDGET = 1 << 28;

/** The rule a hidden token's leak breaks, named for what the token is. */
type TokenRule = Exclude<keyof typeof LEAK_RULES.rows, 'hidden-location-leak' | 'hidden-count-leak'>;

const HIDDEN_WORD =
  '(?:hidden|private|invisible|inaccessible|withheld|undisclosed|unexported|unimported|non-?public|' +
  'not[ -]imported|not[ -]visible)';
const THING =
  '(?:candidates?|operations?|symbols?|declarations?|names?|items?|members?|methods?|functions?|matches|overloads?)';
/**
 * A count of hidden candidates as a text states it (L389: "or even a hidden-candidate count"): a number next to a
 * word that says hidden or withheld ("3 hidden candidates", "2 operations are private", "hidden: 3"). Whether the
 * number is right does not matter: a text that counts hidden candidates discloses the count wherever there are any.
 */
const HIDDEN_COUNT = new RegExp(
  [
    `\\b\\d+\\s+(?:more\\s+|other\\s+)?${HIDDEN_WORD}(?:\\s+${THING})?\\b`,
    `\\b\\d+\\s+${THING}\\s+(?:(?:are|were|is|was)\\s+)?${HIDDEN_WORD}\\b`,
    `\\b${HIDDEN_WORD}(?:\\s+${THING})?\\s*[:=]\\s*\\d+`,
  ].join('|'),
  'giu',
);

/** The counts of hidden candidates `text` states. */
function hiddenCounts(text: string): string[] {
  return [...text.matchAll(HIDDEN_COUNT)].map((m) => m[0]);
}

interface HiddenToken {
  text: string;
  rule: TokenRule;
  /** The hidden candidate is an extension (KD-DISCLOSE-08). */
  extension: boolean;
}

/** Inputs of the scan, shared with the other fixture checks. */
export interface LeakScanInput {
  fixture: LoadedFixture;
  closure: FixtureFactClosure;
  exposed: (c: FixtureCandidate) => boolean;
  reading: RequestReading | undefined;
}

interface Tokens {
  /** Strings the fixture lets a result show; exempt from the scan and never hidden tokens. */
  disclosed: Set<string>;
  /** Hidden 64-hex IDs. */
  ids: Map<string, HiddenToken>;
  /** Hidden names and signatures. */
  names: Map<string, HiddenToken>;
  /** The subset of `names` long enough to be searched for inside other strings. */
  distinctive: HiddenToken[];
  /** Hidden source locations (`file:start:end`) -> whether the candidate is an extension. */
  locations: Map<string, boolean>;
  /** Count phrases the fixture's own texts hold (a compiler's fallback text may count private fields). */
  disclosedCounts: Set<string>;
}

const tokenCache = new WeakMap<LoadedFixture, Tokens>();

/** Strings of the request a result may echo: its key and the user's own spelling (KD-DISCLOSE-02). */
function requestStrings(reading: RequestReading | undefined): Set<string> {
  const out = new Set<string>();
  if (reading?.kind !== 'valid') return out;
  const r = reading.request;
  for (const s of [
    r.analysis.file_id,
    r.analysis.source_sha256,
    r.analysis.interface_set_sha256,
    r.analysis.semantic_compatibility,
  ])
    out.add(s);
  if (r.query.spelling !== null) out.add(r.query.spelling);
  return out;
}

const locationKey = (l: Location): string => `${l.file_id}:${l.span.start}:${l.span.end}`;

/** The disclosable strings and the hidden tokens of a fixture, computed once per fixture. */
function tokensFor(input: LeakScanInput): Tokens {
  const cached = tokenCache.get(input.fixture);
  if (cached !== undefined) return cached;
  const tokens = buildTokens(input);
  tokenCache.set(input.fixture, tokens);
  return tokens;
}

function buildTokens(input: LeakScanInput): Tokens {
  const { fixture, closure, exposed } = input;
  const d = newDisclosure(fixture);
  const hidden: FixtureCandidate[] = [];
  for (const c of fixture.candidatesInOrder) {
    if (exposed(c)) discloseCandidate(d, c);
    else hidden.push(c);
  }
  for (const o of fixture.occurrences) {
    d.add(o.type.display);
    d.addIdentity(o.type.identity);
    for (const cap of o.capabilities) d.addIdentity(cap);
    d.root(o.type.dependencies);
    for (const id of o.type.diagnostic_ids) d.diagnostics.add(id);
  }
  discloseReached(d, fixture, closure);
  for (const i of fixture.interfaces) {
    d.add(i.module);
    d.add(i.package_id);
    d.add(i.module_id);
    d.add(i.semantic_digest);
  }
  const key = fixture.currentKey;
  for (const s of [key.file_id, key.source_sha256, key.interface_set_sha256, key.semantic_compatibility]) d.add(s);
  const hiddenOnly = hiddenOnlyDiagnostics(d, fixture, hidden);
  discloseDiagnostics(d, fixture, hiddenOnly);
  const { ids, names, locations } = hiddenTokens(d, hidden, hiddenOnly);
  // Short names and signatures are matched only as whole strings: as substrings they
  // would be found in innocent text.
  const distinctive = [...names.values()].filter((t) => utf8Length(t.text) >= DISTINCTIVE_NAME_BYTES);
  const disclosedCounts = new Set<string>();
  for (const text of d.disclosed) for (const phrase of hiddenCounts(text)) disclosedCounts.add(phrase);
  return { disclosed: d.disclosed, ids, names, distinctive, locations, disclosedCounts };
}

/**
 * What a result may show of a fixture, gathered as it is read: the strings, the locations it may disclose, the facts
 * its rows and type list (whose closure it may show too) and the diagnostics they cite.
 */
interface Disclosure {
  readonly disclosed: Set<string>;
  readonly locations: Set<string>;
  readonly factRoots: FactKey[];
  readonly diagnostics: Set<string>;
  readonly isHidden: (i: { kind: string; value: string } | null) => boolean;
  readonly add: (s: string | null | undefined) => void;
  readonly addIdentity: (i: { kind: string; value: string } | null) => void;
  readonly root: (keys: readonly FactKey[]) => void;
}

function newDisclosure(fixture: LeakScanInput['fixture']): Disclosure {
  const disclosed = new Set<string>(CONTRACT_TOKENS);
  const factRoots: FactKey[] = [];
  // An identity the result may show is its value under its own kind; a hidden identity is shown nowhere (KIT-08 C),
  // though its value may be shown under another kind (L70), which text cannot tell apart.
  const hiddenKeys = hiddenIdentities(fixture);
  const isHidden = (i: { kind: string; value: string } | null): boolean =>
    i !== null && hiddenKeys.has(`${i.kind}:${i.value}`);
  const add = (s: string | null | undefined): void => {
    if (typeof s === 'string') disclosed.add(s);
  };
  return {
    disclosed,
    locations: new Set(),
    factRoots,
    diagnostics: new Set(),
    isHidden,
    add,
    addIdentity: (i) => {
      if (i !== null && !isHidden(i)) add(i.value);
    },
    root: (keys) => {
      for (const k of keys) if (!isHidden(k)) factRoots.push(k);
    },
  };
}

/** What an exposed candidate's row may show. */
function discloseCandidate(d: Disclosure, c: FixtureCandidate): void {
  d.add(c.identity);
  d.add(c.display_name);
  d.add(c.qualified_name);
  d.add(c.signature);
  d.add(c.documentation);
  if (c.documentation !== null) d.add(`kofun-doc:${c.documentation}`);
  d.add(c.origin.module);
  d.add(c.origin.module_identity);
  d.add(c.origin.implementation_identity);
  d.add(c.origin.trait);
  d.add(c.origin.trait_identity?.value);
  if (c.source !== null) {
    d.add(c.source.file_id);
    if (c.disclose_source) d.locations.add(locationKey(c.source));
  }
  d.root(c.dependencies);
  d.root(c.origin.dependencies);
  for (const g of c.generic_requirements) {
    d.add(g.display);
    if (d.isHidden(g.identity)) continue;
    d.addIdentity(g.identity);
    d.root(g.dependencies);
  }
  for (const e of c.effects) {
    if (!e.public || d.isHidden(e.identity)) continue;
    d.add(e.display);
    d.addIdentity(e.identity);
    d.root(e.dependencies);
  }
  for (const id of c.diagnostic_ids) d.diagnostics.add(id);
}

/**
 * What the listed facts reach may be shown (an error's diagnostics are those of the error nodes it reaches,
 * KD-CLOSURE-10); a hidden identity reached through them is still not shown as a value (KIT-08 C).
 */
function discloseReached(d: Disclosure, fixture: LeakScanInput['fixture'], closure: LeakScanInput['closure']): void {
  const nodeDiagnostics = new Map<string, string[]>();
  for (const f of fixture.facts) {
    const k = factKeyText(f);
    nodeDiagnostics.set(k, [...(nodeDiagnostics.get(k) ?? []), ...f.diagnostic_ids]);
  }
  for (const k of closure.reachable(d.factRoots)) {
    const [, kind, value] = k.split('\u0000') as [string, string, string];
    d.addIdentity({ kind, value });
    for (const id of nodeDiagnostics.get(k) ?? []) d.diagnostics.add(id);
  }
}

/**
 * A diagnostic of a hidden candidate, or of a hidden identity's fact, that no fact the result may show reaches, is
 * the hidden declaration's: its ID discloses it (L389, KIT-08 C).
 */
function hiddenOnlyDiagnostics(
  d: Disclosure,
  fixture: LeakScanInput['fixture'],
  hidden: readonly FixtureCandidate[],
): Set<string> {
  const out = new Set<string>();
  for (const c of hidden) for (const id of c.diagnostic_ids) if (!d.diagnostics.has(id)) out.add(id);
  for (const f of fixture.facts)
    if (d.isHidden(f)) for (const id of f.diagnostic_ids) if (!d.diagnostics.has(id)) out.add(id);
  return out;
}

/** What the result may show of every diagnostic but the hidden declarations' own. */
function discloseDiagnostics(d: Disclosure, fixture: LeakScanInput['fixture'], hiddenOnly: ReadonlySet<string>): void {
  for (const diagnostic of fixture.diagnostics) {
    if (hiddenOnly.has(diagnostic.id)) continue;
    d.add(diagnostic.id);
    d.add(diagnostic.code);
    d.add(diagnostic.category);
    d.add(diagnostic.template_id);
    d.add(diagnostic.fallback_text);
    if (diagnostic.primary !== null) {
      d.add(diagnostic.primary.file_id);
      if (diagnostic.disclose_primary) d.locations.add(locationKey(diagnostic.primary));
    }
  }
}

/** The hidden candidates' and diagnostics' tokens no disclosed string holds: ids, names and undisclosed locations. */
function hiddenTokens(
  d: Disclosure,
  hidden: readonly FixtureCandidate[],
  hiddenOnly: ReadonlySet<string>,
): Pick<Tokens, 'ids' | 'names' | 'locations'> {
  const ids = new Map<string, HiddenToken>();
  const names = new Map<string, HiddenToken>();
  const locations = new Map<string, boolean>();
  const token = (map: Map<string, HiddenToken>, text: string | null, rule: TokenRule, extension: boolean): void => {
    if (text === null || text.length === 0 || d.disclosed.has(text) || map.has(text)) return;
    map.set(text, { text, rule, extension });
  };
  for (const c of hidden) {
    const ext = c.origin.kind === 'extension';
    token(ids, c.identity, 'hidden-symbolid-leak', ext);
    token(ids, c.documentation, 'hidden-documentation-id-leak', ext);
    if (utf8Length(c.display_name) >= DISTINCTIVE_NAME_BYTES)
      token(names, c.display_name, 'hidden-display-name-leak', ext);
    token(names, c.qualified_name, 'hidden-qualified-name-leak', ext);
    token(names, c.signature, 'hidden-signature-leak', ext);
    if (c.source !== null && !d.locations.has(locationKey(c.source))) {
      const k = locationKey(c.source);
      locations.set(k, (locations.get(k) ?? false) || ext);
    }
  }
  for (const id of hiddenOnly) token(ids, id, 'hidden-diagnostic-id-leak', false);
  return { ids, names, locations };
}

function clauseFor(where: string | { offset: number }, extension: boolean): (typeof LEAK_CLAUSES)[number] {
  if (typeof where === 'string' && where.startsWith('/omissions')) return 'KD-OMIT-07';
  return extension ? 'KD-DISCLOSE-08' : 'KD-DISCLOSE-07';
}

function leak(t: HiddenToken, where: string | { offset: number }): Violation {
  const text = t.text.length > 80 ? `${t.text.slice(0, 80)}…` : t.text;
  return LEAK_RULES.at(t.rule, where, { clause: clauseFor(where, t.extension), text });
}

const HEX64 = /[0-9a-f]{64,}/g;

/** Rows already reported as hidden-candidate rows are not scanned again. */
export interface LeakScanOptions {
  skipRows: ReadonlySet<number>;
}

/** Scans a decoded result for hidden candidates' text. */
export function checkLeaks(result: unknown, input: LeakScanInput, options: LeakScanOptions): Violation[] {
  const tokens = tokensFor(input);
  const echo = requestStrings(input.reading);
  const out: Violation[] = [];
  const nameTokens = tokens.distinctive;
  let budget = CONTAINMENT_BUDGET;
  // Without the request the echoed spelling cannot be told from a leak; with it, the
  // spelling is one of the request's own strings.
  const explainSpellingExempt = input.reading === undefined;

  const scanString = (s: string, pointer: string): void => {
    if (tokens.disclosed.has(s) || echo.has(s)) return;
    const count = hiddenCounts(s).find((phrase) => !tokens.disclosedCounts.has(phrase));
    if (count !== undefined)
      out.push(LEAK_RULES.at('hidden-count-leak', pointer, { clause: clauseFor(pointer, false), text: count }));
    const whole = tokens.ids.get(s) ?? tokens.names.get(s);
    if (whole !== undefined) {
      out.push(leak(whole, pointer));
      return;
    }
    for (const run of s.match(HEX64) ?? []) {
      for (let k = 0; k + 64 <= run.length; k++) {
        const t = tokens.ids.get(run.slice(k, k + 64));
        if (t !== undefined) {
          out.push(leak(t, pointer));
          return;
        }
      }
    }
    if (budget < nameTokens.length) return;
    budget -= nameTokens.length;
    for (const t of nameTokens) {
      if (s.includes(t.text)) {
        out.push(leak(t, pointer));
        return;
      }
    }
  };
  const scanLocation = (v: unknown, pointer: string): void => {
    const file = stringMember(v, 'file_id');
    const span = member(v, 'span');
    const start = integerMember(span, 'start');
    const end = integerMember(span, 'end');
    if (file === undefined || start === undefined || end === undefined) return;
    const extension = tokens.locations.get(`${file}:${start}:${end}`);
    if (extension !== undefined)
      out.push(LEAK_RULES.at('hidden-location-leak', pointer, { clause: clauseFor(pointer, extension), start, end }));
  };

  // Iterative walk: a lenient reading may nest deeper than any record.
  const stack: { v: unknown; p: string }[] = [{ v: result, p: '' }];
  while (stack.length > 0) {
    const { v, p } = stack.pop() as { v: unknown; p: string };
    if (typeof v === 'string') {
      if (explainSpellingExempt && /^\/omissions\/\d+\/requested_spelling$/.test(p)) continue;
      scanString(v, p);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        if (p === '/operations' && options.skipRows.has(i)) continue;
        stack.push({ v: v[i], p: `${p}/${i}` });
      }
    } else if (isRecord(v)) {
      scanLocation(v, p);
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        const child = childPointer(p, k);
        if (!KNOWN_KEY_SET.has(k)) scanString(k, child);
        stack.push({ v: v[k], p: child });
      }
    }
  }
  return out;
}

/** Searches raw result bytes (not JSON) for hidden candidates' IDs and, within a work cap, their names. */
export function checkLeaksInBytes(bytes: Uint8Array, input: LeakScanInput): Violation[] {
  const tokens = tokensFor(input);
  const echo = requestStrings(input.reading);
  const out: Violation[] = [];
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString('latin1');
  HEX64.lastIndex = 0;
  for (let m = HEX64.exec(text); m !== null; m = HEX64.exec(text)) {
    const run = m[0];
    for (let k = 0; k + 64 <= run.length; k++) {
      const t = tokens.ids.get(run.slice(k, k + 64));
      if (t !== undefined && !echo.has(t.text)) {
        out.push(leak(t, { offset: m.index + k }));
        break;
      }
    }
  }
  const names = tokens.distinctive;
  if (names.length * bytes.length <= RAW_BUDGET) {
    for (const t of names) {
      if (echo.has(t.text)) continue;
      const at = buf.indexOf(t.text, 0, 'utf8');
      if (at >= 0) out.push(leak(t, { offset: at }));
    }
  }
  return out;
}
