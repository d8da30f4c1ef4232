/**
 * GitHub Actions workflow commands for a finished run: one `::error` annotation per vector
 * that fails the gate, grouped by the clause it violates (the most violated clause first)
 * or by error kind, and capped (GitHub shows few annotations per step; the reports have
 * all). Provider text is escaped for the workflow-command encoding, so it stays within
 * its one line and cannot issue a command of its own.
 */
import { escapeFor } from '../../oracle/index.js';
import { PASSING, type VectorJudgement } from '../judge/verdict.js';
import type { GateReport } from './gate-report.js';

/** The most annotations written for one run. */
export const MAX_ANNOTATIONS = 50;

function groupOf(v: VectorJudgement, clauseRank: ReadonlyMap<string, number>): string {
  if (v.verdict === 'FAIL' && v.fail_clauses.length > 0) {
    return [...v.fail_clauses].sort((a, b) => (clauseRank.get(a) ?? 0) - (clauseRank.get(b) ?? 0))[0] as string;
  }
  if (v.verdict === 'XPASS') return 'XPASS (remove the expectation)';
  return `${v.verdict} ${v.error?.kind ?? ''}`.trim();
}

function messageOf(v: VectorJudgement): string {
  if (v.verdict === 'FAIL') {
    const first = v.violations[0];
    return `${v.id}: FAIL ${v.fail_clauses.join(' ')}${first !== undefined ? `: ${first.message}` : ''}`;
  }
  if (v.verdict === 'XPASS')
    return `${v.id}: XPASS: expected ${v.expectation?.verdict ?? ''}, got ${v.raw_verdict ?? ''}`;
  return `${v.id}: ${v.verdict}: ${v.error?.kind ?? ''}: ${v.error?.message ?? ''}`;
}

/** The workflow-command lines for a report. */
export function githubAnnotations(report: GateReport, max = MAX_ANNOTATIONS): string[] {
  const clauseRank = new Map(report.summary.by_clause.map((c, i) => [c.clause, i]));
  const groups = new Map<string, VectorJudgement[]>();
  for (const v of report.vectors) {
    if (PASSING.has(v.verdict)) continue;
    const g = groupOf(v, clauseRank);
    groups.set(g, [...(groups.get(g) ?? []), v]);
  }
  const ordered = [...groups.entries()].sort(
    (a, b) => (clauseRank.get(a[0]) ?? Infinity) - (clauseRank.get(b[0]) ?? Infinity) || b[1].length - a[1].length,
  );
  const lines: string[] = [];
  let left = max;
  let skipped = 0;
  for (const [group, vectors] of ordered) {
    lines.push(`::group::${escapeFor('github', `${group}: ${vectors.length} vectors`)}`);
    for (const v of vectors) {
      if (left <= 0) {
        skipped += 1;
        continue;
      }
      left -= 1;
      lines.push(
        `::error title=${escapeFor('github-property', `kofun-ctk ${group}`)}::${escapeFor('github', messageOf(v))}`,
      );
    }
    lines.push('::endgroup::');
  }
  if (skipped > 0)
    lines.push(`::notice title=kofun-ctk::${skipped} more failing vectors not annotated; see the reports`);
  return lines;
}
