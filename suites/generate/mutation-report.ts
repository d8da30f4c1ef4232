/**
 * The "Mutation testing of the oracle" section of REPORT.md, from the committed results (mutation-results.ts) and the
 * list of equivalent mutants (mutation-equivalents.ts): what was mutated and measured, the score, every equivalent
 * mutant with its reason, every mutant outside what any vector reaches with the kit test that catches it, and every
 * mutant no vector detects that is not explained yet. Only what the results record
 * is reported: a source with no results is named as not measured, never scored.
 */
import { markdownCell } from '../../oracle/index.js';
import { markdownCode } from '../../oracle/internal.js';
import { collapsed, equivalentOf, undetected, type EquivalentMutant } from './mutation-equivalents.js';
import type { MutantResult, MutationResults, ResultsCurrency } from './mutation-results.js';

/** What the section is made of. */
export interface MutationSection {
  /** The committed results, or why there are none. */
  results: { ok: true; results: MutationResults } | { ok: false; message: string };
  equivalents: readonly EquivalentMutant[];
  /** Every mutated source, relative to the kit root. */
  scope: readonly string[];
  /** How the results stand against the checkout (absent when there are none). */
  currency?: ResultsCurrency;
}

/** Mutant counts of one source or of all. */
interface Tally {
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  invalid: number;
  equivalent: number;
  /** Undetected, outside what any vector reaches, and caught by a kit test (an entry with `caught_by`). */
  caught: number;
  unexplained: number;
}

const empty = (): Tally => ({
  mutants: 0,
  killed: 0,
  timeout: 0,
  survived: 0,
  noCoverage: 0,
  invalid: 0,
  equivalent: 0,
  caught: 0,
  unexplained: 0,
});

function add(t: Tally, m: MutantResult, entry: EquivalentMutant | undefined): void {
  t.mutants += 1;
  if (m.status === 'Killed') t.killed += 1;
  else if (m.status === 'Timeout') t.timeout += 1;
  else if (m.status === 'Survived') t.survived += 1;
  else if (m.status === 'NoCoverage') t.noCoverage += 1;
  else t.invalid += 1;
  if (undetected(m)) {
    if (entry === undefined) t.unexplained += 1;
    else if (entry.caught_by === undefined) t.equivalent += 1;
    else t.caught += 1;
  }
}

