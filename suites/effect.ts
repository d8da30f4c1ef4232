/**
 * effect: effect and capability filtering (KD-EFFECT-*, KIT-06). Operations
 * needing missing, held, several, non-validated, TypeId-named and non-public
 * effects at positions holding different capabilities.
 */
import type { ExpectedAnswer, QueryCase } from './case-definition.js';
import type { Identity } from '../oracle/records/discovery-records.js';
import { CAPABILITY, effectsWorld, type EffectOperation } from './fixtures/effects-world.js';
import { requestFor, type RequestOptions } from './fixtures/request-for.js';
import { EXPECT, recordCase, RESULT_SHAPE_CLAUSES } from './query-case.js';

const EFFECT = [
  ...RESULT_SHAPE_CLAUSES,
  'KD-EFFECT-01',
  'KD-EFFECT-02',
  'KD-EFFECT-04',
  'KD-LOOKUP-09',
  'KD-TRUST-09',
  'KD-TRUST-10',
];
const OQ = ['KIT-06', 'KIT-08', 'KIT-09', 'OQ-26', 'OQ-27', 'OQ-32', 'OQ-43', 'OQ-44'];

/**
 * The answer each effect case expects. A validated row rejected by missing-effect (or by a
 * receiver mode) is a definitive rejection: shown it is validated and unavailable, dropped
 * by include_unavailable false it leaves the result complete (L188, L289, OQ-32). A
 * provisional effect makes its row provisional, so the result is partial (L189, L231).
 */
const EXPECTED: Readonly<Record<string, ExpectedAnswer>> = {
  'effect/network-authority-missing': EXPECT.complete,
  'effect/network-authority-missing-on-request': EXPECT.complete,
  'effect/explain-network-authority-missing': EXPECT.complete,
  'effect/network-authority-held': EXPECT.complete,
  'effect/explain-network-authority-held': EXPECT.complete,
  'effect/no-capabilities-on-request': EXPECT.complete,
  'effect/several-effects-one-missing': EXPECT.complete,
  'effect/several-effects-all-held': EXPECT.complete,
  'effect/explain-several-effects-none-held': EXPECT.complete,
  'effect/type-identity-effect-held': EXPECT.complete,
  'effect/type-identity-effect-missing': EXPECT.complete,
  'effect/non-validated-effect-held': EXPECT.partial,
  'effect/non-validated-effect-missing': EXPECT.partial,
  // KIT-04 C (L421): the visible operation is shown as a validated unavailable row with missing-effect, the
  // non-public effect itself never listed; nothing is withheld, so these two are complete.
  'effect/non-public-effect-missing': EXPECT.complete,
  'effect/explain-non-public-effect-missing': EXPECT.complete,
  'effect/non-public-effect-held': EXPECT.complete,
  'effect/missing-effect-and-requires-edit': EXPECT.complete,
  'effect/type-query-performs-nothing': EXPECT.complete,
  // A capability is an identity, kind and value (L70): holding another kind of the same value holds nothing.
  'effect/capability-same-value-other-kind': EXPECT.complete,
  'effect/explain-capability-same-value-other-kind': EXPECT.complete,
};

/** An effect case in the effects world holding `caps`, citing the clauses and register entries of every effect case. */
function effectCase(
  id: string,
  intent: string,
  caps: Identity[],
  ops: EffectOperation[] | undefined,
  request: RequestOptions,
  clauses: string[],
  interpretations: string[] = [],
): QueryCase {
  const fixture = effectsWorld(caps, ops);
  const expect = EXPECTED[id];
  if (expect === undefined) throw new Error(`effect suite: ${id} states no expected answer`);
  return recordCase(
    { id, intent, clauses: [...EFFECT, ...clauses], interpretations: [...OQ, ...interpretations], fixture, expect },
    requestFor(fixture, request),
  );
}

/** The effect cases, in their published order. */
export function effectCases(): QueryCase[] {
  return [
    ...networkAuthorityCases(),
    ...severalEffectsCases(),
    ...typeIdentityEffectCases(),
    ...nonValidatedEffectCases(),
    ...nonPublicEffectCases(),
    ...effectBesideOtherFilterCases(),
    ...capabilityOfOtherKindCases(),
  ];
}

