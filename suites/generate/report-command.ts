/**
 * `kofun-ctk report [--check]`: writes REPORT.md, the reference oracle's conformance
 * report over the committed vectors (runner/vectors/conformance-report.ts), with the
 * census of the broken providers the kit catches (runner/vectors/broken-provider-census.ts);
 * with --check, writes nothing and fails (exit 1) when REPORT.md differs from what would be
 * written, naming the section that differs and showing its first differing lines, so CI can
 * require it to be current. A broken provider the gate does not catch
 * is printed loudly and named in REPORT.md, but does not fail the report: the runner's
 * own tests are where that fails. What depends only on the vector set and the kit's code
 * (the oracle's verdict on each vector, each census row) is remembered between runs
 * (check-cache.ts), and each stage says on stderr what it did (stage-progress.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kitVersion, readInterpretationsRegister, registerRefusal } from '../../oracle/index.js';
import { kitRoot } from '../../oracle/internal.js';
import { EXIT, loadVectorSet } from '../../runner/index.js';
import {
  commandNamed,
  installSignalCleanup,
  killAllGroups,
  readVectorTree,
  registerReportDiff,
  REPORT_DESCRIPTION,
  UsageError,
  writeAll,
  type CliIo,
} from '../../runner/internal.js';
import {
  BROKEN_PROVIDER_DIR,
  CENSUS_PROVIDERS,
  caughtCount,
  censusWarnings,
  runBrokenProviderCensus,
  type CensusResult,
  type CensusRow,
} from './broken-provider-census.js';
import { CheckCache, codeDigest } from './check-cache.js';
import { reportDifference } from './report-difference.js';
import { findingsCache } from './verifier-findings.js';
import { SILENT, stageProgress, type StageProgress } from './stage-progress.js';
import { readClauseIndex } from './clause-index.js';
import { renderConformanceReport } from './conformance-report.js';
import { isOracleResult, referenceResults } from './reference-results.js';
import { readEquivalentMutants } from './mutation-equivalents.js';
import type { MutationSection } from './mutation-report.js';
import { readMutationResults, resultsCurrency } from './mutation-results.js';
import { EQUIVALENT_MUTANTS, MUTATION_RESULTS, mutatedFiles, PIN_SOURCES } from './mutation-scope.js';
import { writeFileAtomically } from './write-tree.js';
import { readUnobservableClauses } from '../../suites/generate/unobservable-clauses.js';

/** Reads suites/uncovered-clauses.json: clause id → why no vector covers it. */
function uncoveredNotes(): Record<string, string> {
  const path = join(kitRoot(), 'suites', 'uncovered-clauses.json');
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** Whether a cached value has the shape of a census row. */
function isCensusRow(value: unknown): value is CensusRow {
  const v = value as Partial<CensusRow> | null;
  return typeof v === 'object' && v !== null && typeof v.provider === 'string' && typeof v.outcome === 'string';
}

/** The code a census row depends on: the census, the gate and the serve command it drives, every broken provider. */
function censusCode(): string {
  return codeDigest([
    'suites/generate/broken-provider-census.ts',
    'runner/cli-entry.ts',
    ...CENSUS_PROVIDERS.map((p) => `${BROKEN_PROVIDER_DIR}/${p.name}.ts`),
  ]);
}

/**
 * Runs the broken-provider census over the committed vectors (rows whose code and vectors are unchanged from the
 * cache); every provider process is ended before it returns.
 */
async function census(
  progress: StageProgress,
): Promise<{ ok: true; census: CensusResult } | { ok: false; message: string }> {
  const removeSignals = installSignalCleanup(EXIT.incomplete);
  const stage = progress.stage('broken-provider census');
  const cache = new CheckCache('census', censusCode(), isCensusRow);
  try {
    const vectorSet = loadVectorSet(join(kitRoot(), 'vectors'));
    const result = await runBrokenProviderCensus({
      vectorSet,
      kitVersion: kitVersion(),
      cache,
      onRow: (done, total) => stage.tick(done, total),
    });
    cache.save();
    stage.end(`${result.rows.length} rows, ${cache.hits} known unchanged, ${result.rows.length - cache.hits} run`);
    return { ok: true, census: result };
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
export async function buildReport(
  progress: StageProgress = SILENT,
): Promise<{ ok: true; text: string; summary: string; warnings: string[] } | { ok: false; message: string }> {
  const readStage = progress.stage('read vectors');
  const tree = readVectorTree();
  readStage.end(`${tree.vectors.length} vectors`);
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
  const oracleStage = progress.stage('reference oracle on every vector');
  const oracleCache = new CheckCache('oracle', codeDigest(['suites/generate/reference-results.ts']), isOracleResult);
  const findings = findingsCache();
  const results = referenceResults(tree, { cache: oracleCache, findings, tick: (d, t) => oracleStage.tick(d, t) });
  oracleCache.save();
  oracleStage.end(
    `${results.length} vectors, ${oracleCache.hits} known unchanged, ${results.length - oracleCache.hits} judged`,
  );
  const mutation = mutationSection();
  if (!mutation.ok) return mutation;
  const ran = await census(progress);
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

/** `report [--check]`: writes or checks REPORT.md and returns the exit status. */
export async function reportCommand(io: CliIo, check: boolean): Promise<number> {
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const built = await buildReport(stageProgress(check ? 'report --check' : 'report', io.stderr, tty));
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
      const difference = current === undefined ? undefined : reportDifference(current.toString('utf8'), built.text);
      const where =
        difference === undefined
          ? ''
          : ` in section "${difference.section}"` +
            (difference.sections.length > 1 ? ` (and ${difference.sections.length - 1} more sections)` : '');
      await writeAll(
        io.stderr,
        `report --check: REPORT.md ${current === undefined ? 'is missing' : `is not current${where}`} ` +
          '(run npm run report)\n' +
          (difference === undefined ? '' : `${difference.lines.map((l) => `  ${l}`).join('\n')}\n`),
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
