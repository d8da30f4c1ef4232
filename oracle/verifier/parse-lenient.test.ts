import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLenient } from './parse-lenient.js';

const enc = (s: string): Uint8Array => new Uint8Array(Buffer.from(s, 'utf8'));

test('plain JSON parses; offsets of hidden faults are byte offsets', () => {
  assert.equal(parseLenient(enc('{"a": [1, 2]}')), { ok: true, value: { a: [1, 2] } });
  // "é" is two bytes, so the repeated key starts at byte 10, not UTF-16 index 9.
  assert.equal(parseLenient(enc('{"é": 1, "é": 2}')), { ok: true, value: { é: 2 }, duplicateKeyAt: 10 });
  assert.equal(parseLenient(enc('{"x": {"a": 1}, "y": {"a": 2}}')), { ok: true, value: { x: { a: 1 }, y: { a: 2 } } });
  assert.equal(parseLenient(enc('{"a": -1}')), { ok: true, value: { a: -1 }, nonIntegerAt: 6 });
  assert.equal(parseLenient(enc('{"a": "1.5e3"}')), { ok: true, value: { a: '1.5e3' } });
});

test('a BOM is skipped and counted in offsets', () => {
  const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('{"a": 1, "a": 2}')]);
  assert.equal(parseLenient(withBom), { ok: true, value: { a: 2 }, duplicateKeyAt: 12 });
});

test('ill-formed UTF-8 and non-JSON are refused, never thrown', () => {
  assert.equal(parseLenient(new Uint8Array([0x7b, 0xff, 0x7d])), { ok: false });
  assert.equal(parseLenient(enc('{"a": 1} x')), { ok: false });
  assert.equal(parseLenient(enc('['.repeat(100000))), { ok: false });
});

test.run();