/** One effect held or missing at the position, listed, requested and explained (KD-EFFECT-05..07). */
function networkAuthorityCases(): QueryCase[] {
  const { network, console } = CAPABILITY;
  return [
    effectCase(
      'effect/network-authority-missing',
      'Acceptance example "Effects and capabilities": at a position without network authority, ' +
        'fetch is not callable and, unrequested, is not listed.',
      [console],
      ['host', 'fetch', 'log'],
      {},
      ['KD-EFFECT-05'],
    ),
    effectCase(
      'effect/network-authority-missing-on-request',
      'With unavailable candidates requested, fetch is a validated unavailable row with missing-effect and its ' +
        'public validated requirement.',
      [console],
      ['host', 'fetch', 'log'],
      { includeUnavailable: true },
      ['KD-EFFECT-05', 'KD-EFFECT-06', 'KD-EFFECT-07', 'KD-OP-11'],
    ),
    effectCase(
      'effect/explain-network-authority-missing',
      'Acceptance example "Effects and capabilities": explaining fetch reports missing-effect and only the public ' +
        'validated net.Network requirement; discovery never performs the effect.',
      [console],
      undefined,
      { kind: 'explain-operation', spelling: 'fetch' },
      ['KD-EFFECT-05', 'KD-EFFECT-06', 'KD-EFFECT-07', 'KD-RES-18'],
      ['KIT-05', 'OQ-33'],
    ),
    effectCase(
      'effect/network-authority-held',
      'At a position holding network authority, fetch is callable and lists its effect.',
      [network, console],
      ['host', 'fetch', 'log'],
      {},
      ['KD-EFFECT-05'],
    ),
    effectCase(
      'effect/explain-network-authority-held',
      'Explaining fetch where network authority is held gives its callable row.',
      [network],
      ['host', 'fetch'],
      { kind: 'explain-operation', spelling: 'fetch' },
      ['KD-RES-18'],
      ['KIT-05'],
    ),
    effectCase(
      'effect/no-capabilities-on-request',
      'At a position holding no capability, every effectful operation is rejected with missing-effect; ' +
        'the effect-free one stays callable.',
      [],
      ['host', 'fetch', 'log', 'post', 'timestamp'],
      { includeUnavailable: true },
      ['KD-EFFECT-05', 'KD-EFFECT-06', 'KD-OP-12'],
    ),
  ];
}

/** An operation needing several effects: missing-effect once for any missing, all listed in order (KD-EFFECT-06). */
function severalEffectsCases(): QueryCase[] {
  const { network, console, clock } = CAPABILITY;
  return [
    effectCase(
      'effect/several-effects-one-missing',
      'An operation needing network, console and clock where only network and console are held is rejected once with ' +
        'missing-effect and lists all three effects in canonical order.',
      [network, console],
      ['post'],
      { includeUnavailable: true },
      ['KD-EFFECT-06', 'KD-ORDER-03', 'KD-ORDER-04', 'KD-REJECT-02'],
    ),
    effectCase(
      'effect/several-effects-all-held',
      'The same operation where network, console and clock are all held is callable.',
      [network, console, clock],
      ['post'],
      {},
      ['KD-ORDER-04'],
    ),
    effectCase(
      'effect/explain-several-effects-none-held',
      'Explaining the three-effect operation where none is held lists missing-effect once (a set), ' +
        'with the three requirements.',
      [],
      ['post'],
      { kind: 'explain-operation', spelling: 'post' },
      ['KD-EFFECT-06', 'KD-REJECT-02', 'KD-REJECT-03'],
      ['KIT-05'],
    ),
  ];
}

/** An effect named by a TypeId, matched by identity kind and value (KD-EFFECT-02). */
function typeIdentityEffectCases(): QueryCase[] {
  const { network, clock } = CAPABILITY;
  return [
    effectCase(
      'effect/type-identity-effect-held',
      'An effect named by a TypeId (time.Clock) is matched by identity kind and value.',
      [clock],
      ['timestamp'],
      {},
      ['KD-EFFECT-02'],
    ),
    effectCase(
      'effect/type-identity-effect-missing',
      'An effect named by a TypeId that is not held gives missing-effect.',
      [network],
      ['timestamp'],
      { includeUnavailable: true },
      ['KD-EFFECT-02', 'KD-EFFECT-06'],
    ),
  ];
}

/** A provisional effect makes its row provisional, held or not (KD-EFFECT-03). */
function nonValidatedEffectCases(): QueryCase[] {
  const { dns } = CAPABILITY;
  return [
    effectCase(
      'effect/non-validated-effect-held',
      'An effect whose fact is only provisional makes its row provisional and unavailable with incomplete-analysis, ' +
        'although the capability is held.',
      [dns],
      ['host', 'resolve'],
      { includeUnavailable: true },
      ['KD-EFFECT-03', 'KD-OP-13', 'KD-CLOSURE-17'],
      ['OQ-23', 'OQ-25'],
    ),
    effectCase(
      'effect/non-validated-effect-missing',
      'A provisional effect that is also not held gives incomplete-analysis and missing-effect together.',
      [],
      ['resolve'],
      { includeUnavailable: true },
      ['KD-EFFECT-03', 'KD-REJECT-02', 'KD-REJECT-03'],
      ['OQ-23', 'OQ-25'],
    ),
  ];
}