/** A percentage to one decimal, rounded down, or a dash for none. */
function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.floor((1000 * part) / whole) / 10}%`;
}

/** StrykerJS's score (detected of detected and undetected), and the same without the equivalent mutants. */
function scores(t: Tally): { stryker: string; explained: string } {
  const detected = t.killed + t.timeout;
  const undetectedCount = t.survived + t.noCoverage;
  return {
    stryker: percent(detected, detected + undetectedCount),
    explained: percent(detected, detected + undetectedCount - t.equivalent),
  };
}

/** Where a mutant is, and what it does, in one table row's first cells. */
function mutantCells(file: string, m: MutantResult): string {
  const replacement = collapsed(m.replacement ?? '');
  const shown = replacement.length > 80 ? `${replacement.slice(0, 77)}...` : replacement;
  const at = markdownCode(`${file}:${m.location.start.line}:${m.location.start.column}`);
  return `${at} | ${m.mutatorName} | ${markdownCode(shown)}`;
}

/** What the section says the mutation testing is, before any result. */
const INTRODUCTION =
  'StrykerJS mutates the oracle (the nine-step pipeline, the canonical JSON codec, the records, the digests and ' +
  'the fixture loader: `suites/generate/mutation-scope.ts`) and judges each mutant by the pin of every golden ' +
  'vector (`suites/mutation/pin-vector.ts`): the fixture loads and hashes to the SHA-256 the vector names, the ' +
  'answer is ' +
  "the vector's expected bytes, and the verifier finds nothing wrong with it. A mutant no vector detects is " +
  'killed by a new vector, a fuzz class or a verifier rule, or listed as equivalent with the reason; a mutant of ' +
  'code no vector reaches at all is listed with the kit test that fails on it. The results ' +
  "are StrykerJS's incremental file (`suites/mutation/stryker-incremental.json`); `npm run mutation` tests again " +
  'what changed, and CI fails (`npm run mutation:check`) when a mutated source differs from the text its results ' +
  'were measured on.';

/** The section's lines: what was measured, the score table, then the equivalent, caught and unexplained mutants. */
export function renderMutationSection(input: MutationSection): string[] {
  const head = ['## Mutation testing of the oracle', '', INTRODUCTION, ''];
  if (!input.results.ok) return [...head, `Not measured: ${markdownCell(input.results.message)}.`, ''];
  const { results } = input.results;
  const measured = input.scope.filter((f) => results.files[f] !== undefined);
  const tally = tallySources(input, results, measured);
  return [
    ...head,
    ...measurementLines(input, results, measured),
    ...scoreTable(tally),
    ...equivalentList(tally.equivalentRows),
    ...caughtList(tally.caughtRows),
    ...unexplainedList(tally.unexplainedRows),
  ];
}

/** The tool, the vectors the results were measured against, the sources measured and those changed since. */
function measurementLines(input: MutationSection, results: MutationResults, measured: readonly string[]): string[] {
  const missing = input.scope.filter((f) => results.files[f] === undefined);
  const tests = Object.values(results.testFiles).reduce((n, t) => n + t.tests.length, 0);
  const older = input.currency?.olderVectors ?? [];
  // The results list every test a run met, old ones too; the set as it is drops those gone and adds those new.
  const current = tests + (input.currency?.testsAdded.length ?? 0) - (input.currency?.testsRemoved.length ?? 0);
  const framework = results.framework;
  const out = [
    `- Tool: ${markdownCell(`${framework?.name ?? 'StrykerJS'} ${framework?.version ?? ''}`.trim())}, ` +
      `the mocha runner with per-test coverage (each mutant runs the vectors that reach it)`,
    input.currency === undefined
      ? `- Measured against ${tests} query vectors (one test each)`
      : `- Measured against the vector set as it is (${current} query vectors, one test each): ` +
        `${measured.length - older.length} of the ${measured.length} measured sources`,
    ...(older.length === 0
      ? []
      : [
          `- **Measured against an earlier vector set** (their undetected mutants may meet newer vectors; ` +
            `npm run mutation tests them again): ${older.map(markdownCode).join(', ')}`,
        ]),
    `- Sources measured: ${measured.length} of ${input.scope.length}` +
      (missing.length === 0
        ? ''
        : `; **not measured: ${missing.map(markdownCode).join(', ')}** (no score is claimed for them)`),
  ];
  const changed = input.currency?.changed ?? [];
  if (changed.length > 0)
    out.push(`- **Changed since measured** (results are for the older text): ${changed.map(markdownCode).join(', ')}`);
  return out;
}

/** Every measured source's counts, their total, and the table rows of the undetected mutants by how they stand. */
interface SourceTally {
  total: Tally;
  /** One score table row per measured source. */
  rows: string[];
  equivalentRows: string[];
  caughtRows: string[];
  unexplainedRows: string[];
}

/** Counts the mutants of every measured source and sorts the undetected ones into equivalent, caught, unexplained. */
function tallySources(input: MutationSection, results: MutationResults, measured: readonly string[]): SourceTally {
  const tally: SourceTally = { total: empty(), rows: [], equivalentRows: [], caughtRows: [], unexplainedRows: [] };
  for (const file of measured) {
    const result = results.files[file];
    if (result === undefined) continue;
    const t = empty();
    for (const m of result.mutants) {
      const entry = undetected(m) ? equivalentOf(input.equivalents, file, result.source, m) : undefined;
      add(t, m, entry);
      add(tally.total, m, entry);
      if (entry?.caught_by !== undefined)
        tally.caughtRows.push(
          `| ${mutantCells(file, m)} | ${markdownCode(entry.caught_by)} | ${markdownCell(entry.reason)} |`,
        );
      else if (entry !== undefined)
        tally.equivalentRows.push(`| ${mutantCells(file, m)} | ${markdownCell(entry.reason)} |`);
      else if (undetected(m)) tally.unexplainedRows.push(`| ${mutantCells(file, m)} | ${m.status} |`);
    }
    const s = scores(t);
    tally.rows.push(
      `| ${markdownCode(file)} | ${t.mutants} | ${t.killed} | ${t.timeout} | ${t.survived} | ${t.noCoverage} ` +
        `| ${t.equivalent} | ${t.caught} | ${t.unexplained} | ${s.stryker} | ${s.explained} |`,
    );
  }
  return tally;
}

/** The totals, the scores over the measured sources, and the table of every source's counts. */
function scoreTable({ total, rows }: SourceTally): string[] {
  const s = scores(total);
  return [
    `- Mutants: ${total.mutants}; detected ${total.killed + total.timeout} (killed ${total.killed}, timed out ` +
      `${total.timeout}); undetected ${total.survived + total.noCoverage} (survived ${total.survived}, reached by no ` +
      `vector ${total.noCoverage}), of which ${total.equivalent} equivalent, ${total.caught} outside what any vector ` +
      `reaches and caught by a kit test, and **${total.unexplained} unexplained**` +
      (total.invalid > 0 ? `; ${total.invalid} invalid (a compile or run-time error of the mutant itself)` : ''),
    `- Score over the measured sources: ${s.stryker} (StrykerJS's: detected of detected and undetected); ` +
      `${s.explained} of the mutants not listed as equivalent`,
    '',
    '| source | mutants | killed | timed out | survived | no vector reaches | equivalent | caught by a kit test | ' +
      'unexplained | score | score without equivalents |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ];
}

/** The equivalent mutants, each with why no vector can tell it from the oracle. */
function equivalentList(equivalentRows: readonly string[]): string[] {
  const heading = [`### Equivalent mutants (${equivalentRows.length})`, ''];
  if (equivalentRows.length === 0) return [...heading, 'None listed.', ''];
  return [
    ...heading,
    '| mutant | mutator | replacement | why no vector can tell it from the oracle |',
    '|---|---|---|---|',
    ...equivalentRows,
    '',
  ];
}

/** The mutants outside what any vector reaches, each with the kit test that fails on it. */
function caughtList(caughtRows: readonly string[]): string[] {
  const heading = [`### Outside what any vector reaches, caught by a kit test (${caughtRows.length})`, ''];
  if (caughtRows.length === 0) return [...heading, 'None listed.', ''];
  return [
    ...heading,
    'Not equivalent mutants: each changes code that no answer of the oracle and no verification of a correct ' +
      'answer runs (a guard against a fault of the kit, a digest of the vector set or the release, the naming of ' +
      'a wrong answer), so no vector can detect it; the test file named fails on it.',
    '',
    '| mutant | mutator | replacement | test that fails on it | why no vector reaches it |',
    '|---|---|---|---|---|',
    ...caughtRows,
    '',
  ];
}

/** The mutants no vector detects that no entry explains yet. */
function unexplainedList(unexplainedRows: readonly string[]): string[] {
  const heading = [`### Mutants no vector detects, not explained yet (${unexplainedRows.length})`, ''];
  if (unexplainedRows.length === 0) return [...heading, 'None.', ''];
  return [...heading, '| mutant | mutator | replacement | status |', '|---|---|---|---|', ...unexplainedRows, ''];
}
