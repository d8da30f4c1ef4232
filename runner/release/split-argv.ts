/**
 * Splits a build command given on the command line (`--build-a '<cmd>'`) into argv
 * without a shell: no variables, globs, pipes or redirections are interpreted, so a
 * build command means exactly its words. Quoting follows the familiar POSIX subset:
 * '…' is literal, "…" allows \" and \\ (and \$ \` for familiarity), and a backslash
 * outside quotes escapes the next character.
 */

export type SplitResult = { ok: true; argv: string[] } | { ok: false; message: string };

/** Splits `command` into words; an empty command or an unterminated quote is an error. */
export function splitArgv(command: string): SplitResult {
  const argv: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < command.length) {
    const ch = command[i] as string;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) argv.push(word);
      word = '';
      inWord = false;
      i++;
      continue;
    }
    inWord = true;
    if (ch === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) return { ok: false, message: 'unterminated single quote in build command' };
      word += command.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      i++;
      let closed = false;
      while (i < command.length) {
        const c = command[i] as string;
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        if (c === '\\' && i + 1 < command.length && '"\\$`'.includes(command[i + 1] as string)) {
          word += command[i + 1];
          i += 2;
          continue;
        }
        word += c;
        i++;
      }
      if (!closed) return { ok: false, message: 'unterminated double quote in build command' };
      continue;
    }
    if (ch === '\\') {
      if (i + 1 >= command.length) return { ok: false, message: 'trailing backslash in build command' };
      word += command[i + 1];
      i += 2;
      continue;
    }
    word += ch;
    i++;
  }
  if (inWord) argv.push(word);
  if (argv.length === 0) return { ok: false, message: 'empty build command' };
  return { ok: true, argv };
}
