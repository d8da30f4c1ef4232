/**
 * Uniqueness and canonical order of every array of a result (KD-ORDER-01..10,
 * KD-REJECT-02/03, KD-DIAG-09, KD-CANON-15), under the kit's readings: null-identity
 * generic requirements sort after identified ones by (kind, display) and may not share
 * that key (OQ-27 A); a null implementation identity sorts before any other (OQ-28 A); a
 * null requested_spelling sorts before a string (OQ-29); diagnostics are unique by id
 * (OQ-30 A). Every comparison is over UTF-8 bytes; for Ids that equals decoded-byte order.
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import type { Violation } from '../violation.js';
import { arrayMember, isRecord, member, stringMember } from './json-access.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const ORDER_RULES = ruleTable({
  'duplicate-diagnostic-id': ['KD-DIAG-09', 'A diagnostic ID unique', 'a repeated key',
    "A diagnostic ID repeats an earlier item's key."],
  'diagnostic-ids-order': ['KD-ORDER-10', 'sorted after item {previous}', 'sorts before item {previous}',
    'A diagnostic ID is out of canonical order.'],
  'duplicate-dependency': ['KD-ORDER-01', 'A dependency unique', 'a repeated key',
    "A dependency repeats an earlier item's key."],
  'dependencies-order': ['KD-ORDER-02', 'sorted after item {previous}', 'sorts before item {previous}',
    'A dependency is out of canonical order.'],
  'duplicate-operation': ['KD-ORDER-05', 'An operation row unique', 'a repeated key',
    "An operation row repeats an earlier item's key."],
  'operations-order': ['KD-ORDER-06', 'sorted after item {previous}', 'sorts before item {previous}',
    'An operation row is out of canonical order.'],
  'duplicate-generic-requirement': ['KD-ORDER-03', 'A generic requirement unique', 'a repeated key',
    "A generic requirement repeats an earlier item's key."],
  'generic-requirements-order': ['KD-ORDER-04', 'sorted after item {previous}', 'sorts before item {previous}',
    'A generic requirement is out of canonical order.'],
  'duplicate-effect': ['KD-ORDER-03', 'An effect requirement unique', 'a repeated key',
    "An effect requirement repeats an earlier item's key."],
  'effects-order': ['KD-ORDER-04', 'sorted after item {previous}', 'sorts before item {previous}',
    'An effect requirement is out of canonical order.'],
  'duplicate-rejection-reason': ['KD-REJECT-02', 'A rejection reason unique', 'a repeated key',
    "A rejection reason repeats an earlier item's key."],
  'rejection-reasons-order': ['KD-REJECT-03', 'sorted after item {previous}', 'sorts before item {previous}',
    'A rejection reason is out of canonical order.'],
  'duplicate-omission': ['KD-ORDER-08', 'An omission unique', 'a repeated key',
    "An omission repeats an earlier item's key."],
  'omissions-order': ['KD-ORDER-08', 'sorted after item {previous}', 'sorts before item {previous}',
    'An omission is out of canonical order.'],
  'duplicate-diagnostic': ['KD-ORDER-09', 'A diagnostic unique', 'a repeated key',
    "A diagnostic repeats an earlier item's key."],
  'diagnostics-order': ['KD-ORDER-09', 'sorted after item {previous}', 'sorts before item {previous}',
    'A diagnostic is out of canonical order.'],
});

type DuplicateRule = Extract<keyof typeof ORDER_RULES.rows, `duplicate-${string}`>;
type SortRule = Exclude<keyof typeof ORDER_RULES.rows, DuplicateRule>;

/** A sort or uniqueness key: a tuple in which null sorts before any string. */
type Key = readonly (string | null)[];

function compareKeys(a: Key, b: Key): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return -1;
    if (y === null) return 1;
    const c = compareUtf8(x, y);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

interface SequenceRule {
  /** Uniqueness key of an item, or undefined when the item is too malformed to key. */
  unique: (item: unknown) => Key | undefined;
  /** Sort key of an item; defaults to the uniqueness key. */
  sort?: (item: unknown) => Key | undefined;
  duplicate: DuplicateRule;
  order: SortRule;
}

