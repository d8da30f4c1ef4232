// The generated-files checks of the benchmark (scripts/bench.ts): `npm run vectors:check` and `npm run report:check`,
// each a whole process, against their floor, the committed set read and verified once in this process (every fixture
// loaded, every expected and acceptable result through the independent verifier), which each check has to do at
// least: the check also regenerates the set, the report also evaluates every vector and runs the census.
import { spawnSync } from 'node:child_process';
import { kitRoot } from '../oracle/internal.js';
import { verifierProblems } from '../suites/generate/check-vectors.js';
import { readVectorTree } from '../runner/vectors/load-vector.js';

function npmRunMs(script: string): { ms: number; ok: boolean } {
  const started = performance.now();
  const r = spawnSync('npm', ['run', '-s', script], { cwd: kitRoot(), stdio: 'ignore' });
  return { ms: performance.now() - started, ok: r.status === 0 };
}

/** Prints `vectors check / load and verify once: R` and `report --check / load and verify once: R` (targets <= 2). */
export function checksRatio(): void {
  const started = performance.now();
  const problems = verifierProblems(readVectorTree());
  const floorMs = performance.now() - started;
  const vectors = npmRunMs('vectors:check');
  const report = npmRunMs('report:check');
  const failed = (r: { ok: boolean }): string => (r.ok ? '' : ' (the check failed!)');
  process.stdout.write(
    `load and verify the committed set once: ${floorMs.toFixed(0)} ms` +
      `${problems.length === 0 ? '' : ` (${problems.length} verifier problems!)`}\n` +
      `npm run vectors:check: ${vectors.ms.toFixed(0)} ms${failed(vectors)}; ` +
      `npm run report:check: ${report.ms.toFixed(0)} ms${failed(report)} (one run each)\n` +
      `  vectors check / load and verify once: ${(vectors.ms / floorMs).toFixed(2)} (target <= 2)\n` +
      `  report --check / load and verify once: ${(report.ms / floorMs).toFixed(2)} (target <= 2)\n\n`,
  );
}
