/**
 * Uniqueness and canonical order of every array of a result (KD-ORDER-01..10,
 * KD-REJECT-02/03, KD-DIAG-09, KD-CANON-15), under the kit's readings: null-identity
 * generic requirements sort after identified ones by (kind, display) and may not share
 * that key (OQ-27 A); a null implementation identity sorts before any other (OQ-28 A); a
 * null requested_spelling sorts before a string (OQ-29); diagnostics are unique by id
 * (OQ-30 A). Every comparison is over UTF-8 bytes; for Ids that equals decoded-byte order.
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import { violation, type Violation } from '../violation.js';
import { arrayMember, isRecord, member, stringMember } from './json-access.js';

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
  what: string;
  duplicate: { code: string; clause: string };
  order: { code: string; clause: string };
}

function checkSequence(items: readonly unknown[], base: string, rule: SequenceRule, out: Violation[]): void {
  const seen = new Set<string>();
  const sortKey = rule.sort ?? rule.unique;
  let previous: Key | undefined;
  items.forEach((item, j) => {
    const pointer = `${base}/${j}`;
    const uk = rule.unique(item);
    const sk = sortKey(item);
    let duplicate = false;
    if (uk !== undefined) {
      const s = JSON.stringify(uk);
      duplicate = seen.has(s);
      seen.add(s);
    }
    if (duplicate) {
      out.push(
        violation(rule.duplicate.code, rule.duplicate.clause, `${rule.what} repeats an earlier item's key.`, {
          pointer,
          expected: `${rule.what} unique`,
          actual: 'a repeated key',
        }),
      );
    } else if (sk !== undefined && previous !== undefined && compareKeys(previous, sk) > 0) {
      out.push(
        violation(rule.order.code, rule.order.clause, `${rule.what} is out of canonical order.`, {
          pointer,
          expected: `sorted after item ${j - 1}`,
          actual: `sorts before item ${j - 1}`,
        }),
      );
    }
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
  what: 'A diagnostic ID',
  duplicate: { code: 'duplicate-diagnostic-id', clause: 'KD-DIAG-09' },
  order: { code: 'diagnostic-ids-order', clause: 'KD-ORDER-10' },
};
const DEPENDENCIES: SequenceRule = {
  unique: dependencyKey,
  what: 'A dependency',
  duplicate: { code: 'duplicate-dependency', clause: 'KD-ORDER-01' },
  order: { code: 'dependencies-order', clause: 'KD-ORDER-02' },
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
  checkSequence(
    operations,
    '/operations',
    {
      unique: operationIdentityKey,
      sort: operationSortKey,
      what: 'An operation row',
      duplicate: { code: 'duplicate-operation', clause: 'KD-ORDER-05' },
      order: { code: 'operations-order', clause: 'KD-ORDER-06' },
    },
    out,
  );
  operations.forEach((op, i) => {
    if (!isRecord(op)) return;
    const base = `/operations/${i}`;
    checkSequence(arrayMember(op, 'dependencies'), `${base}/dependencies`, DEPENDENCIES, out);
    checkSequence(arrayMember(op, 'diagnostic_ids'), `${base}/diagnostic_ids`, DIAGNOSTIC_IDS, out);
    checkSequence(
      arrayMember(op, 'generic_requirements'),
      `${base}/generic_requirements`,
      {
        unique: requirementKey,
        what: 'A generic requirement',
        duplicate: { code: 'duplicate-generic-requirement', clause: 'KD-ORDER-03' },
        order: { code: 'generic-requirements-order', clause: 'KD-ORDER-04' },
      },
      out,
    );
    checkSequence(
      arrayMember(op, 'effects'),
      `${base}/effects`,
      {
        unique: effectKey,
        what: 'An effect requirement',
        duplicate: { code: 'duplicate-effect', clause: 'KD-ORDER-03' },
        order: { code: 'effects-order', clause: 'KD-ORDER-04' },
      },
      out,
    );
    checkSequence(
      arrayMember(op, 'rejection_reasons'),
      `${base}/rejection_reasons`,
      {
        unique: single,
        what: 'A rejection reason',
        duplicate: { code: 'duplicate-rejection-reason', clause: 'KD-REJECT-02' },
        order: { code: 'rejection-reasons-order', clause: 'KD-REJECT-03' },
      },
      out,
    );
  });
  checkSequence(
    arrayMember(result, 'omissions'),
    '/omissions',
    {
      unique: omissionKey,
      what: 'An omission',
      duplicate: { code: 'duplicate-omission', clause: 'KD-ORDER-08' },
      order: { code: 'omissions-order', clause: 'KD-ORDER-08' },
    },
    out,
  );
  checkSequence(
    arrayMember(result, 'diagnostics'),
    '/diagnostics',
    {
      unique: (d) => single(member(d, 'id')),
      sort: (d) => {
        const id = stringMember(d, 'id');
        return id === undefined ? undefined : [id, stringMember(d, 'code') ?? null];
      },
      what: 'A diagnostic',
      duplicate: { code: 'duplicate-diagnostic', clause: 'KD-ORDER-09' },
      order: { code: 'diagnostics-order', clause: 'KD-ORDER-09' },
    },
    out,
  );
  return out;
}
