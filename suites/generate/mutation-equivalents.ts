/**
 * The mutants of the oracle that no vector can tell from the oracle, each with the reason
 * (suites/mutation/equivalent-mutants.json): a surviving mutant is either killed by a new vector, a fuzz class or a
 * verifier rule, or listed here. An entry names a mutant by its source, its mutator, the text of the source line it
 * starts on (trimmed) and, when the line has several mutants of that mutator, its replacement (and its column, when two
 * of them replace alike); so an entry follows
 * its line when code above it moves, and goes stale (and `mutation check` says so) when the line itself changes.
 *
 * An entry with `caught_by` is not an equivalent mutant: it names a mutant of code no vector's answer or verification
 * runs (a kit fault's guard, a digest only the release, the vector set or a wrong provider answer reaches), which the
 * kit's own test file `caught_by` fails on; its reason says why no vector reaches the mutant. REPORT.md lists such
 * mutants apart from the equivalent ones, and `mutation check` fails when the test file is not there.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatJsonInputProblem, readJsonInputFile } from '../../oracle/internal.js';
import type { MutantResult, MutationResults } from './mutation-results.js';

/** One entry of the list. */
export interface EquivalentMutant {
  file: string;
  mutator: string;
  /** The trimmed text of the line the mutant starts on. */
  line: string;
  /** The mutant's replacement, whitespace collapsed; absent: every replacement of `mutator` on the line. */
  replacement?: string;
  /** The 1-based column the mutant starts at, for two mutants of one line with one replacement; absent: any. */
  column?: number;
  reason: string;
  /** The kit's test file (relative to the kit root) that fails on the mutant, which no vector reaches. */
  caught_by?: string;
}

/** The list read, or why not. */
export type EquivalentsRead = { ok: true; entries: EquivalentMutant[] } | { ok: false; message: string };

/** Reads the list through the kit's fail-closed JSON reader and checks every entry's fields. */
export function readEquivalentMutants(path: string): EquivalentsRead {
  const read = readJsonInputFile(path);
  if (!read.ok) return { ok: false, message: `${path}: ${formatJsonInputProblem(read.problem)}` };
  const value = read.value as { equivalent?: unknown } | null;
  const list = value !== null && typeof value === 'object' ? value.equivalent : undefined;
  if (!Array.isArray(list)) return { ok: false, message: `${path}: /equivalent is not an array` };
  const entries: EquivalentMutant[] = [];
  for (const [i, e] of list.entries()) {
    const entry = e as Partial<Record<keyof EquivalentMutant, unknown>> | null;
    const text = (k: keyof EquivalentMutant): boolean => typeof entry?.[k] === 'string' && entry[k] !== '';
    if (!text('file') || !text('mutator') || !text('line') || !text('reason'))
      return { ok: false, message: `${path}: /equivalent/${i} needs file, mutator, line and reason (strings)` };
    if (entry?.replacement !== undefined && typeof entry.replacement !== 'string')
      return { ok: false, message: `${path}: /equivalent/${i}/replacement is not a string` };
    if (
      entry?.caught_by !== undefined &&
      (typeof entry.caught_by !== 'string' || !entry.caught_by.endsWith('.test.ts'))
    )
      return { ok: false, message: `${path}: /equivalent/${i}/caught_by is not the path of a .test.ts file` };
    entries.push(entry as EquivalentMutant);
  }
  return { ok: true, entries };
}

/** Whitespace runs as one space, trimmed: how a replacement is written in the list. */
export function collapsed(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The trimmed text of the line a mutant starts on. */
export function mutantLine(source: string, mutant: MutantResult): string {
  return (source.split('\n')[mutant.location.start.line - 1] ?? '').trim();
}

/** The entry that explains a mutant of `file`, if any. */
export function equivalentOf(
  entries: readonly EquivalentMutant[],
  file: string,
  source: string,
  mutant: MutantResult,
): EquivalentMutant | undefined {
  const line = mutantLine(source, mutant);
  return entries.find(
    (e) =>
      e.file === file &&
      e.mutator === mutant.mutatorName &&
      e.line === line &&
      (e.replacement === undefined || e.replacement === collapsed(mutant.replacement ?? '')) &&
      (e.column === undefined || e.column === mutant.location.start.column),
  );
}

/** Whether a mutant's status leaves it undetected (it survived, or no vector reached it). */
export function undetected(mutant: MutantResult): boolean {
  return mutant.status === 'Survived' || mutant.status === 'NoCoverage';
}

/** One line per entry whose `caught_by` test file is not under `root`. */
export function missingCatchers(entries: readonly EquivalentMutant[], root: string): string[] {
  const missing = new Set(
    entries.flatMap((e) => (e.caught_by === undefined || existsSync(join(root, e.caught_by)) ? [] : [e.caught_by])),
  );
  return [...missing].sort().map((f) => `the test file ${f} named as caught_by is not there`);
}

/** One line per entry that explains no undetected mutant of the results. */
export function staleEquivalents(entries: readonly EquivalentMutant[], results: MutationResults): string[] {
  const used = new Set<EquivalentMutant>();
  for (const [file, result] of Object.entries(results.files))
    for (const m of result.mutants) {
      if (!undetected(m)) continue;
      const e = equivalentOf(entries, file, result.source, m);
      if (e !== undefined) used.add(e);
    }
  return entries
    .filter((e) => !used.has(e))
    .map((e) => `equivalent mutant entry ${e.file} ${e.mutator} "${e.line}" names no undetected mutant of the results`);
}
