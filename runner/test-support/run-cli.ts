import { PassThrough } from 'node:stream';
import { main } from '../cli.js';
import type { CliIo, Register } from '../io/cli-io.js';
import { adoptHandedVectorSet } from './handed-vector-set.js';

/** What one in-process `kofun-ctk` call produced. */
export interface CliRun {
  code: number;
  /** stdout as raw bytes (result bytes are compared as bytes). */
  stdoutBytes: Buffer;
  /** stdout decoded as UTF-8. */
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  stdin?: string | Uint8Array;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Commands only a checkout registers (the maintainers' `vectors`, `report`, `mutation`; generate/dev-cli.ts). */
  extra?: Register[];
}

/** Runs `kofun-ctk <argv>` in-process with in-memory streams, as the tests of each command do. */
export async function runCli(argv: string[], options: CliRunOptions = {}): Promise<CliRun> {
  adoptHandedVectorSet();
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  stdin.end(options.stdin === undefined ? undefined : Buffer.from(options.stdin));
  const io: CliIo = { stdin, stdout, stderr, cwd: options.cwd ?? process.cwd(), env: options.env ?? {} };
  const code = await main(argv, io, options.extra);
  const stdoutBytes = Buffer.concat(out);
  return { code, stdoutBytes, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}
