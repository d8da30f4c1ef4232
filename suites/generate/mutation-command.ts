/**
 * `npm run mutation` and `npm run mutation:check` (the maintainers' command line, `mutation run|check`): the mutation
 * testing of the oracle with StrykerJS (suites/generate/mutation-scope.ts says what is mutated, and
 * suites/mutation/pin-vector.ts how each mutant is judged).
 *
 * `mutation run [FILE...]` runs StrykerJS once per mutated source whose committed results are not current (the
 * source changed, or it has none; every source when the pin or the vector set changed), each run mutating that one
 * source (so only its code is instrumented, and the rest of the oracle runs at full speed) in StrykerJS's
 * incremental mode: a mutant whose code and covering vectors did not change keeps its result, the others are tested
 * again. After each source the results file is normalized (mutation-results.ts), so an interrupted run keeps what it
 * measured. `--force` tests every mutant of the named sources again.
 *
 * `mutation check` is CI's: it reads the results and fails (exit 1) when a measured source, or the pin, differs from
 * the text the results were measured on, or when an equivalent mutant's entry names no mutant of the results or a
 * test file that is not there (`caught_by`); a
 * source not measured yet, and a vector set changed since, are noted (REPORT.md says both). It runs no mutant, so it
 * costs the reading of the sources and the vector files (about a second).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { kitRoot } from '../../oracle/internal.js';
import { EXIT } from '../../runner/index.js';
import { UsageError, writeAll, type CliIo, type Register } from '../../runner/internal.js';
import { missingCatchers, readEquivalentMutants, staleEquivalents } from './mutation-equivalents.js';
import {
  normalizedResults,
  pinDigests,
  readMutationResults,
  resultsCurrency,
  strykerTestNames,
  vectorSetDigest,
  withMutantFreeSource,
  withMutantFreeSourcesKept,
  type MutationResults,
  type ResultsCurrency,
} from './mutation-results.js';
import {
  EQUIVALENT_MUTANTS,
  FRESH_PROCESS_FILES,
  MUTATION_RESULTS,
  mutatedFiles,
  PIN_SOURCES,
  STRYKER_CONFIG,
} from './mutation-scope.js';
import { writeFileAtomically } from './write-tree.js';

export const registerMutation: Register = (program: Command, io, done) => {
  const mutation = program.command('mutation').description('mutation testing of the oracle (StrykerJS)');
  mutation
    .command('run')
    .description('test again the mutants of every mutated source whose committed results are not current')
    .argument('[files...]', 'only these mutated sources (relative to the kit root)')
    .option('--concurrency <n>', 'test processes at once', '2')
    .option('--force', 'test every mutant of the chosen sources again, current or not')
    .option('--retest-timeouts', 'also test again the mutants of the chosen sources that timed out')
    .action(async (files: string[], options: RunOptions) => done(await run(io, files, options)));
  mutation
    .command('check')
    .description('exit 1 unless the committed results were measured on the mutated sources as they are')
    .action(async () => done(await check(io)));
};

/** The sources a run must test again, given how the results stand. */
export function sourcesToRun(all: readonly string[], currency: ResultsCurrency | undefined): string[] {
  if (currency === undefined) return [...all];
  if (currency.pinChanged.length > 0) return [...all];
  // A source measured against another vector set than the checkout's is tested again (StrykerJS's incremental mode
  // then runs again only the mutants the new vectors reach); one that met these very vectors is not.
  return all.filter(
    (f) => currency.missing.includes(f) || currency.changed.includes(f) || currency.olderVectors.includes(f),
  );
}

/** The options of `mutation run`. */
interface RunOptions {
  concurrency: string;
  force?: boolean;
  retestTimeouts?: boolean;
}

/**
 * The results without the Timeout mutants of `file`, so StrykerJS tests them again: a mutant that only timed out may
 * have met a test process that was still starting on a machine under load, rather than a loop.
 */
function withoutTimeouts(results: MutationResults, file: string): MutationResults {
  const entry = results.files[file];
  if (entry === undefined) return results;
  const mutants = entry.mutants.filter((m) => m.status !== 'Timeout');
  return { ...results, files: { ...results.files, [file]: { ...entry, mutants } } };
}