/** A non-public effect, missing or held, is never named (KD-EFFECT-07, KD-DISCLOSE-07). */
function nonPublicEffectCases(): QueryCase[] {
  const { telemetry } = CAPABILITY;
  return [
    effectCase(
      'effect/non-public-effect-missing',
      'An operation whose missing effect is not public is shown unavailable with missing-effect (L421); ' +
        'the non-public effect itself is never named.',
      [],
      ['host', 'beacon'],
      { includeUnavailable: true },
      ['KD-EFFECT-07', 'KD-DISCLOSE-07', 'KD-DISCLOSE-09'],
      ['KIT-04', 'OQ-18'],
    ),
    effectCase(
      'effect/explain-non-public-effect-missing',
      'Explaining the operation with the missing non-public effect shows its unavailable row with missing-effect; ' +
        'the effect itself is never named.',
      [],
      ['host', 'beacon'],
      { kind: 'explain-operation', spelling: 'zqTelemetryBeacon' },
      ['KD-EFFECT-07', 'KD-RES-19', 'KD-OMIT-05'],
      ['KIT-04', 'KIT-05', 'OQ-29', 'OQ-35'],
    ),
    effectCase(
      'effect/non-public-effect-held',
      'An operation whose non-public effect is held is callable and does not disclose the non-public requirement.',
      [telemetry],
      ['beacon'],
      {},
      ['KD-EFFECT-07', 'KD-DISCLOSE-07'],
    ),
  ];
}

/** The effect filter beside the ownership filter (KD-OWN-04) and a type query that performs nothing (KD-RES-16). */
function effectBesideOtherFilterCases(): QueryCase[] {
  return [
    effectCase(
      'effect/missing-effect-and-requires-edit',
      'An operation that needs both network authority and an edit borrow, ' +
        'at a read-only position without the capability, lists both reasons: filters are applied independently.',
      [],
      ['host', 'refresh'],
      { kind: 'explain-operation', spelling: 'refresh' },
      ['KD-EFFECT-06', 'KD-OWN-04', 'KD-REJECT-02', 'KD-REJECT-03'],
      ['KIT-05'],
    ),
    effectCase(
      'effect/type-query-performs-nothing',
      'kind type at a position without capabilities looks nothing up and performs no effect.',
      [],
      undefined,
      { kind: 'type' },
      ['KD-RES-16'],
      ['KIT-02'],
    ),
  ];
}

/** A capability is an identity kind and value: the same value under the other kind holds nothing (KD-SCALAR-12). */
function capabilityOfOtherKindCases(): QueryCase[] {
  const { network, clock } = CAPABILITY;
  // The position holds TypeId(net.Network's value) and SymbolId(time.Clock's value): the same 64-hex values as the
  // effects fetch (SymbolId) and last_modified (TypeId) require, under the other kind. Neither effect is held.
  const otherKind: Identity[] = [
    { kind: 'TypeId', value: network.value },
    { kind: 'SymbolId', value: clock.value },
  ];
  return [
    effectCase(
      'effect/capability-same-value-other-kind',
      'Capabilities with the values of the required effects under the other identity kind hold neither: ' +
        'fetch and last_modified are validated unavailable rows with missing-effect, host stays callable.',
      otherKind,
      ['host', 'fetch', 'timestamp'],
      { includeUnavailable: true },
      ['KD-EFFECT-05', 'KD-EFFECT-06', 'KD-EFFECT-07', 'KD-SCALAR-12', 'KD-OP-11'],
    ),
    effectCase(
      'effect/explain-capability-same-value-other-kind',
      'Explaining fetch where the position holds TypeId with the value of its SymbolId effect: missing-effect, ' +
        'with the public validated requirement; the same world as the general query before it.',
      otherKind,
      ['host', 'fetch', 'timestamp'],
      { kind: 'explain-operation', spelling: 'fetch' },
      ['KD-EFFECT-05', 'KD-EFFECT-06', 'KD-EFFECT-07', 'KD-SCALAR-12', 'KD-RES-18'],
      ['KIT-05', 'OQ-33'],
    ),
  ];
}
