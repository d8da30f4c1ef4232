import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { vectorSetDigest, vectorSetFrame } from './vector-set-digest.js';

// The frame written out by hand from its definition (vector-set-digest.ts, vectors/README.md):
// "KOFUN\0" || u16be 23 || "kofun.ctk.vector-set/v1" || u32be payload_length || payload,
// payload = u32be 2 || (u16be 8 "a/x.json" 32×00) || (u16be 6 "b.json" 32×bb), files in path byte order.
const ascii = (s: string): string => Buffer.from(s, 'ascii').toString('hex');
const handFrame = Buffer.from(
  [
    ascii('KOFUN'),
    '00',
    '0017',
    ascii('kofun.ctk.vector-set/v1'),
    // payload_length = 4 + (2 + 8 + 32) + (2 + 6 + 32) = 86
    '00000056',
    '00000002',
    '0008',
    ascii('a/x.json'),
    '00'.repeat(32),
    '0006',
    ascii('b.json'),
    'bb'.repeat(32),
  ].join(''),
  'hex',
);
const files = [
  { path: 'b.json', sha256: 'bb'.repeat(32) },
  { path: 'a/x.json', sha256: '00'.repeat(32) },
];

test('the frame of two files is the hand-assembled frame, in path byte order', () => {
  assert.is(Buffer.from(vectorSetFrame(files)).toString('hex'), handFrame.toString('hex'));
});

test('the digest is SHA-256 of the hand-assembled frame', () => {
  assert.is(vectorSetDigest(files), createHash('sha256').update(handFrame).digest('hex'));
});

test('the empty set is the 37-byte frame with file_count 0', () => {
  const empty = Buffer.concat([
    Buffer.from('KOFUN\0', 'latin1'),
    Buffer.from('0017', 'hex'),
    Buffer.from('kofun.ctk.vector-set/v1'),
    Buffer.from('0000000400000000', 'hex'),
  ]);
  assert.is(empty.length, 6 + 2 + 23 + 4 + 4);
  assert.is(vectorSetDigest([]), createHash('sha256').update(empty).digest('hex'));
});

test('paths sort by UTF-8 bytes, not UTF-16 units', () => {
  // U+FF5E (EF BD 9E) sorts before U+1F600 (F0 9F 98 80) in bytes, after it in UTF-16 units.
  const a = { path: '\u{ff5e}.json', sha256: '11'.repeat(32) };
  const b = { path: '\u{1f600}.json', sha256: '22'.repeat(32) };
  const frame = Buffer.from(vectorSetFrame([b, a]));
  assert.ok(frame.indexOf(Buffer.from(a.path)) < frame.indexOf(Buffer.from(b.path)));
});

test('a duplicate path or a malformed SHA-256 is refused', () => {
  assert.throws(() => vectorSetFrame([files[0] as (typeof files)[number], files[0] as (typeof files)[number]]));
  assert.throws(() => vectorSetFrame([{ path: 'a.json', sha256: 'AB'.repeat(32) }]));
});

test.run();
