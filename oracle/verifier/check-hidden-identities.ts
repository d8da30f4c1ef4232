/**
 * Hidden identities wherever they stand (KD-DISCLOSE-07, KD-DISCLOSE-08, L389, L427,
 * KIT-08 C): no Identity and no DependencyRef of a result carries the SymbolId or the
 * ImplementationId of a candidate hidden at the query position. Every object of the
 * result with a `kind` and a `value` is one: the type fact's dependencies, a row's
 * dependencies, the identities of its generic requirements and effects, its origin's
 * implementation and trait identities, and any such object in a field the contract does
 * not define. An identity is its kind and its value together (L70, L214): a TypeId or an
 * ImplementationId that shares its value with a hidden SymbolId is another identity and
 * discloses nothing.
 *
 * The leak scan (check-leaks.ts) searches the result's text for a hidden candidate's
 * names and IDs, but leaves alone a value the fixture lets the result show elsewhere (a
 * dependency key, a requirement's identity); this check reads the records, so it sees a
 * hidden identity even where its value is also shown lawfully. A row's own identity is
 * left to check-fixture-rows (a row for a hidden candidate is one fault, reported once).
 */
import { childPointer, type Violation } from '../violation.js';
import type { HiddenIdentity } from './fixture-exposure.js';
import { isRecord } from './json-access.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const HIDDEN_IDENTITY_RULES = ruleTable({
  'hidden-identity-dependency': [['KD-DISCLOSE-07', 'KD-DISCLOSE-08'], 'no identity of a hidden candidate',
    '{kind} {prefix}…',
    'A dependency of {fact} is the {kind} of a candidate hidden at this position (kind and value match);',
    "a result never returns a hidden declaration's identity: the dependency is withheld and the fact that rests on",
    'it is unavailable with incomplete-analysis (register KIT-08).'],
  'hidden-identity': [['KD-DISCLOSE-07', 'KD-DISCLOSE-08'], 'no identity of a hidden candidate', '{kind} {prefix}…',
    'The {field} is the {kind} of a candidate hidden at this position (kind and value match);',
    "a result never returns a hidden declaration's identity (register KIT-08)."],
});

const R = HIDDEN_IDENTITY_RULES;

/** What a pointer to an Identity or DependencyRef names, for the message. */
function fieldOf(pointer: string): { dependencyOf?: string; field: string } {
  let m = /^\/type\/dependencies\/\d+$/.exec(pointer);
  if (m !== null) return { dependencyOf: 'the type fact', field: 'dependency' };
  m = /^\/operations\/(\d+)\/dependencies\/\d+$/.exec(pointer);
  if (m !== null) return { dependencyOf: `row ${m[1] as string}`, field: 'dependency' };
  if (/\/generic_requirements\/\d+\/identity$/.test(pointer)) return { field: 'identity of a generic requirement' };
  if (/\/effects\/\d+\/identity$/.test(pointer)) return { field: 'identity of an effect requirement' };
  if (/\/origin\/implementation_identity$/.test(pointer)) return { field: "origin's implementation identity" };
  if (/\/origin\/trait_identity$/.test(pointer)) return { field: "origin's trait identity" };
  if (pointer === '/type/identity') return { field: 'type identity' };
  return { field: `identity at ${pointer}` };
}

/** Row identities are check-fixture-rows' to judge; `skipRows` are rows for hidden candidates, reported once. */
const ROW_IDENTITY = /^\/operations\/\d+\/identity$/;

/** Every Identity and DependencyRef of `result` that names a hidden candidate. */
export function checkHiddenIdentities(
  result: unknown,
  hidden: ReadonlyMap<string, HiddenIdentity>,
  skipRows: ReadonlySet<number>,
): Violation[] {
  const out: Violation[] = [];
  if (hidden.size === 0) return out;
  // Iterative walk: a lenient reading may nest deeper than any record.
  const stack: { v: unknown; p: string }[] = [{ v: result, p: '' }];
  while (stack.length > 0) {
    const { v, p } = stack.pop() as { v: unknown; p: string };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        if (p === '/operations' && skipRows.has(i)) continue;
        stack.push({ v: v[i], p: `${p}/${i}` });
      }
      continue;
    }
    if (!isRecord(v)) continue;
    const kind = v['kind'];
    const value = v['value'];
    if (typeof kind === 'string' && typeof value === 'string' && !ROW_IDENTITY.test(p)) {
      const found = hidden.get(`${kind}:${value}`);
      if (found !== undefined) {
        const clause = found.extension ? 'KD-DISCLOSE-08' : 'KD-DISCLOSE-07';
        const { dependencyOf, field } = fieldOf(p);
        const fill = { clause, kind, prefix: value.slice(0, 16), field, fact: dependencyOf ?? '' } as const;
        out.push(
          dependencyOf === undefined
            ? R.at('hidden-identity', `${p}/value`, fill)
            : R.at('hidden-identity-dependency', `${p}/value`, fill),
        );
      }
    }
    for (const k of Object.keys(v).reverse()) stack.push({ v: v[k], p: childPointer(p, k) });
  }
  return out;
}
