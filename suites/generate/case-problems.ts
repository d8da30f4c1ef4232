/**
 * What makes a set of cases unfit to generate from: duplicate ids, ids not of the
 * form `<category>/<slug>` with the case's own category, clause ids the register does
 * not have, interpretation ids the register of interpretations does not have, and
 * renames that do not lead from a retired id to a current one.
 */
import { CATEGORIES, type CaseDefinition } from '../case-definition.js';

/** `<category>/<slug>`: lowercase ASCII words joined by single hyphens. */
export const CASE_ID = /^([a-z]+(?:-[a-z]+)*)\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** Registers the cases are checked against; a register that is not given is not checked. */
export interface KnownIds {
  clauses?: ReadonlySet<string>;
  interpretations?: ReadonlySet<string>;
}

/** Every problem, one line each; empty when the cases are fit. */
export function caseProblems(
  cases: readonly CaseDefinition[],
  renames: Readonly<Record<string, string>>,
  known: KnownIds = {},
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const c of cases) {
    const m = CASE_ID.exec(c.id);
    if (m === null)
      out.push(`case id ${JSON.stringify(c.id)} is not <category>/<slug> (lowercase words joined by hyphens)`);
    else if (m[1] !== c.category)
      out.push(`case id ${c.id} names category ${m[1] ?? ''} but the case is in ${c.category}`);
    if (!(CATEGORIES as readonly string[]).includes(c.category))
      out.push(`case ${c.id} has unknown category ${c.category}`);
    if (seen.has(c.id)) out.push(`duplicate case id ${c.id}`);
    seen.add(c.id);
    if (c.intent.trim().length === 0) out.push(`case ${c.id} has no intent`);
    if (c.clauses.length === 0) out.push(`case ${c.id} cites no clause`);
    for (const clause of c.clauses) {
      if (!/^KD-[A-Z]+-\d{2}$/.test(clause))
        out.push(`case ${c.id} cites ${JSON.stringify(clause)}, not a KD- clause id`);
      else if (known.clauses !== undefined && !known.clauses.has(clause))
        out.push(`case ${c.id} cites ${clause}, which the clause register does not have`);
    }
    for (const entry of c.interpretations) {
      if (known.interpretations !== undefined && !known.interpretations.has(entry))
        out.push(`case ${c.id} depends on ${entry}, which the interpretations register does not have`);
    }
  }
  for (const [from, to] of Object.entries(renames)) {
    if (seen.has(from)) out.push(`renames.json retires ${from}, but a case still has that id`);
    if (!seen.has(to)) out.push(`renames.json maps ${from} to ${to}, which is not a current case id`);
  }
  return out;
}
