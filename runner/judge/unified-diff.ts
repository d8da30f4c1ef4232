/**
 * A unified diff of expected and actual result bytes, made with the `diff` package
 * over escaped text (so invalid UTF-8 and control characters are visible and safe),
 * bounded in work and in size so a hostile 4 MiB reply cannot stall the report.
 */
import { createTwoFilesPatch } from 'diff';
import { escapeBytes } from '../../oracle/index.js';

/** The most lines of diff kept. */
export const MAX_DIFF_LINES = 400;
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
  const body = lines[0]?.startsWith('=') ? lines.slice(1) : lines;
  if (body.length <= MAX_DIFF_LINES) return body.join('\n');
  return `${body.slice(0, MAX_DIFF_LINES).join('\n')}\n… (${body.length - MAX_DIFF_LINES} more diff lines)\n`;
}
