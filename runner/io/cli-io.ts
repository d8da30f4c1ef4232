import type { Readable, Writable } from 'node:stream';
import type { Command } from 'commander';

/** The I/O a command may touch; tests pass their own streams. */
export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** Process exit codes of every kofun-ctk command (documented in README.md). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  incomplete: 3,
} as const;

/** A usage or input error with the exit code 2; reported as one line, never a stack trace. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Writes bytes and resolves when the stream has taken them. */
export function writeAll(stream: Writable, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(data, (err) => (err ? reject(err) : resolve()));
  });
}

/** A registration function: adds one command that reports its exit code through `done`. */
export type Register = (program: Command, io: CliIo, done: (code: number) => void) => void;

/**
 * The command `name` of `program`, made when it is not there yet: `vectors` and `report` gather subcommands from two
 * modules (`diff`, which every install has, and the maintainers' `generate`, `check` and `--check` of a checkout).
 */
export function commandNamed(program: Command, name: string, description: string): Command {
  return program.commands.find((c) => c.name() === name) ?? program.command(name).description(description);
}
