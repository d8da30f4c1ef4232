import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { fixtureVariant, orderVariant, sampleIds, seededRandom, variantSeed } from './metamorphic-variant.js';

const fixture = {
  schema: 'kofun.ctk.fixture/v1',
  interfaces: [
    { module_id: 'a', validated: true },
    { module_id: 'b', validated: false },
    { module_id: 'c', validated: true },
  ],
  candidates: [
    { identity: '1', effects: [{ d: 'x' }, { d: 'y' }] },
    { identity: '2', effects: [] },
    { identity: '3', effects: [] },
  ],
  file: { source: 'let a = 1', path: 'a.kf' },
  generation: 9007199254740991,
};
const bytes = new Uint8Array(Buffer.from(JSON.stringify(fixture)));

/** The value with every array sorted and every object's keys sorted: the canonical-order invariant. */
function normal(v: unknown): unknown {
  if (Array.isArray(v))
    return v
      .map(normal)
      .map((x) => JSON.stringify(x))
      .sort();
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, normal((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

test('a variant holds the same value up to array order and key order', () => {
  for (let seed = 0; seed < 20; seed++) {
    const variant = JSON.parse(Buffer.from(fixtureVariant(bytes, seed)).toString('utf8')) as unknown;
    assert.equal(normal(variant), normal(fixture));
  }
});

test('the same seed gives the same bytes; seeds differ in order or layout', () => {
  assert.equal([...fixtureVariant(bytes, 42)], [...fixtureVariant(bytes, 42)]);
  const distinct = new Set(Array.from({ length: 12 }, (_, s) => Buffer.from(fixtureVariant(bytes, s)).toString('hex')));
  assert.ok(distinct.size > 1);
  // Over several seeds some variant must reorder the first array or the top-level keys.
  const reordered = Array.from(
    { length: 12 },
    (_, s) => JSON.parse(Buffer.from(fixtureVariant(bytes, s)).toString()) as typeof fixture,
  ).some((x) => x.interfaces[0]?.module_id !== 'a' || Object.keys(x)[0] !== 'schema');
  assert.ok(reordered);
});

test('seed-free variants: every array and key order reversed (one line), or rotated by one (indent 4)', () => {
  const small = new Uint8Array(Buffer.from('{"a":[1,2,3],"b":{"x":[{"p":1,"q":2},"s"],"y":0}}'));
  assert.is(
    Buffer.from(orderVariant(small, 'reversed')).toString(),
    '{"b":{"y":0,"x":["s",{"q":2,"p":1}]},"a":[3,2,1]}\n',
  );
  const rotated = Buffer.from(orderVariant(small, 'rotated')).toString();
  assert.is(JSON.stringify(JSON.parse(rotated)), '{"b":{"y":0,"x":["s",{"q":2,"p":1}]},"a":[2,3,1]}');
  assert.ok(rotated.startsWith('{\n    "b": {\n        "y": 0,'), rotated);
  // Three elements tell the rotation from the reversal; both keep the value up to order.
  for (const kind of ['reversed', 'rotated'] as const)
    assert.equal(normal(JSON.parse(Buffer.from(orderVariant(bytes, kind)).toString('utf8'))), normal(fixture));
});

test('a variant seed is the first 32 bits of SHA-256("<run seed>:<fixture SHA-256>")', () => {
  const fixture = 'ab'.repeat(32);
  const want = createHash('sha256').update(`7:${fixture}`).digest().readUInt32BE(0);
  assert.is(variantSeed(7, fixture), want);
  assert.ok(variantSeed(8, fixture) !== want);
});

test('the PRNG is deterministic and in [0, 1)', () => {
  const a = seededRandom(1);
  const b = seededRandom(1);
  for (let i = 0; i < 100; i++) {
    const x = a();
    assert.is(x, b());
    assert.ok(x >= 0 && x < 1);
  }
});

test('sampling: all, or a seeded subset of the asked size', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];
  assert.equal([...sampleIds(ids, 'all', 1)], ids);
  assert.equal([...sampleIds(ids, 9, 1)], ids);
  const s = sampleIds(ids, 2, 3);
  assert.is(s.size, 2);
  assert.equal([...s], [...sampleIds(ids, 2, 3)]);
  assert.is(sampleIds(ids, 0, 3).size, 0);
});

test.run();
