/**
 * `kofun-ctk report [--check]`: writes REPORT.md, the reference oracle's conformance
 * report over the committed vectors (runner/vectors/conformance-report.ts), with the
 * census of the broken providers the kit catches (runner/vectors/broken-provider-census.ts);
 * with --check, writes nothing and fails (exit 1) when REPORT.md differs from what would be
 * written, so CI can require it to be current. A broken provider the gate does not catch
 * is printed loudly and named in REPORT.md, but does not fail the report: the runner's
 * own tests are where that fails.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { kitVersion, readInterpretationsRegister, registerRefusal } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { EXIT, loadVectorSet } from '../../runner/index.js';
import {
  installSignalCleanup,
  killAllGroups,
  readVectorTree,
  UsageError,
  writeAll,
  type CliIo,
  type Register,
} from '../../runner/internal.js';
import { caughtCount, censusWarnings, runBrokenProviderCensus, type CensusResult } from './broken-provider-census.js';
import { readClauseIndex } from './clause-index.js';
import { renderConformanceReport } from './conformance-report.js';
import { referenceResults } from './reference-results.js';
import { readEquivalentMutants } from './mutation-equivalents.js';
import type { MutationSection } from './mutation-report.js';
import { readMutationResults, resultsCurrency } from './mutation-results.js';
import { EQUIVALENT_MUTANTS, MUTATION_RESULTS, mutatedFiles, PIN_SOURCES } from './mutation-scope.js';
import { writeFileAtomically } from './write-tree.js';
import { readUnobservableClauses } from '../../suites/generate/unobservable-clauses.js';

export const registerReport: Register = (program: Command, io, done) => {
  program
    .command('report')
    .description("write REPORT.md, the reference oracle's conformance report over the committed vectors")
    .option('--check', 'write nothing; exit 1 when REPORT.md is not what would be written')
    .action(async (options: { check?: boolean }) => done(await report(io, options.check === true)));
};

/** Reads suites/uncovered-clauses.json: clause id → why no vector covers it. */
function uncoveredNotes(): Record<string, string> {
  const path = join(kitRoot(), 'suites', 'uncovered-clauses.json');
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** Runs the broken-provider census over the committed vectors; every provider process is ended before it returns. */
async function census(): Promise<{ ok: true; census: CensusResult } | { ok: false; message: string }> {
  const removeSignals = installSignalCleanup(EXIT.incomplete);
  try {
    const vectorSet = loadVectorSet(join(kitRoot(), 'vectors'));
    return { ok: true, census: await runBrokenProviderCensus({ vectorSet, kitVersion: kitVersion() }) };
  } catch (err) {
    if (err instanceof UsageError) return { ok: false, message: err.message };
    throw err;
  } finally {
    killAllGroups();
    removeSignals();
  }
}

/**
 * The mutation section's input: the committed results and equivalent mutants, and how they stand now; a list of
 * equivalent mutants the kit cannot read stops the report.
 */
function mutationSection(): { ok: true; section: MutationSection } | { ok: false; message: string } {
  const root = kitRoot();
  const scope = mutatedFiles(root);
  const path = join(root, MUTATION_RESULTS);
  const results = existsSync(path)
    ? readMutationResults(path)
    : { ok: false as const, message: `${MUTATION_RESULTS} is not there yet (npm run mutation writes it)` };
  const equivalents = readEquivalentMutants(join(root, EQUIVALENT_MUTANTS));
  if (!equivalents.ok) return equivalents;
  return {
    ok: true,
    section: {
      results,
      equivalents: equivalents.entries,
      scope,
      ...(results.ok ? { currency: resultsCurrency(results.results, root, scope, PIN_SOURCES) } : {}),
    },
  };
}

/**
 * The REPORT.md text for the committed vectors, or why it cannot
 * be made; `warnings` are census problems to print loudly.
 */
export async function buildReport(): Promise<
  { ok: true; text: string; summary: string; warnings: string[] } | { ok: false; message: string }
> {
  const tree = readVectorTree();
  if (tree.manifest === undefined)
    return { ok: false, message: 'vectors/manifest.json is missing or not JSON (run npm run vectors:generate)' };
  const clauseIndex = readClauseIndex();
  if (clauseIndex === undefined)
    return {
      ok: false,
      message: 'suites/clause-index.json is missing (run npm run vectors:generate where shared/clauses.md is present)',
    };
  const unobservable = readUnobservableClauses();
  if (!unobservable.ok) return unobservable;
  const register = readInterpretationsRegister();
  if (!register.ok) return { ok: false, message: registerRefusal(register) };
  const results = referenceResults(tree);
  const mutation = mutationSection();
  if (!mutation.ok) return mutation;
  const ran = await census();
  if (!ran.ok) return ran;
  const text = renderConformanceReport({
    manifest: tree.manifest,
    vectors: tree.vectors.map((v) => v.vector),
    clauseIndex,
    interpretations: register.entries,
    uncoveredNotes: uncoveredNotes(),
    unobservableNotes: unobservable.notes,
    results,
    census: ran.census,
    mutation: mutation.section,
  });
  const count = (v: string): number => results.filter((r) => r.verdict === v).length;
  const { caught, named, total } = caughtCount(ran.census);
  const summary =
    `${results.length} vectors: ${count('PASS')} PASS, ${count('ACCEPTABLE')} ` +
    `ACCEPTABLE, ${count('FAIL')} FAIL, ${count('ERROR')} ERROR; ` +
    `broken providers: ${caught} of ${total} caught, ${named} named by the right clause; ` +
    `vector set ${tree.manifest.vector_set_sha256}`;
  return { ok: true, text, summary, warnings: censusWarnings(ran.census) };
}

async function report(io: CliIo, check: boolean): Promise<number> {
  const built = await buildReport();
  if (!built.ok) {
    await writeAll(io.stderr, `report: ${built.message}\n`);
    return EXIT.failed;
  }
  for (const w of built.warnings) await writeAll(io.stderr, `report: WARNING: ${w}\n`);
  const path = join(kitRoot(), 'REPORT.md');
  const bytes = new TextEncoder().encode(built.text);
  if (check) {
    const current = existsSync(path) ? readFileSync(path) : undefined;
    if (current === undefined || !current.equals(Buffer.from(bytes))) {
      await writeAll(
        io.stderr,
        `report --check: REPORT.md ${current === undefined ? 'is missing' : 'is not current'} (run npm run report)\n`,
      );
      return EXIT.failed;
    }
    await writeAll(io.stdout, `report --check: REPORT.md is current; ${built.summary}\n`);
    return EXIT.ok;
  }
  writeFileAtomically(path, bytes);
  await writeAll(io.stdout, `report: wrote REPORT.md; ${built.summary}\n`);
  return EXIT.ok;
}
