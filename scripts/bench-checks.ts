// The generated-files checks of the benchmark (scripts/bench.ts): `npm run vectors:check` and `npm run report:check`,
// each a whole process, as ratios to `npm run vectors:generate` (targets: vectors check <= 1.5, report --check <= 2).
// Each is timed twice: warm, with the check cache (node_modules/.cache/kofun-ctk/) holding what depends only on the
// vector set and the kit's code, as a maintainer's second run finds it; and cold, the cache removed first, as a fresh
// CI machine runs them (vectors check first, whose verifier findings report --check then reuses).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { kitRoot } from '../oracle/internal.js';
import { cacheDir } from '../suites/generate/check-cache.js';

function npmRunMs(script: string): { ms: number; ok: boolean } {
  const started = performance.now();
  const r = spawnSync('npm', ['run', '-s', script], { cwd: kitRoot(), stdio: 'ignore' });
  return { ms: performance.now() - started, ok: r.status === 0 };
}

/** Prints the times of generate and of both checks, cold and warm, and the checks' ratios to generate. */
export function checksRatio(options: { cold?: boolean } = {}): void {
  const generate = npmRunMs('vectors:generate');
  const times: [string, { ms: number; ok: boolean }][] = [];
  if (options.cold !== false) {
    rmSync(cacheDir(), { recursive: true, force: true });
    times.push(['vectors check, cold', npmRunMs('vectors:check')]);
    times.push(['report --check, cold', npmRunMs('report:check')]);
  }
  times.push(['vectors check, warm', npmRunMs('vectors:check')]);
  times.push(['report --check, warm', npmRunMs('report:check')]);
  const failed = (r: { ok: boolean }): string => (r.ok ? '' : ' (the command failed!)');
  const lines = [`npm run vectors:generate: ${generate.ms.toFixed(0)} ms${failed(generate)} (one run each)`];
  for (const [name, t] of times) {
    const target = name.startsWith('vectors') ? 1.5 : 2;
    lines.push(
      `  ${name}: ${t.ms.toFixed(0)} ms${failed(t)}; / generate: ${(t.ms / generate.ms).toFixed(2)} ` +
        `(target <= ${target}${name.endsWith('warm') ? '' : ', for the warm run'})`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
