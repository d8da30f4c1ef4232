// The start-up lines of the benchmark (scripts/bench.ts): `kofun-ctk --help` through bin/kofun-ctk.js against
// `node -e 0`, each a whole process, alternating, so a drift of the machine's speed touches both alike; then the help
// of the maintainers' `vectors` and `report`, which a checkout answers from the sources through tsx.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { kitRoot } from '../oracle/internal.js';
import { buildIsCurrent } from '../bin/build-stamp.js';
import { median } from './median.js';

const START_ROUNDS = 15;
/** Rounds of the maintainers' help requests (each loads tsx, so each costs more than a start from dist/). */
const MAINTAINER_HELP_ROUNDS = 5;

function wallMs(argv: string[]): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, argv, { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited with ${String(r.status ?? r.signal)}`);
  return performance.now() - started;
}

/** Prints `cli start / node start: R` (target at most 3), the medians of START_ROUNDS pairs after one untimed pair. */
export function cliStartRatio(): void {
  const cli = [join(kitRoot(), 'bin', 'kofun-ctk.js'), '--help'];
  const node = ['-e', '0'];
  wallMs(cli);
  wallMs(node);
  const cliMs: number[] = [];
  const nodeMs: number[] = [];
  for (let i = 0; i < START_ROUNDS; i++) {
    cliMs.push(wallMs(cli));
    nodeMs.push(wallMs(node));
  }
  const from = buildIsCurrent(kitRoot()) ? 'dist/' : 'the TypeScript sources (no current build: npm run build)';
  process.stdout.write(
    `kofun-ctk --help (from ${from}): ${median(cliMs).toFixed(0)} ms; node -e 0: ${median(nodeMs).toFixed(0)} ms ` +
      `(medians of ${START_ROUNDS})\n`,
  );
  process.stdout.write(`  cli start / node start: ${(median(cliMs) / median(nodeMs)).toFixed(2)} (target <= 3)\n`);
  const helpMs = (command: string): number => {
    const argv = [join(kitRoot(), 'bin', 'kofun-ctk.js'), command, '--help'];
    const times: number[] = [];
    for (let i = 0; i < MAINTAINER_HELP_ROUNDS; i++) times.push(wallMs(argv));
    return median(times);
  };
  const vectors = helpMs('vectors');
  const report = helpMs('report');
  process.stdout.write(
    `kofun-ctk vectors --help: ${vectors.toFixed(0)} ms, report --help: ${report.toFixed(0)} ms ` +
      `(medians of ${MAINTAINER_HELP_ROUNDS}; no compiled tree is made for a help request)\n`,
  );
  const slowest = Math.max(vectors, report) / median(nodeMs);
  process.stdout.write(`  maintainers' help / node start: ${slowest.toFixed(2)} (the slower of the two)\n\n`);
}
