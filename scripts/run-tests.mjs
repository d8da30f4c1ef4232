// Runs every *.test.ts beside the concepts with uvu (TypeScript loaded through tsx)
// and ends with the plain summary line `tests: N passed, N failed`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const uvuBin = join(root, 'node_modules', 'uvu', 'bin.js');
const pattern = process.argv[2] ?? '\\.test\\.ts$';

const child = spawn(
  process.execPath,
  ['--import', 'tsx', uvuBin, '.', pattern, '-i', 'node_modules', '-i', 'dist', '-i', '.git'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
);
let out = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (s) => {
  out += s;
  process.stdout.write(s);
});
child.on('close', (code) => {
  const num = (label) => Number((new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm').exec(out) ?? [])[1] ?? NaN);
  const total = num('Total');
  const passed = num('Passed');
  const skipped = num('Skipped');
  if (!Number.isFinite(total) || !Number.isFinite(passed)) {
    process.stdout.write('\ntests: 0 passed, 1 failed\n');
    process.exitCode = 1;
    return;
  }
  const failed = total - passed - (Number.isFinite(skipped) ? skipped : 0);
  process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
  process.exitCode = failed > 0 || code !== 0 ? 1 : 0;
});
