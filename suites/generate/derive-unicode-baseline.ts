/**
 * Writes oracle/vectors/unicode-baseline-unassigned.ts, the code points the Unicode baseline of
 * the NFC checks does not assign (KIT-26), from the baseline's own character database as the
 * npm package @unicode/unicode-15.0.0 ships it (General_Category=Unassigned). The kit does not
 * depend on that package: the table is generated once per baseline and committed. To
 * regenerate, unpack the package (npm pack @unicode/unicode-15.0.0@2.0.7, then tar xzf) and run
 * `node --import tsx suites/generate/derive-unicode-baseline.ts <unpacked package folder>`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { kitRoot } from '../../oracle/internal.js';

const PACKAGE = '@unicode/unicode-15.0.0';

async function main(dir: string): Promise<void> {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
  if (pkg.name !== PACKAGE) throw new Error(`${dir} holds ${pkg.name}, not ${PACKAGE}`);
  const url = pathToFileURL(join(dir, 'General_Category', 'Unassigned', 'ranges.mjs')).href;
  const ranges = ((await import(url)) as { default: { begin: number; end: number }[] }).default;
  const hex = (cp: number): string => cp.toString(16).toUpperCase().padStart(4, '0');
  const words = ranges.map((r) => (r.end - 1 === r.begin ? hex(r.begin) : `${hex(r.begin)}-${hex(r.end - 1)}`));
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line.length + w.length + 1 > 100) {
      lines.push(line);
      line = '';
    }
    line = line === '' ? w : `${line} ${w}`;
  }
  if (line !== '') lines.push(line);
  const text = [
    '/**',
    ` * Generated file; do not edit. Written by suites/generate/derive-unicode-baseline.ts from ${pkg.name}`,
    ` * ${pkg.version} (General_Category/Unassigned/ranges.mjs): the code points Unicode 15.0, the baseline of`,
    ' * the NFC checks (KIT-26), does not assign, as inclusive hexadecimal ranges.',
    ' */',
    'export const UNASSIGNED_IN_BASELINE_RANGES: readonly string[] = [',
    ...lines.map((l) => `  '${l}',`),
    '];',
    '',
  ].join('\n');
  writeFileSync(join(kitRoot(), 'oracle', 'vectors', 'unicode-baseline-unassigned.ts'), text);
  process.stdout.write(`wrote ${ranges.length} ranges in ${lines.length} lines\n`);
}

const dir = process.argv[2];
if (dir === undefined) {
  process.stderr.write('usage: derive-unicode-baseline.ts <unpacked @unicode/unicode-15.0.0 folder>\n');
  process.exitCode = 2;
} else await main(dir);
