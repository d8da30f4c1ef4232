/**
 * Walkers that apply the scalar checks (oracle/records/scalar-checks.ts) at every text and
 * span position of a schema-valid request or result, and order/uniqueness helpers for
 * arrays the contract defines as sorted sets. The request validator and the verifier share
 * them, so both see the same rule at the same JSON pointer.
 */
import { compareUtf8 } from '../canonical-json/compare-utf8.js';
import type { DiscoveryRequestV1, DiscoveryResultV1, Location } from './discovery-records.js';
import { checkSpan, checkText, type TextScalar } from './scalar-checks.js';
import { childPointer, violation, type Violation } from '../violation.js';

/** Violations of KD-SCALAR-05..11 at every text and span position of a schema-valid request. */
export function requestScalarViolations(request: DiscoveryRequestV1): Violation[] {
  const out: Violation[] = [];
  out.push(...checkText('Name', request.analysis.semantic_compatibility, '/analysis/semantic_compatibility'));
  out.push(...checkSpan(request.position.expression, '/position/expression'));
  if (request.query.spelling !== null) out.push(...checkText('Spelling', request.query.spelling, '/query/spelling'));
  return out;
}

/** Violations of KD-SCALAR-05..11 at every text and span position of a schema-valid result. */
export function resultScalarViolations(result: DiscoveryResultV1): Violation[] {
  const out: Violation[] = [];
  const text = (kind: TextScalar, value: string | null, pointer: string): void => {
    if (value !== null) out.push(...checkText(kind, value, pointer));
  };
  const location = (loc: Location | null, pointer: string): void => {
    if (loc !== null) out.push(...checkSpan(loc.span, childPointer(pointer, 'span')));
  };
  if (result.analysis !== null)
    text('Name', result.analysis.semantic_compatibility, '/analysis/semantic_compatibility');
  if (result.type !== null) text('Display', result.type.display, '/type/display');
  result.operations.forEach((op, i) => {
    const at = `/operations/${i}`;
    text('Name', op.display_name, `${at}/display_name`);
    text('QualifiedName', op.qualified_name, `${at}/qualified_name`);
    text('Signature', op.signature, `${at}/signature`);
    op.generic_requirements.forEach((g, j) => text('Display', g.display, `${at}/generic_requirements/${j}/display`));
    op.effects.forEach((e, j) => text('Display', e.display, `${at}/effects/${j}/display`));
    text('QualifiedName', op.origin.module, `${at}/origin/module`);
    text('Name', op.origin.trait, `${at}/origin/trait`);
    location(op.source, `${at}/source`);
  });
  result.omissions.forEach((o, i) => text('Spelling', o.requested_spelling, `/omissions/${i}/requested_spelling`));
  result.diagnostics.forEach((d, i) => {
    const at = `/diagnostics/${i}`;
    text('Name', d.code, `${at}/code`);
    text('Name', d.category, `${at}/category`);
    text('Name', d.template_id, `${at}/template_id`);
    text('Display', d.fallback_text, `${at}/fallback_text`);
    location(d.primary, `${at}/primary`);
  });
  return out;
}

/** The clauses an ordered set breaks: one for a repeated element, one for an element out of order. */
export interface SetClauses {
  unique: string;
  order: string;
}

/**
 * Checks that `items` is strictly ascending under `compare`: an element equal to its
 * predecessor is a duplicate (code `duplicate`), one below it is out of order (code
 * `order`). Each violation points at the offending element under `pointer`.
 */
export function checkStrictlyAscending<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  pointer: string,
  clauses: SetClauses,
  what: string,
): Violation[] {
  const out: Violation[] = [];
  for (let i = 1; i < items.length; i++) {
    const c = compare(items[i - 1] as T, items[i] as T);
    if (c === 0) {
      out.push(
        violation('duplicate', clauses.unique, `${what} repeats an element.`, {
          pointer: childPointer(pointer, i),
          expected: 'no element equal to its predecessor',
          actual: `equal to element ${i - 1}`,
        }),
      );
    } else if (c > 0) {
      out.push(
        violation('order', clauses.order, `${what} is out of order.`, {
          pointer: childPointer(pointer, i),
          expected: `after element ${i - 1}`,
          actual: `before element ${i - 1}`,
        }),
      );
    }
  }
  return out;
}

/**
 * A duplicate-free set of Ids sorted by raw decoded bytes (for lowercase hex, string order
 * is byte order). Defaults to the diagnostic_ids clauses KD-DIAG-09 and KD-ORDER-10.
 */
export function checkIdSet(
  ids: readonly string[],
  pointer: string,
  clauses: SetClauses = { unique: 'KD-DIAG-09', order: 'KD-ORDER-10' },
): Violation[] {
  return checkStrictlyAscending(ids, compareUtf8, pointer, clauses, 'Id set');
}
