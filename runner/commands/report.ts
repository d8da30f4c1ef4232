/**
 * `kofun-ctk report [--check]`: writes REPORT.md, the reference oracle's conformance
 * report over the committed vectors (runner/vectors/conformance-report.ts); with
 * --check, writes nothing and fails (exit 1) when REPORT.md differs from what would be
 * written, so CI can require it to be current.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { kitRoot } from '../../oracle/kit-root.js';
import type { Register } from '../cli.js';
import { EXIT, writeAll, type CliIo } from '../io/cli-io.js';
import { readClauseIndex } from '../vectors/clause-index.js';
import { renderConformanceReport } from '../vectors/conformance-report.js';
import { readInterpretations } from '../vectors/kit-registers.js';
import { readVectorTree } from '../vectors/load-vector.js';
import { referenceResults } from '../vectors/reference-results.js';
import { writeFileAtomically } from '../vectors/write-tree.js';

export const registerReport: Register = (program: Command, io, done) => {
  program
    .command('report')
    .description('write REPORT.md, the reference oracle\'s conformance report over the committed vectors')
    .option('--check', 'write nothing; exit 1 when REPORT.md is not what would be written')
    .action(async (options: { check?: boolean }) => done(await report(io, options.check === true)));
};

/** Reads suites/uncovered-clauses.json: clause id → why no vector covers it. */
function uncoveredNotes(): Record<string, string> {
  const path = join(kitRoot(), 'suites', 'uncovered-clauses.json');
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** The REPORT.md text for the committed vectors, or why it cannot be made. */
export function buildReport(): { ok: true; text: string; summary: string } | { ok: false; message: string } {
  const tree = readVectorTree();
  if (tree.manifest === undefined) return { ok: false, message: 'vectors/manifest.json is missing or not JSON (run npm run vectors:generate)' };
  const clauseIndex = readClauseIndex();
  if (clauseIndex === undefined) return { ok: false, message: 'suites/clause-index.json is missing (run npm run vectors:generate where shared/clauses.md is present)' };
  const results = referenceResults(tree);
  const text = renderConformanceReport({
    manifest: tree.manifest,
    vectors: tree.vectors.map((v) => v.vector),
    clauseIndex,
    interpretations: readInterpretations(),
    uncoveredNotes: uncoveredNotes(),
    results,
  });
  const count = (v: string): number => results.filter((r) => r.verdict === v).length;
  const summary = `${results.length} vectors: ${count('PASS')} PASS, ${count('ACCEPTABLE')} ACCEPTABLE, ${count('FAIL')} FAIL, ${count('ERROR')} ERROR; vector set ${tree.manifest.vector_set_sha256}`;
  return { ok: true, text, summary };
}

async function report(io: CliIo, check: boolean): Promise<number> {
  const built = buildReport();
  if (!built.ok) {
    await writeAll(io.stderr, `report: ${built.message}\n`);
    return EXIT.failed;
  }
  const path = join(kitRoot(), 'REPORT.md');
  const bytes = new TextEncoder().encode(built.text);
  if (check) {
    const current = existsSync(path) ? readFileSync(path) : undefined;
    if (current === undefined || !current.equals(Buffer.from(bytes))) {
      await writeAll(io.stderr, `report --check: REPORT.md ${current === undefined ? 'is missing' : 'is not current'} (run npm run report)\n`);
      return EXIT.failed;
    }
    await writeAll(io.stdout, `report --check: REPORT.md is current; ${built.summary}\n`);
    return EXIT.ok;
  }
  writeFileAtomically(path, bytes);
  await writeAll(io.stdout, `report: wrote REPORT.md; ${built.summary}\n`);
  return EXIT.ok;
}
