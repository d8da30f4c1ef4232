/**
 * The committed mutation results: normalized to the same bytes whatever order StrykerJS wrote them in, the currency
 * CI checks, the equivalent mutants matched by their line, and the REPORT.md section's counts and scores (worked by
 * hand from the mutants below).
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sourcesToRun } from './mutation-command.js';
import {
  equivalentOf,
  missingCatchers,
  readEquivalentMutants,
  staleEquivalents,
  type EquivalentMutant,
} from './mutation-equivalents.js';
import { renderMutationSection } from './mutation-report.js';
import {
  normalizedResults,
  readMutationResults,
  resultsCurrency,
  vectorSetDigest,
  withMutantFreeSource,
  withMutantFreeSourcesKept,
  type MutantResult,
  type MutationResults,
} from './mutation-results.js';

const SOURCE = 'export function f(a: number): number {\n  if (a > 1) return a;\n  return 0;\n}\n';

function mutant(id: string, line: number, status: MutantResult['status'], mutatorName: string, replacement: string) {
  return {
    id,
    mutatorName,
    replacement,
    location: { start: { line, column: 3 }, end: { line, column: 12 } },
    status,
    coveredBy: ['t9', 't1'],
    killedBy: status === 'Killed' ? ['t1'] : [],
  };
}

/** StrykerJS's way: tests numbered by run order, mutants in instrumenter order, a project root and a config. */
function strykerResults(): MutationResults & { projectRoot: string } {
  return {
    schemaVersion: '1.0',
    thresholds: { high: 80, low: 60 },
    projectRoot: '/somewhere/else',
    files: {
      'src/f.ts': {
        language: 'typescript',
        source: SOURCE,
        mutants: [
          mutant('9', 3, 'NoCoverage', 'NumberLiteral', '1'),
          mutant('2', 2, 'Survived', 'EqualityOperator', 'a >= 1'),
          mutant('1', 2, 'Killed', 'ConditionalExpression', 'true'),
          mutant('3', 2, 'Timeout', 'BlockStatement', '{}'),
        ],
      },
      'src/gone.ts': { language: 'typescript', source: '', mutants: [] },
    },
    testFiles: {
      'spec.ts': {
        source: 'spec',
        tests: [
          { id: 't9', name: 'b' },
          { id: 't1', name: 'a' },
        ],
      },
    },
  };
}

test('normalized: scope kept, tests numbered by name, a killed mutant keeps its killers, one mutant a line', () => {
  const text = Buffer.from(normalizedResults(strykerResults(), ['src/f.ts'], { 'spec.ts': 'ab' })).toString('utf8');
  assert.not.match(text, /somewhere|gone\.ts/);
  const value = JSON.parse(text) as MutationResults;
  assert.equal(value.testFiles['spec.ts']?.tests, [
    { id: '0', name: 'a' },
    { id: '1', name: 'b' },
  ]);
  const mutants = value.files['src/f.ts']?.mutants ?? [];
  assert.equal(
    mutants.map((m) => [m.location.start.line, m.mutatorName, m.status, m.coveredBy, m.killedBy]),
    [
      [2, 'BlockStatement', 'Timeout', ['0', '1'], []],
      [2, 'ConditionalExpression', 'Killed', undefined, ['0']],
      [2, 'EqualityOperator', 'Survived', ['0', '1'], []],
      [3, 'NumberLiteral', 'NoCoverage', ['0', '1'], []],
    ],
  );
  assert.equal(value.pin, { 'spec.ts': 'ab' });
  assert.is(text.split('\n').filter((l) => l.startsWith('{"id":')).length, 4);
  // Any order in, the same bytes out.
  const shuffled = strykerResults();
  shuffled.files['src/f.ts']?.mutants.reverse();
  assert.is(Buffer.from(normalizedResults(shuffled, ['src/f.ts'], { 'spec.ts': 'ab' })).toString('utf8'), text);
});

const EQUIVALENT: EquivalentMutant = {
  file: 'src/f.ts',
  mutator: 'EqualityOperator',
  line: 'if (a > 1) return a;',
  replacement: 'a >= 1',
  reason: 'a is never 1',
};

test('an equivalent mutant is found by its line text and replacement; an entry that finds none is stale', () => {
  const results = strykerResults();
  const [noCoverage, survived] = results.files['src/f.ts']?.mutants ?? [];
  assert.is(equivalentOf([EQUIVALENT], 'src/f.ts', SOURCE, survived as MutantResult), EQUIVALENT);
  assert.is(equivalentOf([EQUIVALENT], 'src/f.ts', SOURCE, noCoverage as MutantResult), undefined);
  // The line moved down by one: still found.
  const moved = {
    ...(survived as MutantResult),
    location: { start: { line: 3, column: 3 }, end: { line: 3, column: 9 } },
  };
  assert.is(equivalentOf([EQUIVALENT], 'src/f.ts', `// a comment\n${SOURCE}`, moved), EQUIVALENT);
  assert.equal(staleEquivalents([EQUIVALENT], results), []);
  // A column tells apart two mutants of one line that replace alike.
  assert.is(equivalentOf([{ ...EQUIVALENT, column: 4 }], 'src/f.ts', SOURCE, survived as MutantResult), undefined);
  assert.ok(equivalentOf([{ ...EQUIVALENT, column: 3 }], 'src/f.ts', SOURCE, survived as MutantResult));
  const stale = { ...EQUIVALENT, line: 'if (a > 2) return a;' };
  assert.is(staleEquivalents([stale], results).length, 1);
});

