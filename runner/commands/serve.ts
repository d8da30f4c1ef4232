/**
 * `kofun-ctk serve`: the reference oracle as a provider process. By default it speaks
 * the persistent protocol on stdin/stdout (PROTOCOL.md); with `--one-shot <fixture>`
 * it answers one request from stdin, as a one-shot provider does. It follows the
 * register's choices, or with `--reading ENTRY:LABEL` another reading the oracle runs
 * (a provider team's reading of an open question, judged by the gate like any provider).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { EXIT, writeAll } from '../io/cli-io.js';
import { readBounded } from '../io/read-bounded.js';
import { errorMessage } from '../adapters/module-provider.js';
import { createReferenceProvider } from '../adapters/reference-provider.js';
import { serveProvider } from '../adapters/serve-provider.js';
import { MAX_QUERY_BYTES } from '../protocol/messages.js';
import type { Register } from '../io/cli-io.js';
import { readingOption, readingsFromOption } from '../io/reading-option.js';

export const registerServe: Register = (program: Command, io, done) => {
  program
    .command('serve')
    .description('run the reference oracle as a provider: the persistent protocol on stdin/stdout (PROTOCOL.md)')
    .option('--one-shot <fixture>', 'answer one request from stdin against this fixture file, then exit')
    .option(...readingOption)
    .action(async (opts: { oneShot?: string; reading: string[] }) => {
      const readings = readingsFromOption(opts.reading);
      if (!readings.ok) {
        io.stderr.write(`kofun-ctk serve: ${readings.message}\n`);
        done(EXIT.usage);
        return;
      }
      const provider = createReferenceProvider(readings.readings);
      if (opts.oneShot !== undefined) {
        try {
          const handle = provider.loadFixture(readFileSync(resolve(io.cwd, opts.oneShot)));
          const request = await readBounded(io.stdin, MAX_QUERY_BYTES);
          if (!request.ok) {
            io.stderr.write('kofun-ctk serve: request larger than the one-shot input cap\n');
            done(EXIT.failed);
            return;
          }
          await writeAll(io.stdout, await provider.query(await handle, request.bytes));
          done(EXIT.ok);
        } catch (err) {
          io.stderr.write(`kofun-ctk serve: ${errorMessage(err)}\n`);
          done(EXIT.failed);
        }
        return;
      }
      const end = await serveProvider(io.stdin, io.stdout, provider);
      if (end.kind === 'protocol') {
        io.stderr.write(`kofun-ctk serve: protocol violation by the runner: ${end.message}\n`);
        done(EXIT.failed);
        return;
      }
      done(EXIT.ok);
    });
};
