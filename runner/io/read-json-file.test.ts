import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeJsonStrict } from './read-json-file.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p)))));

test('well-formed JSON decodes; a literal U+FFFD is text, not a fault', () => {
  assert.equal(decodeJsonStrict(bytes('{"a":[1,"\u{fffd}"]}')), {
    ok: true,
    value: { a: [1, '\u{fffd}'] },
  });
});

test('invalid UTF-8 is refused at the first byte of the ill-formed sequence', () => {
  // `{"a":"` is 6 bytes, so the lone 0xFF is at offset 6; an 0xE2 0x28 sequence (a lead byte then ASCII) also at 6.
  assert.equal(decodeJsonStrict(bytes('{"a":"', [0xff], '"}')), {
    ok: false,
    problem: { code: 'invalid-utf8', offset: 6, message: 'not UTF-8' },
  });
  assert.equal(decodeJsonStrict(bytes('{"a":"', [0xe2, 0x28], '"}')), {
    ok: false,
    problem: { code: 'invalid-utf8', offset: 6, message: 'not UTF-8' },
  });
  assert.equal(decodeJsonStrict(bytes('{"\u{e9}":"', [0xc3], '"}')), {
    ok: false,
    problem: { code: 'invalid-utf8', offset: 7, message: 'not UTF-8' },
  });
});

test('a duplicate key is refused at the opening quote of the repeated key, not kept as JSON.parse would', () => {
  assert.equal(decodeJsonStrict(bytes('{"a":1,"a":2}')), {
    ok: false,
    problem: {
      code: 'duplicate-key',
      offset: 7,
      message: 'a key repeats in one object',
    },
  });
});

test('a syntax error names its byte offset (bytes, not UTF-16 units)', () => {
  assert.equal(decodeJsonStrict(bytes('{"a":}')), {
    ok: false,
    problem: { code: 'syntax', offset: 5, message: 'not JSON' },
  });
  // "é" is two bytes and one UTF-16 unit: the `}` is the sixth character but at byte 7.
  assert.equal(decodeJsonStrict(bytes('{"\u{e9}":}')), {
    ok: false,
    problem: { code: 'syntax', offset: 6, message: 'not JSON' },
  });
});

test.run();
