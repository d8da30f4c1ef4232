/**
 * The committed results of the mutation testing of the oracle: StrykerJS's incremental file
 * (suites/mutation/stryker-incremental.json, in the mutation-testing-report-schema format StrykerJS reads back on the
 * next run), normalized so that it is the same bytes from any checkout: no project root, no configuration, no
 * branding, tests numbered by name, each mutant's fields in one order, a Killed mutant with only the tests that
 * killed it (StrykerJS reuses a killed mutant while one of them still covers it), one mutant per line, the
 * digests of the pin's sources, and per source the digest of the vector set its mutants were last tested against.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareUtf8, sha256Hex } from '../../oracle/index.js';
import { formatJsonInputProblem, readJsonInputFile } from '../../oracle/internal.js';
import { PIN_SUITE_TITLE, pinnedVectors, pinTestName } from '../mutation/pin-vector.js';

/** A mutant's status, as StrykerJS reports it. */
export type MutantStatus =
  'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

/** A position in a source: 1-based line, 1-based column (as StrykerJS writes them). */
export interface SourcePosition {
  line: number;
  column: number;
}

/** One mutant of one source. */
export interface MutantResult {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: SourcePosition; end: SourcePosition };
  status: MutantStatus;
  statusReason?: string;
  static?: boolean;
  coveredBy?: string[];
  killedBy?: string[];
}

/** One mutated source: its text when it was mutated, and its mutants. */
export interface FileResult {
  language: string;
  source: string;
  mutants: MutantResult[];
}

/** The tests of one test file. */
export interface TestFileResult {
  source?: string;
  tests: { id: string; name: string }[];
}

/** The results file. */
export interface MutationResults {
  schemaVersion: string;
  thresholds: { high: number; low: number };
  framework?: { name: string; version?: string; dependencies?: Record<string, string> };
  files: Record<string, FileResult>;
  testFiles: Record<string, TestFileResult>;
  /**
   * The kit's own field (StrykerJS leaves it alone): the SHA-256 of each source of the pin the results were measured
   * with, by path; the spec's helpers are not test files to StrykerJS, so it would not see them change.
   */
  pin?: Record<string, string>;
  /**
   * The kit's own field: per source, the {@link vectorSetDigest} of the tests its mutants were last tested against.
   * StrykerJS's test list is the newest run's only, so without it a source left out of that run would pass for
   * measured against vectors it never met.
   */
  vectorSets?: Record<string, string>;
}

/**
 * The results with `file` recorded as measured with no mutant when StrykerJS, having run on it, wrote nothing for it
 * (a source of types and re-exports holds no code to mutate): its text is kept, so a later change to it is seen.
 */
export function withMutantFreeSource(results: MutationResults, file: string, source: string): MutationResults {
  if (results.files[file] !== undefined) return results;
  return { ...results, files: { ...results.files, [file]: { language: 'typescript', source, mutants: [] } } };
}

/**
 * The results StrykerJS wrote, with the sources measured before with no mutant carried over: StrykerJS's report
 * leaves out a file without mutants, so each run would otherwise drop what an earlier run recorded of them.
 */
export function withMutantFreeSourcesKept(before: MutationResults, after: MutationResults): MutationResults {
  let out = after;
  for (const [file, entry] of Object.entries(before.files))
    if (entry.mutants.length === 0) out = withMutantFreeSource(out, file, entry.source);
  return out;
}

/** The SHA-256 of a set of test names (sorted by UTF-8 bytes, one per line): what a source was measured against. */
export function vectorSetDigest(testNames: readonly string[]): string {
  return sha256Hex(new TextEncoder().encode([...testNames].sort(compareUtf8).join('\n')));
}

/** The results file read, or why it cannot be (it is absent before the first `npm run mutation`). */
export type ResultsRead = { ok: true; results: MutationResults } | { ok: false; message: string };

/** Reads the results file at `path` through the kit's fail-closed JSON reader. */
export function readMutationResults(path: string): ResultsRead {
  const read = readJsonInputFile(path, { maxBytes: 256 * 1024 * 1024 });
  if (!read.ok) return { ok: false, message: `${path}: ${formatJsonInputProblem(read.problem)}` };
  const value = read.value as Partial<MutationResults> | null;
  if (value === null || typeof value !== 'object' || typeof value.files !== 'object' || value.files === null)
    return { ok: false, message: `${path}: not a StrykerJS report (no files)` };
  const results = value as MutationResults;
  return { ok: true, results: { ...results, testFiles: results.testFiles ?? {} } };
}

/** The SHA-256 of each pin source under `root`, by path. */
export function pinDigests(root: string, pinSources: readonly string[]): Record<string, string> {
  return Object.fromEntries(pinSources.map((f) => [f, sha256Hex(readFileSync(join(root, f)))]));
}

/**
 * The results as the committed bytes (see the module comment), keeping the sources of `scope` only, with the digests
 * of the pin they were measured with.
 */
