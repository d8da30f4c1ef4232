/**
 * `kofun-ctk verify [--fixture FILE] [--request FILE]`: runs the independent result
 * verifier (oracle/verifier/verify-result.ts) on result bytes read from stdin.
 *
 * Exit 0 when no violation is found, 1 with one line per violation on stdout
 * (`KD-… code at /pointer: message (expected …, actual …)`, provider text escaped and
 * capped), 2 on bad usage or an unreadable or refused fixture/request file.
 *
 * stdin is read with a bound of 4 MiB (4,194,304 bytes): a longer result keeps no bytes
 * and is reported as a KD-LIMIT-03 violation, so hostile output costs constant memory
 * (OQ-04 A, KD-LIMIT-08). FILE for --fixture is a fixture file or a vector file naming
 * its fixture. The request file is read up to 65,536 + 1 bytes; a longer request is
 * invalid on its length alone, which is all the verifier needs to know about it.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import {
  loadFixtureFile,
  type LoadedFixture,
  LIMITS,
  escapeFor,
  formatViolation,
  verifyResult,
  type VerifyContext,
  type Violation,
} from '../../oracle/index.js';
import { violation } from '../../oracle/internal.js';
import { EXIT, writeAll } from '../io/cli-io.js';
import { readBounded } from '../io/read-bounded.js';
import type { Register } from '../io/cli-io.js';

/** Reads at most `max + 1` bytes of a file: enough to know it is over `max`. */
function readFilePrefix(path: string, max: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(max + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n === buf.length) break;
    }
    return new Uint8Array(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
}

function errorCode(err: unknown): string {
  return err !== null && typeof err === 'object' && 'code' in err ? String((err as { code: unknown }).code) : 'error';
}

export const registerVerify: Register = (program: Command, io, done) => {
  program
    .command('verify')
    .description(
      'check result bytes read from stdin against every rule the verifier knows; ' +
        'optionally against the request and fixture',
    )
    .option('--fixture <file>', 'fixture file, or vector file naming its fixture')
    .option('--request <file>', 'the request bytes the result answers')
    .action(async (opts: { fixture?: string; request?: string }) => {
      const context: VerifyContext = {};
      if (opts.fixture !== undefined) {
        const loaded = loadFixtureFile(resolve(io.cwd, opts.fixture));
        if (!loaded.ok) {
          for (const v of loaded.violations) io.stderr.write(`kofun-ctk verify: bad fixture: ${formatViolation(v)}\n`);
          done(EXIT.usage);
          return;
        }
        const fixture: LoadedFixture = loaded.fixture;
        context.fixture = fixture;
      }
      if (opts.request !== undefined) {
        try {
          context.request = readFilePrefix(resolve(io.cwd, opts.request), LIMITS.requestBytes);
        } catch (err) {
          io.stderr.write(
            `kofun-ctk verify: request file cannot be read ` +
              `(${escapeFor('ascii', errorCode(err), 32)}): ${escapeFor('ascii', opts.request, 200)}\n`,
          );
          done(EXIT.usage);
          return;
        }
      }
      let violations: Violation[];
      try {
        const read = await readBounded(io.stdin, LIMITS.resultBytes);
        violations = read.ok
          ? verifyResult(read.bytes, context)
          : [
              violation('size', 'KD-LIMIT-03', `The result is longer than the cap of ${LIMITS.resultBytes} bytes.`, {
                offset: LIMITS.resultBytes,
                expected: `at most ${LIMITS.resultBytes} bytes`,
                actual: `${read.read} bytes`,
              }),
            ];
      } catch {
        io.stderr.write('kofun-ctk verify: stdin could not be read\n');
        done(EXIT.usage);
        return;
      }
      if (violations.length > 0) await writeAll(io.stdout, violations.map((v) => `${formatViolation(v)}\n`).join(''));
      done(violations.length > 0 ? EXIT.failed : EXIT.ok);
    });
};
