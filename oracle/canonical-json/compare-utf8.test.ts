import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compareUtf8, utf8Length } from './compare-utf8.js';

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

test('ASCII order is byte order', () => {
  assert.is(compareUtf8('a', 'b'), -1);
  assert.is(compareUtf8('b', 'a'), 1);
  assert.is(compareUtf8('abc', 'abc'), 0);
  assert.is(compareUtf8('', ''), 0);
  // "Z" (0x5A) < "_" (0x5F) < "a" (0x61): byte order, not case-folded.
  assert.is(compareUtf8('Z', '_'), -1);
  assert.is(compareUtf8('_', 'a'), -1);
});

test('a proper prefix sorts first', () => {
  assert.is(compareUtf8('ab', 'abc'), -1);
  assert.is(compareUtf8('abc', 'ab'), 1);
  assert.is(compareUtf8('', 'a'), -1);
});

test('astral code points sort after U+E000..U+FFFF, unlike UTF-16 code units', () => {
  // U+E000 is EE 80 80 and U+10000 is F0 90 80 80 in UTF-8: EE < F0.
  // In UTF-16 U+10000 is D800 DC00, and 0xD800 < 0xE000, so `<` says the opposite.
  const bmpPrivate = '\uE000';
  const astral = '\u{10000}';
  assert.ok(astral < bmpPrivate, 'UTF-16 order puts the astral first');
  assert.is(compareUtf8(bmpPrivate, astral), -1);
  assert.is(compareUtf8(astral, bmpPrivate), 1);
  // U+FFFF (EF BF BF) against U+10FFFF (F4 8F BF BF).
  assert.is(compareUtf8('\uFFFF', '\u{10FFFF}'), -1);
  assert.is(compareUtf8('x\u{1F600}', 'x\uFFFD'), 1);
  // Below U+D800 the two orders agree: U+D7FF (ED 9F BF) < U+10000.
  assert.is(compareUtf8('\uD7FF', '\u{10000}'), -1);
  // Two astral characters compare by code point: U+10000 < U+1F600.
  assert.is(compareUtf8('\u{10000}', '\u{1F600}'), -1);
});

test('sorting with compareUtf8 gives UTF-8 byte order', () => {
  const keys = ['\u{10000}', 'b', '\uE000', 'a', '\u00E9', '\uFFFF'];
  // By hand: a (61), b (62), é (C3 A9), U+E000 (EE 80 80), U+FFFF (EF BF BF), U+10000 (F0 ..).
  assert.equal([...keys].sort(compareUtf8), ['a', 'b', '\u00E9', '\uE000', '\uFFFF', '\u{10000}']);
});

test('utf8Length counts UTF-8 bytes', () => {
  assert.is(utf8Length(''), 0);
  assert.is(utf8Length('abc'), 3);
  assert.is(utf8Length('\u00E9'), 2);
  assert.is(utf8Length('\u0800'), 3);
  assert.is(utf8Length('\uFFFF'), 3);
  assert.is(utf8Length('\u{10000}'), 4);
  assert.is(utf8Length('a\u{1F600}b'), 6);
  // A lone surrogate is replaced by U+FFFD (3 bytes) when encoded.
  assert.is(utf8Length('\uD800'), 3);
  assert.is(utf8Length('\uDC00x'), 4);
});

test('utf8Length: a lone surrogate counts 3 bytes wherever it stands, and pairs with nothing but its partner', () => {
  // What TextEncoder writes: U+FFFD (3 bytes) for each lone surrogate, the character's own bytes for the rest.
  const cases: [string, number][] = [
    ['\uD800a', 3 + 1],
    ['a\uD800', 1 + 3],
    ['\uD800\u4E00', 3 + 3],
    ['\uD800\uE000', 3 + 3],
    ['\uDC00\uDC00', 3 + 3],
    ['\u4E00\uDC00', 3 + 3],
    ['\uE000\uDC00', 3 + 3],
    ['\uD800\uD800\uDC00', 3 + 4],
  ];
  for (const [s, bytes] of cases) {
    assert.is(utf8Length(s), bytes, JSON.stringify(s));
    assert.is(new TextEncoder().encode(s).length, bytes, JSON.stringify(s));
  }
});

const tricky = fc.constantFrom(
  'a',
  'b',
  '\u007F',
  '\u0080',
  '\u00E9',
  '\u07FF',
  '\u0800',
  '\uD7FF',
  '\uE000',
  '\uFFFD',
  '\uFFFF',
  '\u{10000}',
  '\u{1F600}',
  '\u{10FFFF}',
);
const wellFormed = fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.string({ unit: tricky, maxLength: 6 }));

test('compareUtf8 agrees with Buffer.compare of the UTF-8 encodings (property)', () => {
  fc.assert(
    fc.property(wellFormed, wellFormed, (a, b) => {
      assert.is(sign(compareUtf8(a, b)), Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
    }),
    { seed: 20261201, numRuns: 3000 },
  );
});

test('utf8Length agrees with Buffer.byteLength (property)', () => {
  fc.assert(
    fc.property(wellFormed, (s) => {
      assert.is(utf8Length(s), Buffer.byteLength(s, 'utf8'));
    }),
    { seed: 20261201, numRuns: 2000 },
  );
});

test.run();
