/**
 * State across queries, in every shard (state-phase.ts): vectors that show a provider's state only together stay in
 * one shard and one lane, the base phase sends a fixture's vectors to one instance in a row, and the state phase asks
 * each fixture's queries again in a fresh instance of its own, in reverse order and twice in a row, failing an answer
 * that differs from the base phase's with KD-KEY-07.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kitVersion } from '../../oracle/index.js';
import type { ProviderConnection, ProviderLauncher } from '../adapters/provider-connection.js';
import { Sandbox } from '../sandbox/sandbox.js';
import { kitQueryVectors, kitVectors } from '../test-support/run-helpers.js';
import { shardVectors } from '../vectors/select-vectors.js';
import type { QueryVector, QueryVectorEntry } from '../vectors/vector-source.js';
import { fixtureGroups } from './gate-run.js';
import { runGate } from './run-gate.js';
import { gatePhases } from './run-plan.js';

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A request as JSON with the fields a result cache might leave out of its key set aside, or undefined. */
function queryShape(v: QueryVector): string | undefined {
  try {
    const value = JSON.parse(Buffer.from(v.request).toString('utf8')) as Record<string, unknown>;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const { analysis: _analysis, query, ...rest } = value;
    if (query === null || typeof query !== 'object' || Array.isArray(query)) return undefined;
    const { include_unavailable: _include, ...q } = query as Record<string, unknown>;
    return JSON.stringify({ rest, q });
  } catch {
    return undefined;
  }
}

/**
 * Every pair of query vectors that only together show a state bug of a provider: one fixture, one query, asked under
 * two analysis keys (a cache before the currency check) or with and without include_unavailable (a cache keyed
 * without it).
 */
function statePairs(): [QueryVector, QueryVector][] {
  const byShape = new Map<string, QueryVector[]>();
  for (const v of kitQueryVectors()) {
    const shape = queryShape(v);
    if (shape === undefined) continue;
    const key = `${v.fixtureSha256}\u0000${shape}`;
    byShape.set(key, [...(byShape.get(key) ?? []), v]);
  }
  const pairs: [QueryVector, QueryVector][] = [];
  for (const group of byShape.values())
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++)
        if (!Buffer.from((group[i] as QueryVector).request).equals(Buffer.from((group[j] as QueryVector).request)))
          pairs.push([group[i] as QueryVector, group[j] as QueryVector]);
  return pairs;
}

test('every pair that only together shows a state bug lies in one shard (2 to 8 shards) and one fixture group', () => {
  const pairs = statePairs();
  // The kit's set has such pairs under both keys: current and stale, with and without include_unavailable.
  assert.ok(pairs.length >= 100, String(pairs.length));
  const set = kitVectors();
  const all = [...set.queryVectors, ...set.releaseVectors].sort((a, b) => cmp(a.id, b.id));
  const order = [...set.queryVectors].sort((a, b) => cmp(a.fixtureSha256, b.fixtureSha256) || cmp(a.id, b.id));
  const groupOf = new Map<string, number>();
  fixtureGroups(order).forEach((g, i) => g.forEach((v) => groupOf.set(v.id, i)));
  for (let n = 2; n <= 8; n++) {
    const shardOf = new Map<string, number>();
    for (let k = 1; k <= n; k++) for (const v of shardVectors(all, { k, n })) shardOf.set(v.id, k);
    for (const [a, b] of pairs) {
      assert.ok(shardOf.has(a.id), `${a.id} is in no shard of ${n}`);
      assert.is(shardOf.get(a.id), shardOf.get(b.id), `${a.id} and ${b.id} in two shards of ${n}`);
    }
  }
  for (const [a, b] of pairs) assert.is(groupOf.get(a.id), groupOf.get(b.id), `${a.id} and ${b.id}: two groups`);
});

/** What one fake instance was asked, in order. */
interface Instance {
  asked: string[];
}

/**
 * A launcher of in-process instances that answer each vector's expected bytes and record what they were asked (by
 * vector id); `answer` may change an answer given the instance's history.
 */
function recordingLauncher(
  vectors: readonly QueryVector[],
  instances: Instance[],
  answer: (v: QueryVector, history: readonly string[]) => Uint8Array = (v) => v.expected,
): ProviderLauncher {
  const byRequest = new Map(vectors.map((v) => [Buffer.from(v.request).toString('base64'), v]));
  return async () => {
    const instance: Instance = { asked: [] };
    instances.push(instance);
    let alive = true;
    const connection: ProviderConnection = {
      identity: { name: 'recording', version: '1', interpretations: [], adapter: 'module' },
      get alive() {
        return alive;
      },
      loadFixture: async () => ({ ok: true, value: undefined }),
      query: async (_fixture, request) => {
        const v = byRequest.get(Buffer.from(request).toString('base64'));
        if (v === undefined) throw new Error('kit fault in the test: a request of no vector');
        const bytes = answer(v, instance.asked);
        instance.asked.push(v.id);
        return { ok: true, value: bytes };
      },
      close: async () => {
        alive = false;
      },
    };
    return { ok: true, value: connection };
  };
}

