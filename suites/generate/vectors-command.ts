/**
 * `kofun-ctk vectors generate` and `kofun-ctk vectors check`: the golden vectors,
 * generated from suites/ by the reference oracle, and the CI check that the
 * committed vectors are exactly what the oracle generates (exit 1 and one line per
 * difference otherwise). Both first read the interpretations register with the oracle's
 * reader (fail-closed JSON, its schema, then what the schema cannot say, each at its JSON
 * pointer) and build the readings it selects: a register refused, or whose choice the
 * oracle cannot run, stops them with exit 2 and the entries named. `generate` ends with
 * what it changed, vector by vector (the summary of `vectors diff`), and also refreshes
 * suites/clause-index.json from the clause register when shared/clauses.md is present.
 * Both say on stderr what each stage did (stage-progress.ts); `check` remembers the
 * verifier's findings per unchanged vector (check-cache.ts).
 */
import {
  kitVersion,
  readInterpretationsRegister,
  readingsOf,
  registerRefusal,
  type Readings,
  type RegisterEntry,
} from '../../oracle/index.js';
import { prettyJsonBytes, unrunnableAlternatives } from '../../oracle/internal.js';
import { buildAllCases } from '../all-cases.js';
import { EXIT } from '../../runner/index.js';
import {
  diffVectorSets,
  readTree,
  renderVectorDiffText,
  vectorsDir,
  writeAll,
  type CliIo,
} from '../../runner/internal.js';
import { caseProblems, type KnownIds } from './case-problems.js';
import { checkVectors, MAX_VECTOR_SET_BYTES } from './check-vectors.js';
import { clauseIndexPath, type ClauseIndex } from './clause-index.js';
import { generateVectors } from './generate-vectors.js';
import { currentClauseIndex, readRenames, registerIds } from './kit-registers.js';
import { stageProgress, type StageProgress } from './stage-progress.js';
import { writeFileAtomically, writeTreeAtomically } from './write-tree.js';
import { existsSync, readFileSync } from 'node:fs';

function knownIds(index: ClauseIndex | undefined, register: readonly RegisterEntry[]): KnownIds {
  const known: KnownIds = { interpretations: registerIds(register) };
  if (index !== undefined) known.clauses = new Set(index.clauses.map((c) => c.id));
  return known;
}

async function report(io: CliIo, prefix: string, problems: string[], code: number = EXIT.failed): Promise<number> {
  for (const p of problems) await writeAll(io.stderr, `${prefix}: ${p}\n`);
  await writeAll(io.stderr, `${prefix}: FAILED with ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`);
  return code;
}

function progressFor(io: CliIo, command: string): StageProgress {
  return stageProgress(command, io.stderr, (io.stderr as { isTTY?: boolean }).isTTY === true);
}

/**
 * The register and the readings it selects, or every reason the commands cannot run under it (a usage error, exit 2):
 * the register refused (not JSON, not its schema, a choice or alternative naming no reading, a label twice), a choice
 * the oracle cannot run, an alternative it cannot compute.
 */
export function registerReadings(
  path?: string,
): { ok: true; entries: readonly RegisterEntry[]; readings: Readings } | { ok: false; problems: string[] } {
  const register = readInterpretationsRegister(path);
  if (!register.ok) {
    const lines =
      'violations' in register
        ? register.violations.map((v) => `${register.path}: ${v.pointer ?? '/'}: ${v.message}`)
        : [];
    return { ok: false, problems: lines.length > 0 ? lines : [registerRefusal(register)] };
  }
  const problems: string[] = [];
  const read = readingsOf(register.entries);
  if (!read.ok) problems.push(...read.problems.map((p) => `oracle/interpretations.json: ${p.pointer}: ${p.message}`));
  for (const u of unrunnableAlternatives(register.entries)) {
    const i = register.entries.findIndex((e) => e.id === u.entry);
    problems.push(
      `oracle/interpretations.json: /entries/${i}/alternative_outcome/reading: ${u.entry} names the alternative ` +
        `${u.name} of reading ${u.reading}, which the oracle cannot compute`,
    );
  }
  if (!read.ok || problems.length > 0) return { ok: false, problems };
  return { ok: true, entries: register.entries, readings: read.readings };
}

