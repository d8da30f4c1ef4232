/**
 * The features a query needs, against examples worked by hand from the contract text: the request texts are written
 * out here (result-texts.ts, the scenario of make-fixture.ts), and each expected list is read off the contract's
 * words, not off the derivation.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FixtureCandidateSeries } from '../fixture/fixture.js';
import { makeCandidate, makeFixture, testId } from '../test-support/make-fixture.js';
import { bytesOf, load, requestOn } from '../test-support/query-support.js';
import { IDS, requestText } from '../test-support/result-texts.js';
import { FEATURES, isFeature, sortedFeatures } from './features.js';
import { queryFeatures, RELEASE_COST_FEATURES } from './query-features.js';

const world = load(makeFixture());
const needs = (text: string): string[] => queryFeatures(new TextEncoder().encode(text), world);

test('a general query without include_unavailable needs no feature (the contract example, L143-L170)', () => {
  assert.equal(needs(requestText({ kind: 'type-and-operations' })), []);
  assert.equal(needs(requestText({ kind: 'operations' })), []);
});

test('the third question, "Why is an expected operation unavailable?" (L13), needs explain-operation', () => {
  assert.equal(needs(requestText({ kind: 'explain-operation', spelling: 'length' })), ['explain-operation']);
  // OQ-33 A: an explanation shows its row whatever the flag says, so the flag adds nothing to it.
  assert.equal(needs(requestText({ kind: 'explain-operation', spelling: 'sort_in_place', includeUnavailable: true })), [
    'explain-operation',
  ]);
});

test('"a read List[T] receiver ... explains requires-edit on request" (L417): include_unavailable on a lookup', () => {
  assert.equal(needs(requestText({ kind: 'operations', includeUnavailable: true })), ['include-unavailable']);
  assert.equal(needs(requestText({ kind: 'type-and-operations', includeUnavailable: true })), ['include-unavailable']);
  // "A complete result for type has an empty operations array" (L205): a type query shows no row to include.
  assert.equal(needs(requestText({ kind: 'type', includeUnavailable: true })), []);
});

test('an answer step 1 gives needs no feature: stale (L132), invalid (L196) and unavailable (L77) requests', () => {
  // Another generation is stale-generation before any lookup: "no old fact is relabelled as current" (L426).
  assert.equal(needs(requestText({ kind: 'explain-operation', spelling: 'length', generation: 18 })), []);
  // explain-operation with a null spelling is an invalid request: the spelling is "required non-null" (L139).
  assert.equal(needs(requestText({ kind: 'explain-operation', spelling: null })), []);
  // Not the canonical bytes (one more space after a colon): invalid-request, whatever it asks (L355).
  assert.equal(needs(requestText({ kind: 'operations', includeUnavailable: true }).replace('": ', '":  ')), []);
  const cancelled = load({ ...makeFixture(), cancelled: true });
  const explain = requestOn(cancelled, { query: { kind: 'explain-operation', spelling: 'length' } });
  assert.equal(queryFeatures(bytesOf(explain), cancelled), []);
});

/**
 * The contract example's world with a series of `count` more std.list operations over another receiver type, which
 * step 3 drops (they do not apply): under KIT-10 each costs one step, and `length`, which applies and is exposed,
 * six (stages 3 to 8), so a type-and-operations query spends count + 6 steps of the 1,000,000 (L77).
 */
function worldWithSeries(count: number): ReturnType<typeof load> {
  const {
    identity: _i,
    display_name: _d,
    qualified_name: _q,
    ...template
  } = makeCandidate('other', {
    receiver_type: testId('type:Map[Text, Int]'),
  });
  const series: FixtureCandidateSeries = {
    seed: 'other-receiver',
    count,
    name_prefix: 'other_',
    qualified_name_prefix: 'std.list.other_',
    template,
  };
  return load({ ...makeFixture(), candidate_series: [series] });
}

test('"One query performs at most 1,000,000 candidate/filter steps" (L77): a lookup that spends them all', () => {
  const atBudget = worldWithSeries(1_000_000 - 6);
  assert.equal(queryFeatures(bytesOf(requestOn(atBudget)), atBudget), ['step-budget']);
  // A type query looks nothing up (KIT-02): no step is spent on the same world.
  assert.equal(queryFeatures(bytesOf(requestOn(atBudget, { query: { kind: 'type' } })), atBudget), []);
  const oneShort = worldWithSeries(1_000_000 - 7);
  assert.equal(queryFeatures(bytesOf(requestOn(oneShort)), oneShort), []);
  // The steps a caller measured are taken as given, so the generator evaluates each vector once.
  assert.equal(queryFeatures(bytesOf(requestOn(oneShort)), oneShort, 1_000_000), ['step-budget']);
});

test('"The implementation gate must compare those bytes" (L434): every release-cost vector needs release-cost', () => {
  assert.equal([...RELEASE_COST_FEATURES], ['release-cost']);
});

test('the feature names are kebab-case, in UTF-8 byte order, and sorted lists keep that order', () => {
  assert.equal([...FEATURES], [...FEATURES].sort());
  for (const f of FEATURES) assert.match(f, /^[a-z]+(-[a-z]+)*$/);
  assert.equal(sortedFeatures(['step-budget', 'explain-operation', 'step-budget']), [
    'explain-operation',
    'step-budget',
  ]);
  assert.ok(isFeature('include-unavailable'));
  assert.not.ok(isFeature('include_unavailable'));
  assert.is(IDS.file, testId('file:main.kofun'), 'the request texts are on make-fixture.ts');
});

test.run();
