import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  encodeCanonical,
  type JsonObject,
  type LoadedFixture,
  evaluateQuery,
  evaluateQueryOrThrow,
} from '../../oracle/index.js';
import { expectationMismatch, generateVectors } from './generate-vectors.js';
import { buildAllCases } from '../all-cases.js';
import type { QueryCase } from '../case-definition.js';
import { staleCases } from '../stale.js';
import { listTextWorld } from '../fixtures/list-text-world.js';
import { loaded, requestFor } from '../fixtures/request-for.js';

const OPTIONS = { oracleVersion: '9.9.9', renames: {} };

test('every query case states the status it expects (section "Result schema", L185-L192)', () => {
  const query = buildAllCases().filter((c): c is QueryCase => c.kind === 'query');
  assert.ok(query.length > 200);
  for (const c of query)
    assert.ok(['complete', 'partial', 'stale', 'unavailable', 'invalid'].includes(c.expect.status), c.id);
  assert.ok(
    query.filter((c) => c.expect.status === 'stale').every((c) => c.expect.reason !== undefined),
    'a stale case fixes its reason',
  );
});

test('a status or reason other than the stated one fails generation, naming the case', () => {
  const result = '{\n  "reason": "stale-source",\n  "status": "stale"\n}\n';
  assert.is(expectationMismatch({ status: 'stale', reason: 'stale-source' }, result), undefined);
  assert.is(expectationMismatch({ status: 'stale' }, result), undefined);
  assert.is(
    expectationMismatch({ status: 'stale', reason: 'wrong-file' }, result),
    'stale (reason wrong-file), but the oracle answers stale (reason stale-source)',
  );
  assert.is(
    expectationMismatch({ status: 'complete', reason: null }, result),
    'complete (reason null), but the oracle answers stale (reason stale-source)',
  );
  const [first] = staleCases();
  assert.ok(first !== undefined);
  const wrong: QueryCase = { ...first, expect: { status: 'invalid', reason: 'invalid-request' } };
  assert.throws(
    () => generateVectors([wrong], OPTIONS),
    (err: Error) =>
      err.message.startsWith(`case ${first.id} states invalid (reason invalid-request), but the oracle answers`),
  );
  generateVectors([first], OPTIONS);
});

test('a fault of the kit inside the pipeline: answered invalid-request to a provider, thrown to the generator', () => {
  const world = listTextWorld();
  const fixture = loaded(world);
  const poisoned = Object.create(fixture, {
    candidatesInOrder: {
      get() {
        throw new Error('kit fault');
      },
    },
  }) as LoadedFixture;
  const request = encodeCanonical(requestFor(world) as unknown as JsonObject);
  assert.ok(new TextDecoder().decode(evaluateQuery(request, poisoned)).includes('"reason": "invalid-request"'));
  assert.throws(() => evaluateQueryOrThrow(request, poisoned), /kit fault/);
});

test.run();
