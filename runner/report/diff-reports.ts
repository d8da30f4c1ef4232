/**
 * What changed between two JSON gate reports (`kofun-ctk report diff OLD.json NEW.json`), vector by vector: newly
 * failing (passed the gate before, fails it now), fixed (the reverse), still failing, other verdict changes, and the
 * vectors themselves changed between the two runs' sets (their own digests differ, so a verdict change there may be
 * the set's, not the provider's), added or left out. Data only; report/render-report-diff.ts gives it text.
 */
import { compareUtf8 } from '../../oracle/index.js';
import { gateEffect, type Verdict } from '../judge/verdict.js';
import { digestsById, type GateReport } from './gate-report.js';

/** The format of `report diff --json`. */
export const REPORT_DIFF_FORMAT = 'kofun.ctk.report-diff/v1';

/** One vector judged in both reports, or in one of them. */
export interface ReportDiffEntry {
  id: string;
  /** Absent when the report did not judge it. */
  old?: Verdict;
  new?: Verdict;
  /** The clauses the new run's FAIL names (or the old run's, for a fixed vector). */
  clauses: string[];
  /** The vector's own digest differs between the two runs' sets; absent when either report records none. */
  vector_changed?: boolean;
}

/** The groups of a report diff, in the order every rendering lists them. */
export const REPORT_DIFF_GROUPS = ['newly_failing', 'fixed', 'still_failing', 'other', 'added', 'removed'] as const;
export type ReportDiffGroup = (typeof REPORT_DIFF_GROUPS)[number];

export const REPORT_DIFF_TITLES: Readonly<Record<ReportDiffGroup, string>> = {
  newly_failing: 'newly failing',
  fixed: 'fixed',
  still_failing: 'still failing',
  other: 'other verdict changes',
  added: 'judged only in the new report',
  removed: 'judged only in the old report',
};

export interface ReportDiff {
  format: typeof REPORT_DIFF_FORMAT;
  old: { vector_set_sha256: string; provider: string; gate_exit_code: number };
  new: { vector_set_sha256: string; provider: string; gate_exit_code: number };
  /** Vectors whose own digest differs between the runs' sets (judged in both), sorted. */
  changed_vectors: string[];
  /** True when a report records no vector digests (an earlier kit's): changed vectors are then unknown. */
  digests_missing: boolean;
  groups: Record<ReportDiffGroup, ReportDiffEntry[]>;
}

const provider = (r: GateReport): string =>
  r.provider === null ? 'no provider' : `${r.provider.name} ${r.provider.version}`;

const fails = (v: Verdict | undefined): boolean => v !== undefined && gateEffect(v) === 'fails';

/** The diff of `old` and `next`. */
export function diffReports(old: GateReport, next: GateReport): ReportDiff {
  const before = new Map(old.vectors.map((j) => [j.id, j]));
  const after = new Map(next.vectors.map((j) => [j.id, j]));
  const digestsMissing = old.vector_digests === undefined || next.vector_digests === undefined;
  const oldDigests = digestsById(old.vector_digests ?? []);
  const newDigests = digestsById(next.vector_digests ?? []);
  const groups = Object.fromEntries(REPORT_DIFF_GROUPS.map((g) => [g, [] as ReportDiffEntry[]])) as Record<
    ReportDiffGroup,
    ReportDiffEntry[]
  >;
  const changed: string[] = [];
  for (const id of [...new Set([...before.keys(), ...after.keys()])].sort(compareUtf8)) {
    const a = before.get(id);
    const b = after.get(id);
    const entry: ReportDiffEntry = { id, clauses: [...((b ?? a)?.fail_clauses ?? [])] };
    if (a !== undefined) entry.old = a.verdict;
    if (b !== undefined) entry.new = b.verdict;
    if (!digestsMissing && a !== undefined && b !== undefined) {
      entry.vector_changed = oldDigests.get(id) !== newDigests.get(id);
      if (entry.vector_changed) changed.push(id);
    }
    if (a === undefined) groups.added.push(entry);
    else if (b === undefined) groups.removed.push(entry);
    else if (!fails(a.verdict) && fails(b.verdict)) groups.newly_failing.push(entry);
    else if (fails(a.verdict) && !fails(b.verdict)) {
      entry.clauses = [...a.fail_clauses];
      groups.fixed.push(entry);
    } else if (fails(a.verdict)) groups.still_failing.push(entry);
    else if (a.verdict !== b.verdict) groups.other.push(entry);
  }
  return {
    format: REPORT_DIFF_FORMAT,
    old: { vector_set_sha256: old.vector_set_sha256, provider: provider(old), gate_exit_code: old.gate.exit_code },
    new: { vector_set_sha256: next.vector_set_sha256, provider: provider(next), gate_exit_code: next.gate.exit_code },
    changed_vectors: changed,
    digests_missing: digestsMissing,
    groups,
  };
}