/** Three fixtures of the kit with two to four query vectors each (unique requests, so the fake can tell them). */
function someFixtures(): QueryVector[] {
  const byFixture = new Map<string, QueryVector[]>();
  for (const v of kitQueryVectors()) byFixture.set(v.fixtureSha256, [...(byFixture.get(v.fixtureSha256) ?? []), v]);
  const chosen = [...byFixture.values()]
    .filter((g) => g.length >= 2 && g.length <= 4 && g.every((v) => v.acceptable.length === 0))
    .filter((g) => new Set(g.map((v) => Buffer.from(v.request).toString('base64'))).size === g.length)
    .slice(0, 3);
  assert.is(chosen.length, 3);
  return chosen.flat();
}

async function gate(vectors: readonly QueryVector[], launcher: ProviderLauncher, jobs: number) {
  const set = kitVectors();
  const selected: QueryVectorEntry[] = set.queryVectors.filter((e) => vectors.some((v) => v.id === e.id));
  const sandbox = Sandbox.off('an in-process test provider');
  return runGate({
    plan: gatePhases(
      { jobs, timeoutMs: 10_000, startTimeoutMs: 10_000, restartBudget: 0 },
      { state: { fixtures: 'all' } },
    ),
    resources: {
      kitVersion: kitVersion(),
      vectors: {
        vectorSet: set,
        selected,
        selectedRelease: [],
        record: {
          categories: [],
          ids: selected.map((v) => v.id),
          clauses: [],
          shard: null,
          filtered: selected.length,
          total: selected.length,
        },
        knownIds: new Set(set.queryVectors.map((v) => v.id)),
      },
      launchers: { launcher, metamorphicLauncher: launcher },
      adapter: 'module',
      sandbox: sandbox.report,
      releaseBuild: null,
      expectations: [],
      missingFeatures: [],
    },
    sinks: { emit: () => undefined },
  });
}

test('base: a fixture to one instance, in id order; state: a fresh instance per fixture, reversed, twice', async () => {
  const vectors = someFixtures();
  const instances: Instance[] = [];
  const report = await gate(vectors, recordingLauncher(vectors, instances), 2);
  assert.is(report.gate.exit_code, 0, report.gate.reasons.join('; '));
  const fixtureOf = new Map(vectors.map((v) => [v.id, v.fixtureSha256]));
  const groups = new Map<string, string[]>();
  for (const v of [...vectors].sort((a, b) => cmp(a.id, b.id)))
    groups.set(v.fixtureSha256, [...(groups.get(v.fixtureSha256) ?? []), v.id]);
  // The base phase's two instances come first: each asked whole fixtures, each fixture's vectors in a row in id order.
  const base = instances.slice(0, 2);
  const baseAsked = base.flatMap((i) => i.asked);
  assert.equal([...baseAsked].sort(), vectors.map((v) => v.id).sort());
  for (const instance of base)
    for (const ids of groups.values()) {
      const at = instance.asked.indexOf(ids[0] as string);
      if (at < 0) continue;
      assert.equal(instance.asked.slice(at, at + ids.length), ids, 'a fixture split or out of order');
    }
  // Then one fresh instance per fixture: its vectors in reverse order, each twice in a row.
  const state = instances.slice(2);
  assert.is(state.length, groups.size);
  for (const instance of state) {
    const ids = groups.get(fixtureOf.get(instance.asked[0] as string) as string) as string[];
    assert.equal(
      instance.asked,
      [...ids].reverse().flatMap((id) => [id, id]),
    );
  }
  for (const j of report.vectors) assert.equal(j.state, { ok: true }, j.id);
});

test('an answer that changes when asked twice in a row fails the vector, KD-KEY-07 by the state check', async () => {
  const vectors = someFixtures();
  const target = vectors[0] as QueryVector;
  const other = vectors.find((v) => v.fixtureSha256 === target.fixtureSha256 && v.id !== target.id) as QueryVector;
  const instances: Instance[] = [];
  // The target's answer, asked right after itself, is another vector's answer.
  const launcher = recordingLauncher(vectors, instances, (v, history) =>
    v.id === target.id && history[history.length - 1] === target.id ? other.expected : v.expected,
  );
  const report = await gate(vectors, launcher, 1);
  assert.is(report.gate.exit_code, 1);
  const j = report.vectors.find((v) => v.id === target.id);
  assert.is(j?.verdict, 'FAIL');
  assert.is(j?.clause_source, 'state');
  assert.ok(j?.fail_clauses.includes('KD-KEY-07'), j?.fail_clauses.join());
  assert.ok(j?.state?.ok === false && j.state.detail.startsWith('asked a second time in a row'), j?.state?.detail);
  for (const v of report.vectors.filter((x) => x.id !== target.id)) assert.is(v.verdict, 'PASS', v.id);
});

test.run();
