/**
 * Diagnostic references (KD-DIAG-07, KD-DIAG-08, OQ-30 A): every diagnostic ID a fact
 * lists names a diagnostic row of the result, and a row no fact references is permitted
 * only for a root request/status failure, that is in an invalid, stale or unavailable
 * result, whose facts are all absent.
 */
import type { Violation } from '../violation.js';
import { arrayMember, isRecord, member, stringMember } from './json-access.js';
import { ruleTable } from './rule-table.js';

// prettier-ignore
export const DIAGNOSTIC_REFERENCE_RULES = ruleTable({
  'dangling-diagnostic-id': ['KD-DIAG-07', 'the id of one result diagnostic', '{id}',
    'A fact diagnostic ID names no diagnostic row of the result.'],
  'unreferenced-diagnostic': ['KD-DIAG-08', 'a diagnostic referenced by a fact', 'an unreferenced diagnostic',
    'A {status} result carries only diagnostics its facts reference (OQ-30 A).'],
});

/** Statuses whose facts must account for every diagnostic row (OQ-30 A). */
const FACT_STATUSES: ReadonlySet<string> = new Set(['complete', 'partial']);

/** Checks diagnostic references of a decoded result. */
export function checkDiagnosticReferences(result: unknown): Violation[] {
  const out: Violation[] = [];
  const rows = new Set<string>();
  for (const d of arrayMember(result, 'diagnostics')) {
    const id = stringMember(d, 'id');
    if (id !== undefined) rows.add(id);
  }
  const referenced = new Set<string>();
  const visit = (fact: unknown, base: string): void => {
    arrayMember(fact, 'diagnostic_ids').forEach((id, j) => {
      if (typeof id !== 'string') return;
      referenced.add(id);
      if (!rows.has(id))
        out.push(DIAGNOSTIC_REFERENCE_RULES.at('dangling-diagnostic-id', `${base}/diagnostic_ids/${j}`, { id }));
    });
  };
  const type = member(result, 'type');
  if (isRecord(type)) visit(type, '/type');
  arrayMember(result, 'operations').forEach((op, i) => {
    if (isRecord(op)) visit(op, `/operations/${i}`);
  });

  const status = stringMember(result, 'status');
  if (status === undefined || !FACT_STATUSES.has(status)) return out;
  arrayMember(result, 'diagnostics').forEach((d, i) => {
    const id = stringMember(d, 'id');
    if (id !== undefined && !referenced.has(id))
      out.push(DIAGNOSTIC_REFERENCE_RULES.at('unreferenced-diagnostic', `/diagnostics/${i}`, { status }));
  });
  return out;
}
