import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LIMITS } from '../limits.js';
import { decodeCanonical } from './decode-canonical.js';
import { encodeCanonical } from './encode-canonical.js';
import type { JsonObject, JsonValue } from './json-value.js';

const RESULT_CAPS = { maxBytes: LIMITS.resultBytes, maxDepth: LIMITS.resultDepth };

/** Strings the canonical profile carries: no Cc (OQ-37 A), NFC (KD-CANON-08). */
const canonicalString = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 10 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.string({
      unit: fc.constantFrom('a', '"', '\\', '/', 'e\u0301', '\u00E9', '\uE000', '\u{10000}', '\uFEFF', '\u2028', ' '),
      maxLength: 8,
    }),
  )
  .map((s) => s.replace(/\p{Cc}/gu, '').normalize('NFC'));

const key = fc.oneof(
  { weight: 8, arbitrary: canonicalString },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', '') },
);

const integer = fc.oneof(fc.nat(1000), fc.maxSafeNat(), fc.constantFrom(0, LIMITS.u53Max));

const { object } = fc.letrec<{ value: JsonValue; object: JsonObject; array: JsonValue[] }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'json' },
    fc.constant(null),
    fc.boolean(),
    integer,
    canonicalString,
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'json' }),
  object: fc.dictionary(key, tie('value'), { maxKeys: 5, depthIdentifier: 'json', noNullPrototype: true }),
}));

/**
 * Structural equality over own keys, in any key order. uvu's assert.equal compares the
 * `constructor` property, which a key named "constructor" shadows, so it cannot judge
 * these values.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

test('sameJson tells values apart', () => {
  assert.ok(sameJson({ constructor: {}, a: [1] }, { a: [1], constructor: {} }));
  assert.not.ok(sameJson({ constructor: {} }, { constructor: { x: 1 } }));
  assert.not.ok(sameJson({ a: [] }, { a: {} }));
  assert.not.ok(sameJson({ a: 1 }, { b: 1 }));
  assert.not.ok(sameJson([1, 2], [2, 1]));
});

/** Object keys strictly increasing by Buffer.compare of their UTF-8, at every level. */
function keysSortedByBytes(v: unknown): boolean {
  if (Array.isArray(v)) return v.every(keysSortedByBytes);
  if (v === null || typeof v !== 'object') return true;
  const keys = Object.keys(v);
  for (let i = 1; i < keys.length; i++) {
    if (Buffer.compare(Buffer.from(keys[i - 1] as string, 'utf8'), Buffer.from(keys[i] as string, 'utf8')) >= 0)
      return false;
  }
  return keys.every((k) => keysSortedByBytes((v as Record<string, unknown>)[k]));
}

test('encode then decode gives the value back (property)', () => {
  fc.assert(
    fc.property(object, (value) => {
      const r = decodeCanonical(encodeCanonical(value), RESULT_CAPS);
      if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
      assert.ok(sameJson(r.value, value));
    }),
    { seed: 20261201, numRuns: 1500 },
  );
});

test('every encoder output decodes, with keys in UTF-8 byte order, and re-encodes to the same bytes (property)', () => {
  fc.assert(
    fc.property(object, (value) => {
      const bytes = encodeCanonical(value);
      assert.is(bytes[bytes.length - 1], 0x0a);
      const r = decodeCanonical(bytes, RESULT_CAPS);
      if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
      assert.ok(keysSortedByBytes(r.value));
      assert.equal([...encodeCanonical(r.value)], [...bytes]);
    }),
    { seed: 20261201, numRuns: 1500 },
  );
});

test('a value JSON.parse reads from the canonical text equals the decoded value (property)', () => {
  fc.assert(
    fc.property(object, (value) => {
      const bytes = encodeCanonical(value);
      const r = decodeCanonical(bytes, RESULT_CAPS);
      if (!r.ok) throw new Error(`${r.violation.code}: ${r.violation.message}`);
      assert.ok(sameJson(r.value, JSON.parse(Buffer.from(bytes).toString('utf8'))));
    }),
    { seed: 20261201, numRuns: 500 },
  );
});

test.run();
