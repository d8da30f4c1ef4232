/**
 * The kit's one command-line splitter, for every command a user hands the runner as one string (`--process`,
 * `--build-a`, `--build-b`, a build configuration's command strings). Nothing the kit runs goes through a shell, so
 * a command means exactly its words: quotes and backslashes work as in a POSIX shell (shell-quote's parser), `$NAME`
 * stays literal, and shell syntax that would mean something else in a shell (operators `| & ; < > ( )`, globs,
 * comments) is refused rather than passed on as a word that would silently not do what it says.
 */
import { parse as parseShell } from 'shell-quote';

/** The words of a command line, or why it has none that can be run. */
export type SplitCommandLine = { ok: true; argv: string[] } | { ok: false; message: string };

/** Splits `line` into argv. */
export function splitCommandLine(line: string): SplitCommandLine {
  let tokens: ReturnType<typeof parseShell>;
  try {
    tokens = parseShell(line, (name) => `$${name}`);
  } catch (err) {
    return { ok: false, message: `cannot be split: ${err instanceof Error ? err.message : String(err)}` };
  }
  const argv: string[] = [];
  for (const token of tokens) {
    if (typeof token === 'string') {
      argv.push(token);
      continue;
    }
    const what = 'op' in token ? (token.op === 'glob' ? `glob ${token.pattern}` : `operator ${token.op}`) : 'comment';
    return { ok: false, message: `${what} is not allowed; the command is run without a shell` };
  }
  if (argv.length === 0) return { ok: false, message: 'empty command line' };
  return { ok: true, argv };
}
