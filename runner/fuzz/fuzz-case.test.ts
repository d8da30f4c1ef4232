/**
 * What the generator reaches beyond the committed vectors, each case built from a sampled
 * shape with the feature switched on and the outcome worked from the contract by hand:
 * step-budget exhaustion (KIT-10), spans off a code-point boundary in multi-byte sources
 * (KD-POS-06), an explanation matched by several candidates (OQ-34 A), and source and
 * documentation present without their disclosure flag (KD-DISCLOSE-04). The oracle's answer
 * to each is verifier-clean.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { loadFixture, evaluateQuery, verifyResult } from '../../oracle/index.js';
import { buildCase, caseShapeArb, FUZZ_CLASSES, fuzzClasses, NO_LAW, type CaseShape } from './fuzz-case.js';

const [sample] = fc.sample(caseShapeArb, { seed: 20261201, numRuns: 1 });
if (sample === undefined) throw new Error('no sample');

/** A current, live, uncancelled request on the sample world, with `change` applied. */
function shapeWith(change: Partial<CaseShape>): CaseShape {
  const plain = {
    perturb: 0,
    cancelled: false,
    facts_source: 'live',
    typeStatus: 'validated',
    typeDependsOn: [],
    facts: [],
    interfaces: [],
    capabilities: [],
  };
  return {
    ...sample,
    ...plain,
    permits: { read: true, edit: true, take: true },
    sameName: false,
    budget: false,
    law: NO_LAW,
    ...change,
  } as CaseShape;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function answer(shape: CaseShape): { result: any; violations: string[] } {
  const c = buildCase(shape);
  const loaded = loadFixture(c.fixture);
  if (!loaded.ok) throw new Error('generated fixture does not load');
  const bytes = evaluateQuery(c.request, loaded.fixture);
  const violations = verifyResult(bytes, { request: c.request, fixture: loaded.fixture }).map(
    (v) => `${v.clause} ${v.code}`,
  );
  return { result: JSON.parse(Buffer.from(bytes).toString('utf8')), violations };
}

const PLAIN = {
  name: 0,
  receiver: 'items',
  mode: 'read',
  status: 'validated',
  visibility: 'pub',
  home: -1,
  admitted: true,
  origin: 'function',
  originStatus: 'validated',
  generics: [],
  effects: [],
  dependsOn: [],
  hasSource: false,
  discloseSource: false,
  documentation: false,
  discloseDocumentation: false,
} as const satisfies CaseShape['candidates'][number];

test('KIT-10: a budget world runs the step budget out: truncated, with a limit-exhausted omission', () => {
  // 170,000 candidates at six steps each are 1,020,000 steps, over the 1,000,000-step budget. Each visited one
  // lacks a non-public effect, so it is unavailable with missing-effect (KIT-06 B) and, include_unavailable being
  // false, left out as a rejected row is, without an omission (L138); the one omission is the budget's.
  const { result, violations } = answer(
    shapeWith({ budget: true, candidates: [], query: { kind: 'operations', includeUnavailable: false, spelling: 0 } }),
  );
  assert.is(result.truncated, true);
  assert.equal(result.operations, []);
  assert.equal(
    result.omissions.map((o: { reason: string }) => o.reason),
    ['limit-exhausted'],
  );
  assert.equal(violations, []);
});

test('KD-POS-06: a span that starts inside a two-byte character is invalid-position', () => {
  // prefix 2 is "é" (two bytes) right before the expression: one byte earlier is inside it.
  const { result, violations } = answer(shapeWith({ prefix: 2, perturb: 9, offset: 'end' }));
  assert.is(result.status, 'invalid');
  assert.is(result.reason, 'invalid-position');
  assert.equal(violations, []);
  // One character earlier is on a boundary but matches no parsed occurrence (KD-POS-07): invalid-position too.
  assert.is(answer(shapeWith({ prefix: 2, perturb: 8, offset: 'end' })).result.reason, 'invalid-position');
});

test('OQ-34 A: an explanation matched by two applicable candidates says ambiguous', () => {
  const shape = shapeWith({
    sameName: true,
    candidates: [PLAIN, { ...PLAIN, name: 3 }],
    query: { kind: 'explain-operation', includeUnavailable: false, spelling: 5 },
  });
  const { result, violations } = answer(shape);
  assert.is(result.operations.length, 1);
  assert.equal(result.operations[0].rejection_reasons, ['ambiguous']);
  assert.equal(violations, []);
});

test('KD-DISCLOSE-04: source and documentation the compiler has but does not mark disclosable stay null', () => {
  const hidden = {
    ...PLAIN,
    hasSource: true,
    discloseSource: false,
    documentation: true,
    discloseDocumentation: false,
  };
  const shown = { ...PLAIN, hasSource: true, discloseSource: true, documentation: true, discloseDocumentation: true };
  const query = { kind: 'operations' as const, includeUnavailable: false, spelling: 0 };
  const closed = answer(shapeWith({ candidates: [hidden], query }));
  assert.is(closed.result.operations[0].source, null);
  assert.is(closed.result.operations[0].documentation, null);
  assert.equal(closed.violations, []);
  const open = answer(shapeWith({ candidates: [shown], query }));
  assert.ok(open.result.operations[0].source !== null);
  assert.match(open.result.operations[0].documentation, /^kofun-doc:[0-9a-f]{64}$/);
  assert.equal(open.violations, []);
});

test('every class of inputs providers get wrong is reached within 100 generated cases of a fixed seed', () => {
  const seed = 20261201;
  const counts = new Map<string, number>();
  for (const shape of fc.sample(caseShapeArb, { seed, numRuns: 100 }))
    for (const c of fuzzClasses(shape)) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const c of FUZZ_CLASSES) assert.ok((counts.get(c) ?? 0) > 0, `class ${c} not reached (seed ${seed})`);
});