test('the section: 4 mutants, 2 detected, 2 undetected of which 1 equivalent: 50% and 66.6%', () => {
  const results = strykerResults();
  const lines = renderMutationSection({
    results: { ok: true, results },
    equivalents: [EQUIVALENT],
    scope: ['src/f.ts', 'src/g.ts'],
  }).join('\n');
  assert.match(lines, /Sources measured: 1 of 2; \*\*not measured: `src\/g.ts`\*\*/);
  assert.match(
    lines,
    /Mutants: 4; detected 2 \(killed 1, timed out 1\); undetected 2 \(survived 1, reached by no vector 1\)/,
  );
  assert.match(
    lines,
    /of which 1 equivalent, 0 outside what any vector reaches and caught by a kit test, and \*\*1 unexplained\*\*/,
  );
  assert.match(lines, /Score over the measured sources: 50% .*; 66\.6% of the mutants not listed as equivalent/);
  assert.match(lines, /\| `src\/f.ts:2:3` \| EqualityOperator \| a &gt;= 1 \| a is never 1 \|/);
  assert.match(lines, /### Mutants no vector detects, not explained yet \(1\)/);
  assert.match(lines, /\| `src\/f.ts:3:3` \| NumberLiteral \| `1` \| NoCoverage \|/);
  const none = renderMutationSection({ results: { ok: false, message: 'no file' }, equivalents: [], scope: [] });
  assert.ok(none.includes('Not measured: no file.'));
});

test('a mutant no vector reaches, caught by a kit test: apart from the equivalents; its test must exist', () => {
  const caught: EquivalentMutant = {
    file: 'src/f.ts',
    mutator: 'NumberLiteral',
    line: 'return 0;',
    reason: 'no answer runs f',
    caught_by: 'src/f.test.ts',
  };
  const lines = renderMutationSection({
    results: { ok: true, results: strykerResults() },
    equivalents: [EQUIVALENT, caught],
    scope: ['src/f.ts'],
  }).join('\n');
  // 4 mutants: 2 detected; of the 2 undetected, 1 equivalent and 1 caught, none unexplained; the score without
  // equivalents is 2 of 3 (the caught one is not equivalent).
  assert.match(
    lines,
    /of which 1 equivalent, 1 outside what any vector reaches and caught by a kit test, and \*\*0 unexplained\*\*/,
  );
  assert.match(lines, /\| `src\/f.ts` \| 4 \| 1 \| 1 \| 1 \| 1 \| 1 \| 1 \| 0 \| 50% \| 66\.6% \|/);
  assert.match(lines, /### Equivalent mutants \(1\)/);
  assert.match(lines, /### Outside what any vector reaches, caught by a kit test \(1\)/);
  assert.match(lines, /\| `src\/f.ts:3:3` \| NumberLiteral \| `1` \| `src\/f.test.ts` \| no answer runs f \|/);
  assert.match(lines, /### Mutants no vector detects, not explained yet \(0\)/);
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-mutation-'));
  assert.equal(missingCatchers([EQUIVALENT, caught], root), [
    'the test file src/f.test.ts named as caught_by is not there',
  ]);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'f.test.ts'), '');
  assert.equal(missingCatchers([EQUIVALENT, caught], root), []);
  writeFileSync(join(root, 'list.json'), JSON.stringify({ equivalent: [{ ...caught, caught_by: 'src/f.ts' }] }));
  const read = readEquivalentMutants(join(root, 'list.json'));
  assert.ok(!read.ok && read.message.endsWith('/equivalent/0/caught_by is not the path of a .test.ts file'));
});

test('currency: a changed, a missing and an out-of-scope source; a changed pin means every source runs again', () => {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-mutation-'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'vectors'));
  writeFileSync(join(root, 'src', 'f.ts'), SOURCE.replace('0', '2'));
  writeFileSync(join(root, 'spec.ts'), 'spec');
  const path = join(root, 'results.json');
  writeFileSync(path, normalizedResults(strykerResults(), ['src/f.ts', 'src/gone.ts'], {}));
  const read = readMutationResults(path);
  if (!read.ok) throw new Error(read.message);
  const currency = resultsCurrency(read.results, root, ['src/f.ts', 'src/h.ts'], ['spec.ts']);
  assert.equal(currency.changed, ['src/f.ts']);
  assert.equal(currency.missing, ['src/h.ts']);
  assert.equal(currency.extra, ['src/gone.ts']);
  assert.equal(currency.pinChanged, ['spec.ts']);
  assert.equal(currency.testsRemoved, ['a', 'b']);
  assert.equal(sourcesToRun(['src/f.ts', 'src/h.ts', 'src/k.ts'], currency), ['src/f.ts', 'src/h.ts', 'src/k.ts']);
  const pinSame = { ...currency, pinChanged: [], testsRemoved: [], olderVectors: [] };
  assert.equal(sourcesToRun(['src/f.ts', 'src/h.ts', 'src/k.ts'], pinSame), ['src/f.ts', 'src/h.ts']);
  // A source last measured against other vectors runs again; the others keep their results.
  const older = { ...pinSame, olderVectors: ['src/k.ts'] };
  assert.equal(sourcesToRun(['src/f.ts', 'src/h.ts', 'src/k.ts'], older), ['src/f.ts', 'src/h.ts', 'src/k.ts']);
});

test('currency: a source is measured against the vector set as it is only when its recorded digest is that set', () => {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-mutation-'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'vectors'));
  writeFileSync(join(root, 'src', 'f.ts'), SOURCE);
  writeFileSync(join(root, 'spec.ts'), 'spec');
  // No query vector: the set's digest is the SHA-256 of no bytes.
  const EMPTY_SET = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  const currencyWith = (vectorSets: Record<string, string> | undefined): string[] => {
    const path = join(root, 'results.json');
    writeFileSync(path, normalizedResults(strykerResults(), ['src/f.ts'], {}, vectorSets));
    const read = readMutationResults(path);
    if (!read.ok) throw new Error(read.message);
    return resultsCurrency(read.results, root, ['src/f.ts'], ['spec.ts']).olderVectors;
  };
  assert.equal(currencyWith({ 'src/f.ts': EMPTY_SET }), []);
  assert.equal(currencyWith({ 'src/f.ts': 'ab'.repeat(32) }), ['src/f.ts']);
  // Measured before digests were kept: recorded as '' and counted as older.
  assert.equal(currencyWith(undefined), ['src/f.ts']);
  assert.match(readFileSync(join(root, 'results.json'), 'utf8'), /\n"vectorSets":\{"src\/f\.ts":""\}\n\}\n$/);
  assert.is(vectorSetDigest([]), EMPTY_SET);
  // Sorted by bytes before hashing: the order a run listed its tests in does not matter.
  assert.is(vectorSetDigest(['b', 'a']), vectorSetDigest(['a', 'b']));
});

test('a source StrykerJS finds no mutant in is recorded as measured, with its text; one with results is kept', () => {
  const root = mkdtempSync(join(tmpdir(), 'kofun-ctk-mutation-'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'vectors'));
  writeFileSync(join(root, 'src', 'f.ts'), SOURCE);
  writeFileSync(join(root, 'src', 'types.ts'), 'export type T = number;\n');
  writeFileSync(join(root, 'spec.ts'), 'spec');
  const scope = ['src/f.ts', 'src/types.ts'];
  const path = join(root, 'results.json');
  const results = withMutantFreeSource(strykerResults(), 'src/types.ts', 'export type T = number;\n');
  assert.equal(results.files['src/types.ts'], {
    language: 'typescript',
    source: 'export type T = number;\n',
    mutants: [],
  });
  assert.is(withMutantFreeSource(results, 'src/f.ts', 'other text'), results, 'a source with results is left alone');
  writeFileSync(path, normalizedResults(results, scope, {}));
  const read = readMutationResults(path);
  if (!read.ok) throw new Error(read.message);
  assert.equal(resultsCurrency(read.results, root, scope, ['spec.ts']).missing, []);
  writeFileSync(join(root, 'src', 'types.ts'), 'export type T = string;\n');
  assert.equal(resultsCurrency(read.results, root, scope, ['spec.ts']).changed, ['src/types.ts']);
});

test('a later run keeps the sources an earlier one measured with no mutant, and revives none with mutants', () => {
  // Before: src/f.ts with mutants, src/gone.ts and src/types.ts without.
  const before = withMutantFreeSource(strykerResults(), 'src/types.ts', 'export type T = number;\n');
  // StrykerJS's next report holds only files with mutants: src/f.ts, measured again.
  const measuredAgain = strykerResults().files['src/f.ts'];
  if (measuredAgain === undefined) throw new Error('the sample results hold src/f.ts');
  const after = { ...strykerResults(), files: { 'src/f.ts': measuredAgain } };
  const kept = withMutantFreeSourcesKept(before, after);
  assert.equal(Object.keys(kept.files).sort(), ['src/f.ts', 'src/gone.ts', 'src/types.ts']);
  assert.equal(kept.files['src/types.ts'], before.files['src/types.ts']);
  assert.is(kept.files['src/f.ts'], after.files['src/f.ts'], 'the new measurement of a source with mutants stands');
  const dropped = { ...after, files: {} };
  assert.equal(Object.keys(withMutantFreeSourcesKept(after, dropped).files), [], 'a source with mutants is not kept');
});

test.run();
