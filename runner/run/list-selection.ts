/**
 * `run --list` and `run --list --plan`: the selected vectors (id, category, clauses; one per line, escaped), or the
 * plan of the run (its selection, provider, phases and reports) as JSON with the snake_case keys of every JSON the kit
 * writes, on stdout, and how many vectors the selection holds on stderr; no provider is started.
 */
import { escapeText } from '../../oracle/index.js';
import { EXIT, type CliIo } from '../io/cli-io.js';
import type { ChosenVectors } from './choose-vectors.js';
import type { RunPlan } from './run-plan.js';

/** Prints the selection (or the plan) and returns the exit code. */
export function listSelection(plan: RunPlan, chosen: ChosenVectors, io: Pick<CliIo, 'stdout' | 'stderr'>): number {
  if (plan.mode === 'plan') {
    const { selection, provider, phases, reports } = plan;
    io.stdout.write(`${JSON.stringify(snakeKeys({ selection, provider, phases, reports }), null, 2)}\n`);
  } else {
    io.stdout.write(
      chosen.sharded
        .map(
          (v) => `${escapeText(v.id)}\t${escapeText(v.category)}\t${v.clauses.map((c) => escapeText(c)).join(' ')}\n`,
        )
        .join(''),
    );
  }
  const shard = plan.selection.shard;
  // What --last-failed says of a report of another vector set: the vectors it re-runs because they changed.
  for (const note of chosen.notes) io.stderr.write(`${note}\n`);
  io.stderr.write(
    `${chosen.sharded.length} of ${chosen.setSize} vectors ` +
      `selected${shard === undefined ? '' : ` (shard ${shard.k}/${shard.n} of ${chosen.filtered})`}\n`,
  );
  return EXIT.ok;
}

/** A plain value with every object key in snake_case (`timeoutMs` -> `timeout_ms`). */
function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(v)]),
  );
}