test('the classes, each worked from the contract', () => {
  const query = { kind: 'operations' as const, includeUnavailable: true, spelling: 0 };
  // L364, L61-L62: generation 0 and a disclosed source span from byte 0, each written 0.
  const zero = answer(
    shapeWith({
      law: { ...NO_LAW, zero: true },
      candidates: [{ ...PLAIN, hasSource: true, discloseSource: true }],
      query,
    }),
  );
  assert.is(zero.result.analysis.generation, 0);
  assert.is(zero.result.operations[0].source.span.start, 0);
  assert.equal(zero.violations, []);
  // L64, OQ-37 A: 129 two-byte characters are 258 bytes, over the Name cap: invalid-request.
  const over = answer(shapeWith({ law: { ...NO_LAW, nameLength: 2 }, candidates: [PLAIN], query }));
  assert.is(over.result.status, 'invalid');
  assert.is(over.result.reason, 'invalid-request');
  // 128 two-byte characters are 256 bytes: valid, current and echoed.
  const atCap = answer(shapeWith({ law: { ...NO_LAW, nameLength: 1 }, candidates: [PLAIN], query }));
  assert.is(atCap.result.analysis.semantic_compatibility, '\u00e9'.repeat(128));
  assert.is(atCap.result.status, 'complete');
  // L70, L421: a capability holding an effect's value under the other kind holds nothing.
  const effect = { which: 0, public: true, status: 'validated' as const };
  const swapped = answer(
    shapeWith({ law: { ...NO_LAW, kindSwap: true }, candidates: [{ ...PLAIN, effects: [effect] }], query }),
  );
  assert.equal(swapped.result.operations[0].rejection_reasons, ['missing-effect']);
  assert.equal(swapped.violations, []);
  // L330, L369: identity-less displays in byte order, Z before a, f before é, U+FF61 before U+1F600.
  const ordered = answer(shapeWith({ law: { ...NO_LAW, byteOrder: true }, candidates: [PLAIN], query }));
  assert.equal(
    ordered.result.operations[0].generic_requirements.map((r: { display: string }) => r.display),
    ['U = Z', 'U = a', 'U = f', 'U = \u00e9', 'U = \u{FF61}', 'U = \u{1F600}'],
  );
  // L363: U+2028 and U+2029 are emitted literally, never as \u2028 or \u2029.
  const c = buildCase(shapeWith({ law: { ...NO_LAW, jsText: true }, candidates: [PLAIN], query }));
  const loaded = loadFixture(c.fixture);
  if (!loaded.ok) throw new Error('generated fixture does not load');
  const text = Buffer.from(evaluateQuery(c.request, loaded.fixture)).toString('utf8');
  assert.ok(text.includes('\u2028\u2029<>&'), 'raw characters');
  assert.not.ok(text.includes('\\u2028'), 'no escape');
  // L34: a world asked twice carries the earlier request, another kind of query of the same key.
  const twice = buildCase(shapeWith({ law: { ...NO_LAW, twice: 1 }, candidates: [PLAIN], query }));
  assert.ok(twice.before !== undefined);
  assert.match(Buffer.from(twice.before ?? new Uint8Array()).toString('utf8'), /"kind": "type"/);
});

test.run();
