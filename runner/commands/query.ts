/**
 * `kofun-ctk query --fixture FILE`: the reference provider on one request. Reads the
 * request bytes from stdin, answers with the canonical result bytes of the oracle
 * (oracle/pipeline/evaluate-query.ts) on stdout, and exits 0 for any request: every
 * request, however malformed, has a canonical answer (OQ-41 A).
 *
 * FILE is a fixture file or a vector file (whose fixture is loaded by reference). A
 * fixture the loader refuses exits 2 with one stderr line per violation: code, clause,
 * and where (JSON pointer or byte offset).
 *
 * It follows the register's choices (oracle/interpretations.json), or with `--reading
 * ENTRY:LABEL` (repeatable) another reading the oracle runs.
 *
 * stdin is read with a bound of 65,536 + 1 bytes: a longer request is answered
 * invalid / invalid-request without being kept, so hostile input costs constant memory
 * (KD-LIMIT-02, KD-LIMIT-08, OQ-04 A).
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { loadFixtureFile, LIMITS, evaluateQuery, type Violation } from '../../oracle/index.js';
import { EXIT, writeAll } from '../io/cli-io.js';
import { readBounded } from '../io/read-bounded.js';
import type { Register } from '../io/cli-io.js';
import { readingOption, readingsFromOption } from '../io/reading-option.js';

/** One stderr line for a fixture violation; no stack trace, no raw file bytes beyond the loader's own text. */
export function violationLine(v: Violation): string {
  const where =
    v.pointer !== undefined
      ? ` at ${v.pointer === '' ? '(root)' : v.pointer}`
      : v.offset !== undefined
        ? ` at byte ${v.offset}`
        : '';
  const detail = [
    v.expected !== undefined ? `expected ${v.expected}` : '',
    v.actual !== undefined ? `got ${v.actual}` : '',
  ]
    .filter((s) => s !== '')
    .join(', ');
  const line =
    `kofun-ctk query: bad fixture: ${v.code} ` +
    `(${v.clause})${where}: ${v.message}${detail === '' ? '' : ` (${detail})`}`;
  // Control characters from a file name or value would break the one-line report.
  return line.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

export const registerQuery: Register = (program: Command, io, done) => {
  program
    .command('query')
    .description('answer one request read from stdin with the reference oracle, against a fixture or vector file')
    .requiredOption('--fixture <file>', 'fixture file, or vector file naming its fixture')
    .option(...readingOption)
    .action(async (opts: { fixture: string; reading: string[] }) => {
      const readings = readingsFromOption(opts.reading);
      if (!readings.ok) {
        io.stderr.write(`kofun-ctk query: ${readings.message}\n`);
        done(EXIT.usage);
        return;
      }
      const loaded = loadFixtureFile(resolve(io.cwd, opts.fixture));
      if (!loaded.ok) {
        for (const v of loaded.violations) io.stderr.write(`${violationLine(v)}\n`);
        done(EXIT.usage);
        return;
      }
      let request: Uint8Array;
      try {
        const read = await readBounded(io.stdin, LIMITS.requestBytes);
        // An oversized request keeps no bytes; the oracle refuses it on its length alone.
        request = read.ok ? read.bytes : new Uint8Array(LIMITS.requestBytes + 1);
      } catch {
        io.stderr.write('kofun-ctk query: stdin could not be read\n');
        done(EXIT.failed);
        return;
      }
      const options = readings.readings === undefined ? {} : { readings: readings.readings };
      await writeAll(io.stdout, evaluateQuery(request, loaded.fixture, options));
      done(EXIT.ok);
    });
};
