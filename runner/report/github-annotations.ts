/**
 * GitHub Actions workflow commands for a finished run, within what GitHub shows: at most 10 `::error` and 10
 * `::warning` annotations per step (actions/toolkit PR #734), so the kit writes one annotation per group of vectors,
 * never one per vector, at most 10 of each level in severity order (severity-order.ts), each with the count of
 * vectors behind it, and then one `::notice` saying where everything is (the job summary, the report files) and how
 * many groups were left out.
 *
 * - `::error`: what fails the gate. A FAIL, grouped by its rank (a wrong value, an order, a layout) and lead clause; an
 *   ERROR, grouped by its error kind and code (what the provider did, not which clause it was asked about); an
 *   XPASS; a fuzz disagreement (a wrong value on a generated case); expectations naming no vector.
 * - `::warning`: what leaves the run incomplete or unchecked without failing it by itself: a NOT-RUN, grouped by
 *   kind; why the run is incomplete (the provider could not start, a shard missing, an interruption); a fuzz phase
 *   that could not run; a hermetic trace that could not observe; the kit's notes on vectors that pass.
 *
 * Provider text is escaped for the workflow-command encoding, so it stays within its one line and cannot issue a
 * command of its own.
 */
import { compareUtf8, escapeFor } from '../../oracle/index.js';
import { githubSafe } from '../../oracle/internal.js';
import { gateEffect, verdictNotHandled, type VectorJudgement } from '../judge/verdict.js';
import { differenceSummary } from './describe.js';
import { conformantExcept, type GateReport } from './gate-report.js';
import {
  bySeverity,
  clauseWeights,
  leadClause,
  severityRank,
  SEVERITY_RANKS,
  type SeverityRank,
} from './severity-order.js';

/** GitHub shows at most this many annotations of one level per step. */
export const MAX_ANNOTATIONS_PER_LEVEL = 10;
/** The most vector ids named in one annotation. */
const IDS_NAMED = 5;
/** Sorts a gate-level group after the vector groups of its rank. */
const AFTER_VECTORS = '\u{10ffff}';

/** One annotation: a group of vectors, or a finding of the gate, at one level. */
interface Group {
  level: 'error' | 'warning';
  /** Where it sorts: the severity rank, then the group's clause or name. */
  rank: number;
  key: string;
  /** Kit text (a clause, an error kind and code), escaped as a property when written. */
  title: string;
  /** Kit text: what the group's vectors have in common, or the whole finding of a gate-level group. */
  what: string;
  /** The vectors behind a vector group (none for a gate-level finding). */
  ids: string[];
  /** A detail of the group's first vector or of the finding, already safe for a workflow command's message. */
  detail?: string;
}

const RANK_WORDS: Record<SeverityRank, string> = {
  value: 'wrong value',
  order: 'order only',
  layout: 'layout only',
  error: 'error',
  xpass: 'unexpected pass',
  'not-run': 'not run',
  'not-applicable': 'not applicable',
  xfail: 'expected failure',
  acceptable: 'acceptable',
  pass: 'pass',
};