/** `vectors generate`: regenerates vectors/ and returns the exit status. */
export async function generateCommand(io: CliIo): Promise<number> {
  const version = kitVersion();
  const { index, fromRegister } = currentClauseIndex(version);
  const register = registerReadings();
  if (!register.ok) return report(io, 'vectors generate', register.problems, EXIT.usage);
  const progress = progressFor(io, 'vectors generate');
  const casesStage = progress.stage('build and check cases');
  const cases = buildAllCases();
  const renames = readRenames();
  const problems = caseProblems(cases, renames, knownIds(index, register.entries));
  casesStage.end(`${cases.length} cases, ${problems.length} problems`);
  if (problems.length > 0) return report(io, 'vectors generate', problems);
  const generateStage = progress.stage('generate');
  const set = generateVectors(cases, {
    oracleVersion: version,
    renames,
    register: register.entries,
    readings: register.readings,
    onCase: (done, total) => generateStage.tick(done, total),
  });
  generateStage.end(`${set.manifest.total} vectors, ${set.files.size} files`);
  const before = readTree(vectorsDir());
  const written = writeTreeAtomically(vectorsDir(), set.files);
  if (fromRegister && index !== undefined) {
    writeFileAtomically(clauseIndexPath(), prettyJsonBytes(index));
  }
  // What changed, as `vectors diff` says it (without the result diffs: `vectors diff` shows them).
  const diffed = diffVectorSets({ source: 'vectors/ before', files: before }, { source: 'vectors/', files: set.files });
  await writeAll(
    io.stdout,
    diffed.ok
      ? renderVectorDiffText(diffed.diff, { diffs: false, limit: 25, title: 'vectors generate' }) +
          (diffed.diff.changes.length === 0 ? '' : 'review the changes with: npx kofun-ctk vectors diff\n')
      : `vectors generate: no earlier vector set to compare (${diffed.problem})\n`,
  );
  await writeAll(
    io.stdout,
    `vectors generate: ${set.manifest.total} vectors, ${set.files.size} files (${written.written.length} ` +
      `written, ${written.removed.length} removed), vector set ${set.manifest.vector_set_sha256}\n`,
  );
  return EXIT.ok;
}

/** `vectors check`: checks the committed vectors and returns the exit status. */
export async function checkCommand(io: CliIo): Promise<number> {
  const version = kitVersion();
  const { index, fromRegister } = currentClauseIndex(version);
  // The register is read as the oracle reads it; every other check needs its ids and the readings it selects.
  const register = registerReadings();
  if (!register.ok) return report(io, 'vectors check', register.problems, EXIT.usage);
  const problems: string[] = [];
  if (index === undefined)
    problems.push('suites/clause-index.json is missing and shared/clauses.md is not there to build it');
  else if (fromRegister) {
    const committed = existsSync(clauseIndexPath()) ? readFileSync(clauseIndexPath()) : undefined;
    if (committed === undefined || !committed.equals(Buffer.from(prettyJsonBytes(index)))) {
      problems.push('suites/clause-index.json differs from the clause register (run npm run vectors:generate)');
    }
  }
  const progress = progressFor(io, 'vectors check');
  const build = progress.stage('build cases');
  const cases = buildAllCases();
  build.end(`${cases.length} cases`);
  const outcome = checkVectors({
    cases,
    oracleVersion: version,
    renames: readRenames(),
    known: knownIds(index, register.entries),
    register: register.entries,
    readings: register.readings,
    committed: readTree(vectorsDir()),
    progress,
    cache: true,
  });
  problems.push(...outcome.problems);
  if (problems.length > 0) return report(io, 'vectors check', problems);
  const set = outcome.generated;
  let size = 0;
  for (const b of set?.files.values() ?? []) size += b.length;
  await writeAll(
    io.stdout,
    `vectors check: ok, ${set?.manifest.total ?? 0} vectors in ${set?.files.size ?? 0} files ` +
      `(${(size / 1024 / 1024).toFixed(1)} MiB of ${MAX_VECTOR_SET_BYTES / 1024 / 1024}), ` +
      `vector set ${set?.manifest.vector_set_sha256 ?? ''}\n`,
  );
  return EXIT.ok;
}
