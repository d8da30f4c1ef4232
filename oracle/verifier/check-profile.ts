/**
 * What the v1 profile cannot yet contain. Until the extension (#293) and trait (#316)
 * resolution rules are accepted, a provider reports that work as unsupported-in-profile
 * and fabricates no extension or trait candidate (KD-LOOKUP-11); under OQ-19 A the
 * carrier is an omission, never a row, so no row has origin kind extension or trait.
 */
import type { Violation } from '../violation.js';
import { arrayMember, member } from './json-access.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const PROFILE_RULES = ruleTable({
  'unsupported-origin-row': ['KD-LOOKUP-11', 'function | member', '{kind:json}',
    'An {kind} row cannot be produced before its resolution rules are accepted;',
    'the work is reported as an unsupported-in-profile omission (OQ-19 A).'],
});

const FUTURE_ORIGINS: ReadonlySet<string> = new Set(['extension', 'trait']);

/** Checks that no operation row has an extension or trait origin. */
export function checkProfile(result: unknown): Violation[] {
  const out: Violation[] = [];
  arrayMember(result, 'operations').forEach((op, i) => {
    const kind = member(member(op, 'origin'), 'kind');
    if (typeof kind === 'string' && FUTURE_ORIGINS.has(kind))
      out.push(PROFILE_RULES.at('unsupported-origin-row', `/operations/${i}/origin/kind`, { kind }));
  });
  return out;
}