export function normalizedResults(
  results: MutationResults,
  scope: readonly string[],
  pin: Record<string, string>,
  vectorSets: Record<string, string> = results.vectorSets ?? {},
): Uint8Array {
  // Tests are numbered by name, so the numbers do not depend on the order mocha ran them in.
  const renumber = new Map<string, string>();
  const testFiles: Record<string, TestFileResult> = {};
  const testNames = Object.entries(results.testFiles)
    .flatMap(([file, t]) => t.tests.map((test) => ({ file, test })))
    .sort((a, b) => compareUtf8(a.file, b.file) || compareUtf8(a.test.name, b.test.name));
  testNames.forEach(({ test }, i) => renumber.set(test.id, String(i)));
  for (const [file, t] of Object.entries(results.testFiles).sort((a, b) => compareUtf8(a[0], b[0]))) {
    testFiles[file] = {
      ...(t.source === undefined ? {} : { source: t.source }),
      tests: t.tests
        .map((test) => ({ id: renumber.get(test.id) as string, name: test.name }))
        .sort((a, b) => Number(a.id) - Number(b.id)),
    };
  }
  const ids = (list: readonly string[] | undefined): string[] =>
    [...new Set((list ?? []).map((id) => renumber.get(id)).filter((id): id is string => id !== undefined))].sort(
      (a, b) => Number(a) - Number(b),
    );
  const lines: string[] = [];
  const files = Object.entries(results.files)
    .filter(([path]) => scope.includes(path))
    .sort((a, b) => compareUtf8(a[0], b[0]));
  lines.push('{');
  lines.push(`"schemaVersion":${JSON.stringify(results.schemaVersion)},`);
  lines.push(`"thresholds":${JSON.stringify({ high: results.thresholds.high, low: results.thresholds.low })},`);
  const fw = results.framework;
  if (fw !== undefined)
    lines.push(`"framework":${JSON.stringify({ name: fw.name, version: fw.version, dependencies: fw.dependencies })},`);
  lines.push('"files":{');
  files.forEach(([path, file], f) => {
    lines.push(`${JSON.stringify(path)}:{"language":${JSON.stringify(file.language)},`);
    lines.push(`"source":${JSON.stringify(file.source)},`);
    lines.push('"mutants":[');
    const mutants = [...file.mutants].sort(
      (a, b) =>
        a.location.start.line - b.location.start.line ||
        a.location.start.column - b.location.start.column ||
        a.location.end.line - b.location.end.line ||
        a.location.end.column - b.location.end.column ||
        compareUtf8(a.mutatorName, b.mutatorName) ||
        compareUtf8(a.replacement ?? '', b.replacement ?? ''),
    );
    mutants.forEach((m, i) => {
      const killed = m.status === 'Killed';
      const entry = {
        id: `${f}.${i}`,
        mutatorName: m.mutatorName,
        replacement: m.replacement,
        location: m.location,
        status: m.status,
        ...(m.status === 'Ignored' && m.statusReason !== undefined ? { statusReason: m.statusReason } : {}),
        static: m.static === true,
        ...(killed ? {} : { coveredBy: ids(m.coveredBy) }),
        killedBy: ids(m.killedBy),
      };
      lines.push(`${JSON.stringify(entry)}${i === mutants.length - 1 ? '' : ','}`);
    });
    lines.push(`]}${f === files.length - 1 ? '' : ','}`);
  });
  lines.push('},');
  lines.push(`"testFiles":${JSON.stringify(testFiles)},`);
  const sorted = (map: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(map).sort((a, b) => compareUtf8(a[0], b[0])));
  lines.push(`"pin":${JSON.stringify(sorted(pin))},`);
  // A source measured before the field existed, or by StrykerJS outside `mutation run`, has no digest: '' (older).
  const measuredWith = Object.fromEntries(files.map(([f]) => [f, vectorSets[f] ?? '']));
  lines.push(`"vectorSets":${JSON.stringify(sorted(measuredWith))}`);
  lines.push('}');
  return new Uint8Array(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
}

/** How the committed results stand against the sources and vectors of the checkout. */
export interface ResultsCurrency {
  /** Mutated sources with no results at all. */
  missing: string[];
  /** Mutated sources whose text differs from the text their results were measured on. */
  changed: string[];
  /** Results of sources that are no longer mutated (removed or out of scope). */
  extra: string[];
  /** The pin's sources differ from those the results were measured with. */
  pinChanged: string[];
  /** Vectors (test names: id and digest) the results have not seen, and seen ones no longer in the set. */
  testsAdded: string[];
  testsRemoved: string[];
  /** Measured sources whose mutants were last tested against another vector set than the checkout's. */
  olderVectors: string[];
}

/** The name StrykerJS gives a vector's test: mocha's suite title, a space, the test's title. */
export function strykerTestNames(root: string): string[] {
  return pinnedVectors(join(root, 'vectors')).map((p) => `${PIN_SUITE_TITLE} ${pinTestName(p.vector)}`);
}

/** Compares the results with the checkout at `root`. */
export function resultsCurrency(
  results: MutationResults,
  root: string,
  mutated: readonly string[],
  pinSources: readonly string[],
): ResultsCurrency {
  const recorded = results.files;
  const missing = mutated.filter((f) => recorded[f] === undefined);
  const changed = mutated.filter(
    (f) => recorded[f] !== undefined && recorded[f].source !== readFileSync(join(root, f), 'utf8'),
  );
  const extra = Object.keys(recorded)
    .filter((f) => !mutated.includes(f))
    .sort(compareUtf8);
  const now = pinDigests(root, pinSources);
  const pinChanged = pinSources.filter((f) => results.pin?.[f] !== now[f]);
  const seen = new Set(Object.values(results.testFiles).flatMap((t) => t.tests.map((x) => x.name)));
  const names = new Set(strykerTestNames(root));
  const current = vectorSetDigest([...names]);
  return {
    missing,
    changed,
    extra,
    pinChanged,
    testsAdded: [...names].filter((n) => !seen.has(n)).sort(compareUtf8),
    testsRemoved: [...seen].filter((n) => !names.has(n)).sort(compareUtf8),
    olderVectors: mutated.filter((f) => recorded[f] !== undefined && results.vectorSets?.[f] !== current),
  };
}
