/**
 * The state phase (KD-KEY-07): a provider's answer must not depend on what it was asked before. For each fixture with
 * two or more query vectors that answered in the base phase (a world light enough for the fresh phase's count), a
 * fresh instance of its own is asked that fixture's queries again in the reverse of the base phase's order, each twice
 * in a row, and every answer must be the bytes the base phase got for it. The base phase sent them in id order to one
 * instance after whatever that instance answered before (base-phase.ts), so every two queries of a fixture meet in
 * both orders in one instance, the first query asked here meets an instance that was asked nothing, and the second
 * ask of each shows a query that changes its own next answer (a result memoised and mutated in place). A difference
 * fails the vector with KD-KEY-07 and the clauses of the field that differs (judge/judge-state.ts). It runs in every
 * shard, on the shard's fixtures, which a shard keeps whole (vectors/select-vectors.ts).
 */
import type { CallOutcome } from '../adapters/provider-connection.js';
import { passingBytes } from '../judge/judge-metamorphic.js';
import { judgeStateAnswers, withState } from '../judge/judge-state.js';
import type { StateOutcome, VectorJudgement } from '../judge/verdict.js';
import type { QueryVectorEntry } from '../vectors/vector-source.js';
import { isLightWorld } from './fresh-phase.js';
import { fixtureGroups, type GateFindings, type GatePhase, type GateRun } from './gate-run.js';
import { LanePool, pool } from './lane-pool.js';

/**
 * The answered vectors of each fixture the phase asks again, in the run's order, up to the plan's count: fixtures
 * with two or more answered vectors and a light world. A fixture file that changed is recorded and left out.
 */
function chooseFixtures(run: GateRun, findings: GateFindings, changedFiles: Set<string>): QueryVectorEntry[][] {
  const plan = run.plan.state;
  const set = run.resources.vectors.vectorSet;
  const chosen: QueryVectorEntry[][] = [];
  for (const group of fixtureGroups(run.order)) {
    if (plan.fixtures !== 'all' && chosen.length >= plan.fixtures) break;
    const answered = group.filter((v) => findings.answered.has(v.id));
    if (answered.length < 2) continue;
    const bytes = set.readFixture(group[0]?.fixtureSha256 ?? '');
    if (!bytes.ok) {
      changedFiles.add(bytes.file);
      continue;
    }
    if (isLightWorld(bytes.value)) chosen.push(answered);
  }
  return chosen;
}

/** How many times in a row the state phase asks each query. */
export const ASKED_IN_A_ROW = 2;

/** Runs the state phase when the plan asks for it and a fixture has two or more answered vectors. */
export const statePhase: GatePhase = async (run, findings) => {
  const plan = run.plan.state;
  const abort = run.sinks.abort;
  const launchers = run.resources.launchers;
  // Only answered queries are asked again, and a run without a provider answers none.
  if (plan.fixtures === 0 || abort?.aborted === true || launchers === null) return findings;
  const set = run.resources.vectors.vectorSet;
  const changedFiles = new Set(findings.changedFiles);
  const chosen = chooseFixtures(run, findings, changedFiles);
  if (chosen.length === 0) return { ...findings, changedFiles };
  const judgements = new Map(findings.judgements);
  const answeredBytes = new Map(findings.answered);
  const total = chosen.reduce((n, g) => n + g.length, 0);
  let done = 0;
  const workers = Array.from({ length: Math.max(1, run.plan.base.jobs) }, (_, i) => i);
  await pool(abort, chosen, workers, async (group) => {
    // An instance of its own for each fixture, so its first answer owes nothing to another fixture's queries.
    const lanes = new LanePool(1, launchers.launcher, run.instances);
    const lane = lanes.first;
    try {
      const asked: string[] = [];
      for (const entry of [...group].reverse()) {
        const read = set.readVector(entry);
        if (!read.ok) {
          changedFiles.add(read.file);
          continue;
        }
        const vector = read.value;
        run.emit({ event: 'vector-start', phase: 'state', id: entry.id, work: 'query' });
        const answers: CallOutcome<Uint8Array>[] = [];
        for (let n = 0; n < ASKED_IN_A_ROW; n++) {
          const outcome = await lane.send(
            entry.fixtureSha256,
            () => set.readFixture(entry.fixtureSha256),
            vector.request,
            entry.id,
          );
          if (abort?.aborted) return;
          if ('notRun' in outcome) {
            if (outcome.changedFile !== undefined) changedFiles.add(outcome.changedFile);
            break;
          }
          answers.push(outcome);
        }
        const judgement = judgements.get(entry.id) as VectorJudgement;
        const base = answeredBytes.get(entry.id) ?? passingBytes(judgement, vector);
        let outcome: StateOutcome = { ok: true };
        if (answers.length > 0)
          outcome = judgeStateAnswers(
            base,
            answers,
            {
              request: vector.request,
              clauses: vector.clauses,
              fixture: () => {
                const loaded = set.loadedFixture(entry.fixtureSha256);
                return loaded.ok ? loaded.value : undefined;
              },
            },
            asked,
          );
        // A vector the state check fails keeps its base answer for the later phases to compare with.
        if (!outcome.ok) answeredBytes.set(entry.id, base);
        if (answers.length > 0) judgements.set(entry.id, withState(judgement, outcome));
        asked.push(entry.id);
        done += 1;
        const said = outcome.ok ? 'same' : 'differs';
        run.emit({ event: 'progress', phase: 'state', id: entry.id, outcome: said, done, total });
      }
    } finally {
      await lanes.close();
    }
  });
  return { ...findings, judgements, answered: answeredBytes, changedFiles };
};
