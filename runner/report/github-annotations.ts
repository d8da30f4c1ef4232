/**
 * GitHub Actions workflow commands for a finished run: one `::error` annotation per vector
 * that fails the gate, grouped by the clause it violates (the most violated clause first)
 * or by error kind, and capped (GitHub shows few annotations per step; the reports have
 * all). Provider text is escaped for the workflow-command encoding, so it stays within
 * its one line and cannot issue a command of its own.
 */
import { escapeFor } from '../../oracle/index.js';
import { verdictNotHandled, type VectorJudgement } from '../judge/verdict.js';
import type { GateReport } from './gate-report.js';

/** The most annotations written for one run. */
export const MAX_ANNOTATIONS = 50;

/**
 * The annotation of a vector that fails the gate: its group (the clause it violates, the most violated one first, or
 * its verdict and error kind) and its message; none for a vector that passes the gate.
 */
function annotationOf(
  v: VectorJudgement,
  clauseRank: ReadonlyMap<string, number>,
): { group: string; message: string } | undefined {
  switch (v.verdict) {
    case 'FAIL': {
      const first = v.violations[0];
      const message = `${v.id}: FAIL ${v.fail_clauses.join(' ')}${first !== undefined ? `: ${first.message}` : ''}`;
      const byRank = [...v.fail_clauses].sort((a, b) => (clauseRank.get(a) ?? 0) - (clauseRank.get(b) ?? 0));
      return { group: byRank[0] ?? 'FAIL', message };
    }
    case 'XPASS':
      return {
        group: 'XPASS (remove the expectation)',
        message: `${v.id}: XPASS: expected ${v.expectation?.verdict ?? ''}, got ${v.raw_verdict ?? ''}`,
      };
    case 'ERROR':
    case 'NOT-RUN':
      return {
        group: `${v.verdict} ${v.error?.kind ?? ''}`.trim(),
        message: `${v.id}: ${v.verdict}: ${v.error?.kind ?? ''}: ${v.error?.message ?? ''}`,
      };
    case 'PASS':
    case 'ACCEPTABLE':
    case 'XFAIL':
      return undefined;
    default:
      return verdictNotHandled(v);
  }
}

/** The workflow-command lines for a report. */
export function githubAnnotations(report: GateReport, max = MAX_ANNOTATIONS): string[] {
  const clauseRank = new Map(report.summary.by_clause.map((c, i) => [c.clause, i]));
  const groups = new Map<string, string[]>();
  for (const v of report.vectors) {
    const annotation = annotationOf(v, clauseRank);
    if (annotation === undefined) continue;
    groups.set(annotation.group, [...(groups.get(annotation.group) ?? []), annotation.message]);
  }
  const ordered = [...groups.entries()].sort(
    (a, b) => (clauseRank.get(a[0]) ?? Infinity) - (clauseRank.get(b[0]) ?? Infinity) || b[1].length - a[1].length,
  );
  const lines: string[] = [];
  let left = max;
  let skipped = 0;
  for (const [group, messages] of ordered) {
    lines.push(`::group::${escapeFor('github', `${group}: ${messages.length} vectors`)}`);
    for (const message of messages) {
      if (left <= 0) {
        skipped += 1;
        continue;
      }
      left -= 1;
      lines.push(
        `::error title=${escapeFor('github-property', `kofun-ctk ${group}`)}::${escapeFor('github', message)}`,
      );
    }
    lines.push('::endgroup::');
  }
  if (skipped > 0)
    lines.push(`::notice title=kofun-ctk::${skipped} more failing vectors not annotated; see the reports`);
  return lines;
}