function checkSequence(items: readonly unknown[], base: string, rule: SequenceRule, out: Violation[]): void {
  const seen = new Set<string>();
  const sortKey = rule.sort ?? rule.unique;
  let previous: Key | undefined;
  items.forEach((item, j) => {
    const uk = rule.unique(item);
    const sk = sortKey(item);
    const duplicate = uk !== undefined && seen.has(JSON.stringify(uk));
    if (uk !== undefined) seen.add(JSON.stringify(uk));
    if (duplicate) out.push(ORDER_RULES.at(rule.duplicate, `${base}/${j}`));
    else if (sk !== undefined && previous !== undefined && compareKeys(previous, sk) > 0)
      out.push(ORDER_RULES.at(rule.order, `${base}/${j}`, { previous: j - 1 }));
    if (sk !== undefined) previous = sk;
  });
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strOrNull = (v: unknown): string | null | undefined => (v === null ? null : str(v));

function dependencyKey(d: unknown): Key | undefined {
  const source = stringMember(d, 'source');
  const kind = stringMember(d, 'kind');
  const value = stringMember(d, 'value');
  return source === undefined || kind === undefined || value === undefined ? undefined : [source, kind, value];
}

/** KD-ORDER-03/04, OQ-27 A: identified entries first by (kind, value), then null identities by (kind, display). */
function requirementKey(g: unknown): Key | undefined {
  const identity = member(g, 'identity');
  if (isRecord(identity)) {
    const kind = stringMember(identity, 'kind');
    const value = stringMember(identity, 'value');
    return kind === undefined || value === undefined ? undefined : ['0', kind, value];
  }
  if (identity !== null) return undefined;
  const kind = stringMember(g, 'kind') ?? '';
  const display = stringMember(g, 'display');
  return display === undefined ? undefined : ['1', kind, display];
}

/** Effects always carry an identity (OQ-26 A); a null one (a schema fault) sorts last by display. */
function effectKey(e: unknown): Key | undefined {
  const identity = member(e, 'identity');
  if (isRecord(identity)) {
    const kind = stringMember(identity, 'kind');
    const value = stringMember(identity, 'value');
    return kind === undefined || value === undefined ? undefined : ['0', kind, value];
  }
  const display = stringMember(e, 'display');
  return display === undefined ? undefined : ['1', '', display];
}

function operationIdentityKey(op: unknown): Key | undefined {
  const symbol = stringMember(member(op, 'identity'), 'value');
  const impl = member(member(op, 'origin'), 'implementation_identity');
  const implValue = impl === null ? null : stringMember(impl, 'value');
  return symbol === undefined || implValue === undefined ? undefined : [symbol, implValue];
}

/**
 * KD-ORDER-06, OQ-28 A: SymbolId, then the optional ImplementationId (null first), then qualified name and signature.
 */
function operationSortKey(op: unknown): Key | undefined {
  const k = operationIdentityKey(op);
  if (k === undefined) return undefined;
  return [...k, str(member(op, 'qualified_name')) ?? null, strOrNull(member(op, 'signature')) ?? null];
}

function omissionKey(o: unknown): Key | undefined {
  const reason = stringMember(o, 'reason');
  const spelling = strOrNull(member(o, 'requested_spelling'));
  return reason === undefined || spelling === undefined ? undefined : [reason, spelling];
}

const single = (v: unknown): Key | undefined => (typeof v === 'string' ? [v] : undefined);

const DIAGNOSTIC_IDS: SequenceRule = {
  unique: single,
  duplicate: 'duplicate-diagnostic-id',
  order: 'diagnostic-ids-order',
};
const DEPENDENCIES: SequenceRule = {
  unique: dependencyKey,
  duplicate: 'duplicate-dependency',
  order: 'dependencies-order',
};
const OPERATIONS: SequenceRule = {
  unique: operationIdentityKey,
  sort: operationSortKey,
  duplicate: 'duplicate-operation',
  order: 'operations-order',
};
const REQUIREMENTS: SequenceRule = {
  unique: requirementKey,
  duplicate: 'duplicate-generic-requirement',
  order: 'generic-requirements-order',
};
const EFFECTS: SequenceRule = { unique: effectKey, duplicate: 'duplicate-effect', order: 'effects-order' };
const REASONS: SequenceRule = {
  unique: single,
  duplicate: 'duplicate-rejection-reason',
  order: 'rejection-reasons-order',
};
const OMISSIONS: SequenceRule = { unique: omissionKey, duplicate: 'duplicate-omission', order: 'omissions-order' };
const DIAGNOSTICS: SequenceRule = {
  unique: (d) => single(member(d, 'id')),
  sort: (d) => {
    const id = stringMember(d, 'id');
    return id === undefined ? undefined : [id, stringMember(d, 'code') ?? null];
  },
  duplicate: 'duplicate-diagnostic',
  order: 'diagnostics-order',
};

/** Checks uniqueness and order of every array of a decoded result. */
export function checkOrderAndUniqueness(result: unknown): Violation[] {
  const out: Violation[] = [];
  const type = member(result, 'type');
  if (isRecord(type)) {
    checkSequence(arrayMember(type, 'dependencies'), '/type/dependencies', DEPENDENCIES, out);
    checkSequence(arrayMember(type, 'diagnostic_ids'), '/type/diagnostic_ids', DIAGNOSTIC_IDS, out);
  }
  const operations = arrayMember(result, 'operations');
  checkSequence(operations, '/operations', OPERATIONS, out);
  operations.forEach((op, i) => {
    if (!isRecord(op)) return;
    const base = `/operations/${i}`;
    checkSequence(arrayMember(op, 'dependencies'), `${base}/dependencies`, DEPENDENCIES, out);
    checkSequence(arrayMember(op, 'diagnostic_ids'), `${base}/diagnostic_ids`, DIAGNOSTIC_IDS, out);
    checkSequence(arrayMember(op, 'generic_requirements'), `${base}/generic_requirements`, REQUIREMENTS, out);
    checkSequence(arrayMember(op, 'effects'), `${base}/effects`, EFFECTS, out);
    checkSequence(arrayMember(op, 'rejection_reasons'), `${base}/rejection_reasons`, REASONS, out);
  });
  checkSequence(arrayMember(result, 'omissions'), '/omissions', OMISSIONS, out);
  checkSequence(arrayMember(result, 'diagnostics'), '/diagnostics', DIAGNOSTICS, out);
  return out;
}
