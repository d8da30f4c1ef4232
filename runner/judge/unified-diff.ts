/**
 * A unified diff of expected and actual result bytes, made with the `diff` package
 * over escaped text (so invalid UTF-8 and control characters are visible and safe),
 * bounded in work and in size so a hostile 4 MiB reply cannot stall the report.
 */
import { createTwoFilesPatch } from 'diff';
import { escapeBytes } from '../../oracle/index.js';

/** The most lines of diff kept. */
export const MAX_DIFF_LINES = 400;
/** The most characters of one diff line kept (a wrong answer of 4 MB may be one line). */
export const MAX_DIFF_LINE_CHARS = 2000;
/** The most characters of a whole diff kept, so a report stays small whatever the provider answers. */
export const MAX_DIFF_CHARS = 64 * 1024;
/** The edit distance beyond which the diff is abandoned. */
const MAX_EDIT_LENGTH = 4000;

/** The diff text, or a note saying why there is none; always escaped. */
export function unifiedDiff(expected: Uint8Array, actual: Uint8Array): string {
  const e = escapeBytes(expected, { keepLines: true });
  const a = escapeBytes(actual, { keepLines: true });
  const patch = createTwoFilesPatch('expected', 'actual', e, a, undefined, undefined, {
    context: 3,
    maxEditLength: MAX_EDIT_LENGTH,
  });
  if (patch === undefined) return `(no diff: more than ${MAX_EDIT_LENGTH} lines differ)\n`;
  const lines = patch.split('\n');
  // Drop the "====" banner line createTwoFilesPatch starts with.
  const body = (lines[0]?.startsWith('=') ? lines.slice(1) : lines).map(cutLine);
  const kept: string[] = [];
  let size = 0;
  for (const line of body.slice(0, MAX_DIFF_LINES)) {
    if (size + line.length + 1 > MAX_DIFF_CHARS) break;
    kept.push(line);
    size += line.length + 1;
  }
  if (kept.length === body.length) return kept.join('\n');
  const more = body.length - kept.length;
  const why = kept.length < MAX_DIFF_LINES ? `the diff is cut at ${MAX_DIFF_CHARS} characters` : 'cut';
  return `${kept.join('\n')}\n… (${more} more diff lines; ${why})\n`;
}

/** One diff line, cut at MAX_DIFF_LINE_CHARS with the cut said. */
function cutLine(line: string): string {
  if (line.length <= MAX_DIFF_LINE_CHARS) return line;
  return `${line.slice(0, MAX_DIFF_LINE_CHARS)}… (${line.length - MAX_DIFF_LINE_CHARS} more characters of this line)`;
}