/** The group a vector annotates (its `ids` still empty), or undefined for one that passes without a note. */
function groupOf(v: VectorJudgement, weights: ReadonlyMap<string, number>): Group | undefined {
  const rankName = severityRank(v);
  const rank = SEVERITY_RANKS.indexOf(rankName);
  switch (v.verdict) {
    case 'FAIL': {
      const clause = leadClause(v, weights) ?? 'no clause';
      const first = v.violations[0];
      const difference = v.difference ?? v.metamorphic?.difference ?? v.state?.difference;
      const detail =
        first !== undefined
          ? escapeFor('github', `${first.clause} ${first.message}`)
          : difference !== undefined
            ? differenceSummary(difference, 'github')
            : undefined;
      const title = `${clause} (${RANK_WORDS[rankName]})`;
      return {
        level: 'error',
        rank,
        key: clause,
        title,
        what: `FAIL ${title}`,
        ids: [],
        ...(detail ? { detail } : {}),
      };
    }
    case 'ERROR': {
      const kind = `${v.error?.kind ?? 'error'}${v.error?.code === undefined ? '' : ` ${v.error.code}`}`;
      const title = `ERROR ${kind}${v.fail_clauses.length > 0 ? ` ${v.fail_clauses.join(' ')}` : ''}`;
      // The error's message is held escaped by the base rule already.
      return {
        level: 'error',
        rank,
        key: kind,
        title,
        what: title,
        ids: [],
        detail: githubSafe(v.error?.message ?? ''),
      };
    }
    case 'XPASS':
      return {
        level: 'error',
        rank,
        key: 'XPASS',
        title: 'XPASS (remove the expectation)',
        what: 'XPASS: an expected failure passed',
        ids: [],
      };
    case 'NOT-RUN': {
      const kind = v.error?.kind ?? 'not-run';
      const detail = githubSafe(v.error?.message ?? '');
      return { level: 'warning', rank, key: kind, title: `NOT-RUN ${kind}`, what: 'NOT-RUN', ids: [], detail };
    }
    case 'NOT-APPLICABLE': {
      const features = v.missing_features.join(', ');
      const what = `NOT-APPLICABLE (features the provider declares missing: ${features})`;
      return { level: 'warning', rank, key: features, title: `NOT-APPLICABLE ${features}`, what, ids: [] };
    }
    case 'PASS':
    case 'ACCEPTABLE':
    case 'XFAIL': {
      const note = v.notes[0];
      if (note === undefined) return undefined;
      return {
        level: 'warning',
        rank,
        key: 'notes',
        title: 'notes',
        what: 'with a note',
        ids: [],
        detail: githubSafe(note),
      };
    }
    default:
      return verdictNotHandled(v);
  }
}

/** Findings of the gate that belong to no vector: the fuzz phase, stale expectations, why the run is incomplete. */
function gateGroups(report: GateReport): Group[] {
  const groups: Group[] = [];
  const fuzz = report.fuzz;
  const notRun = SEVERITY_RANKS.indexOf('not-run');
  if (fuzz?.outcome === 'disagreement')
    // A wrong answer on a generated case: a wrong value, after the vectors' own.
    groups.push({
      level: 'error',
      rank: SEVERITY_RANKS.indexOf('value'),
      key: `${AFTER_VECTORS}fuzz`,
      title: 'fuzz disagreement',
      what:
        `fuzz: a disagreement in ${fuzz.cases} generated cases (seed ${fuzz.seed}), written as vector ` +
        `${fuzz.vector_id ?? ''}; clauses: ${(fuzz.clauses ?? []).join(' ') || 'none found by the verifier'}`,
      ids: [],
    });
  if (report.unknown_expectations.length > 0)
    groups.push({
      level: 'error',
      rank: SEVERITY_RANKS.indexOf('xpass'),
      key: `${AFTER_VECTORS}expectations`,
      title: 'expectations naming no vector',
      what:
        report.unknown_expectations.length === 1
          ? '1 expectation entry names no vector of the set'
          : `${report.unknown_expectations.length} expectation entries name no vector of the set`,
      ids: [],
      detail: escapeFor('github', report.unknown_expectations.map((e) => e.id).join(', ')),
    });
  const incomplete = report.gate.reasons.filter((r) => /could not start|interrupted|is missing|changed after/.test(r));
  if (incomplete.length > 0)
    groups.push({
      level: 'warning',
      rank: notRun,
      key: '',
      title: 'run incomplete',
      what: 'the run is incomplete',
      ids: [],
      detail: escapeFor('github', incomplete.join('; ')),
    });
  const missing = report.gate.missing_features ?? [];
  if (missing.length > 0 && report.gate.allow_missing_features !== true)
    groups.push({
      level: 'error',
      rank: SEVERITY_RANKS.indexOf('not-applicable'),
      key: `${AFTER_VECTORS}features`,
      title: 'features missing',
      what:
        `${conformantExcept(missing)}, which the provider declares it does not implement: the gate passes with ` +
        'features missing only under --allow-missing-features',
      ids: [],
    });
  if (fuzz?.outcome === 'no-provider')
    groups.push({
      level: 'warning',
      rank: notRun,
      key: `${AFTER_VECTORS}fuzz`,
      title: 'fuzz phase not run',
      what: `fuzz: the phase could not run (seed ${fuzz.seed})`,
      ids: [],
      detail: escapeFor('github', fuzz.message ?? ''),
    });
  if (report.hermetic !== undefined && !report.hermetic.ran)
    groups.push({
      level: 'warning',
      rank: notRun,
      key: `${AFTER_VECTORS}hermetic`,
      title: 'hermetic trace not observed',
      what: 'hermetic: KD-TRUST-09, KD-TRUST-10, KD-EFFECT-04 were not checked',
      ids: [],
      detail: escapeFor('github', report.hermetic.reason ?? ''),
    });
  return groups;
}

