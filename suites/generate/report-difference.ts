/**
 * Where a REPORT.md differs from the one that would be written (`report --check`): the section the first differing
 * line stands in (its nearest heading), and the first hunk of a unified diff around it, so a maintainer sees what is
 * not current without regenerating.
 */
import { structuredPatch } from 'diff';

/** The most lines of the hunk shown. */
const MAX_LINES = 16;

/** The section and the first differing lines of `current` against `expected`; undefined when they are equal. */
export function reportDifference(
  current: string,
  expected: string,
): { section: string; lines: string[]; sections: string[] } | undefined {
  if (current === expected) return undefined;
  const patch = structuredPatch('REPORT.md', 'REPORT.md (as it would be written)', current, expected, '', '', {
    context: 2,
  });
  const sectionOf = (text: string, line: number): string => {
    const lines = text.split('\n');
    for (let i = Math.min(line, lines.length - 1); i >= 0; i--)
      if (/^#{1,4} /.test(lines[i] ?? '')) return (lines[i] as string).replace(/^#+ /, '');
    return '(before the first heading)';
  };
  const sections = [...new Set(patch.hunks.map((h) => sectionOf(expected, h.newStart + 1)))];
  const first = patch.hunks[0];
  if (first === undefined) return { section: '(line ends)', lines: [], sections: [] };
  const lines = [
    `@@ -${first.oldStart},${first.oldLines} +${first.newStart},${first.newLines} @@`,
    ...first.lines.slice(0, MAX_LINES).map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l)),
    ...(first.lines.length > MAX_LINES ? [`… (${first.lines.length - MAX_LINES} more lines in this hunk)`] : []),
  ];
  // A hunk's first changed line is the first difference; its section is named from the report as it should be.
  const changed = first.lines.findIndex((l) => l.startsWith('-') || l.startsWith('+'));
  return { section: sectionOf(expected, first.newStart - 1 + Math.max(0, changed)), lines, sections };
}
