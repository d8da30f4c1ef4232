/**
 * What a merge of shard reports must show before it may stand for one gate: every vector the reports' filters
 * select is judged exactly once across the shards present, no report judges a vector outside its own shard or
 * outside the vector set, a passing verdict carries the digest of the bytes it claims to have matched, and a
 * NOT-APPLICABLE names only features the vector needs and the report's provider declares missing. A report edited by
 * hand (a failing vector's entry deleted, a FAIL turned into a PASS or a NOT-APPLICABLE) is thereby refused.
 */
import { compareUtf8 } from '../../oracle/index.js';
import { verdictNotHandled, type VectorJudgement } from '../judge/verdict.js';
import { filterVectors, parseShard, shardVectors, type VectorFilters } from '../vectors/select-vectors.js';
import type { VectorSet } from '../vectors/vector-source.js';
import type { GateReport } from './gate-report.js';
import type { RunSelection } from './run-events.js';

/** One reason a merge is refused, naming the report (by its position on the command line, from 1) and vector. */
export interface MergeProblem {
  report: number;
  vector?: string;
  message: string;
}

/**
 * The filters a report's `selection` records, as the selection reads them (`--category`, `--exclude-category`,
 * `--id`, `--clause`, and the ids an earlier report's failures named for `--last-failed`), or a reason the record
 * cannot be selected again: a `--last-failed` run of a kit that did not record the ids it chose.
 */
export function filtersOfSelection(
  selection: RunSelection,
): { ok: true; filters: VectorFilters } | { ok: false; why: string } {
  const filters: VectorFilters = {
    categories: selection.categories,
    excludeCategories: selection.exclude_categories ?? [],
    ids: selection.ids,
    clauses: selection.clauses,
  };
  if (selection.last_failed !== true) return { ok: true, filters };
  if (selection.last_failed_ids === undefined)
    return { ok: false, why: 'was run with --last-failed but does not record the ids it chose (last_failed_ids)' };
  return { ok: true, filters: { ...filters, within: new Set(selection.last_failed_ids) } };
}

/** The problems of `reports` against `vectorSet` (empty when the merge is complete and consistent). */
export function checkMergeSelection(reports: readonly GateReport[], vectorSet: VectorSet): MergeProblem[] {
  const problems: MergeProblem[] = [];
  const all = [...vectorSet.queryVectors, ...vectorSet.releaseVectors].sort((a, b) => compareUtf8(a.id, b.id));
  const queries = new Map(vectorSet.queryVectors.map((v) => [v.id, v]));
  const needs = new Map<string, readonly string[]>(all.map((v) => [v.id, v.features]));
  const known = new Set(all.map((v) => v.id));
  reports.forEach((r, i) => {
    const report = i + 1;
    if (r.vector_set_sha256 !== vectorSet.vectorSetSha256) {
      problems.push({ report, message: `ran vector set ${r.vector_set_sha256}, not ${vectorSet.vectorSetSha256}` });
      return;
    }
    const recorded = filtersOfSelection(r.selection);
    if (!recorded.ok) {
      problems.push({ report, message: recorded.why });
      return;
    }
    const filtered = filterVectors(all, recorded.filters);
    if (r.selection.filtered !== filtered.length) {
      problems.push({
        report,
        message: `says its filters select ${r.selection.filtered} vectors; they select ${filtered.length}`,
      });
    }
    let shardIds: Set<string>;
    try {
      shardIds = new Set(
        shardVectors(filtered, r.selection.shard === null ? undefined : parseShard(r.selection.shard)).map((v) => v.id),
      );
    } catch {
      problems.push({ report, message: `names no valid shard (${String(r.selection.shard)})` });
      return;
    }
    const judged = new Set<string>();
    for (const j of r.vectors) {
      if (!known.has(j.id)) problems.push({ report, vector: j.id, message: 'is not a vector of the set' });
      else if (!shardIds.has(j.id))
        problems.push({ report, vector: j.id, message: "is not in this report's selection" });
      else if (judged.has(j.id)) problems.push({ report, vector: j.id, message: 'is judged twice' });
      judged.add(j.id);
      const vector = queries.get(j.id);
      const digestProblem = vector === undefined ? undefined : passDigestProblem(j, vector);
      if (digestProblem !== undefined) problems.push({ report, vector: j.id, message: digestProblem });
      const declared = r.gate.missing_features ?? [];
      const excused = j.missing_features ?? [];
      if (
        j.verdict === 'NOT-APPLICABLE' &&
        (excused.length === 0 || excused.some((f) => !declared.includes(f) || !(needs.get(j.id) ?? []).includes(f)))
      )
        problems.push({
          report,
          vector: j.id,
          message:
            `NOT-APPLICABLE for features ${excused.join(', ') || '(none)'}, not features the vector needs and the ` +
            `provider declares missing (${declared.join(', ') || 'none'})`,
        });
    }
    for (const id of shardIds)
      if (!judged.has(id)) problems.push({ report, vector: id, message: 'is selected but has no entry' });
  });
  return problems;
}

/**
 * A passing claim must name the digest of the bytes it matched: the expected result's, or the alternative's. A PASS,
 * an ACCEPTABLE and an XPASS (which was one of them) claim bytes; the other verdicts claim none.
 */
function passDigestProblem(j: VectorJudgement, vector: VectorSet['queryVectors'][number]): string | undefined {
  switch (j.verdict) {
    case 'PASS':
    case 'ACCEPTABLE':
      return claimProblem(j, j.verdict, vector);
    case 'XPASS':
      return claimProblem(j, j.raw_verdict, vector);
    case 'FAIL':
    case 'ERROR':
    case 'NOT-RUN':
    case 'XFAIL':
    case 'NOT-APPLICABLE':
      return undefined;
    default:
      return verdictNotHandled(j);
  }
}

/** Whether `j` names the digest of the bytes its `claimed` verdict matched. */
function claimProblem(
  j: VectorJudgement,
  claimed: 'PASS' | 'ACCEPTABLE' | undefined,
  vector: VectorSet['queryVectors'][number],
): string | undefined {
  if (claimed === 'PASS') {
    const want = vector.expectedSha256;
    if (j.actual_sha256 !== want)
      return `${j.verdict} with result digest ${String(j.actual_sha256)}, not the expected ${want}`;
  } else if (claimed === 'ACCEPTABLE') {
    const alternative = vector.acceptable.find((a) => a.name === j.acceptable?.name);
    if (alternative === undefined)
      return `${j.verdict} names no acceptable alternative of the vector (${String(j.acceptable?.name)})`;
    const want = alternative.sha256;
    if (j.actual_sha256 !== want)
      return `${j.verdict} with result digest ${String(j.actual_sha256)}, not ${alternative.name}'s ${want}`;
  }
  return undefined;
}