async function run(io: CliIo, named: string[], options: RunOptions): Promise<number> {
  const root = kitRoot();
  const all = mutatedFiles(root);
  const unknown = named.filter((f) => !all.includes(f));
  if (unknown.length > 0) throw new UsageError(`not a mutated source: ${unknown.join(', ')}`);
  const concurrency = Number(options.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError('--concurrency takes a whole number');
  const resultsPath = join(root, MUTATION_RESULTS);
  const read = existsSync(resultsPath) ? readMutationResults(resultsPath) : undefined;
  if (read !== undefined && !read.ok) throw new UsageError(read.message);
  const chosen = named.length > 0 ? named : all;
  const timedOut = (f: string): boolean =>
    read?.ok === true && (read.results.files[f]?.mutants ?? []).some((m) => m.status === 'Timeout');
  const stale =
    options.force === true || read === undefined
      ? chosen
      : sourcesToRun(chosen, resultsCurrency(read.results, root, all, PIN_SOURCES));
  const todo = chosen.filter((f) => stale.includes(f) || (options.retestTimeouts === true && timedOut(f)));
  if (todo.length === 0) {
    await writeAll(io.stdout, 'mutation: every result is current; nothing to run\n');
    return EXIT.ok;
  }
  const stryker = join(root, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
  for (const [i, file] of todo.entries()) {
    await writeAll(io.stdout, `mutation: ${file} (${i + 1} of ${todo.length})\n`);
    if (options.retestTimeouts === true) {
      const before = readMutationResults(resultsPath);
      if (before.ok)
        writeFileAtomically(
          resultsPath,
          normalizedResults(withoutTimeouts(before.results, file), all, before.results.pin ?? {}),
        );
    }
    const argv = [stryker, 'run', STRYKER_CONFIG, '--mutate', file, '--concurrency', String(concurrency)];
    if (FRESH_PROCESS_FILES.includes(file)) argv.push('--maxTestRunnerReuse', '1');
    if (options.force === true) argv.push('--force');
    // StrykerJS rewrites the file without the kit's own fields: the digests of what each source met are kept here.
    const measuredBefore = readMutationResults(resultsPath);
    const vectorSets = measuredBefore.ok ? { ...measuredBefore.results.vectorSets } : {};
    const metBefore = vectorSetDigest(strykerTestNames(root));
    const ran = spawnSync(process.execPath, argv, { cwd: root, stdio: 'inherit' });
    if (ran.status !== 0) {
      await writeAll(io.stderr, `mutation: StrykerJS stopped on ${file} (exit ${String(ran.status ?? ran.signal)})\n`);
      return EXIT.failed;
    }
    const written = readMutationResults(resultsPath);
    if (!written.ok) throw new Error(`kit fault: StrykerJS wrote results the kit cannot read: ${written.message}`);
    // The set is recorded only when the vectors stayed as they were for the whole run: vectors changed meanwhile
    // leave it unknown which set StrykerJS's sandbox copied, so the source counts as measured against an older set.
    if (vectorSetDigest(strykerTestNames(root)) === metBefore) vectorSets[file] = metBefore;
    else delete vectorSets[file];
    const kept = measuredBefore.ok
      ? withMutantFreeSourcesKept(measuredBefore.results, written.results)
      : written.results;
    const measured = withMutantFreeSource(kept, file, readFileSync(join(root, file), 'utf8'));
    writeFileAtomically(resultsPath, normalizedResults(measured, all, pinDigests(root, PIN_SOURCES), vectorSets));
  }
  await writeAll(io.stdout, `mutation: ${todo.length} sources tested; run npm run report to update REPORT.md\n`);
  return EXIT.ok;
}

async function check(io: CliIo): Promise<number> {
  const root = kitRoot();
  const all = mutatedFiles(root);
  const resultsPath = join(root, MUTATION_RESULTS);
  if (!existsSync(resultsPath)) {
    await writeAll(io.stderr, `mutation check: ${MUTATION_RESULTS} is missing (run npm run mutation)\n`);
    return EXIT.failed;
  }
  const read = readMutationResults(resultsPath);
  if (!read.ok) {
    await writeAll(io.stderr, `mutation check: ${read.message}\n`);
    return EXIT.failed;
  }
  const currency = resultsCurrency(read.results, root, all, PIN_SOURCES);
  const problems = [
    ...currency.changed.map((f) => `${f} changed since its mutants were tested`),
    ...currency.extra.map((f) => `${f} has results but is not mutated`),
    ...currency.pinChanged.map((f) => `${f} (the pin) changed since the mutants were tested`),
  ];
  const equivalents = readEquivalentMutants(join(root, EQUIVALENT_MUTANTS));
  if (!equivalents.ok) problems.push(equivalents.message);
  else
    problems.push(
      ...staleEquivalents(equivalents.entries, read.results),
      ...missingCatchers(equivalents.entries, root),
    );
  const notes: string[] = [];
  // A source never measured claims no score (REPORT.md names it); one measured and changed since is stale.
  if (currency.missing.length > 0)
    notes.push(`not measured yet (npm run mutation -- FILE measures one): ${currency.missing.join(', ')}`);
  if (currency.olderVectors.length > 0)
    notes.push(
      `measured against an earlier vector set (npm run mutation tests again the mutants the newer vectors reach): ` +
        currency.olderVectors.join(', '),
    );
  for (const n of notes) await writeAll(io.stdout, `mutation check: note: ${n}\n`);
  if (problems.length === 0) {
    const measured = all.length - currency.missing.length;
    await writeAll(
      io.stdout,
      `mutation check: the results were measured on the texts of the ${measured} measured sources as they are\n`,
    );
    return EXIT.ok;
  }
  for (const p of problems) await writeAll(io.stderr, `mutation check: ${p}\n`);
  await writeAll(
    io.stderr,
    `mutation check: FAILED with ${problems.length} problem${problems.length === 1 ? '' : 's'}: ` +
      'run npm run mutation (it tests again only what changed), then npm run report, and commit\n',
  );
  return EXIT.failed;
}
