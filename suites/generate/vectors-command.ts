/**
 * `kofun-ctk vectors generate` and `kofun-ctk vectors check`: the golden vectors,
 * generated from suites/ by the reference oracle, and the CI check that the
 * committed vectors are exactly what the oracle generates (exit 1 and one line per
 * difference otherwise). Both first read the interpretations register with the oracle's
 * reader (fail-closed JSON, then its schema) and stop with one line if it is refused.
 * `generate` also refreshes suites/clause-index.json from the clause register when
 * shared/clauses.md is present.
 */
import { kitVersion, readInterpretationsRegister, registerRefusal, type RegisterEntry } from '../../oracle/index.js';
import { prettyJsonBytes } from '../../oracle/internal.js';
import { buildAllCases } from '../all-cases.js';
import { EXIT } from '../../runner/index.js';
import { readTree, vectorsDir, writeAll, type CliIo } from '../../runner/internal.js';
import { caseProblems, type KnownIds } from './case-problems.js';
import { checkVectors, MAX_VECTOR_SET_BYTES } from './check-vectors.js';
import { clauseIndexPath, type ClauseIndex } from './clause-index.js';
import { generateVectors } from './generate-vectors.js';
import { currentClauseIndex, readRenames, registerIds } from './kit-registers.js';
import { writeFileAtomically, writeTreeAtomically } from './write-tree.js';
import { existsSync, readFileSync } from 'node:fs';

function knownIds(index: ClauseIndex | undefined, register: readonly RegisterEntry[]): KnownIds {
  const known: KnownIds = { interpretations: registerIds(register) };
  if (index !== undefined) known.clauses = new Set(index.clauses.map((c) => c.id));
  return known;
}

async function report(io: CliIo, prefix: string, problems: string[]): Promise<number> {
  for (const p of problems) await writeAll(io.stderr, `${prefix}: ${p}\n`);
  await writeAll(io.stderr, `${prefix}: FAILED with ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`);
  return EXIT.failed;
}

/** `vectors generate`: regenerates vectors/ and returns the exit status. */
export async function generateCommand(io: CliIo): Promise<number> {
  const version = kitVersion();
  const { index, fromRegister } = currentClauseIndex(version);
  const register = readInterpretationsRegister();
  if (!register.ok) return report(io, 'vectors generate', [registerRefusal(register)]);
  const cases = buildAllCases();
  const renames = readRenames();
  const problems = caseProblems(cases, renames, knownIds(index, register.entries));
  if (problems.length > 0) return report(io, 'vectors generate', problems);
  const set = generateVectors(cases, { oracleVersion: version, renames });
  const written = writeTreeAtomically(vectorsDir(), set.files);
  if (fromRegister && index !== undefined) {
    writeFileAtomically(clauseIndexPath(), prettyJsonBytes(index));
  }
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
  // The register is read as the oracle reads it (fail-closed JSON, then its schema); every other check needs its ids.
  const register = readInterpretationsRegister();
  if (!register.ok) return report(io, 'vectors check', [registerRefusal(register)]);
  const problems: string[] = [];
  if (index === undefined)
    problems.push('suites/clause-index.json is missing and shared/clauses.md is not there to build it');
  else if (fromRegister) {
    const committed = existsSync(clauseIndexPath()) ? readFileSync(clauseIndexPath()) : undefined;
    if (committed === undefined || !committed.equals(Buffer.from(prettyJsonBytes(index)))) {
      problems.push('suites/clause-index.json differs from the clause register (run npm run vectors:generate)');
    }
  }
  const outcome = checkVectors({
    cases: buildAllCases(),
    oracleVersion: version,
    renames: readRenames(),
    known: knownIds(index, register.entries),
    register: register.entries,
    committed: readTree(vectorsDir()),
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
