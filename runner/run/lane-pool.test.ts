/**
 * A lane charges a death between calls to the next vector it would have sent (PROTOCOL.md, "Limits and faults"),
 * once, and then restarts within the budget; a provider whose hello declares what the register does not hold is
 * refused for good, without spending the budget.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ProviderConnection, ProviderFault, ProviderLauncher } from '../adapters/provider-connection.js';
import type { RunEvent } from '../report/run-events.js';
import { Lane, type InstanceBudget } from './lane-pool.js';

const NO_BYTES = new Uint8Array(0);
const FIXTURE = 'a'.repeat(64);

/** A connection that answers its first query and then dies while idle with `fault` (an unsolicited frame). */
function dyingConnection(fault: ProviderFault, interpretations: string[] = []): ProviderConnection {
  let alive = true;
  let idleFault: ProviderFault | undefined;
  return {
    identity: { name: 'p', version: '1', interpretations, adapter: 'process-persistent' },
    get alive() {
      return alive;
    },
    get idleFault() {
      return idleFault;
    },
    loadFixture: async () => ({ ok: true, value: undefined }),
    query: async () => {
      alive = false;
      idleFault = fault;
      return { ok: true, value: new Uint8Array([1]) };
    },
    close: async () => undefined,
  };
}

function budget(events: RunEvent[], declarable: string[] = []): InstanceBudget {
  return {
    restartsLeft: 8,
    emit: (e) => void events.push(e),
    startTimeoutMs: 1000,
    timeoutMs: 1000,
    identityEmitted: false,
    declarable: new Set(declarable),
    configuredFeatures: [],
  };
}

const fixture = () => ({ ok: true as const, value: NO_BYTES });

test('a death between calls is the next vector ERROR, charged once, then the lane restarts', async () => {
  const fault: ProviderFault = {
    kind: 'protocol',
    message: 'result message for id 9, an id the runner never sent',
    stderrTail: NO_BYTES,
  };
  let starts = 0;
  const launcher: ProviderLauncher = async () => {
    starts += 1;
    return { ok: true, value: dyingConnection(fault) };
  };
  const events: RunEvent[] = [];
  const lane = new Lane(1, launcher, budget(events), undefined);
  const first = await lane.send(FIXTURE, fixture, NO_BYTES, 'v1');
  assert.ok('ok' in first && first.ok);
  const second = await lane.send(FIXTURE, fixture, NO_BYTES, 'v2');
  assert.ok('ok' in second && !second.ok);
  if ('ok' in second && !second.ok) {
    assert.is(second.fault.kind, 'protocol');
    assert.is(
      second.fault.message,
      'while no query was in flight: result message for id 9, an id the runner never sent',
    );
  }
  assert.is(starts, 1, 'the charged vector was not sent to a new instance');
  const third = await lane.send(FIXTURE, fixture, NO_BYTES, 'v3');
  assert.ok('ok' in third && third.ok, 'the next vector goes to a restarted instance');
  assert.is(starts, 2);
  assert.equal(events.filter((e) => e.event === 'provider-restart').length, 1);
});

test("a death after the lane's last answer is returned on close, charged to the last vector sent", async () => {
  const fault: ProviderFault = { kind: 'protocol', message: 'an id the runner never sent', stderrTail: NO_BYTES };
  const lane = new Lane(1, async () => ({ ok: true, value: dyingConnection(fault) }), budget([]), undefined);
  const only = await lane.send(FIXTURE, fixture, NO_BYTES, 'v1');
  assert.ok('ok' in only && only.ok);
  const late = await lane.close();
  assert.equal(late, {
    vectorId: 'v1',
    fault: { kind: 'protocol', message: 'after its answer: an id the runner never sent', stderrTail: NO_BYTES },
  });
  const idle = new Lane(1, async () => ({ ok: true, value: dyingConnection(fault) }), budget([]), undefined);
  assert.is(await idle.close(), undefined, 'a lane that sent nothing has nothing to charge');
});

test('a hello declaring what the register does not hold refuses the lane for good, spending no restart', async () => {
  let starts = 0;
  const launcher: ProviderLauncher = async () => {
    starts += 1;
    const fault: ProviderFault = { kind: 'crash', message: 'x', stderrTail: NO_BYTES };
    return { ok: true, value: dyingConnection(fault, ['OQ-01:A', 'OQ-99:Z']) };
  };
  const events: RunEvent[] = [];
  const b = budget(events, ['OQ-01:A', 'OQ-01:B', 'OQ-09:A']);
  const lane = new Lane(1, launcher, b, undefined);
  for (const id of ['v1', 'v2']) {
    const out = await lane.send(FIXTURE, fixture, NO_BYTES, id);
    assert.ok('notRun' in out);
    if ('notRun' in out) assert.match(out.notRun, '"OQ-99:Z" (nearest known: OQ-09:A)');
  }
  assert.is(starts, 1);
  assert.is(b.restartsLeft, 8);
  assert.is(events.filter((e) => e.event === 'provider').length, 0, 'no identity reported as declared');
});

test.run();
