import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { createSha256, sha256Bytes, sha256Hex, sha256HexOfText } from './sha256-hex.js';

test('FIPS 180-2 vectors', () => {
  assert.is(sha256Hex(new Uint8Array()), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.is(
    sha256Hex(new TextEncoder().encode('abc')),
    'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
  );
});

// FIPS 180-2, appendix B.1: SHA-256("abc").
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

test('a string is hashed as its UTF-8 bytes, by every entry: hex, raw bytes and the stream read in chunks', () => {
  assert.is(sha256Hex('abc'), ABC);
  assert.is(Buffer.from(sha256Bytes('abc')).toString('hex'), ABC);
  assert.is(Buffer.from(sha256Bytes(new TextEncoder().encode('abc'))).toString('hex'), ABC);
  assert.is(createSha256().update('a').update(new TextEncoder().encode('b')).update('c').hex(), ABC);
  assert.is(createSha256().hex(), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  // U+00E9 is the two bytes C3 A9 in UTF-8, not the one byte E9 of its code unit.
  assert.is(
    sha256Hex('\u00e9'),
    createHash('sha256')
      .update(Buffer.from([0xc3, 0xa9]))
      .digest('hex'),
  );
});

test('agrees with node:crypto on arbitrary bytes', () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      assert.is(sha256Hex(bytes), createHash('sha256').update(bytes).digest('hex'));
    }),
    { seed: 20261201, numRuns: 300 },
  );
});

test('the native hash of a text is the SHA-256 of its UTF-8 bytes', () => {
  assert.is(sha256HexOfText('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  fc.assert(
    fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
      assert.is(sha256HexOfText(text), sha256Hex(new TextEncoder().encode(text)));
    }),
    { seed: 20261202, numRuns: 300 },
  );
});

test.run();
