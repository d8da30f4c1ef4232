/**
 * `--last-failed REPORT`: the vectors that did not pass the gate in an earlier JSON report (FAIL, ERROR, NOT-RUN,
 * XPASS; an interrupted run's unfinished vectors are NOT-RUN, so they are re-run too).
 *
 * A report of another vector set speaks only for the vectors whose own digest (request, fixture, expected and
 * acceptable bytes, oracle/vectors/vector-digest.ts) it records unchanged: those it failed are re-run, and so is every
 * vector whose digest changed, since its old verdict says nothing of its new bytes; both are named. A vector the report
 * did not judge is not re-run. A report of another set that records no digests (an earlier kit's) is refused.
 */
import { compareUtf8, escapeText } from '../../oracle/index.js';
import { PASSING, type Verdict } from '../judge/verdict.js';
import { UsageError } from '../io/cli-io.js';
import { readReportFile } from '../report/read-report-file.js';
import type { VectorSet } from '../vectors/vector-source.js';
import { digestsById, type VectorDigest } from '../report/gate-report.js';

/** The ids to re-run, and what the console says of a report of another set. */
export interface LastFailed {
  ids: Set<string>;
  notes: string[];
}

/** The most ids a note names before it counts the rest. */
const NAMED = 12;

const named = (ids: readonly string[]): string =>
  ids
    .slice(0, NAMED)
    .map((id) => escapeText(id))
    .join(', ') + (ids.length > NAMED ? `, and ${ids.length - NAMED} more` : '');

/**
 * The ids of `set` to re-run by the report at `path`, and notes naming what a report of another set could not speak
 * for.
 */
export function lastFailed(
  path: string,
  set: Pick<VectorSet, 'vectorSetSha256' | 'queryVectors' | 'releaseVectors'>,
): LastFailed {
  // Read fail-closed, as every JSON input of the kit: invalid UTF-8, a syntax error or a duplicate key is refused,
  // and so is a report whose bytes do not match the digest it carries.
  const read = readReportFile(path);
  if (!read.ok && read.stage === 'read')
    throw new UsageError(`--last-failed report ${escapeText(path)}: ${escapeText(read.message)}`);
  const value = read.value as { vector_set_sha256?: unknown; vector_digests?: unknown } | null;
  // The vector set is checked before the rest of the shape: a report of another set without digests is refused for
  // that reason whatever else it holds, and saying so is the more useful message.
  const other = typeof value === 'object' && value !== null && typeof value.vector_set_sha256 === 'string';
  const otherSet = other && value.vector_set_sha256 !== set.vectorSetSha256;
  if (otherSet && !Array.isArray(value.vector_digests)) {
    throw new UsageError(
      `--last-failed ${path}: the report is of vector set ${escapeText(String(value.vector_set_sha256))}, this run ` +
        `of ${set.vectorSetSha256}, and it records no vector digests (a report of an earlier kit)`,
    );
  }
  if (!read.ok && read.stage === 'digest')
    throw new UsageError(`--last-failed ${path}: refused: ${escapeText(read.message)}`);
  if (!read.ok) {
    throw new UsageError(
      `--last-failed ${path}: not a kofun.ctk.report/v1 JSON report (write one with --report ` +
        `json): ${escapeText(read.message)}`,
    );
  }
  const report = value as {
    vector_set_sha256: string;
    vectors: { id: string; verdict: string }[];
    vector_digests?: VectorDigest[];
  };
  // A NOT-APPLICABLE vector did not fail: it needs a feature the provider declares missing, and was never sent.
  const failed = new Set(
    report.vectors.filter((v) => !PASSING.has(v.verdict as Verdict) && v.verdict !== 'NOT-APPLICABLE').map((v) => v.id),
  );
  if (!otherSet) return { ids: nonEmpty(failed, path), notes: [] };

  const before = digestsById(report.vector_digests ?? []);
  const now = new Map([...set.queryVectors, ...set.releaseVectors].map((v) => [v.id, v.vectorSha256]));
  const ids = new Set<string>();
  const changed: string[] = [];
  let unchanged = 0;
  let unjudged = 0;
  for (const [id, digest] of [...now].sort(([a], [b]) => compareUtf8(a, b))) {
    const old = before.get(id);
    if (old === undefined) unjudged += 1;
    else if (old !== digest) {
      changed.push(id);
      ids.add(id);
    } else {
      unchanged += 1;
      if (failed.has(id)) ids.add(id);
    }
  }
  const gone = [...before.keys()].filter((id) => !now.has(id)).sort(compareUtf8);
  const notes = [
    `--last-failed: ${path} is a report of vector set ${report.vector_set_sha256}, this run's is ` +
      `${set.vectorSetSha256}; it speaks for the ${unchanged} vectors whose digest is unchanged ` +
      `(${[...ids].filter((id) => !changed.includes(id)).length} of them failed, re-run)`,
  ];
  if (changed.length > 0) notes.push(`  ${changed.length} vectors changed since, re-run: ${named(changed)}`);
  if (gone.length > 0) notes.push(`  ${gone.length} vectors of that run are no longer in the set: ${named(gone)}`);
  if (unjudged > 0) notes.push(`  ${unjudged} vectors of this set were not in that run (not re-run)`);
  return { ids: nonEmpty(ids, path), notes };
}

function nonEmpty(ids: Set<string>, path: string): Set<string> {
  if (ids.size === 0)
    throw new UsageError(`--last-failed ${path}: no vector failed the gate in that report; nothing to re-run`);
  return ids;
}