/** Where the annotations' readers find everything: the job summary (when one is written) and the report files. */
export interface AnnotationSources {
  jobSummary: boolean;
  /** The report files written, as the console names them. */
  reportFiles: readonly string[];
}

/** The message of one group: how many vectors and which (the first few), then a detail, safe for a message. */
function messageOf(g: Group): string {
  const n = g.ids.length;
  const named = g.ids.slice(0, IDS_NAMED).join(', ') + (n > IDS_NAMED ? `, … (${n - IDS_NAMED} more)` : '');
  const head = escapeFor('github', n === 0 ? g.what : `${n} vector${n === 1 ? '' : 's'} ${g.what}: ${named}`);
  return g.detail === undefined || g.detail === '' ? head : `${head}. ${n > 1 ? 'First: ' : ''}${g.detail}`;
}

/** The workflow-command lines for a report: at most 10 errors and 10 warnings, then one notice. */
export function githubAnnotations(
  report: GateReport,
  sources: AnnotationSources = { jobSummary: false, reportFiles: [] },
): string[] {
  const byKey = new Map<string, Group>();
  const weights = clauseWeights(report.vectors);
  for (const v of bySeverity(report.vectors)) {
    const g = groupOf(v, weights);
    if (g === undefined) continue;
    const key = `${g.level}|${g.rank}|${g.key}`;
    const known = byKey.get(key);
    if (known === undefined) byKey.set(key, { ...g, ids: [v.id] });
    else known.ids.push(v.id);
  }
  // Among the failures of one rank the group that holds the most vectors first: the fault that explains the most.
  const heavier = (a: Group, b: Group): number =>
    a.level === 'error' && b.level === 'error' ? b.ids.length - a.ids.length : 0;
  const groups = [...byKey.values(), ...gateGroups(report)].sort(
    (a, b) => a.rank - b.rank || heavier(a, b) || compareUtf8(a.key, b.key),
  );
  const lines: string[] = [];
  let left = 0;
  let leftVectors = 0;
  for (const level of ['error', 'warning'] as const) {
    const ofLevel = groups.filter((g) => g.level === level);
    for (const g of ofLevel.slice(0, MAX_ANNOTATIONS_PER_LEVEL))
      lines.push(`::${level} title=${escapeFor('github-property', `kofun-ctk ${g.title}`)}::${messageOf(g)}`);
    for (const g of ofLevel.slice(MAX_ANNOTATIONS_PER_LEVEL)) {
      left += 1;
      leftVectors += g.ids.length;
    }
  }
  if (lines.length === 0) return lines;
  const failing = report.vectors.filter((v) => gateEffect(v.verdict) !== 'passes').length;
  const files =
    sources.reportFiles.length > 0
      ? `the reports ${sources.reportFiles.join(', ')}`
      : 'the reports (--report json,junit,md,html)';
  const where = sources.jobSummary ? `the job summary and ${files}` : files;
  const cut = left > 0 ? `${left} more groups (${leftVectors} vectors) are not annotated; ` : '';
  const text = `${cut}all ${failing} vectors that fail the gate or did not run are in ${where}`;
  lines.push(`::notice title=kofun-ctk::${escapeFor('github', text)}`);
  return lines;
}
