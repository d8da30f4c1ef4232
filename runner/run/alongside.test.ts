/**
 * Phases run alongside each other merge as if they had run in the order given, whichever finishes first, and a
 * phase's fault is thrown only once every phase has ended.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { judgementOf, type VectorJudgement } from '../judge/verdict.js';
import { alongside } from './alongside.js';
import { noFindings, type GateFindings, type GatePhase, type GateRun } from './gate-run.js';

const RUN = {} as GateRun;

function judgement(id: string): VectorJudgement {
  return judgementOf({ id, category: id.split('/')[0] as string, clauses: [], interpretations: [] }, 'PASS');
}

/** A phase that waits `ticks` turns, then adds a judgement of `id`, a changed file and a reason. */
function phase(id: string, ticks: number, log: string[]): GatePhase {
  return async (_run, findings) => {
    for (let i = 0; i < ticks; i++) await Promise.resolve();
    log.push(id);
    return {
      ...findings,
      judgements: new Map([...findings.judgements, [id, judgement(id)]]),
      changedFiles: new Set([...findings.changedFiles, `${id}.json`]),
      incomplete: [...findings.incomplete, `reason of ${id}`],
    };
  };
}

test('the later phase finishing first changes nothing in the merged findings', async () => {
  const before: GateFindings = { ...noFindings(), incomplete: ['earlier'] };
  const log: string[] = [];
  const merged = await alongside(phase('base/a', 5, log), phase('release-cost/b', 0, log))(RUN, before);
  assert.equal(log, ['release-cost/b', 'base/a']);
  assert.equal([...merged.judgements.keys()], ['base/a', 'release-cost/b']);
  assert.equal([...merged.changedFiles], ['base/a.json', 'release-cost/b.json']);
  assert.equal(merged.incomplete, ['earlier', 'reason of base/a', 'reason of release-cost/b']);
  assert.is(merged.fresh, undefined);
});

test("a phase's fault is thrown once the other phase has ended", async () => {
  const log: string[] = [];
  const failing: GatePhase = async () => Promise.reject(new Error('kit fault'));
  let thrown: unknown;
  try {
    await alongside(failing, phase('release-cost/b', 3, log))(RUN, noFindings());
  } catch (err) {
    thrown = err;
  }
  assert.instance(thrown, Error);
  assert.equal(log, ['release-cost/b']);
});

test.run();
