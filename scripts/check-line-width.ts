/**
 * The line-width check of the sources (`npm run lint:lines`, also run by `npm run format:check`): Prettier keeps code
 * within 120 columns but leaves comments, string literals and template literals as written, so this check names every
 * source line over the width by file and line. Generated files (vectors/, REPORT.md), JSON data, Markdown and the
 * lockfile are not sources and are not read.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The widest a source line may be, in Unicode code points (the formatter's printWidth). */
export const MAX_COLUMNS = 120;

/** The file endings that are sources. */
export const SOURCE_EXTENSIONS: readonly string[] = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/** Folders never read: dependencies, build output, generated vectors, version control and StrykerJS's sandboxes. */
const SKIPPED_FOLDERS: readonly string[] = ['node_modules', 'dist', 'vectors', '.git', '.tmp', '.stryker-tmp'];

/** One line over the width: its 1-based number and its width in code points. */
export interface LongLine {
  readonly line: number;
  readonly columns: number;
}

/** The lines of `text` wider than `max` code points (a CR before the LF is not counted). */
export function longLines(text: string, max: number = MAX_COLUMNS): LongLine[] {
  const found: LongLine[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    // Code points, not UTF-16 units: "—" or "…" is one column, as an editor shows it.
    if (line.length <= max) return;
    const columns = [...line].length;
    if (columns > max) found.push({ line: i + 1, columns });
  });
  return found;
}

/** The source files below `root`, relative and `/`-separated, sorted; links are not followed. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, top: boolean): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) continue;
      if (stat.isDirectory()) {
        // vectors/ is generated only at the top; oracle/vectors/ and runner/vectors/ are sources.
        if (name === '.git' || name === 'node_modules' || (SKIPPED_FOLDERS.includes(name) && top)) continue;
        walk(full, false);
      } else if (stat.isFile() && SOURCE_EXTENSIONS.includes(extname(name))) {
        files.push(relative(root, full).split(sep).join('/'));
      }
    }
  };
  walk(root, true);
  return files.sort();
}

/** Every long line of the sources below `root`, as `file:line` findings. */
export function checkLineWidth(root: string): { path: string; line: number; columns: number }[] {
  const findings: { path: string; line: number; columns: number }[] = [];
  for (const path of sourceFiles(root)) {
    for (const l of longLines(readFileSync(join(root, path), 'utf8'))) findings.push({ path, ...l });
  }
  return findings;
}

function main(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const findings = checkLineWidth(root);
  for (const f of findings) {
    process.stdout.write(`${f.path}:${f.line}: ${f.columns} columns, more than ${MAX_COLUMNS}\n`);
  }
  if (findings.length > 0) {
    process.stdout.write(
      `line width: ${findings.length} source lines over ${MAX_COLUMNS} columns; re-wrap the comment or split the ` +
        'literal into concatenated pieces (the produced text must stay the same)\n',
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`line width: every source line is at most ${MAX_COLUMNS} columns\n`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) main();
